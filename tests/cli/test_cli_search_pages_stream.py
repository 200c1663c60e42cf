"""`search` prints a file's lines page by page as its pages are read, as pdfgrep does: it printed a file's lines
once the whole file was searched, so the first line of a search whose first match is on page 2 of a 117-page
book came when the book was done (1.8 s where pdfgrep takes 0.1 s), and `search PAT big.pdf | head -1` read all
of big.pdf.

Shown by outcome, never by time (as tests/cli/test_cli_text_streams.py shows `text`'s): the last page of a
many-page file is one pdftools refuses to read (its drawing inflates past PDFTOOLS_MAX_STREAM_BYTES:
STREAM_TOO_LARGE, found only when that page is reached). A reader that stops after the first line ends the
search before that page (exit 141, the broken pipe's, no error), where it got nothing but that error before;
a reader of the whole gets the lines of the pages read before it, then the error. Lines printed in pieces are
the bytes pdfgrep prints, `--` between a file's groups across the pieces."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from extreme_pdfs import lined
from processes import head_one

PDFTOOLS = Path(sys.executable).with_name("pdftools")
PAGES = 200
GUARD = 120  # seconds: a guard against a hang, never a measure
LIMIT = {"PDFTOOLS_MAX_STREAM_BYTES": "400000"}  # (above a pdftotext run's output, which it caps too)


@pytest.fixture(scope="module")
def refused_at_the_end(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lined(tmp_path_factory.mktemp("search-pages") / "refused-at-the-end.pdf", PAGES, refused_last=True)


def test_a_reader_that_stops_after_the_first_line_ends_the_search(refused_at_the_end: Path) -> None:
    first, code, err = head_one([PDFTOOLS, "search", "-n", "Page", refused_at_the_end], GUARD,
                                env={**os.environ, **LIMIT})
    assert first == b"1:Page 1, line 0 of the text that fills it\n", (first, err)
    assert code == 141 and b"STREAM_TOO_LARGE" not in err, (code, err)


def test_the_lines_of_the_pages_before_one_that_cannot_be_read_are_printed(refused_at_the_end: Path) -> None:
    done = subprocess.run([PDFTOOLS, "search", "-n", "Page", refused_at_the_end], capture_output=True,
                          timeout=GUARD, env={**os.environ, **LIMIT})
    assert done.returncode == 10 and done.stderr.startswith(b"error[STREAM_TOO_LARGE]"), done.stderr
    whole = subprocess.run([PDFTOOLS, "search", "-n", "Page", f"{refused_at_the_end}:1-{PAGES - 1}"],
                           capture_output=True, timeout=GUARD, env={**os.environ, **LIMIT})
    assert whole.returncode == 0 and whole.stdout.count(b"\n") == 40 * (PAGES - 1), whole.stderr
    # the pages' lines, whole pages, up to the round of pages the refused one is read with (some pages before it
    # are left: that round's other pages are read alongside it)
    assert whole.stdout.startswith(done.stdout) and done.stdout.count(b"\n") % 40 == 0, done.stdout[-200:]
    assert done.stdout.count(b"\n") >= 40 * PAGES // 4, done.stdout[-200:]


def test_json_is_still_onelined(refused_at_the_end: Path) -> None:
    """--json prints the result whole at its end, as before: here the error alone."""
    done = subprocess.run([PDFTOOLS, "search", "--json", "Page", refused_at_the_end], capture_output=True,
                          timeout=GUARD, env={**os.environ, **LIMIT})
    assert (done.returncode, done.stdout) == (10, b"") and b"STREAM_TOO_LARGE" in done.stderr, done


@pytest.mark.parametrize("options", [["-n", "-C", "1"], ["-n", "-A", "2"], ["-H", "-B", "1"], ["--page-count"],
                                     ["--only-matching"], ["-c"], ["-m", "30", "-n"]])
def test_lines_printed_page_by_page_are_pdfgreps(options: list[str], tmp_path: Path) -> None:
    """Matches on every page of two 70-page files (read in several rounds each): pdfgrep's bytes, `--` between
    the groups of a file whatever round they were read in, none between files."""
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    files = [lined(tmp_path / name, 70) for name in ("a.pdf", "b.pdf")]
    for group in (files[:1], files):
        ours = subprocess.run([PDFTOOLS, "search", *options, "line 2[05] of", *group], capture_output=True,
                              timeout=GUARD)
        spelled = ["-p" if option == "--page-count" else option for option in options]  # (pdfgrep's spelling)
        theirs = subprocess.run([pdfgrep, *spelled, "line 2[05] of", *group], capture_output=True, timeout=GUARD)
        assert (ours.stdout, ours.returncode) == (theirs.stdout, theirs.returncode), options
        assert ours.stdout.count(b"\n") >= (len(group) if "-c" in options else 30), ours
