"""The running operation's link to whoever started it: progress out, cancellation and a deadline in.

Ops call `task.progress(done, total)`, `task.check()` between steps, and run programs through
`core.engines`, which registers each child with the task so that a cancel (Ctrl-C, an MCP client's
`notifications/cancelled`, a deadline) kills it at once. The CLI installs a task with a progress bar; the MCP
server one that sends progress notifications; by default a silent task with no deadline is active.
"""

from __future__ import annotations

import contextlib
import contextvars
import subprocess
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from pdftools.core.signals import handled, stop_signals
from pdftools.errors import Interrupted, PdftoolsError, Timeout

T = TypeVar("T")
R = TypeVar("R")
ProgressFn = Callable[[int, int, str], None]


class Terminate(KeyboardInterrupt):
    """SIGTERM at a shell (`timeout`, a CI job cancelled, `docker stop`), or SIGHUP (the terminal or session went
    away), raised in the main thread as Ctrl-C's KeyboardInterrupt is, so that the same cleanup runs: children
    killed, nothing partial left. `signum` says which."""

    def __init__(self, signum: int = 15) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def terminable() -> Iterator[None]:
    """SIGTERM and SIGHUP raise `Terminate` for the block (main thread only); a second one ends the program at
    once."""
    import signal

    def stop(signum: int, frame: Any) -> None:
        signal.signal(signum, signal.SIG_DFL)
        raise Terminate(signum)

    with handled(stop_signals(), stop):
        yield


class Task:
    def __init__(self, on_progress: ProgressFn | None = None, timeout: float | None = None,
                 on_item: Callable[[Any], bool | None] | None = None) -> None:
        self._on_progress = on_progress
        self.on_item = on_item  # takes results one at a time as they are made (`emit`); None: nobody does
        self.deadline = time.monotonic() + timeout if timeout else None
        self.timeout = timeout
        self.own_limit = False  # the deadline is the op's own (its --timeout), not PDFTOOLS_TIMEOUT's
        self.cancelled = threading.Event()
        self.reason: PdftoolsError | None = None  # why it was cancelled, so every thread reports the same
        self._children: set[subprocess.Popen[bytes]] = set()
        self._scopes: set[Task] = set()
        self._parent: Task | None = None
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def scope(self) -> Iterator[Task]:
        """A part of this task that can be cancelled alone (the items of one `map_threads`): cancelling this
        task cancels the scope too, never the other way round. It reports progress and rows as this task does
        and keeps its deadline."""
        part = Task(self._on_progress, on_item=self.on_item)
        part.deadline, part.timeout, part.own_limit, part._parent = self.deadline, self.timeout, self.own_limit, self
        with self._lock:
            self._scopes.add(part)
            cancelled = self.cancelled.is_set()
        if cancelled:
            part.cancel(self.reason)
        try:
            yield part
        finally:
            with self._lock:
                self._scopes.discard(part)

    def progress(self, done: int, total: int, message: str = "") -> None:
        if self._on_progress is not None:
            self._on_progress(done, total, message)

    def remaining(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def check(self) -> None:
        """Raise if the operation should stop: cancelled, or past its deadline."""
        if self._parent is not None:
            self._parent.check()
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.cancel(self._timed_out())
        if self.cancelled.is_set():
            raise self.reason or Interrupted("cancelled")

    def _timed_out(self) -> Timeout:
        """TIMEOUT naming the limit that stopped it: the op's own {{timeout}}, whose hint says to give a larger one,
        or PDFTOOLS_TIMEOUT (a server's default too), the class's hint."""
        said = f"the operation took longer than its time limit of {self.timeout:g} s"
        if self.own_limit:
            return Timeout(f"{said} ({{{{timeout}}}})", hint="Give a larger {{timeout}}, or give it less work.")
        return Timeout(f"{said} (set by PDFTOOLS_TIMEOUT)")

    @contextlib.contextmanager
    def limit(self, seconds: float | None) -> Iterator[None]:
        """Tighten the deadline for the block (an op's own --timeout); the caller's limit still holds."""
        if not seconds:
            yield
            return
        saved = self.deadline, self.timeout, self.own_limit
        mine = time.monotonic() + seconds
        if self.deadline is None or mine < self.deadline:
            self.deadline, self.timeout, self.own_limit = mine, seconds, True
        try:
            yield
        finally:
            self.deadline, self.timeout, self.own_limit = saved

    def cancel(self, reason: PdftoolsError | None = None) -> None:
        with self._lock:
            if self.reason is None:
                self.reason = reason
        self.cancelled.set()
        with self._lock:
            children, scopes = list(self._children), list(self._scopes)
        for scope in scopes:
            scope.cancel(self.reason)
        for child in children:
            with contextlib.suppress(OSError):
                child.kill()

    @contextlib.contextmanager
    def child(self, proc: subprocess.Popen[bytes]) -> Iterator[subprocess.Popen[bytes]]:
        """Track a child process for the duration of the block; a cancel kills it."""
        with self._lock:
            self._children.add(proc)
        try:
            if self.cancelled.is_set():
                proc.kill()
            yield proc
        finally:
            with self._lock:
                self._children.discard(proc)


class Counter:
    """Progress of `total` steps done by several threads: each `add` reports the new total, in order."""

    def __init__(self, total: int, message: str = "") -> None:
        self.total, self.message, self.done = total, message, 0
        self._lock = threading.Lock()

    def add(self, steps: int = 1) -> None:
        with self._lock:  # held while reporting, so the client sees the counts rise
            self.done += steps
            progress(self.done, self.total, self.message)


_current: contextvars.ContextVar[Task | None] = contextvars.ContextVar("pdftools_task", default=None)


def current() -> Task:
    task = _current.get()
    if task is None:
        task = Task()
        _current.set(task)
    return task


@contextlib.contextmanager
def running(task: Task) -> Iterator[Task]:
    token = _current.set(task)
    try:
        yield task
    finally:
        _current.reset(token)


def progress(done: int, total: int, message: str = "") -> None:
    if not _muted.get():
        current().progress(done, total, message)


def check() -> None:
    current().check()


def emit(item: Any) -> bool:
    """Hand one finished item (a batch row, a searched file's results, a page's text) to whoever streams them
    (the CLI prints it at once); False when nobody took it (none does over MCP; the CLI declines what --json
    prints whole), so the op's result must still show it. A taker returns False to decline."""
    taker = current().on_item
    if taker is None:
        return False
    return taker(item) is not False


def map_threads(fn: Callable[[T], R], items: Iterable[T], workers: int) -> list[R]:
    """`fn` over `items` in threads that share this context (task, path policy); stops early on cancel.

    Threads suit work done by child processes (pdftotext, tesseract, pdftoppm): the processes run in parallel
    and the threads only wait. Results come back in order. The items run in a scope of the task: the first
    failure stops the other items (their programs are killed) and is raised as itself, while the operation
    goes on (an op reading several files, each with its pages in threads, gives the failing file its error
    and reads the others). A cancel of the operation stops every item."""
    items = list(items)
    if workers <= 1 or len(items) <= 1:
        return [fn(item) for item in items]
    parent = current()  # first: it may install the default task, which the copies must share
    ctx = contextvars.copy_context()
    from concurrent.futures import ThreadPoolExecutor  # only work shared out loads it (~3 ms of a start)

    with parent.scope() as part:
        stopped = Interrupted("stopped: another part of the work failed")

        def call(item: T) -> R:
            part.check()
            try:
                return ctx.copy().run(_in, part, fn, item)
            except BaseException as exc:
                if not part.cancelled.is_set():
                    part.cancel(stopped)  # stop the siblings and their children
                raise exc

        with ThreadPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(call, item) for item in items]
            try:
                errors = [f.exception() for f in futures]
            except BaseException:  # Ctrl-C while waiting: the whole operation stops
                parent.cancel()
                for f in futures:
                    f.cancel()
                raise
        failed = [e for e in errors if e is not None]
        if failed:
            # the failure itself, not a sibling's report of being stopped for it
            raise next((e for e in failed if e is not stopped), failed[0])
        return [f.result() for f in futures]


def _in(part: Task, fn: Callable[[T], R], item: T) -> R:
    with running(part):
        return fn(item)


_muted: contextvars.ContextVar[bool] = contextvars.ContextVar("pdftools_progress_muted", default=False)


@contextlib.contextmanager
def muted() -> Iterator[None]:
    """Drop the progress reports of the work inside the block (an op calling another op for each of its
    files reports its own progress only); cancellation and the deadline still apply."""
    token = _muted.set(True)
    try:
        yield
    finally:
        _muted.reset(token)
