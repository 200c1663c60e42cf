"""An agent that knows the command line names arguments as its flags (`to` for `--to`, `set` for `--set`), and
the errors it reads must speak of arguments, not of flags: the hint for a batch's missing option said
`options angle=VALUE` (the command line's `--set angle=VALUE` renamed), and `to` was matched to `toc`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from mcp import Client

from pdftools.mcp.server import build_server

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def _errors(root: Path, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, str]]:
    async def go() -> list[Any]:
        async with Client(build_server([root])) as client:
            return [await client.call_tool(name, args) for name, args in calls]

    results = anyio.run(go)
    for result in results:
        assert result.is_error, result
    return [json.loads(result.content[0].text) for result in results]


def test_a_batch_missing_an_option_says_how_to_give_it_as_an_argument(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    error, = _errors(tmp_path, [("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"], "out_dir": "out"})])
    assert error["code"] == "INVALID_ARGUMENT" and "angle" in error["message"], error
    assert '{"angle": ' in error["hint"] and "options" in error["hint"] and "=VALUE" not in error["hint"], error


def test_an_argument_named_as_its_flag_names_the_argument_meant(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    to, frm, metadata, language = _errors(tmp_path, [
        ("doc_convert", {"input": "four.pdf", "to": "markdown"}),
        ("doc_convert", {"input": "four.pdf", "from": "pdf", "to_format": "markdown"}),
        ("pdf_metadata", {"action": "set", "input": "four.pdf", "set": ["title=x"]}),
        ("pdf_ocr", {"input": "four.pdf", "l": "eng"}),
    ])
    assert "to: did you mean to_format?" in to["message"], to
    assert "from: did you mean from_format?" in frm["message"], frm
    assert "set: did you mean values?" in metadata["message"], metadata
    assert "l: did you mean language?" in language["message"], language
