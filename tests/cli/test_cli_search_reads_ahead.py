"""`search` over several files reads the next file while it matches the one before, as the rounds of one file's
pages are read two at a time: files were opened and read one after the other, so each file before the first
match cost its whole reading (opening, measuring its streams, a pdftotext run) in turn.

Shown by outcome, never by time: the first file's line of `a`s keeps the matcher busy for hours on `(a+)+b`
(a catastrophic pattern, as in test_cli_search_deadline.py); meanwhile the second file must be open in pdftools
(it was never opened before the first file was done). What a search over the corpus's files prints is pdfgrep's,
byte for byte, whether a file's first pages read ahead are those its search asks for or not (-l and -c ask for
64, lines for 4 until the first is out); a reader gone after the first line still stops it (exit 141)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import broken_pdfs
import processes
import pytest
from conftest import CORPUS
from harness import base_env
from pdfgrep_peer import pdfgrep, run

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"
STARTING = 120.0  # seconds for the search to reach its matcher (Python, pdftotext, a loaded machine)
READABLE = [p for p in sorted(CORPUS.glob("*/*.pdf")) if "password" not in p.name and "unreadable" not in p.name]


def _opened(pid: int, path: Path) -> bool:
    """Whether process `pid` holds `path` open."""
    fds = Path(f"/proc/{pid}/fd")
    for fd in fds.iterdir() if fds.exists() else ():
        with contextlib.suppress(OSError):
            if os.path.realpath(os.readlink(fd)) == os.path.realpath(path):
                return True
    return False


def test_the_next_file_is_read_while_this_one_is_matched(tmp_path: Path) -> None:
    stuck = tmp_path / "redos.pdf"
    stuck.write_bytes(broken_pdfs.catastrophic_line())
    env = {k: v for k, v in base_env().items() if k != "PDFTOOLS_TIMEOUT"}
    proc = subprocess.Popen([str(PDFTOOLS), "search", "(a+)+b", str(stuck), str(FOUR)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        assert processes.wait_for(lambda: processes.matcher(proc.pid), STARTING), "the matcher was never busy"
        assert processes.wait_for(lambda: _opened(proc.pid, FOUR), STARTING), "the next file was not opened"
        assert processes.matcher(proc.pid), "the first file's match had ended"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the matcher on its endless match would hold a core
        proc.wait()


@pytest.mark.parametrize("options", [["-n"], ["-c"], ["--files-with-matches"], ["-L"], ["-m", "2", "-n"], ["-h"]])
@pytest.mark.parametrize("pattern", ["der", "[0-9]+"])
def test_a_search_of_many_files_prints_pdfgreps_bytes(options: list[str], pattern: str) -> None:
    assert len(READABLE) > 10  # more files than are read ahead, the first match of `der` in the 11th
    ours, theirs = run(PDFTOOLS, "search", *options, pattern, *READABLE), run(pdfgrep(), *[
        "-l" if o == "--files-with-matches" else o for o in options], pattern, *READABLE)
    assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout), options
    assert ours.stdout.strip() and ours.stderr == b"", ours.stderr


def test_a_reader_gone_after_the_first_line_stops_the_search() -> None:
    first, code, err = processes.head_one([PDFTOOLS, "search", "-n", "der", *READABLE], STARTING)
    assert first.startswith(str(CORPUS / "009-pdflatex-geotopo").encode()), first
    assert (code, err) == (141, b""), (code, err)
