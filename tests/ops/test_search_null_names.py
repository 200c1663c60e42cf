"""pdfgrep's `-Z/--null` (a zero byte after each file name, the name as it is: `pdfgrep -lZ PAT *.pdf | xargs -0`)
and `--page-range` (its word for --pages), which `search` refused: the same bytes as pdfgrep's on corpus files,
and a name holding a line break passes through whole, as the zero byte is there for."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
COLUMNS = CORPUS / "026-latex-multicolumn" / "multicolumn.pdf"


def run(*argv: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(a) for a in argv], capture_output=True, check=False)


@pytest.mark.parametrize("options", [["-Z", "--files-with-matches"], ["--null", "-L"], ["-Z", "-n", "-H"],
                                     ["-Z", "-c"], ["-Z", "-C", "1"], ["-Z", "-h"], ["--page-range=2-3", "-n"],
                                     ["--page-range", "1,2-3", "-c"]])
def test_as_pdfgrep(options: list[str]) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    for group in ([FOUR], [FOUR, COLUMNS]):
        ours, theirs = run(PDFTOOLS, "search", *options, "in", *group), run(pdfgrep, *options, "in", *group)
        assert ours.stdout == theirs.stdout.replace(b"\x0c\n", b""), (options, group, ours.stderr)
        assert ours.returncode == theirs.returncode


def test_a_name_with_a_line_break_is_whole(tmp_path: Path) -> None:
    odd = tmp_path / "two\nlines.pdf"
    shutil.copy(FOUR, odd)
    done = run(PDFTOOLS, "search", "--files-with-matches", "-Z", "in", odd, FOUR)
    assert done.returncode == 0 and done.stdout == bytes(odd) + b"\0" + bytes(FOUR) + b"\0", done
