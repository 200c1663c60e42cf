"""A page past the end said `page 4 is out of range: the document has 3 pages` without saying which document: a
merge of several files with pages picked (`a.pdf:2`, `b.pdf:4`), or `pdf_insert_pages`' input and source, left
the agent to guess which one to fix. The message names the file. Through a real stdio server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
THREE = CORPUS / "026-latex-multicolumn" / "multicolumn.pdf"

CALLS: list[tuple[str, dict[str, Any], str]] = [
    ("pdf_merge", {"inputs": ["four.pdf:2", "three.pdf:4"], "output": "m.pdf"}, "three.pdf has 3 pages"),
    ("pdf_merge", {"inputs": ["four.pdf:5", "three.pdf:1"], "output": "m.pdf"}, "four.pdf has 4 pages"),
    ("pdf_insert_pages", {"input": "four.pdf", "source": "three.pdf:4-5"}, "three.pdf has 3 pages"),
    ("pdf_search", {"pattern": "x", "inputs": ["three.pdf:7"]}, "three.pdf has 3 pages"),
    ("pdf_extract_text", {"input": "three.pdf", "pages": "2-9"}, "three.pdf has 3 pages"),
]


def test_a_page_past_the_end_names_the_file(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    shutil.copy(THREE, tmp_path / "three.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool(tool, args) for tool, args, _ in CALLS]

    for (tool, args, said), result in zip(CALLS, anyio.run(go), strict=True):
        assert result.is_error, (tool, args)
        error = json.loads(result.content[0].text)
        assert error["code"] == "INVALID_PAGE_RANGE" and said in error["message"], (tool, args, error)
