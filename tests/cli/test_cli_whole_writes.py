"""Standard output written whole, or the command fails: the Python this runs on writes a big result (one write:
`--json`, `text --format words`) with a single write(2) and drops whatever the pipe did not take. So a reader that
left mid-write (`| head -c 100`) gave exit 0, where a smaller result gives 141 (SIGPIPE) as pdftotext does; and a
standard output left non-blocking by the program that made the pipe (a CI runner, a Node.js parent) lost all but
the first 64 kB of the words of a book, exit 0. The pipe is filled before the test reads from (or closes) it, so
the next write cannot go through: no timing decides the outcome."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
BOOK = CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"
ARGV = [str(PDFTOOLS), "text", str(BOOK), "--format", "words"]


def _filled(nonblocking: bool) -> tuple[int, subprocess.Popen[bytes]]:
    """The command writing into a pipe; returns once the pipe is full (the command is mid-write)."""
    r, w = os.pipe()
    if nonblocking:
        fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
    proc = subprocess.Popen(ARGV, stdout=w, stderr=subprocess.PIPE)
    os.close(w)
    size = fcntl.fcntl(r, 1032)  # F_GETPIPE_SZ: the pipe's capacity
    waiting = bytearray(4)
    while proc.poll() is None:
        fcntl.ioctl(r, termios.FIONREAD, waiting)
        if int.from_bytes(waiting, sys.byteorder) >= size:
            break
        os.sched_yield()
    return r, proc


@pytest.fixture(scope="module")
def words() -> bytes:
    return subprocess.run(ARGV, capture_output=True, check=True, timeout=300).stdout


def test_a_non_blocking_standard_output_gets_the_whole_result(words: bytes) -> None:
    r, proc = _filled(nonblocking=True)
    data = bytearray()
    while chunk := os.read(r, 1 << 16):
        data += chunk
    os.close(r)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert len(words) > 1_000_000 and bytes(data) == words


def test_a_reader_that_leaves_mid_write_gives_141(words: bytes) -> None:
    r, proc = _filled(nonblocking=False)
    os.close(r)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 141 and err == b"", (proc.returncode, err)
