"""A terminal where bytes or a PDF would go: `-o -` with standard output a terminal is refused with a hint (a PDF's
bytes there are no use and can upset the terminal, as gzip refuses), and `-` read from a terminal is refused
instead of waiting for a PDF typed in. The terminals are pseudo-terminals the tests open themselves."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from terminal import run_at_terminal

PDFTOOLS = str(Path(sys.executable).with_name("pdftools"))


@pytest.mark.parametrize("argv", [["merge", "-o", "-", "{pdf}", "{pdf}"], ["rotate", "{pdf}", "-a", "90", "-o", "-"],
                                  ["nup", "{pdf}", "-o", "-"], ["select", "{pdf}", "1", "-o", "-"]])
def test_a_pdf_to_a_terminal_is_refused_with_a_hint(tmp_path: Path, pdf: Path, argv: list[str]) -> None:
    proc, written = run_at_terminal([PDFTOOLS, *(a.format(pdf=pdf) for a in argv), "--json"], tmp_path, 120)
    assert b"%PDF" not in written
    assert proc.returncode == 2, proc.stderr
    error = json.loads(proc.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert "terminal" in error["message"] and "-o FILE" in error["hint"]


def _stdin_a_terminal(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """`argv` with its standard input a terminal nobody types into (a deadline catches a wait)."""
    leader, follower = os.openpty()
    try:
        return subprocess.run(argv, stdin=follower, capture_output=True, timeout=30, cwd=cwd)
    finally:
        os.close(follower)
        os.close(leader)


@pytest.mark.parametrize("argv", [["text", "-"], ["info", "-"], ["rotate", "-", "-a", "90", "-o", "out.pdf"]])
def test_a_pdf_read_from_a_terminal_is_refused_with_a_hint(tmp_path: Path, argv: list[str]) -> None:
    proc = _stdin_a_terminal([PDFTOOLS, *argv], tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert b"standard input is a terminal" in proc.stderr and b"< FILE" in proc.stderr, proc.stderr
    assert not (tmp_path / "out.pdf").exists()
