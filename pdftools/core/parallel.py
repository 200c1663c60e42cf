"""Side-effect work (writing files) shared out over forked processes, for CPU-bound loops in one process.

Forking copies the parent's open documents for free (no re-import, no re-parse: spawning a worker costs
~0.3 s of imports, more than a 500-page split). A multi-threaded process (the MCP server) must not fork, so
there the work runs in the calling thread; so it does for small jobs and on platforms without fork.
"""

from __future__ import annotations

import os
import pickle
import signal
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

from pdftools.core import forked
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
    tie = forked.tether()
    pid = os.fork()
    if pid == 0:  # the child: its half, then report and leave without running the parent's cleanup
        tie()  # a parent killed outright (kill -9) takes it along: its half is for nobody
        os.close(read_end)
        status = 0
        try:
            for item in items[half:]:
                work(item)
        except BaseException as exc:  # noqa: BLE001 - everything goes back to the parent, pickled
            os.write(write_end, _pickled(exc))
            status = 1
        os._exit(status)
    os.close(write_end)
    try:
        for item in items[:half]:
            work(item)
    except BaseException:  # Ctrl-C, a cancel or a failure here: the child's half is not wanted any more
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        report = _read_all(read_end)
        _, status = os.waitpid(pid, 0)
    if status != 0:
        raise _unpickled(report) or PdftoolsError(f"a worker process failed (status {status})")


def _pickled(exc: BaseException) -> bytes:
    try:
        return pickle.dumps(exc)
    except Exception:  # an unpicklable exception still arrives, as its text
        return pickle.dumps(PdftoolsError(f"{type(exc).__name__}: {exc}"))


def _unpickled(data: bytes) -> BaseException | None:
    try:
        return pickle.loads(data) if data else None  # noqa: S301 - our own child's bytes
    except Exception:
        return None


def _read_all(fd: int) -> bytes:
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks)
