"""`search --page-range` (`--pages`) past a file's end, as pdfgrep reads it: the pages of the range the file has
are searched, so `pdfgrep --page-range 1-2 PAT *.pdf` over files of one page and of many counts every file (it
failed each shorter file with INVALID_PAGE_RANGE and exited 2). A file's own pages (`a.pdf:2-9`) are still
checked: they were written for that file."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
ONE = CORPUS / "002-trivial-libre-office-writer" / "002-trivial-libre-office-writer.pdf"  # 1 page, Lorem ipsum
COLUMNS = CORPUS / "026-latex-multicolumn" / "multicolumn.pdf"  # 3 pages
FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def run(*argv: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(a) for a in argv], capture_output=True, check=False)


@pytest.mark.parametrize(("options", "files"), [
    (["--page-range", "1-3", "-c"], [ONE, COLUMNS, FOUR]),  # ONE has page 1 only, COLUMNS 1-3
    (["--page-range", "2-9", "-n"], [COLUMNS]),  # pages 2 and 3
    (["--page-range", "1,3-7", "-n", "-H"], [ONE, COLUMNS]),
    (["--pages", "5", "-c"], [COLUMNS]),  # none of its pages: 0, exit 1
    (["--page-range=4", "-c"], [ONE, COLUMNS, FOUR]),
])
def test_the_pages_a_file_has_are_searched_as_pdfgrep(options: list[str], files: list[Path]) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    spelled = [o.replace("--pages", "--page-range") for o in options]
    ours, theirs = run(PDFTOOLS, "search", *options, "ipsum", *files), run(pdfgrep, *spelled, "ipsum", *files)
    assert theirs.stderr == b"", theirs  # (pdfgrep says nothing of it)
    assert (ours.stdout, ours.returncode) == (theirs.stdout, theirs.returncode), (ours, theirs)
    assert ours.stderr == b"", ours


def test_a_files_own_pages_past_its_end_are_still_refused() -> None:
    done = run(PDFTOOLS, "search", "ipsum", f"{COLUMNS}:2-9")
    assert done.returncode == 2 and b"error[INVALID_PAGE_RANGE]" in done.stderr, done
    assert b"has 3 pages" in done.stderr, done


def test_a_spec_that_is_not_pdfgreps_keeps_its_meaning() -> None:
    """`last` is the file's own last page: `2-last` of a 1-page file names no page there, as elsewhere."""
    done = run(PDFTOOLS, "search", "-c", "--pages", "2-last", "ipsum", COLUMNS, ONE)
    assert done.returncode == 2 and b"error[INVALID_PAGE_RANGE]" in done.stderr, done
    assert done.stdout.startswith(f"{COLUMNS}:".encode()), done


def _within_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # 2 GiB: ample for a search of 4 pages


def test_a_range_far_past_every_end_costs_no_more_than_its_pages() -> None:
    """`--page-range 1-300000000` ("every page", as a pdfgrep user may write it) searches the 4 pages there are:
    the range was listed whole (300 million numbers) before the pages past the end were dropped, OUT_OF_MEMORY
    under a 2 GiB cap (and minutes without one). Its end is now taken at the file's. The same lines as pdfgrep's."""
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    argv = ["--page-range", "2-300000000", "-n", "Kjift", str(FOUR)]
    ours = subprocess.run([str(PDFTOOLS), "search", *argv], capture_output=True, check=False,
                          preexec_fn=_within_memory)
    theirs = run(pdfgrep, *argv)
    assert (ours.stdout, ours.returncode, ours.stderr) == (theirs.stdout, theirs.returncode, b""), ours


def test_a_page_zero_is_refused_naming_the_range_given_and_the_file_s_pages() -> None:
    """`--page-range 0-9` of a 4-page file: the error quotes `0-9` and says the file has 4 pages. It said `has 9
    pages` (the range's end, taken as the file's to read the range)."""
    done = run(PDFTOOLS, "search", "-c", "--page-range", "0-9", "Kjift", FOUR)
    assert done.returncode == 2 and b"error[INVALID_PAGE_RANGE]" in done.stderr, done
    assert b"'0-9'" in done.stderr and b"has 4 pages" in done.stderr, done
