"""`true` or `false` where a number is expected is refused: pydantic's lax mode read `max_chars: true` as a budget
of 1 character, `every: true` as parts of 1 page and `timeout: true` as one second (an OCR that then timed out at
once), none of which the agent meant. Numbers themselves, and numbers as text, are still taken. Through a real
`pdftools serve` over stdio."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"

REFUSED = [("pdf_extract_text", {"input": "four.pdf", "max_chars": True}, "max_chars"),
           ("pdf_extract_text", {"input": "four.pdf", "start_page": True}, "start_page"),
           ("pdf_split", {"input": "four.pdf", "every": True, "out_dir": "parts"}, "every"),
           ("pdf_ocr", {"input": "four.pdf", "mode": "text", "timeout": True}, "timeout"),
           ("pdf_nup", {"input": "four.pdf", "margin": False, "output": "n.pdf"}, "margin"),
           ("pdf_bookmarks", {"action": "add", "input": "four.pdf", "title": "x", "page": True, "output": "b.pdf"},
            "page"),
           ("pdf_list", {"limit": True}, "limit")]
TAKEN = [("pdf_extract_text", {"input": "four.pdf", "max_chars": 5}),
         ("pdf_extract_text", {"input": "four.pdf", "max_chars": "5"}),
         ("pdf_nup", {"input": "four.pdf", "margin": 6, "output": "n.pdf"}),
         ("pdf_nup", {"input": "four.pdf", "margin": 6.5, "output": "n2.pdf"}),
         ("pdf_bookmarks", {"action": "add", "input": "four.pdf", "title": "x", "page": 2, "output": "b.pdf"})]


def test_a_boolean_is_not_a_number(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(name, args) for name, args, *_ in REFUSED + TAKEN]

    results = anyio.run(go)
    for (name, args, field), result in zip(REFUSED, results, strict=False):
        assert result.is_error, (name, args, result.structured_content)
        error = json.loads(result.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT" and field in error["message"], (name, error)
    for (name, args), result in zip(TAKEN, results[len(REFUSED):], strict=True):
        assert not result.is_error, (name, args, result.content)
    assert not (tmp_path / "parts").exists()  # refused before any work
