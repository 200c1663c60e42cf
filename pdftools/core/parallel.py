"""Side-effect work (writing files) shared out over forked processes, for CPU-bound loops in one process.

Forking copies the parent's open documents for free (no re-import, no re-parse: spawning a worker costs
~0.3 s of imports, more than a 500-page split). A multi-threaded process (the MCP server) must not fork, so
there the work runs in the calling thread; so it does for small jobs and on platforms without fork.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from pdftools.errors import PdftoolsError

T = TypeVar("T")
MIN_ITEMS = 64  # below this a fork costs more than it saves


def _can_fork() -> bool:
    return hasattr(os, "fork") and threading.active_count() == 1 and (os.cpu_count() or 1) > 1


def for_each(items: Sequence[T], work: Callable[[T], None]) -> None:
    """Call `work(item)` for every item; with two or more CPUs, half of them in a forked child."""
    if len(items) < MIN_ITEMS or not _can_fork():
        for item in items:
            work(item)
        return
    half = len(items) // 2
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its half, then report and leave without running the parent's cleanup
        os.close(read_end)
        status = 0
        try:
            for item in items[half:]:
                work(item)
        except BaseException as exc:  # noqa: BLE001 - everything goes back to the parent as a message
            os.write(write_end, f"{type(exc).__name__}: {exc}".encode()[:4000])
            status = 1
        os._exit(status)
    os.close(write_end)
    try:
        for item in items[:half]:
            work(item)
    finally:
        message = os.read(read_end, 4096).decode(errors="replace")
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
    if status != 0:
        raise PdftoolsError(f"a worker process failed: {message or f'status {status}'}")
