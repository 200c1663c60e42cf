"""A result that repeats what the agent gave (pdf_stamp's `first`, the text stamped on the first page; pdf_search's
`pattern`) repeats it within a client's reach: a stamp text `{page:0999999}` (14 characters) padded the page number
to a million zeros and came back as a 1 MB result (such a width is now refused: test_mcp_format_widths.py), and a
200,000-character pattern as 200 kB of a search that found nothing. Over MCP such a field is cut in its middle,
saying how many characters were cut, as an error is. Over a real `pdftools serve` on stdio, with the official client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client

SAMPLE = Path(__file__).parents[2] / "samples" / "report.pdf"
BOUND = 50_000  # bytes of a result's text or structured content, as tests/mcp/test_mcp_results_bounded.py has it


def test_echoed_arguments_are_cut_in_their_middle(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "report.pdf")
    calls = [("pdf_stamp", {"input": "report.pdf", "text": "Y" * 200_000, "output": "long.pdf"}, "first"),
             ("pdf_search", {"pattern": "Q" * 200_000, "inputs": ["report.pdf"]}, "pattern")]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(tool, args) for tool, args, _ in calls]

    for (tool, _, name), result in zip(calls, anyio.run(go), strict=True):
        assert not result.is_error, (tool, result.content[0].text[:300])
        text = "\n".join(block.text for block in result.content if block.type == "text")
        assert len(text.encode()) < BOUND, (tool, len(text.encode()))
        assert len(json.dumps(result.structured_content).encode()) < BOUND, tool
        assert "characters cut]" in result.structured_content[name], (tool, result.structured_content[name][-80:])
