"""pdfgrep's `-R/--dereference-recursive`: `-r` that also follows symbolic links to folders. `search` refused it
as "pdfgrep's -R is -r here", but `-r` does not enter a linked folder, so the files there were silently not
searched. `-R` is now taken: the same files as pdfgrep -R's; a link back to a folder above (a loop) is entered
once, not until the path is too long (pdfgrep 2.1 lists the same files hundreds of times). One difference on
purpose, as before: `-r` reads linked files (pdfgrep -r passes over every link it finds)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "rt" / "sub").mkdir(parents=True)
    shutil.copy(FOUR, tmp_path / "rt" / "a.pdf")
    shutil.copy(FOUR, tmp_path / "rt" / "sub" / "c.pdf")
    os.symlink("sub", tmp_path / "rt" / "link")
    os.symlink("../a.pdf", tmp_path / "rt" / "sub" / "fl.pdf")
    return tmp_path


def lines(tree: Path, *argv: str) -> list[str]:
    done = subprocess.run(argv, cwd=tree, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done
    return sorted(done.stdout.splitlines())


@pytest.mark.parametrize("option", ["-R", "--dereference-recursive"])
def test_linked_folders_are_searched_as_by_pdfgrep(tree: Path, option: str) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    ours = lines(tree, str(PDFTOOLS), "search", option, "-c", "Hello", "rt")
    assert ours == lines(tree, pdfgrep, option, "-c", "Hello", "rt")
    assert "rt/link/c.pdf:23" in ours
    assert "rt/link/c.pdf:23" not in lines(tree, str(PDFTOOLS), "search", "-r", "-c", "Hello", "rt")


def test_a_loop_is_entered_once(tree: Path) -> None:
    os.symlink("..", tree / "rt" / "sub" / "up")
    found = lines(tree, str(PDFTOOLS), "search", "-R", "--files-with-matches", "Hello", "rt")
    assert found == ["rt/a.pdf", "rt/link/c.pdf", "rt/link/fl.pdf", "rt/sub/c.pdf", "rt/sub/fl.pdf"], found
