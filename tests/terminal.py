"""Run a command with its standard output on a real terminal (a pseudo-terminal the test opens itself: none is
assumed), and read back what reached that terminal."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import IO


def run_at_terminal(argv: list[str], cwd: Path, timeout: float, stdin: IO[bytes] | int = subprocess.DEVNULL,
                    env: dict[str, str] | None = None,
                    stream: str = "stdout") -> tuple[subprocess.CompletedProcess[bytes], bytes]:
    """The finished process (its other output stream captured) and every byte it wrote to its terminal (`env`:
    the process's environment, by default this one's; `stream`: which of its outputs is the terminal, stdout
    or stderr)."""
    leader, follower = os.openpty()
    try:
        streams = {"stdout": follower, "stderr": subprocess.PIPE} if stream == "stdout" else \
            {"stdout": subprocess.PIPE, "stderr": follower}
        proc = subprocess.run(argv, stdin=stdin, timeout=timeout, cwd=cwd, env=env, **streams)  # type: ignore[call-overload]
        os.close(follower)
        written = b""
        try:
            while chunk := os.read(leader, 65536):
                written += chunk
        except OSError:  # the terminal's other end is closed: all read
            pass
    finally:
        os.close(leader)
    return proc, written
