"""Ctrl-C (and SIGTERM, SIGHUP) while the program is still loading: before the command's own handling is in place, and
while a native library initialises. Either way the user gets the product's one-line error and its exit code,
never Python's traceback, and never a crashed process (pikepdf's nanobind aborts, exit 134, when an exception
interrupts its initialisation).

Sending the signal at a wall-clock delay hits these moments only sometimes. The child here is the real program
(`pdftools.__main__.main`) with a profile hook that sends the signal to itself at the named moment: the first
call into the command-line library while it loads, or the first call into `enum` while pikepdf's native module
runs its initialisation. The child reports that the moment came, so the test fails if it never does."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS
from harness import base_env, default_signals

PDF = (CORPUS / "sample-files" if (CORPUS / "sample-files").is_dir() else CORPUS) / "001-trivial" \
    / "minimal-document.pdf"

DRIVER = r"""
import os, signal, sys
moment, signum, mark = sys.argv[1], int(sys.argv[2]), sys.argv[3]
inside = []

def at(frame, event, arg):
    code = frame.f_code
    if moment == "native" and code.co_name == "exec_module":
        if getattr(getattr(frame.f_locals.get("module"), "__spec__", None), "name", "") == "pikepdf._core":
            inside.append(event)
        return
    hit = (moment == "native" and inside and code.co_filename.endswith("enum.py")) or \
        (moment == "start" and "/typer/" in code.co_filename)
    if event == "call" and hit:
        sys.setprofile(None)
        open(mark, "w").close()
        os.kill(os.getpid(), signum)

sys.setprofile(at)
sys.argv = ["pdftools", *sys.argv[4:]]
from pdftools.__main__ import main
main()
"""


def _as_at_a_terminal() -> None:
    """Ctrl-C and SIGHUP as a terminal's session has them (a run under `nohup` or in the background ignores them)."""
    default_signals()
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def _interrupt(tmp_path: Path, moment: str, signum: int, *argv: str) -> subprocess.CompletedProcess[str]:
    mark = tmp_path / "fired"
    done = subprocess.run([sys.executable, "-c", DRIVER, moment, str(int(signum)), str(mark), *argv],
                          capture_output=True, text=True, env=base_env(), cwd=tmp_path, timeout=120,
                          preexec_fn=_as_at_a_terminal, check=False)
    assert mark.exists(), f"the moment never came: {done.stderr[-2000:]}"  # else this test proves nothing
    return done


@pytest.mark.parametrize("moment", ["start", "native"])
def test_ctrl_c_while_loading_is_the_interrupted_error(tmp_path: Path, moment: str) -> None:
    done = _interrupt(tmp_path, moment, signal.SIGINT, "info", str(PDF))
    assert "Traceback" not in done.stderr and "nanobind" not in done.stderr, done.stderr
    assert (done.returncode, done.stdout) == (130, "")
    assert done.stderr.startswith("error[INTERRUPTED]: interrupted; no output was written\n")


def test_json_asked_for_gets_the_error_as_json(tmp_path: Path) -> None:
    done = _interrupt(tmp_path, "start", signal.SIGINT, "info", "--json", str(PDF))
    assert done.returncode == 130
    assert json.loads(done.stderr)["error"]["code"] == "INTERRUPTED"


@pytest.mark.parametrize(("signum", "code", "exit_code"), [(signal.SIGTERM, "TERMINATED", 143),
                                                        (signal.SIGHUP, "HANGUP", 129)])
def test_sigterm_or_sighup_while_pikepdf_initialises_stops_it_cleanly(tmp_path: Path, signum: int, code: str,
                                                                     exit_code: int) -> None:
    done = _interrupt(tmp_path, "native", signum, "info", str(PDF))
    assert "Traceback" not in done.stderr and "nanobind" not in done.stderr, done.stderr
    assert (done.returncode, done.stdout) == (exit_code, "")
    assert done.stderr.startswith(f"error[{code}]")
