"""`search` prints each file's results as soon as that file is searched, as grep and pdfgrep do: `search
--files-with-matches PAT *.pdf | head -1` (pdfgrep -l) read every input before printing a word, and at a
terminal a long search over a folder showed nothing for minutes. Each file's lines are the same bytes, in the
same order, as when the whole search was printed at its end.

Shown by outcome, never by time: the second input is a FIFO nobody writes to, which blocks whoever opens it.
The first file's lines must come out of the pipe while pdftools waits on the FIFO (it printed nothing until it
had searched every input, so the read waited for ever: a time-out of minutes is the guard). The FIFO is then
closed empty, and the run ends as it did before: that input an error, exit 2."""

from __future__ import annotations

import os
import selectors
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"
GUARD = 120  # seconds: only a pdftools that never prints before reading the FIFO waits this long

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")

MODES = {  # what is asked, with the first input matching (-L: not matching)
    "lines": (["Hello"], FOUR),
    "files with matches": (["--files-with-matches", "Hello"], FOUR),
    "files without match": (["-L", "no such words"], FOUR),
    "counts": (["-c", "e"], FOUR),
    "page numbers and context": (["-n", "-C", "1", "Lorem|Hello"], FOUR),
    "page counts": (["--page-count", "e"], FOUR),
    "only matching": (["--only-matching", "-i", "h[a-z]+"], FOUR),
    "no file names": (["-h", "-n", "Hello"], FOUR),
    "several patterns": (["-e", "Hello", "-e", "Lorem"], FOUR),
    "pages of a file": (["-n", "e"], f"{FOUR}:2-3"),
    "zero bytes": (["--files-with-matches", "-Z", "Hello"], FOUR),
    "colours": (["--color", "always", "-n", "Hello"], FOUR),
}


def _read(stream: Any, size: int) -> bytes:
    """`size` bytes from the pipe, or what came before the guard ran out."""
    got = b""
    selector = selectors.DefaultSelector()
    selector.register(stream, selectors.EVENT_READ)
    while len(got) < size and selector.select(GUARD):
        chunk = os.read(stream.fileno(), size - len(got))
        if not chunk:
            break
        got += chunk
    selector.close()
    return got


def _release(fifo: Path, proc: subprocess.Popen[bytes]) -> None:
    """Open the FIFO for writing once pdftools opens it for reading, and close it: pdftools reads an empty file
    (nothing blocks it any more). Polled until then, or until pdftools has ended."""
    while proc.poll() is None:
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            return
        except OSError:  # nobody has it open for reading yet
            time.sleep(0.05)


@pytest.mark.parametrize("mode", MODES)
def test_a_file_s_results_come_before_the_next_input_is_read(mode: str, tmp_path: Path) -> None:
    argv, first = MODES[mode]
    alone = subprocess.run([PDFTOOLS, "search", *argv, first, tmp_path / "missing.pdf"], capture_output=True,
                           timeout=GUARD)  # the same search with the second input missing: the first's bytes
    assert alone.returncode == 2 and alone.stdout, alone
    fifo = tmp_path / "never-written.pdf"
    os.mkfifo(fifo)
    proc = subprocess.Popen([PDFTOOLS, "search", *argv, first, fifo], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    try:
        early = _read(proc.stdout, len(alone.stdout))
        waiting = proc.poll() is None  # (still blocked on the FIFO)
        if early == alone.stdout:
            _release(fifo, proc)
        rest, err = proc.communicate(timeout=GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert early == alone.stdout, (early, alone.stdout, err)
    assert waiting, "pdftools had ended before the FIFO was written"
    assert (proc.returncode, rest) == (2, b""), (proc.returncode, rest, err)  # the FIFO was empty: not a PDF


def test_head_gets_the_first_name_while_later_inputs_wait(tmp_path: Path) -> None:
    """`search --files-with-matches PAT first.pdf FIFO | head -1` (pdfgrep -l): head has its line and ends;
    pdftools then waits on the FIFO as grep and pdfgrep would, and ends at its next write (exit 141, nothing
    said), or with the FIFO's error."""
    fifo = tmp_path / "never-written.pdf"
    os.mkfifo(fifo)
    proc = subprocess.Popen(f"'{PDFTOOLS}' search --files-with-matches Hello '{FOUR}' '{FOUR}' '{fifo}' '{FOUR}'"
                            " | head -1",
                            shell=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = _read(proc.stdout, len(str(FOUR)) + 1)
        if line == f"{FOUR}\n".encode():
            _release(fifo, proc)
        out, err = proc.communicate(timeout=GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert line == f"{FOUR}\n".encode() and out == b"", (line, out, err)


def test_an_error_in_a_later_file_keeps_the_lines_printed_and_exits_2(cli: Callable[..., Any],
                                                                      tmp_path: Path) -> None:
    """grep's status: 2 when an input could not be searched, whatever was printed before it."""
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(b"%PDF-1.4\nnot really\n")
    done = cli("search", "Hello", FOUR, damaged)
    assert done.exit_code == 2 and done.stdout.startswith(f"{FOUR}:") and "Hello" in done.stdout, done
    assert "damaged.pdf" in done.stderr, done
