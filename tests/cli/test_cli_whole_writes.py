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


def test_a_signal_as_a_write_ends_does_not_write_it_again() -> None:
    """Ctrl-C (SIGTERM, SIGHUP) just after write(2) had taken bytes raised before the count was returned: Python's
    buffer kept them as unwritten, and the exit's flush wrote them again (a batch's row twice on stdout after
    Ctrl-C; `text`'s pages from a point repeated). Here a pipe of one page takes 4,096 of a flush of 6,000 bytes,
    and SIGINT comes while the rest waits: each byte must come out once."""
    import io
    import signal
    import threading

    from pdftools.main import WholeWrites

    r, w = os.pipe()
    fcntl.fcntl(w, 1031, 4096)  # F_SETPIPE_SZ: one page
    out = io.TextIOWrapper(io.BufferedWriter(WholeWrites(w)), encoding="ascii")  # as `whole_writes` makes it
    text = "".join(f"line {i:05}\n" for i in range(500))  # 5,500 bytes: more than the pipe takes at once
    got = bytearray()

    def read() -> None:
        waiting = bytearray(4)
        while int.from_bytes(waiting, sys.byteorder) < 4096:  # the pipe is full: the flush waits for room
            fcntl.ioctl(r, termios.FIONREAD, waiting)
            os.sched_yield()
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
        while chunk := os.read(r, 1 << 16):
            got.extend(chunk)

    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # (a background run inherits it ignored)
    reader = threading.Thread(target=read)
    reader.start()
    interrupted = False
    try:
        out.write(text)
        try:
            out.flush()
        except KeyboardInterrupt:
            interrupted = True
        out.flush()  # as the program's exit does
    finally:
        signal.signal(signal.SIGINT, before)
        os.close(w)
        reader.join(timeout=60)
        os.close(r)
    assert interrupted
    assert got.decode() == text, (len(got), len(text))
