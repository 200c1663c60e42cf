"""pdfgrep's `--match-prefix-separator SEP`: SEP instead of the colon between a file name, a page number and the
text (context lines keep their `-`), for names that hold colons. `search` did not know it (exit 2). The same
lines as pdfgrep's on corpus files."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FILES = [CORPUS / rel for rel in ("004-pdflatex-4-pages/pdflatex-4-pages.pdf",
                                  "026-latex-multicolumn/multicolumn.pdf")]


@pytest.mark.parametrize("options", [["-n"], ["-c"], ["--page-count"], ["-C", "1", "-n"], ["--only-matching", "-n"],
                                     ["-H", "--color=always"]])
def test_as_pdfgrep(options: list[str]) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    for sep in (" | ", "\t"):
        argv = [f"--match-prefix-separator={sep}", *options, "Hello", *FILES]
        ours = subprocess.run([str(PDFTOOLS), "search", *map(str, argv)], capture_output=True, check=False)
        theirs = subprocess.run([pdfgrep, *map(str, argv)], capture_output=True, check=False)
        assert sep.encode() in theirs.stdout, theirs
        assert ours.stdout == theirs.stdout and ours.returncode == theirs.returncode, (options, ours.stderr)
