"""An error an agent reads is as small as its words: one that quotes the argument it could not read quoted all of
it, twice for a page spec (`cannot read 'QQ…' in page spec 'QQ…'`), so a 200,000-character `pages` came back as
400 kB of error, more than a client keeps of a result. Over MCP a message or hint is cut in its middle, saying
how much, and keeps its start and its end (what was wrong, and what the file has). Over a real `pdftools serve`
on stdio, with the official client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_ERROR

SAMPLE = Path(__file__).parents[2] / "samples" / "report.pdf"
LONG = "Q" * 200_000
CALLS: list[tuple[str, dict[str, Any], str]] = [  # (tool, arguments, the code)
    ("pdf_info", {"input": "report.pdf", "pages": LONG}, "INVALID_PAGE_RANGE"),
    ("pdf_split", {"input": "report.pdf", "ranges": LONG}, "INVALID_PAGE_RANGE"),
    ("pdf_ocr", {"input": "report.pdf", "language": LONG}, "OCR_LANGUAGE_MISSING"),
    ("pdf_page_labels", {"input": "report.pdf", "scheme": LONG}, "INVALID_ARGUMENT"),
    ("pdf_crop", {"input": "report.pdf", "margins": LONG}, "INVALID_ARGUMENT"),
    ("pdf_rename_invoice", {"inputs": ["report.pdf"], "pattern": LONG}, "INVALID_ARGUMENT"),
    ("pdf_info", {"input": LONG + ".pdf"}, "INVALID_ARGUMENT"),
]


def test_an_error_quoting_a_huge_argument_is_cut_in_its_middle(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "report.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(tool, args) for tool, args, _ in CALLS]

    for (tool, _, code), result in zip(CALLS, anyio.run(go), strict=True):
        assert result.is_error, (tool, result)
        text = result.content[0].text
        error = json.loads(text)
        assert error["code"] == code, (tool, text[:300])
        assert len(text.encode()) < 2 * MOST_ERROR + 1_000, (tool, len(text.encode()))
        message = error["message"]
        if len(message) < MOST_ERROR:
            continue  # (an error that does not quote the argument)
        assert "characters cut" in message, (tool, message[:200], message[-200:])
        start, _, end = message.partition(" … [")
        assert start.startswith(message[:20]) and "QQQQ" in start and end, (tool, message[-300:])


def test_a_short_error_is_as_it_was(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "report.pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_info", {"input": "report.pdf", "pages": "Q" * 500})

    error = json.loads(anyio.run(go).content[0].text)
    assert error["message"] == f"cannot read '{'Q' * 500}' in page spec '{'Q' * 500}'", error["message"][:100]
