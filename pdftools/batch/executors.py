"""One interface, two engines: where a batch's files run.

`Executor.run(fn, items, check)` yields `(item, result or exception)` as each finishes, keeping a window of
items in flight (a million files are never a million futures at once), and calls `check()` between results
(the task's: a cancel or a deadline stops the batch). `close(kill=True)` stops every worker's current file.

- `LocalExecutor`: a pool of processes on this machine (`--jobs N`), no service to run. Each worker is its own
  process group, so stopping one also stops the programs it started (tesseract, pdftoppm). A worker that dies
  (killed, out of memory) breaks Python's pool; the pool is made again and the unfinished files retried. The file
  the dead worker was running (each worker writes down what it runs) counts an attempt; after `ATTEMPTS` (the
  same rule Dask applies) its row says WORKER_LOST. The files only queued beside it, stopped with it, do not.
- `cluster.DaskExecutor`: a Dask distributed cluster (`--cluster tcp://HOST:8786`), imported only then.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Protocol

from pdftools.core import descriptors
from pdftools.errors import WorkerLost

ATTEMPTS = 3
WINDOW_PER_WORKER = 4  # items in flight per worker: enough to keep it busy, few enough to cancel fast
POLL = 0.1  # seconds between checks for a cancel while waiting


class Executor(Protocol):
    label: str  # shown in progress and README: "4 local processes", "cluster tcp://...: 8 workers"
    workers: int

    def run(self, fn: Callable[[Any], Any], items: Iterable[Any],
            check: Callable[[], None]) -> Iterator[tuple[Any, Any]]: ...

    def close(self, kill: bool = False) -> None: ...


def _own_group(coordinator: int, scratch: str, marks: str | None = None) -> None:
    """A local worker's start: its own process group (stopped as one, with its children; the terminal's
    Ctrl-C goes to the coordinator, which stops the workers), a watch on the coordinator, and its temporary
    files (and its programs') in `scratch`, which the coordinator removes once the workers are stopped: a worker
    killed mid-file (a cancel, Ctrl-C) cleans up nothing, and an OCR's page images stayed in TMPDIR."""
    os.setpgid(0, 0)
    os.environ["TMPDIR"] = tempfile.tempdir = scratch
    _join(scratch)
    left = [scratch] + ([marks] if marks else [])  # what the coordinator removes, unless killed outright
    threading.Thread(target=_end_with, args=(coordinator, left), daemon=True, name="pdftools-coordinator").start()


MEMBERS = ".workers"  # in the workers' TMPDIR: each worker holds a shared lock on it while it lives
REMOVER = ".remover"  # made by the worker that starts the remover (the first to see the coordinator gone)
_membership: list[int] = []  # the worker's descriptor of MEMBERS, open (and its lock held) until it ends


def _join(scratch: str) -> None:
    """Hold a shared lock on the workers' file for this worker's life (the kernel lets it go when the process
    ends, however): the remover's exclusive lock is granted once every worker has ended. Without it (the folder
    gone, a file system without locks) this worker is not waited for."""
    with contextlib.suppress(OSError):
        member = os.open(os.path.join(scratch, MEMBERS), os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            import fcntl

            fcntl.flock(member, fcntl.LOCK_SH | fcntl.LOCK_NB)  # (taken by the remover: the batch has ended)
        except OSError:
            os.close(member)
            return
        _membership.append(member)


# run by the first worker to see its coordinator gone: waits until every worker has ended (their shared locks
# on MEMBERS let go), then removes the folders; a worker stopped (SIGSTOP) is waited for until it ends
_REMOVE_AFTER = ("import fcntl, os, shutil, sys\n"
                 "members, folders = sys.argv[1], sys.argv[2:]\n"
                 "try:\n"
                 "    fcntl.flock(os.open(members, os.O_RDONLY), fcntl.LOCK_EX)\n"
                 "except OSError:\n"
                 "    pass\n"
                 "for folder in folders:\n"
                 "    shutil.rmtree(folder, ignore_errors=True)\n")


def _end_with(coordinator: int, left: list[str]) -> None:
    """Stop this worker and the programs it started when the coordinator has ended without stopping them
    (killed outright: SIGKILL, the OOM killer). Left alone, a worker ran the files queued for it for nobody
    (outputs the journal never heard of), then waited for ever. The workers' TMPDIR and marks (`left`), which
    the coordinator would have removed, are removed by one process for the whole pool, started by the first worker
    here, once every worker has ended (no file is written into it after). Each worker started one, which waited for
    its own worker only: the first removed the folder while the others still ran."""
    try:
        watched = os.pidfd_open(coordinator)  # readable once the process has ended (Linux 5.3)
    except (AttributeError, OSError):
        watched = None
    if watched is not None:
        descriptors.ready(watched)
    else:
        while alive(coordinator):
            time.sleep(1)
    scratch = left[0]
    try:
        os.close(os.open(os.path.join(scratch, REMOVER), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError:  # another worker has started it (or the folder is gone)
        os.killpg(0, signal.SIGKILL)
    import subprocess
    import sys

    with contextlib.suppress(OSError):
        subprocess.Popen([sys.executable, "-I", "-c", _REMOVE_AFTER, os.path.join(scratch, MEMBERS), *left],
                         start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    os.killpg(0, signal.SIGKILL)


def alive(pid: int) -> bool:
    """Whether process `pid` of this machine is running (one of another user's is)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


SOCKET_PATH = 107  # bytes a Unix socket's path holds (Linux's 108, with its NUL)
LISTENER = len("/pymp-XXXXXXXX/listener-XXXXXXXX")  # what multiprocessing adds to TMPDIR for the forkserver


def _forkserver_fits() -> bool:
    """Whether the forkserver (workers forked from a process that imported the work once) can be used: it
    listens on a socket in TMPDIR, whose path must fit a Unix socket's; a deeper TMPDIR (a CI job's temporary
    folder) gets spawn, which needs no socket."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return False
    return len(os.fsencode(tempfile.gettempdir())) + LISTENER <= SOCKET_PATH


class LocalExecutor:
    def __init__(self, workers: int) -> None:
        self.workers, self.label = workers, f"{workers} local process" + "es" * (workers != 1)
        method = "forkserver" if _forkserver_fits() else "spawn"
        self._context = multiprocessing.get_context(method)  # never fork: the MCP server has threads
        if method == "forkserver":
            self._context.set_forkserver_preload(["pdftools.batch.work"])  # imported once, forked per worker
        self._pool: ProcessPoolExecutor | None = None
        self._marks: str | None = None  # a folder where each worker writes down what it runs (see _Tracked)
        self._scratch: str | None = None  # the workers' TMPDIR, removed with them (see _own_group)

    def _fresh_pool(self) -> ProcessPoolExecutor:
        if self._pool is not None:
            self._kill()
            self._pool.shutdown(wait=True, cancel_futures=True)
        self._scratch = self._scratch or tempfile.mkdtemp(prefix="pdftools-batch-")
        self._pool = ProcessPoolExecutor(self.workers, mp_context=self._context, initializer=_own_group,
                                         initargs=(os.getpid(), self._scratch, self._marks))
        return self._pool

    def run(self, fn: Callable[[Any], Any], items: Iterable[Any],
            check: Callable[[], None]) -> Iterator[tuple[Any, Any]]:
        self._marks = self._marks or tempfile.mkdtemp(prefix="pdftools-workers-")
        tracked = _Tracked(fn, self._marks)
        source = zip(itertools.count(), items)
        retry: list[tuple[int, Any]] = []
        attempts: dict[int, int] = {}
        pending: dict[Future[Any], tuple[int, Any]] = {}
        pool = self._fresh_pool()
        while True:
            while len(pending) < self.workers * WINDOW_PER_WORKER:
                numbered = retry.pop() if retry else next(source, None)
                if numbered is None:
                    break
                try:
                    pending[pool.submit(tracked, numbered)] = numbered
                except BrokenProcessPool:  # a worker died since the last wait (while a row was being written)
                    retry.append(numbered)  # not an attempt: it never ran
                    if pending:
                        break  # their futures fail the same way: the wait below sees them, then a new pool
                    pool = self._fresh_pool()
            if not pending:
                return
            check()
            done, _ = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            broken = []
            for future in done:
                number, item = pending.pop(future)
                try:
                    yield item, future.result()
                except BrokenProcessPool:  # a worker died: this item (or a sibling) was running there
                    broken.append((number, item))
                except Exception as exc:  # noqa: BLE001 - the runner makes it the file's row
                    yield item, exc
            if not broken:
                continue
            for future, (number, item) in pending.items():  # they fail the same way, unless they finished first
                if future.done() and not future.cancelled() and future.exception() is None:
                    yield item, future.result()
                else:
                    broken.append((number, item))
            pending.clear()
            culprits = self._culprits()  # what the dead worker was running: the others were only beside it
            for number, item in broken:
                if culprits and number not in culprits:
                    retry.append((number, item))
                    continue
                attempts[number] = attempts.get(number, 0) + 1
                if attempts[number] >= ATTEMPTS:
                    yield item, WorkerLost(f"the workers running it died {ATTEMPTS} times")
                else:
                    retry.append((number, item))
            pool = self._fresh_pool()

    def _culprits(self) -> set[int]:
        """The items the workers that died on their own were running (the pool stops the others with SIGTERM):
        empty when none can be told, and then every item in flight counts an attempt."""
        processes = dict(getattr(self._pool, "_processes", None) or {})
        deadline = time.monotonic() + 5
        while any(p.exitcode is None for p in processes.values()) and time.monotonic() < deadline:
            time.sleep(0.01)  # the pool is stopping the others: wait, so that their exit codes tell
        found = set()
        for pid, process in processes.items():
            mark = Path(self._marks or "", str(pid))
            with contextlib.suppress(OSError, ValueError):
                number = int(mark.read_text(encoding="ascii"))
                if process.exitcode not in (None, -signal.SIGTERM):
                    found.add(number)
            mark.unlink(missing_ok=True)
        return found

    def _kill(self) -> None:
        processes = getattr(self._pool, "_processes", None) or {}
        for pid in list(processes):
            with contextlib.suppress(OSError):
                os.killpg(pid, signal.SIGKILL)

    def close(self, kill: bool = False) -> None:
        if self._marks is not None:
            shutil.rmtree(self._marks, ignore_errors=True)
            self._marks = None
        if self._pool is not None:
            if kill:
                self._kill()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
        if self._scratch is not None:  # the workers are stopped: what they left is nobody's
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None


class _Tracked:
    """`fn` in a worker, the number of the item it runs written down first in a file named after the process
    (removed when the item is done): when the process dies, the coordinator knows which item killed it."""

    def __init__(self, fn: Callable[[Any], Any], folder: str) -> None:
        self.fn, self.folder = fn, folder

    def __call__(self, numbered: tuple[int, Any]) -> Any:
        number, item = numbered
        mark = os.path.join(self.folder, str(os.getpid()))
        with open(mark, "w", encoding="ascii") as out:
            out.write(str(number))
        try:
            return self.fn(item)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(mark)
