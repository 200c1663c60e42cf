"""`-` is standard input or output, one stream: an output folder (`-d -`) cannot be one, so it is refused
(INVALID_ARGUMENT, nothing made) instead of making a folder named `-`; `./-` names such a folder on purpose.
Over MCP, `-` is refused as every path argument is."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
import readback as rb
from mcp import Client

from pdftools.mcp.server import build_server

COMMANDS = [["split", "four.pdf"], ["thumbnails", "four.pdf", "--pages", "1"], ["images", "four.pdf"],
            ["attachments", "extract", "attached.pdf"], ["batch", "rotate", "four.pdf", "--set", "angle=90"]]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")
    shutil.copy(rb.ATTACHED, tmp_path / "attached.pdf")
    return tmp_path


@pytest.mark.parametrize("argv", COMMANDS, ids=[a[0] for a in COMMANDS])
def test_dash_as_an_output_folder_is_refused(cli: Any, folder: Path, argv: list[str]) -> None:
    before = sorted(p.name for p in folder.iterdir())
    result = cli(*argv, "-d", "-", "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "`-`" in error["message"], error
    assert "./-" in error["hint"], error
    assert sorted(p.name for p in folder.iterdir()) == before and result.stdout == ""


def test_a_folder_named_dash_on_purpose(cli: Any, folder: Path) -> None:
    result = cli("split", "four.pdf", "-d", "./-", "--json")
    assert result.exit_code == 0, result
    assert len(list((folder / "-").glob("*.pdf"))) == 4


def test_over_mcp_dash_is_no_folder(folder: Path) -> None:
    async def go() -> Any:
        async with Client(build_server([folder])) as client:
            return await client.call_tool("pdf_split", {"input": "four.pdf", "out_dir": "-"})

    result = anyio.run(go)
    assert result.is_error, result
    error = json.loads(result.content[0].text)
    assert error["code"] == "INVALID_ARGUMENT" and "./-" not in error["hint"], error
    assert not (folder / "-").exists()
