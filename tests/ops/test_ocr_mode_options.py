"""`ocr` has two modes: `pdf` writes a searchable PDF, `text` returns the text. An option of the other mode does
nothing there, so it is refused (INVALID_ARGUMENT naming it) before any work, never silently ignored: text mode
with an output file (`-o out.txt` was dropped and the text printed), pdf mode with a place to go on from."""

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

REFUSED = [
    (["--mode", "text", "-o", "out.txt"], "--output"),
    (["--mode", "text", "--linearize"], "--linearize"),
    (["--mode", "text", "--decrypt"], "--decrypt"),
    (["--mode", "text", "--object-streams", "generate"], "--object-streams"),
    (["--start-page", "2"], "--start-page"),
    (["--offset", "10"], "--offset"),
]


@pytest.mark.parametrize(("options", "named"), REFUSED, ids=[" ".join(o) for o, _ in REFUSED])
def test_an_option_of_the_other_mode_is_refused(cli: Any, tmp_path: Path, options: list[str], named: str) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("ocr", four, *options, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and named in error["message"], error
    assert result.stdout == "" and sorted(p.name for p in tmp_path.iterdir()) == ["four.pdf"]


def test_text_mode_still_reads_and_pdf_mode_still_writes(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    text = cli("ocr", four, "--mode", "text", "--pages", "1", "--max-chars", "50", "--json")
    assert text.exit_code == 14 and len(json.loads(text.stdout)["text"]["pages"][0]["text"]) == 50, text
    assert cli("ocr", four, "-o", tmp_path / "out.pdf", "--force-ocr", "--pages", "1").exit_code == 0
    assert (tmp_path / "out.pdf").is_file()


def test_over_mcp_an_output_in_text_mode_is_an_error(tmp_path: Path) -> None:
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_ocr", {"input": "four.pdf", "mode": "text", "output": "x.txt"})

    result = anyio.run(go)
    assert result.is_error, result
    error = json.loads(result.content[0].text)
    assert error["code"] == "INVALID_ARGUMENT" and "output" in error["message"] and "--" not in error["message"]
    assert not (tmp_path / "x.txt").exists()
