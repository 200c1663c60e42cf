"""Over MCP, a call that goes on where a cut read or search stopped names the arguments and the result fields
an agent has (`start_page`, `next_page`), as the CLI names its options (tests/cli/test_cli_flag_words.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anyio
from conftest import CORPUS
from mcp import Client

from pdftools.mcp.server import build_server

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_a_wrong_place_to_go_on_names_arguments_and_result_fields(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    shutil.copy(FOUR, tmp_path / "other.pdf")
    calls = [("pdf_extract_text", {"input": "four.pdf", "start_page": 9}, "start_page", "next_page"),
             ("pdf_search", {"pattern": "x", "inputs": ["four.pdf"], "start_file": "other.pdf"}, "start_file",
              "next_file"),
             ("pdf_search", {"pattern": "x", "inputs": ["four.pdf"], "skip": 2}, "start_file", "")]

    async def go() -> list[dict[str, str]]:
        async with Client(build_server([tmp_path])) as client:
            results = [await client.call_tool(tool, args) for tool, args, _, _ in calls]
        assert all(r.is_error for r in results)
        return [json.loads(r.content[0].text) for r in results]

    for error, (_, _, argument, field) in zip(anyio.run(go), calls, strict=True):
        assert error["code"] == "INVALID_ARGUMENT" and argument in error["message"], error
        assert field in error["hint"] and "--" not in error["message"] + error["hint"], error
        assert "{" not in error["message"] + error["hint"], error
