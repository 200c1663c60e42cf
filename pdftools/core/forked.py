"""Pure-Python work that nothing can interrupt, done in a forked child that the task's deadline and cancel kill.

A regular expression that backtracks catastrophically (`(a+)+b` on a line of `a`s) runs inside `re`'s C code:
no `task.check()` is reached, a signal reaches only the main thread, and in the MCP server's worker thread it
holds the GIL, so the whole server stalls for as long as it runs (hours). `Worker` forks one child for a whole
operation (at its first request); the child keeps the function (inherited, not pickled) and answers requests
over a pipe; the parent waits on the pipe, which releases the GIL, checking the task as it waits, and kills the
child when the task times out or is cancelled (PDFTOOLS_TIMEOUT, Ctrl-C, an MCP client's cancel). A parent
killed outright (SIGKILL: the OOM killer, `kill -9`) stops nothing: on Linux the child is killed with it
(`tether`), where it ran on alone on its match. Where `os.fork` is missing the function runs in-process.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import sys
from collections.abc import Callable
from functools import cache
from types import TracebackType
from typing import Generic, TypeVar

from pdftools.core import descriptors, task
from pdftools.errors import PdftoolsError

T = TypeVar("T")
R = TypeVar("R")
POLL = 0.1  # seconds between checks of the task while the child works (how soon a cancel is seen)
_HEADER = 8
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
STOPPING = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)  # what stops a command (the parent's to handle)


class Worker(Generic[T, R]):
    """`with Worker(fn) as call: call(item)` runs `fn(item)` in a child process, one for all the calls; the child
    is killed on exit, or as soon as a call fails (its deadline passed, it was cancelled)."""

    def __init__(self, fn: Callable[[T], R]) -> None:
        self.fn = fn
        self.pid = 0
        self._requests = self._replies = -1

    def __enter__(self) -> Callable[[T], R]:
        if not hasattr(os, "fork"):
            return self.fn
        return self.call

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._stop()

    def start(self) -> None:
        """Fork the child now, if it is not running, rather than at the next call: before this operation starts
        threads that start programs. A child forked while another thread starts a program inherits that
        program's output pipe and holds it open, so the thread reading the output waits for ever (search read a
        file's next pages while it matched the first ones, and hung one time in ten)."""
        if hasattr(os, "fork") and not self.pid:
            task.check()
            self._start()

    def call(self, item: T) -> R:
        """`fn(item)`, from the child (forked at the first call, or by `start`, and again after one was stopped)."""
        task.check()  # a task past its deadline forks nothing
        if not self.pid:
            self._start()
        data = pickle.dumps(item, pickle.HIGHEST_PROTOCOL)
        try:
            _write_all(self._requests, len(data).to_bytes(_HEADER, "big") + data)
            ok, value = pickle.loads(self._read(int.from_bytes(self._read(_HEADER), "big")))
        except BrokenPipeError:
            self._stop()
            raise _died() from None
        except BaseException:  # a timeout, a cancel, Ctrl-C: the child may be stuck in the middle of a request
            self._stop()
            raise
        if not ok:
            raise PdftoolsError(f"unexpected {value}")
        return value  # type: ignore[no-any-return]

    def _start(self) -> None:
        requests, self._requests = os.pipe()
        self._replies, replies = os.pipe()
        # Ctrl-C, SIGTERM or SIGHUP to the process group while the child runs Python's after-fork hooks printed a
        # traceback there ("Exception ignored in: <function _after_fork>"): they are held across the fork, and
        # the child ignores them (the parent, which they reach too, kills it as it stops: `_stop`)
        held = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
        tie = tether()
        try:
            self.pid = os.fork()
            if self.pid == 0:  # the child: never returns
                tie()
                for number in STOPPING:
                    signal.signal(number, signal.SIG_IGN)  # (one pending is dropped)
                signal.pthread_sigmask(signal.SIG_SETMASK, held)
                _close_all_but(requests, replies)
                _serve(self.fn, requests, replies)
            os.close(requests)
            os.close(replies)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)  # the parent: one held arrives now

    def _stop(self) -> None:
        if self.pid:
            for fd in (self._requests, self._replies):
                os.close(fd)
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)  # finished or stuck, it goes now: no wait for it to notice
            os.waitpid(self.pid, 0)
            self.pid = 0

    def _read(self, size: int) -> bytes:
        """`size` bytes from the child, waiting within the task's deadline (Timeout, or its cancel's error)."""
        out = bytearray()
        running = task.current()
        while len(out) < size:
            running.check()
            remaining = running.remaining()
            if descriptors.ready(self._replies, POLL if remaining is None else min(POLL, remaining)):
                chunk = os.read(self._replies, size - len(out))
                if not chunk:
                    raise _died()
                out += chunk
        return bytes(out)


def _close_all_but(*keep: int) -> None:
    """In a forked child: every descriptor but the standard streams and `keep` closed. A program another thread
    of the parent was starting as it forked has its output pipe's write end here too, and its reader sees the
    end of that output only when every holder has closed it (the MCP server: one request's search forking as
    another's pdftotext starts; search's own pages read ahead)."""
    low = 3
    for fd in sorted(keep):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX"))


def tether() -> Callable[[], None]:
    """Before a fork: what the child calls first, to be killed with this process however it ends (Linux), the
    parent's pid and libc's prctl found here (the child only calls)."""
    parent, prctl = os.getpid(), _prctl()
    return lambda: _die_with(parent, prctl)


@cache
def _prctl() -> Callable[..., int] | None:
    """libc's `prctl` (Linux), or None."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


def _die_with(parent: int, prctl: Callable[..., int] | None) -> None:
    """In the child: be killed when the parent ends, however it ends (SIGKILL too, which runs no `_stop`). The
    signal comes when the parent's *thread* that forked ends: a Worker is used and stopped in one thread (an op
    runs in one). A parent gone before the prctl (the child was handed to init) is seen by `getppid`: go now."""
    if prctl is None:
        return
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)


def _died() -> PdftoolsError:
    return PdftoolsError("the process doing the work ended unexpectedly (killed, or out of memory)")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _serve(fn: Callable[[T], R], requests: int, replies: int) -> None:
    """The child's loop: a request in, `(True, fn(item))` or `(False, "what failed")` out, until the parent
    closes the pipe or kills it. It never returns, runs no exit handlers and flushes no inherited buffers (the
    parent's stdout may be the MCP protocol stream)."""
    code = 0
    gc.disable()  # no finalizer runs here that might wait on a lock another thread of the parent held at fork
    try:
        with open(requests, "rb") as inbox, open(replies, "wb") as outbox:
            while header := inbox.read(_HEADER):
                item = pickle.loads(inbox.read(int.from_bytes(header, "big")))
                try:
                    reply: tuple[bool, object] = (True, fn(item))
                except Exception as exc:
                    reply = (False, f"{type(exc).__name__}: {exc}")
                data = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
                outbox.write(len(data).to_bytes(_HEADER, "big") + data)
                outbox.flush()
    except BaseException:  # (the child ignores what stops a command: the parent reports it and kills the child)
        code = 1
    finally:
        os._exit(code)
