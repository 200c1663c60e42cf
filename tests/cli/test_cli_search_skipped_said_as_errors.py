"""An input search could not read is said as every error is said (cli/render's report_error), not by words of
its own below the front end: a file name with a byte that is not UTF-8 (`caf\\xe9.pdf`) was `caf\\udce9.pdf` in
search's error line, where `pdftools info` on the same file says `caf\\xe9.pdf`. With -q and piped, alike."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
NAME = os.fsdecode(b"caf\xe9.pdf")


def _run(folder: Path, *argv: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    return subprocess.run([sys.executable, "-m", "pdftools", *argv], cwd=folder, capture_output=True, env=env,
                          timeout=120)


@pytest.mark.parametrize("quiet", [[], ["-q"]], ids=["plain", "quiet"])
def test_a_skipped_input_s_error_is_said_as_the_command_s_own_would_be(tmp_path: Path, quiet: list[str]) -> None:
    (tmp_path / NAME).write_bytes(b"not a PDF\n")
    shutil.copy(FOUR, tmp_path / "four.pdf")
    own = _run(tmp_path, "info", NAME)
    searched = _run(tmp_path, "search", *quiet, "Hello", NAME, "four.pdf")
    assert own.returncode == 4 and own.stderr.startswith(b"error[NOT_A_PDF]: caf\\xe9.pdf is not a PDF\n"), own
    assert searched.returncode == (0 if quiet else 2), searched
    assert searched.stderr == own.stderr, (searched.stderr, own.stderr)
