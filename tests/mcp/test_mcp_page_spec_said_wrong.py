"""A page spec said wrong after a file (`four.pdf:1..3`) is INVALID_PAGE_RANGE over MCP too, not FILE_NOT_FOUND
(tests/cli/test_cli_page_spec_said_wrong.py): merge's inputs, insert's source, search's inputs. Real stdio server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_over_mcp(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_merge", {"inputs": ["four.pdf:1..3"], "output": "m.pdf"}),
        ("pdf_insert_pages", {"input": "four.pdf", "source": "four.pdf:abc"}),
        ("pdf_search", {"pattern": "x", "inputs": ["four.pdf:1-2,foo"]}),
    ]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool(tool, args) for tool, args in calls]

    for (tool, args), result in zip(calls, anyio.run(go), strict=True):
        assert result.is_error, (tool, args)
        assert json.loads(result.content[0].text)["code"] == "INVALID_PAGE_RANGE", (tool, args, result.content)
