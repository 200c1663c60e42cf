"""`pdftools text` writes each page as soon as it is read, as pdftotext does: it read every page, then wrote
them all, so `text big.pdf | head -5` read the whole document and a terminal showed nothing meanwhile.

Shown by outcome, never by time: the last page of a many-page file is one pdftools refuses to read (its drawing
inflates past PDFTOOLS_MAX_STREAM_BYTES: STREAM_TOO_LARGE, found only when that page is reached). A reader that
stops after the first page ends the work before that page (exit 141, the broken pipe's, and no error), where it
got nothing but that error before; a reader of the whole gets the pages read before it, then the error, as from
pdftotext when a page cannot be read."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from extreme_pdfs import lined
from processes import read_until

PDFTOOLS = Path(sys.executable).with_name("pdftools")
PAGES = 300
GUARD = 120  # seconds: a guard against a hang, never a measure
LIMIT = {"PDFTOOLS_MAX_STREAM_BYTES": "400000"}  # (above a pdftotext run's output, which it caps too)


@pytest.fixture(scope="module")
def refused_at_the_end(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PAGES pages of ~2 kB of text each (a pipe's buffer, 64 kB on Linux, holds a few dozen: a writer ahead of
    its reader waits there, long before the last page); the last page's content stream is past LIMIT."""
    return lined(tmp_path_factory.mktemp("text-streams") / "refused-at-the-end.pdf", PAGES, refused_last=True)


def _first_page(path: Path) -> bytes:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", "-l", "1", path, "-"], capture_output=True,
                          check=True).stdout


def test_a_reader_that_stops_ends_the_work(refused_at_the_end: Path) -> None:
    proc = subprocess.Popen([PDFTOOLS, "text", refused_at_the_end], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, **LIMIT})
    try:
        first = read_until(proc.stdout, b"\f", GUARD)
        proc.stdout.close()  # type: ignore[union-attr]  # as `head` does once it has its lines
        _, err = proc.communicate(timeout=GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert first == _first_page(refused_at_the_end) and first.count(b"\n") > 30, (first, err)
    assert proc.returncode == 141 and b"STREAM_TOO_LARGE" not in err, (proc.returncode, err)


def test_the_pages_read_before_one_that_cannot_be_are_written(refused_at_the_end: Path) -> None:
    done = subprocess.run([PDFTOOLS, "text", refused_at_the_end], capture_output=True, timeout=GUARD,
                          env={**os.environ, **LIMIT})
    assert done.returncode == 10 and b"error[STREAM_TOO_LARGE]" in done.stderr, done
    theirs = subprocess.run(["pdftotext", "-enc", "UTF-8", "-l", str(PAGES - 1), refused_at_the_end, "-"],
                            capture_output=True, check=True).stdout
    # pdftotext's bytes, whole pages, up to the round of pages the refused one is read with (a few pages before
    # it may be left: that round's other pages are read alongside it)
    assert theirs.startswith(done.stdout) and done.stdout.endswith(b"\f"), done.stdout[-200:]
    assert done.stdout.count(b"\f") >= PAGES // 2, done.stdout[-200:]


def test_standard_input_streams_too(refused_at_the_end: Path) -> None:
    """`text -`: the PDF from standard input, its pages as they are read."""
    with refused_at_the_end.open("rb") as given:
        proc = subprocess.Popen([PDFTOOLS, "text", "-"], stdin=given, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env={**os.environ, **LIMIT})
    try:
        first = read_until(proc.stdout, b"\f", GUARD)
        proc.stdout.close()  # type: ignore[union-attr]
        _, err = proc.communicate(timeout=GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert first == _first_page(refused_at_the_end), (first, err)
    assert proc.returncode == 141 and b"STREAM_TOO_LARGE" not in err, (proc.returncode, err)


def test_json_is_still_one_document(refused_at_the_end: Path, tmp_path: Path) -> None:
    """--json prints the result whole at its end, as before: here the error alone."""
    done = subprocess.run([PDFTOOLS, "text", "--json", refused_at_the_end], capture_output=True, timeout=GUARD,
                          env={**os.environ, **LIMIT})
    assert (done.returncode, done.stdout) == (10, b"") and b"STREAM_TOO_LARGE" in done.stderr, done
