"""DAMAGED_PDF's hint names `repair` only when a repair recovers something. It said `pdftools repair FILE`
rewrites what can be recovered of every damaged file, also of one neither qpdf nor poppler can read (the
corpus's 15-byte `corrupt-factur-x-waytoosmall`: a header and nothing else), where `repair` fails ("poppler
cannot read it either"). Such a file's hint now says it cannot be read, to get another copy, and that `check`
says what is wrong; a file poppler still reads (the corpus's 017: qpdf rejects its page tree) keeps `repair`,
which then does recover it. At a shell, in a batch's rows and over MCP (the real server over stdio)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

PDFTOOLS = Path(sys.executable).with_name("pdftools")
EINVOICES = CORPUS.parent / "einvoices" if CORPUS.name == "sample-files" else CORPUS / "einvoices"
UNREADABLE = EINVOICES / "Mustang-CLI__corrupt-factur-x-waytoosmall.pdf"  # qpdf and poppler both give up
REDRAWABLE = CORPUS / "017-unreadable-meta-data" / "unreadablemetadata.pdf"  # qpdf gives up, poppler reads 4 pages


def _files(tmp_path: Path) -> None:
    shutil.copy(UNREADABLE, tmp_path / "gone.pdf")
    shutil.copy(REDRAWABLE, tmp_path / "redraw.pdf")


def _error(*argv: str, cwd: Path) -> dict[str, Any]:
    done = subprocess.run([str(PDFTOOLS), *argv, "--json"], capture_output=True, text=True, cwd=cwd)
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "DAMAGED_PDF", error
    return error  # type: ignore[no-any-return]


def test_the_premise_repair_recovers_one_file_and_not_the_other(tmp_path: Path) -> None:
    _files(tmp_path)
    gone = subprocess.run([PDFTOOLS, "repair", "gone.pdf", "-o", "g.pdf"], capture_output=True, text=True,
                          cwd=tmp_path)
    redrawn = subprocess.run([PDFTOOLS, "repair", "redraw.pdf", "-o", "r.pdf"], capture_output=True, text=True,
                             cwd=tmp_path)
    assert gone.returncode == 4 and not (tmp_path / "g.pdf").exists(), gone.stderr
    assert redrawn.returncode in (0, 12) and (tmp_path / "r.pdf").exists(), redrawn.stderr


def test_a_file_nothing_reads_is_not_sent_to_repair_at_the_shell(tmp_path: Path) -> None:
    _files(tmp_path)
    for argv in (["info", "gone.pdf"], ["rotate", "gone.pdf", "--angle", "90", "-o", "o.pdf"],
                 ["text", "gone.pdf"]):
        hint = _error(*argv, cwd=tmp_path)["hint"]
        assert "repair" not in hint, (argv, hint)
        assert "cannot be read" in hint and "another copy" in hint and "`pdftools check FILE`" in hint, (argv, hint)


def test_a_file_poppler_reads_is_sent_to_repair_at_the_shell(tmp_path: Path) -> None:
    _files(tmp_path)
    hint = _error("rotate", "redraw.pdf", "--angle", "90", "-o", "o.pdf", cwd=tmp_path)["hint"]
    assert "`pdftools repair FILE`" in hint and "4 page" in hint, hint


def test_a_batch_row_says_the_same(tmp_path: Path) -> None:
    _files(tmp_path)
    done = subprocess.run([PDFTOOLS, "batch", "rotate", "gone.pdf", "redraw.pdf", "-d", "out", "--set", "angle=90",
                           "--json"], capture_output=True, text=True, cwd=tmp_path)
    rows = {Path(row["input"]).name: row["error"] for row in map(json.loads, done.stdout.splitlines()[:2])}
    assert rows["gone.pdf"]["code"] == rows["redraw.pdf"]["code"] == "DAMAGED_PDF", rows
    assert "repair" not in rows["gone.pdf"]["hint"] and "another copy" in rows["gone.pdf"]["hint"], rows
    assert "`pdftools repair FILE`" in rows["redraw.pdf"]["hint"], rows


def test_over_mcp_only_the_file_poppler_reads_names_pdf_repair(tmp_path: Path) -> None:
    _files(tmp_path)

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_rotate", {"input": name, "angle": 90, "output": f"o-{name}"})
                    for name in ("gone.pdf", "redraw.pdf")]

    gone, redrawn = (json.loads(result.content[0].text) for result in anyio.run(go))
    assert gone["code"] == redrawn["code"] == "DAMAGED_PDF", (gone, redrawn)
    assert "repair" not in gone["hint"] and "another copy" in gone["hint"] and "`pdf_check`" in gone["hint"], gone
    assert "ask the user" in gone["hint"], gone  # an agent cannot ask the sender
    assert "`pdf_repair`" in redrawn["hint"] and "pdftools" not in redrawn["hint"], redrawn
