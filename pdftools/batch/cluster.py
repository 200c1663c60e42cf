"""The Dask engine of a batch (`--cluster`), imported only when a cluster is named: files sent, rows collected.

The scheduler reruns the files of a worker that dies on the others (its `allowed-failures`, 3 by default, then
`KilledWorker`: WORKER_LOST). A scheduler that goes drops every file in flight: they are sent again once a
scheduler with workers answers at the address, within the timeout (a supervisor restarting it), or at the address
the scheduler file names then, when the cluster was named by its file (a host name is looked up again by Dask's own
reconnection: one that names another machine then is followed too), else CLUSTER_UNAVAILABLE. The files in
flight follow the cluster's worker threads as workers come and go. Workers need the same pdftools (`remote`
checks it) and its programs, and the files on storage they all see; or, with --send-files, the files go to them as
data beside each task (`_submit`), and a file whose worker went with its data is sent again.

    scheduler  reaching the scheduler: its address or scheduler file, the greeting, refusals in words; following
               a scheduler that its file names anew elsewhere (`Following`)
    screening  what an op checks before any file (ocr's languages) asked of every worker first; workers that
               cannot run the files avoided (`Screening`)
"""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pdftools.batch import remote
from pdftools.batch.executors import ATTEMPTS, POLL, WINDOW_PER_WORKER
from pdftools.batch.scheduler import (
    CONNECT_TIMEOUT,
    FOREVER,
    Following,
    from_file,
    greet,
    named_file,
    quiet_dask,
    unusable,
)
from pdftools.batch.screening import Screening, mismatch
from pdftools.errors import ClusterExtraMissing, ClusterUnavailable, WorkerLost

LOOK = 1.0  # seconds between looks at a cluster's workers (how many files to keep in flight; none left)


def _wait_for_one(finished: Any, seconds: float) -> None:
    """Until a result is in, or for `seconds` (then the caller checks for a cancel). A fixed sleep between
    looks capped a batch of small files at the window per sleep (80 files/s on 2 workers): this wakes when
    Dask's `as_completed` queues a result (its own iteration waits on the same condition)."""
    condition = getattr(finished, "thread_condition", None)
    if condition is None:
        time.sleep(seconds)
        return
    with condition:
        if not finished.has_ready():
            condition.wait(timeout=seconds)



class DaskExecutor(Screening, Following):
    _started = False  # the workers were there at the start: a cluster that fails now fails mid-batch

    def __init__(self, address: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterExtraMissing("a cluster was named, but Dask distributed is not installed") from None
        quiet_dask()
        from pdftools.core import limits

        self._file = named_file(address.strip())  # read again when the scheduler goes: it may come back elsewhere
        self.address = address = from_file(address.strip())
        self._moves = 0  # schedulers followed to another address (see `_follow`)
        self._screening: tuple[Callable[[Any], Any], Any] | None = None  # asked again of a new cluster's workers
        self._rescreen = False  # the workers to be asked again before any file (`Screening._anew`)
        self._scheduler: str | None = None  # the scheduler's id
        self._screened: set[str] = set()  # workers the screen has asked
        self.timeout = limits.seconds("PDFTOOLS_CLUSTER_TIMEOUT", CONNECT_TIMEOUT)  # None (0): wait for ever
        greet(address, self.timeout)
        try:
            self.client = Client(address, timeout=self.timeout or FOREVER, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - Dask's words for an address or a setting it cannot use
            raise unusable(address, exc) from None
        try:
            self.client.wait_for_workers(1, timeout=self.timeout)  # else the files would wait for ever
            self.workers = max(1, sum(self.client.nthreads().values()))
            self._scheduler = self.client.scheduler_info(n_workers=0).get("id")  # (one started again: another)
        except Exception as exc:  # noqa: BLE001 - a timeout, or the scheduler gone meanwhile
            error = self._lost(exc)
            self.client.close()
            raise error from None
        self._started = True
        self._first = self._most = self.workers  # worker threads at the start, and the most since
        self._pending: dict[Any, Any] = {}
        self._stalled: float | None = None  # since when the scheduler is gone, or has no workers
        self._looked = time.monotonic()  # the workers were just counted
        self._unfit: dict[str, str] = {}  # workers that cannot run the files: address -> host:pid (why)
        self._fit: list[str] | None = None  # the others, where the files go once one is unfit (None: anywhere)
        self._restricted: dict[Any, frozenset[str]] = {}  # files in flight kept to workers (`_fit` then)
        self._carried: dict[Any, Any] = {}  # files in flight: the future of the bytes sent beside (`_submit`)
        self._relabel()

    def _lost(self, exc: BaseException | None = None, *, waited: bool = False) -> ClusterUnavailable:
        """The error for a cluster that cannot run the files, each case in its own words: a scheduler with no
        worker (none joined at the start, or its workers went mid-batch: start workers), or a scheduler gone (start
        it and its workers again). Mid-batch, the files finished are kept: the same command runs the others.
        `waited`: the timeout passed while the batch waited (for a worker, or for the scheduler to come back)."""
        workers = ("{{mcp:The server's cluster (PDFTOOLS_CLUSTER) needs workers: whoever runs the server starts "
                   "them}}{{cli:Start workers}}: `dask worker " + self.address + "` on machines that see the files at "
                   "the same paths (or on any machine, with {{cli:--send-files}}{{mcp:send_files}})")
        kept = ("the files finished so far are kept (the journal has them) and not run again{{cli:; or leave out "
                "--cluster / PDFTOOLS_CLUSTER to run the rest on this machine}}.")
        if self.client.status in ("running", "connecting") and not self.client.scheduler_info().get("workers"):
            if not self._started:
                return ClusterUnavailable(f"the Dask scheduler at {self.address} has no workers: none joined in "
                                          f"{self.timeout or 0:g} s, so no file was run",
                                          hint=workers + ", then {{cli:run the command}}{{mcp:call}} again.")
            return ClusterUnavailable(f"the Dask scheduler at {self.address} has no workers any more: they went "
                                      f"mid-batch, and none joined in {self.timeout or 0:g} s",
                                      hint=workers + ", then {{cli:run the same command}}{{mcp:call}} again: " + kept)
        why = f" ({exc})" if exc is not None and str(exc) else ""
        back = f", and did not come back in {self.timeout or 0:g} s" if waited else ""
        if not self._started:
            return ClusterUnavailable(f"the Dask scheduler at {self.address} went away before any file was run{why}",
                                      hint="{{cli:Start the scheduler (`dask scheduler`) and its workers again, then "
                                           "run the command again, or leave out --cluster / PDFTOOLS_CLUSTER to run "
                                           "on this machine.}}{{mcp:Whoever runs the server starts the scheduler and "
                                           "its workers again (or serves without the server's setting "
                                           "PDFTOOLS_CLUSTER); then call again.}}")
        return ClusterUnavailable(f"the Dask scheduler at {self.address} went away mid-batch{back}{why}",
                                  hint="{{cli:Start the scheduler (`dask scheduler`) and its workers again, then run "
                                       "the same command again}}{{mcp:Whoever runs the server starts the scheduler "
                                       "and its workers again (or serves without the server's setting "
                                       "PDFTOOLS_CLUSTER); then call again}}: " + kept)

    def _watch(self) -> None:
        """Now and then (every LOOK seconds): the files in flight follow the cluster's worker threads as they
        are now (workers that join get files; an adaptive cluster sees a queue to grow for); and stop when the
        scheduler has been gone, or without a worker, for the timeout (Dask would wait for ever)."""
        now = time.monotonic()
        if now - self._looked < LOOK:
            return
        self._looked = now
        threads = self._threads()
        if not threads and self.client.status != "running":  # the scheduler went
            self._anew()
        if threads and self._rescreen and not self._rescreened(now):
            return
        if threads:
            self.workers, self._stalled = threads, None
            if threads > self._most:
                self._most = threads
                self._relabel()
            if self._screening is not None:  # workers that joined: asked before they get a file
                with contextlib.suppress(Exception):
                    if joined := [a for a in self.client.nthreads() if a not in self._screened]:
                        self._ask(joined)
                self._fit = self._others()
            elif self._unfit:
                self._fit = self._others()
        elif self._stalled is None:
            self._stalled = now
        elif self._follow(now):
            return
        elif self.timeout is not None and now - self._stalled > self.timeout:
            raise self._lost(waited=True)

    def _rescreened(self, now: float) -> bool:
        """After a reconnection (the scheduler back at its address, or followed to another): whether the workers
        there now were asked as at the start, and one can run the files (they go to those only). While those
        there cannot (a worker without the language joined first), the batch waits for one that can as it waits
        for a worker at all: within the timeout from when the scheduler went, then the screen's error, as at the
        start (it ended the batch at once, though the others were about to join)."""
        assert self._screening is not None
        with contextlib.suppress(Exception):  # the scheduler gone again: looked at again
            if joined := [a for a in self.client.nthreads() if a not in self._screened]:
                self._ask(joined)
        self._fit = self._others()
        if self._fit is None:
            self._stalled = now if self._stalled is None else self._stalled
            if self.timeout is None or now - self._stalled <= self.timeout:
                return False
            self.screen(*self._screening, waited=self.timeout)  # none came: its error, as at the start
        self._rescreen = False  # (or none to say: workers with another pdftools, whose files say so)
        return True

    def _threads(self) -> int:
        """The cluster's worker threads now; 0 when the scheduler is gone or has no worker. Counts only: a
        cluster of a thousand workers does not send each one's details."""
        if self.client.status != "running":
            return 0
        info = self.client.scheduler_info(n_workers=0)
        if info.get("id") != self._scheduler:  # another scheduler (at the same address, or followed)
            self._scheduler = info.get("id")
            self._anew()
        return int(info.get("total_threads") or 0) if info.get("n_workers") else 0

    def run(self, fn: Callable[[Any], Any], items: Iterable[Any],
            check: Callable[[], None]) -> Iterator[tuple[Any, Any]]:
        from distributed import as_completed

        source, finished = iter(items), as_completed(loop=self.client.loop)
        pending = self._pending  # future: (item, how often a scheduler dropped it)
        dropped: list[tuple[Any, int]] = []
        end = object()
        exhausted = False
        moves = self._moves
        while True:
            if moves != self._moves:  # another scheduler (`_follow`): the old one's files were all dropped
                moves = self._moves
                dropped.extend((item, drops + 1) for item, drops in pending.values())
                pending.clear()
                self._carried.clear()
                finished = as_completed(loop=self.client.loop)
            try:
                while (len(pending) < self.workers * WINDOW_PER_WORKER and self.client.status == "running"
                       and not self._rescreen):  # (a new cluster's workers not asked yet: no file before)
                    numbered = dropped.pop() if dropped else (next(source, end), 0)
                    if numbered[0] is end:
                        exhausted = True
                        break
                    try:
                        future = self._submit(fn, numbered[0])
                    except Exception:  # noqa: BLE001 - its bytes not sent: the scheduler or a worker named went
                        if self.client.status == "running" and numbered[1] + 1 >= ATTEMPTS:
                            raise
                        dropped.append((numbered[0], numbered[1] + (self.client.status == "running")))
                        if self._fit is not None:  # (the scheduler refuses to send to a worker it no longer has)
                            self._fit = self._others()
                        break
                    pending[future] = numbered
                    finished.add(future)
                    if self._fit:
                        self._restricted[future] = frozenset(self._fit)
            except Exception as exc:  # noqa: BLE001 - the client closed: the scheduler is gone
                raise self._lost(exc) from None
            if exhausted and not pending and not dropped:
                return
            check()
            self._watch()
            if self._restricted:
                self._release(pending, dropped)
            _wait_for_one(finished, POLL)
            for future in finished.next_batch(block=False):
                self._restricted.pop(future, None)
                if future not in pending:  # released (see `_release`): sent again
                    continue
                item, drops = pending.pop(future)
                outcome = self._outcome(future)
                if self._carried.pop(future, None) is not None and self._went_with_its_worker(outcome):
                    if drops + 1 >= ATTEMPTS:  # as Dask's KilledWorker for a file whose workers kept dying
                        yield item, WorkerLost("the workers holding it kept dying")
                    else:
                        dropped.append((item, drops + 1))  # sent again, to the workers left
                    continue
                if future.cancelled() or isinstance(outcome, Exception) and self.client.status != "running":
                    self._anew()  # (before the files are sent again: to workers asked)
                    if drops + 1 >= ATTEMPTS:  # the scheduler went: its files were dropped, not failed
                        raise self._lost()
                    dropped.append((item, drops + 1))  # sent again once a scheduler is back (the timeout)
                    continue
                if self._unable(future, outcome) and drops + 1 < ATTEMPTS:
                    dropped.append((item, drops + 1))  # to the workers that can run it
                    continue
                yield item, outcome

    def _submit(self, fn: Callable[..., Any], item: Any) -> Any:
        """`fn(item)` sent to the cluster. An item that carries bytes (`sending.Parcel.carry`: a file's, for
        --send-files) has them sent as data beside its task, to a worker it may run on: in the task, the scheduler
        unpickled, held and pickled them again. Through the scheduler still (`direct=False`), which is all this
        machine is known to reach."""
        key = f"{getattr(fn, '__name__', 'task')}-{uuid.uuid4().hex}"
        carried = None
        if (carry := getattr(item, "carry", None)) is not None:
            item, data = carry()
            carried = self.client.scatter({f"{key}-files": data}, workers=self._fit, direct=False, hash=False,
                                          timeout=self.timeout or FOREVER)[f"{key}-files"]
        function, *arguments = remote.parcel(fn, item, carried)
        future = self.client.submit(function, *arguments, pure=False, workers=self._fit, key=key)
        if carried is not None:
            self._carried[future] = carried  # held until its row is in (then the worker lets the bytes go)
        return future

    def _went_with_its_worker(self, outcome: Any) -> bool:
        """A file whose bytes went with the worker that held them (killed): Dask cancels its task, as it cannot
        run it again elsewhere; not a cancel of the scheduler's going (which `run` sends again as such)."""
        from distributed.client import FutureCancelledError

        return (isinstance(outcome, FutureCancelledError) and self.client.status == "running"
                and outcome.reason != "scheduler-connection-lost")

    def _release(self, pending: dict[Any, Any], dropped: list[tuple[Any, int]]) -> None:
        """Files in flight kept to workers that have all gone (killed, or restarted by their nanny at another
        address) are sent again: to the workers that can run them now, or to any (the rows of those that cannot
        say why), rather than waiting for ever for a worker that went."""
        now = frozenset(self._fit or ())
        released = [future for future, kept in self._restricted.items() if not kept & now]
        for future in released:
            del self._restricted[future]
            self._carried.pop(future, None)
            if future in pending:
                dropped.append(pending.pop(future))
        if released:
            with contextlib.suppress(Exception):
                self.client.cancel(released, force=True)

    def _relabel(self) -> None:
        """The engine as the summary names it: the most worker threads the cluster had (and at the start, when
        workers joined: it said those of the start only), and the workers avoided."""
        label = f"cluster {self.address}: {self._most} worker thread" + "s" * (self._most != 1)
        if self._moves:
            label += f" (its scheduler followed to a new address{f' {self._moves} times' * (self._moves > 1)})"
        if self._most != self._first:
            label += f" ({self._first} at the start)"
        if self._unfit:
            label += (f"; {len(self._unfit)} worker" + "s" * (len(self._unfit) != 1) +
                      f" avoided ({'; '.join(sorted(self._unfit.values()))})")
        self.label = label

    def _outcome(self, future: Any) -> Any:
        from distributed import KilledWorker

        try:
            outcome = future.result()
        except KilledWorker:
            return WorkerLost("the workers running it kept dying")
        except Exception as exc:  # noqa: BLE001 - the runner makes it the file's row
            return exc
        return mismatch(outcome) if isinstance(outcome, dict) and outcome.get("mismatch") else outcome

    def close(self, kill: bool = False) -> None:
        with contextlib.suppress(Exception):
            if kill and self._pending:  # queued files never start; running ones finish into a removed staging
                self.client.cancel(list(self._pending), force=True)
            self.client.close()
