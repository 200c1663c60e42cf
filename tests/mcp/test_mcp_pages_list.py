"""Pages given as a JSON list (`"pages": [1, 3]`, `["1-2", 4]`): what an agent sends when it thinks in numbers. It
has one meaning, the spec `1,3`, and is taken as that by every tool with `pages` (it was refused: `pages: Input
should be a valid string`); anything else in the list (an object, a bool) is still refused. Through a real
`pdftools serve` over stdio."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_pages_as_a_list(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    calls = [("pdf_select_pages", {"input": "four.pdf", "pages": [4, 1, 1], "output": "s.pdf"}),
             ("pdf_extract_text", {"input": "four.pdf", "pages": ["2-3", 1]}),
             ("pdf_rotate", {"input": "four.pdf", "pages": [2], "angle": 90, "output": "r.pdf"}),
             ("pdf_extract_text", {"input": "four.pdf", "pages": [{"page": 1}]}),
             ("pdf_extract_text", {"input": "four.pdf", "pages": [True]})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, args) for name, args in calls]

    selected, text, rotated, wrong, boolean = anyio.run(go)
    assert not selected.is_error, selected
    with pikepdf.open(tmp_path / "s.pdf") as pdf, pikepdf.open(FOUR) as four:
        assert len(pdf.pages) == 3 and pdf.pages[0].Contents.read_bytes() == four.pages[3].Contents.read_bytes()
    assert [p["page"] for p in text.structured_content["pages"]] == [2, 3, 1], text
    assert rotated.structured_content["rotated"] == [2], rotated
    for refused in (wrong, boolean):
        assert refused.is_error and json.loads(refused.content[0].text)["code"] == "INVALID_ARGUMENT", refused
