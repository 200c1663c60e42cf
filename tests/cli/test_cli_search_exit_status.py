"""A pdfgrep user's script reads `search`'s exit status as pdfgrep's: 0 a line matched, 1 none did, 2 or more an
input could not be searched. One documented difference: a single input that cannot be searched exits with its
own error's code (a missing file 3, as every command's FILE_NOT_FOUND; pdfgrep 2), so the error tree's codes
stay the same for every command; `search --help` says so, and how to test for it (`-ge 2`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"


def status(program: str, *argv: object) -> int:
    return subprocess.run([program, *map(str, argv)], capture_output=True, check=False).returncode


@pytest.mark.skipif(shutil.which("pdfgrep") is None, reason="pdfgrep is not installed")
@pytest.mark.parametrize(("argv", "same"), [
    (["Lorem", FOUR], True), (["no such words here", FOUR], True), (["Lorem", FOUR, "missing.pdf"], True),
    (["-c", "Lorem", "missing.pdf", "gone.pdf"], True), (["Lorem", "missing.pdf"], False),
])
def test_exit_status_as_pdfgrep_s(argv: list[object], same: bool, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    theirs, ours = status("pdfgrep", *argv), status(str(PDFTOOLS), "search", *argv)
    assert ours == theirs if same else (theirs == 2 and ours > 2), (theirs, ours)


def test_help_says_the_exit_status_and_the_one_difference() -> None:
    shown = subprocess.run([str(PDFTOOLS), "search", "--help"], capture_output=True, text=True, check=True,
                           env={**os.environ, "COLUMNS": "200"}).stdout
    assert "Exit status" in shown, shown
    said = " ".join(shown.split())
    assert "0 when a line matched, 1 when none did, 2 when one of several inputs could not be searched" in said
    assert "-ge 2" in said and "pdfgrep" in said
