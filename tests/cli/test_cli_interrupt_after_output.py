"""Ctrl-C after a streaming command has printed part of its data (`text`'s pages, `search`'s lines as they come):
the error said "interrupted; no output was written" when the lines before it were already out, so a person or a
script took what it had as the whole. Now it says that the output printed is incomplete; before any data is
printed it still says that nothing was written.

Shown by outcome, never by time: 300 pages of text (~600 kB) cannot fit a pipe's 64 kB buffer, so once the first
page is read the writer waits on the pipe until it is interrupted; only then is the rest read."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from extreme_pdfs import lined
from harness import base_env, default_signals
from processes import read_until

PDFTOOLS = Path(sys.executable).with_name("pdftools")
GUARD = 120  # seconds: a guard against a hang, never a measure


@pytest.fixture(scope="module")
def long_text(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lined(tmp_path_factory.mktemp("interrupt-after-output") / "long.pdf", 300)


@pytest.mark.parametrize("argv", [["text"], ["search", "-n", "line"]], ids=["text", "search"])
def test_ctrl_c_after_part_of_the_output_says_it_is_incomplete(long_text: Path, argv: list[str]) -> None:
    proc = subprocess.Popen([PDFTOOLS, *argv, long_text], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=base_env(), start_new_session=True, preexec_fn=default_signals)
    try:
        first = read_until(proc.stdout, b"\n", GUARD)
        assert b"Page 1, line 0" in first, first  # the first line of data is out
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: the whole group
        out, err = proc.communicate(timeout=GUARD)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    said = err.decode()
    assert proc.returncode == 130, (proc.returncode, said)
    assert said.startswith("error[INTERRUPTED]: interrupted; the output printed is incomplete\n"), said
    assert "no output was written" not in said, said
