"""Run a command with its standard output on a real terminal (a pseudo-terminal the test opens itself: none is
assumed), and read back what reached that terminal."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import IO


def run_at_terminal(argv: list[str], cwd: Path, timeout: float, stdin: IO[bytes] | int = subprocess.DEVNULL,
                    env: dict[str, str] | None = None) -> tuple[subprocess.CompletedProcess[bytes], bytes]:
    """The finished process (its stderr captured) and every byte it wrote to its terminal (`env`: the
    process's environment, by default this one's)."""
    leader, follower = os.openpty()
    try:
        proc = subprocess.run(argv, stdin=stdin, stdout=follower, stderr=subprocess.PIPE, timeout=timeout, cwd=cwd,
                              env=env)
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
