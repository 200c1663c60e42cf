"""Programs that die with pdftools: a command killed outright (SIGKILL: the OOM killer, `kill -9`) stops none of
its children, and a long OCR's tesseract or a pandoc on a hostile input ran on alone, past every limit (the
deadline is the parent's to keep).

A child asks for that itself (Linux's PR_SET_PDEATHSIG, kept across exec), between its fork and its exec: in a
threaded process (the MCP server) Python's `preexec_fn` is unsafe there, so util-linux's `setpriv --pdeathsig
KILL` does it and then execs the program (same pid: the caps and kills reach it; about a millisecond). Where
setpriv is missing from PATH or too old (before util-linux 2.33), programs run as before (`doctor` says so).
The signal comes when the *thread* that started the program ends: `engines.run` waits for it in that thread.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import cache

FAILED = (126, 127)  # setpriv's exit when it could not exec the program (cannot run it, not found)


def prefix() -> list[str]:
    """The words that start a program tethered to this process (none where that cannot be done)."""
    return list(_prefix(os.environ.get("PATH", ""))) if sys.platform.startswith("linux") else []


@cache
def _prefix(path: str) -> tuple[str, ...]:
    found = shutil.which("setpriv", path=path)  # (on PATH, as `doctor` finds it)
    return (found, "--pdeathsig", "KILL", "--") if found and _knows_pdeathsig(found) else ()


def _knows_pdeathsig(setpriv: str) -> bool:
    try:
        shown = subprocess.run([setpriv, "--help"], capture_output=True, timeout=20, check=False,
                               stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return b"--pdeathsig" in shown.stdout


def exec_failed(program: str, returncode: int, stderr: bytes) -> str | None:
    """Why setpriv could not start `program` (its path), as `OSError.strerror` says it ("No such file or
    directory": a `#!` interpreter gone), or None when the program ran: setpriv exits 126 or 127 with
    `setpriv: failed to execute PROGRAM: REASON` (the words may be translated; the path and the reason's place
    are not)."""
    if returncode not in FAILED:
        return None
    lines = stderr.decode(errors="replace").strip().splitlines()
    if len(lines) != 1 or not lines[0].startswith("setpriv: ") or f" {program}: " not in lines[0]:
        return None
    return lines[0].rsplit(": ", 1)[1]
