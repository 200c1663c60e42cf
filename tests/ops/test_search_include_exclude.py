"""pdfgrep's `--include GLOB` and `--exclude GLOB` (repeatable): which files of a folder searched are read, by
their base name (`--include '*'` for files without `.pdf`, `--exclude 'draft*'`); exclusions win, and files
named on the command line are searched whatever they are called. `search` refused them (`name the files with a
glob instead`), though a glob does not reach into subfolders as `-r` does. The same files as pdfgrep's."""

from __future__ import annotations

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
    (tmp_path / "inc" / "sub").mkdir(parents=True)
    for name in ("a.pdf", "noext", "sub/c.pdf", "sub/notes.txt.pdf"):
        shutil.copy(FOUR, tmp_path / "inc" / name)
    return tmp_path


@pytest.mark.parametrize("options", [["--include=notes*"], ["--include", "*.pdf", "--include=noext"],
                                     ["--exclude=c*"], ["--include=*", "--exclude=*.txt*"], ["--exclude=sub"],
                                     ["--include=*.PDF"]])
def test_the_files_of_a_folder_as_pdfgrep_chooses_them(tree: Path, options: list[str]) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"

    def lines(*argv: str) -> tuple[list[bytes], int]:
        done = subprocess.run(argv, cwd=tree, capture_output=True, check=False)
        return sorted(done.stdout.splitlines()), done.returncode  # pdfgrep walks in directory order

    ours = lines(str(PDFTOOLS), "search", "-r", "-c", *options, "Hello", "inc")
    theirs = lines(pdfgrep, "-r", "-c", *options, "Hello", "inc")
    assert ours[0] == theirs[0], (options, ours, theirs)
    # a folder with nothing left to read: exit 1, as pdfgrep (pdftools warns of it: test_search_empty_folder)
    assert ours[1] == theirs[1], (options, ours, theirs)


def test_files_named_are_searched_whatever_their_names(tree: Path) -> None:
    """As pdfgrep: the globs choose among the files a folder holds, never among those given by name."""
    done = subprocess.run([str(PDFTOOLS), "search", "-c", "--exclude=*", "Hello", "inc/noext", "inc/a.pdf"],
                          cwd=tree, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and [line.split(":")[0] for line in done.stdout.splitlines()] == [
        "inc/noext", "inc/a.pdf"], done
    none = subprocess.run([str(PDFTOOLS), "search", "-r", "--exclude=*", "Hello", "inc"], cwd=tree,
                          capture_output=True, text=True, check=False)
    assert none.returncode >= 1 and none.stdout == "", none
