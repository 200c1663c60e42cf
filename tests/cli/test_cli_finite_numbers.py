"""A number option takes a finite number: `nan` and `inf` (which Python's float() reads) are refused with
INVALID_ARGUMENT, at a shell and over MCP. They were taken: `stamp --font-size nan` wrote `nan Tf` into the
page (a broken content stream, exit 0), `--angle inf` and `--opacity nan` ended in INTERNAL, `nup --margin nan`
wrote a sheet and `crop --padding nan` called every page blank."""

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

CASES = [
    ["stamp", "{four}", "--text", "x", "--font-size", "nan"],
    ["stamp", "{four}", "--text", "x", "--angle", "inf"],
    ["stamp", "{four}", "--text", "x", "--angle", "-inf"],
    ["stamp", "{four}", "--text", "x", "--opacity", "nan"],
    ["stamp", "{four}", "--text", "x", "--margin", "inf"],
    ["nup", "{four}", "--margin", "nan"],
    ["crop", "{four}", "--to-content", "--padding", "nan"],
    ["resize", "{four}", "--to", "a4", "--margin", "nan"],
]


@pytest.mark.parametrize("argv", CASES, ids=[" ".join(a[2:]) for a in CASES])
def test_nan_and_inf_are_refused(cli: Any, tmp_path: Path, argv: list[str]) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    out = tmp_path / "out.pdf"
    result = cli(*[a.format(four=four) for a in argv], "-o", out, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and argv[-2] in error["message"], error
    assert not out.exists()


def test_over_mcp_too(tmp_path: Path) -> None:
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")

    async def go() -> list[Any]:
        async with Client(build_server([tmp_path])) as client:
            return [await client.call_tool("pdf_stamp", {"input": "four.pdf", "text": "x", name: value,
                                                         "output": f"out-{name}.pdf"})
                    for name, value in (("angle", "inf"), ("margin", "Infinity"), ("angle", "nan"))]

    for result in anyio.run(go):
        assert result.is_error, result
        assert json.loads(result.content[0].text)["code"] == "INVALID_ARGUMENT"
    assert not list(tmp_path.glob("out-*.pdf"))
