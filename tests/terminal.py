"""Run a command with its standard output on a real terminal (a pseudo-terminal the test opens itself: none is
assumed), and read back what reached that terminal."""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
from pathlib import Path
from typing import IO


def run_at_terminal(argv: list[str], cwd: Path, timeout: float, stdin: IO[bytes] | int = subprocess.DEVNULL,
                    env: dict[str, str] | None = None,
                    stream: str = "stdout") -> tuple[subprocess.CompletedProcess[bytes], bytes]:
    """The finished process (its other output stream captured) and every byte it wrote to its terminal (`env`:
    the process's environment, by default this one's; `stream`: which of its outputs is the terminal, stdout
    or stderr). The terminal is read while the process runs: a pseudo-terminal holds a few kB, and a command
    that wrote more (a progress bar redrawn for as long as a loaded machine took) waited for ever for a reader
    that came only once it had ended."""
    leader, follower = os.openpty()
    written = bytearray()

    def drain() -> None:
        with contextlib.suppress(OSError):  # EIO: the terminal's other end is closed, all read
            while chunk := os.read(leader, 65536):
                written.extend(chunk)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        streams = {"stdout": follower, "stderr": subprocess.PIPE} if stream == "stdout" else \
            {"stdout": subprocess.PIPE, "stderr": follower}
        try:
            proc = subprocess.run(argv, stdin=stdin, timeout=timeout, cwd=cwd, env=env, **streams)  # type: ignore[call-overload]
        finally:
            os.close(follower)
        reader.join(timeout)  # until all is read (a child the command left holding the terminal: the guard)
    finally:
        os.close(leader)
    return proc, bytes(written)
