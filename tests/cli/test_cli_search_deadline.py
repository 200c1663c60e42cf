"""A pattern that backtracks catastrophically (`(a+)+b` on a line of `a`s) still ends at PDFTOOLS_TIMEOUT.

Python's `re` runs such a match in C, where no cooperative check is reached: the matching runs in a child
process that the deadline kills. The bound asserted is the limit plus a wide margin, not a speed: without the
child the search runs for hours."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import broken_pdfs
from harness import default_signals

PDFTOOLS = Path(sys.executable).with_name("pdftools")
LIMIT = 2.0
MARGIN = 10.0  # a shared, loaded machine: starting Python and pdftotext; a hang runs for hours


def redos_pdf(path: Path) -> Path:
    path.write_bytes(broken_pdfs.catastrophic_line())
    return path


def _ours(marker: str, *words: str) -> list[int]:
    """Processes still running whose command line names `marker` (a forked matcher keeps its parent's) and
    `words` (`search`: pdftools and its matcher, not the pdftotext it runs on the same file)."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes() if entry.name.isdigit() else b""
        except OSError:
            continue
        if marker.encode() in line and all(w.encode() in line for w in words):
            pids.append(int(entry.name))
    return pids


def _gone(marker: str) -> list[int]:
    """The processes naming `marker` left once the ones signalled have had time to end (a loaded machine is
    slow to reap them; one left burning a core stays past any wait)."""
    deadline = time.monotonic() + MARGIN
    while (left := _ours(marker)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def test_a_catastrophic_pattern_ends_at_the_time_limit(tmp_path: Path) -> None:
    pdf = redos_pdf(tmp_path / "redos.pdf")
    env = {**os.environ, "PDFTOOLS_TIMEOUT": str(LIMIT)}
    start = time.monotonic()
    done = subprocess.run([PDFTOOLS, "search", "(a+)+b", str(pdf)], env=env, capture_output=True, text=True,
                          timeout=LIMIT + MARGIN)  # kills it and fails the test
    elapsed = time.monotonic() - start
    assert elapsed < LIMIT + MARGIN, elapsed
    assert done.returncode == 124, done.stderr
    assert done.stderr.startswith("error[TIMEOUT]"), done.stderr
    assert "hint:" in done.stderr and done.stdout == ""
    assert _gone(str(pdf)) == []  # the matcher died with the search, not left burning a core


def test_the_same_file_searches_normally(tmp_path: Path) -> None:
    pdf = redos_pdf(tmp_path / "redos.pdf")
    env = {**os.environ, "PDFTOOLS_TIMEOUT": str(LIMIT)}
    done = subprocess.run([PDFTOOLS, "search", "-n", "(a+)+!", str(pdf)], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1:" + "a" * 40 + "!"


def test_ctrl_c_stops_it_without_a_limit(tmp_path: Path) -> None:
    pdf = redos_pdf(tmp_path / "redos.pdf")
    env = {k: v for k, v in os.environ.items() if k != "PDFTOOLS_TIMEOUT"}
    proc = subprocess.Popen([PDFTOOLS, "search", "(a+)+b", str(pdf)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=default_signals,
                            start_new_session=True)  # its own group, to signal as a terminal does
    for _ in range(600):  # until the matcher is forked: the search is under way, Ctrl-C handled
        if len(_ours(str(pdf), "search")) > 1:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: the whole group, the matcher too
    out, err = proc.communicate(timeout=MARGIN)
    assert proc.returncode == 130 and err.startswith("error[INTERRUPTED]"), err
    assert out == ""
    assert _gone(str(pdf)) == []
