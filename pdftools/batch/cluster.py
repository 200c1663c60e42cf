"""The Dask engine of a batch (`--cluster`), imported only when a cluster is named.

The scheduler reruns the files of a worker that dies on the others (its `allowed-failures`, 3 by default, then
`KilledWorker`: WORKER_LOST). A scheduler that goes drops every file in flight: they are sent again once a
scheduler with workers answers at the address, within the timeout (a supervisor restarting it), or at the address
the scheduler file names then, when the cluster was named by its file (`_follow`), else CLUSTER_UNAVAILABLE. The
files in flight follow the cluster's worker threads as workers come and go. Workers need the same pdftools
(`remote` checks it) and its programs: one that differs or lacks one is avoided once it has failed a file, or its
files say so (what an op checks before any file, ocr's languages, is asked of every worker first: `screen`); and
the files on storage they all see. The address is as `dask worker` takes it, or the file `dask scheduler
--scheduler-file` writes; Dask's refusals of it (no port, tls:// without certificates), and a server there that is
no scheduler (the dashboard's port), are said in words, within the timeout.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from pdftools.batch import remote
from pdftools.batch.executors import ATTEMPTS, POLL, WINDOW_PER_WORKER
from pdftools.errors import (
    ClusterExtraMissing,
    ClusterUnavailable,
    DependencyMissing,
    NotShared,
    OcrLanguageMissing,
    WorkerLost,
    WorkerMismatch,
)

LOOK = 1.0  # seconds between looks at a cluster's workers (how many files to keep in flight; none left)
CONNECT_TIMEOUT = 10  # seconds to reach the scheduler (PDFTOOLS_CLUSTER_TIMEOUT)
ATTEMPT = 5.0  # seconds of one try to reach a scheduler the scheduler file names anew (`_follow`)
FOREVER = 365 * 86400.0  # PDFTOOLS_CLUSTER_TIMEOUT=0 (no limit): Dask's client takes no None
LACKING = (DependencyMissing.code, OcrLanguageMissing.code,  # a file's row that says its worker lacks a program,
           NotShared.code)  # or the shared storage (a mount that failed on that machine)


def _quiet_dask() -> None:
    """Dask logs a lost worker or a closed connection on stderr, where `--json` promises one object; the
    rows already say what happened to each file. Its own loggers have levels of their own (the client's
    "failed to reconnect" is an ERROR): its handler is what stays quiet. PDFTOOLS_DEBUG shows the logs."""
    import logging

    if not os.environ.get("PDFTOOLS_DEBUG"):
        logger = logging.getLogger("distributed")
        logger.setLevel(logging.CRITICAL)
        for handler in logger.handlers:
            handler.setLevel(logging.CRITICAL + 1)


ADDRESS_HINT = ("{{cli:Give it as `dask worker` takes it: --cluster tcp://HOST:8786 (HOST:8786 works too; 8786 is "
                "the scheduler's port, 8787 its dashboard's).}}{{mcp:It is the server's setting PDFTOOLS_CLUSTER: "
                "whoever runs the server writes it as `dask worker` takes it, tcp://HOST:8786.}}")
TLS_SETTINGS = ("DASK_DISTRIBUTED__COMM__TLS__CA_FILE, DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT and "
                "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY (Dask's settings, read from the environment or "
                "~/.config/dask/*.yaml)")
TLS_HINT = ("{{cli:Give this machine the authority's certificate and a certificate and key of its own, as the "
            f"workers' --tls-ca-file, --tls-cert and --tls-key: {TLS_SETTINGS}.}}}}{{{{mcp:Whoever runs the server "
            f"gives it the authority's certificate and a certificate and key of its own: {TLS_SETTINGS}.}}}}")


FILE_HINT = ("{{cli:`dask scheduler --scheduler-file FILE` writes it, on storage this machine sees: give that "
             "FILE, or the scheduler's address: --cluster tcp://HOST:8786.}}{{mcp:It is the server's setting "
             "PDFTOOLS_CLUSTER: whoever runs the server names the file `dask scheduler --scheduler-file` wrote, or "
             "the scheduler's address, tcp://HOST:8786.}}")


def _named_file(value: str) -> Path | None:
    """The file `dask scheduler --scheduler-file F` writes, when the cluster is named by it (HPC deployments,
    dask-jobqueue and dask-mpi, share the address so); None for an address. `~/` too: a service's or an MCP
    client's settings name it so, and no shell expands it there."""
    if "://" in value or not (value.endswith(".json") or os.sep in value):
        return None
    return Path(value).expanduser()


def _from_file(value: str) -> str:
    """The scheduler's address, read from the scheduler file `value` names (see `_named_file`); any other value
    as it is."""
    named = _named_file(value)
    if named is None:
        return value
    try:
        return _read_address(named)
    except FileNotFoundError:
        raise ClusterUnavailable(f"no scheduler file {value}", hint=FILE_HINT) from None
    except (OSError, ValueError, KeyError, TypeError, RuntimeError) as exc:
        raise ClusterUnavailable(f"cannot read the scheduler's address from {value}: {type(exc).__name__}: {exc}",
                                 hint=FILE_HINT) from None


def _read_address(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["address"])


def _unusable(address: str, exc: Exception) -> ClusterUnavailable:
    """Dask's refusal of an address before any connection, in words: one that is no scheduler's (no port,
    the dashboard's http://), or tls:// without this machine's certificates."""
    if isinstance(exc, ValueError):
        return ClusterUnavailable(f"{address} is not a Dask scheduler's address: {exc}", hint=ADDRESS_HINT)
    if address.startswith(("tls://", "wss://")) and "TLS" in str(exc):
        return ClusterUnavailable(f"the Dask scheduler at {address} speaks TLS, and this machine has no TLS "
                                  "certificate for it", hint=TLS_HINT)
    return ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {type(exc).__name__}: {exc}",
                              hint=ADDRESS_HINT)


def _greet(address: str, seconds: float | None) -> None:
    """Dask's own greeting with the address, within the timeout, before a client is made. The client's waits for
    the answer without a limit: a web server (the dashboard's port, 8787, typed for the scheduler's) waits for a
    request line Dask never sends, and the batch waited for ever; it reads another server's first bytes as a
    frame's length (`MemoryError`)."""
    import asyncio

    from distributed.comm import connect
    from distributed.security import Security

    async def greet() -> None:
        comm = await connect(address, timeout=seconds or FOREVER, **Security().get_connection_args("client"))
        await comm.close()

    loop = asyncio.new_event_loop()  # the time up is a greeting not done (a TimeoutError is an OSError, as Dask's)
    greeting = loop.create_task(greet())
    try:  # Dask's connect gives up on its own after `seconds` when nothing takes the connection
        loop.run_until_complete(asyncio.wait({greeting}, timeout=None if seconds is None else seconds + 1))
    finally:
        if not greeting.done():
            greeting.cancel()
            with contextlib.suppress(BaseException):
                loop.run_until_complete(greeting)
        loop.close()
    failed = greeting.exception() if not greeting.cancelled() else TimeoutError()
    if failed is None:
        return
    if not isinstance(failed, Exception):  # (Ctrl-C, SIGTERM)
        raise failed
    if isinstance(failed, TimeoutError):  # (an OSError: first) it took the connection, never answered as Dask does
        raise _no_scheduler(address, f"no answer to Dask's greeting in {seconds:g} s") from None
    if isinstance(failed, MemoryError):
        raise _no_scheduler(address, "its first bytes are no Dask message") from None
    if isinstance(failed, OSError):
        raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {failed}") from None
    raise _unusable(address, failed) from None


def _no_scheduler(address: str, why: str) -> ClusterUnavailable:
    return ClusterUnavailable(f"something answers at {address}, but not as a Dask scheduler ({why}): another "
                              "program's port, such as the scheduler's dashboard", hint=ADDRESS_HINT)


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


def _mismatch(found: dict[str, Any]) -> WorkerMismatch:
    """A worker's report that its pdftools is not this machine's (see `remote`), as the file's error."""
    from pdftools import __version__

    worker, python = found.get("worker"), found.get("python")
    if found.get("version") is None:
        said = f"worker {worker} has no pdftools (its Python: {python}: {found.get('why')})"
    else:
        said = (f"worker {worker} runs pdftools {found['version']} from {found.get('where')} (its Python: "
                f"{python}), other code than this machine's pdftools {__version__}")
        if found["version"] == __version__:
            said += " (the same version: another checkout, or code changed since that worker started)"
    return WorkerMismatch(said, worker=worker, address=found.get("address"),
                          hint=WorkerMismatch.hint.replace("VERSION", __version__))


class DaskExecutor:
    def __init__(self, address: str) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterExtraMissing("a cluster was named, but Dask distributed is not installed") from None
        _quiet_dask()
        from pdftools.core import limits

        self._file = _named_file(address.strip())  # read again when the scheduler goes: it may come back elsewhere
        self.address = address = _from_file(address.strip())
        self._moves = 0  # schedulers followed to another address (see `_follow`)
        self._screening: tuple[Callable[[Any], Any], Any] | None = None  # asked again of a new cluster's workers
        self._rescreen = False
        self._screened: set[str] = set()  # workers the screen has asked
        self.timeout = limits.seconds("PDFTOOLS_CLUSTER_TIMEOUT", CONNECT_TIMEOUT)  # None (0): wait for ever
        _greet(address, self.timeout)
        try:
            self.client = Client(address, timeout=self.timeout or FOREVER, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterUnavailable(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - Dask's words for an address or a setting it cannot use
            raise _unusable(address, exc) from None
        try:
            self.client.wait_for_workers(1, timeout=self.timeout)  # else the files would wait for ever
            self.workers = max(1, sum(self.client.nthreads().values()))
        except Exception as exc:  # noqa: BLE001 - a timeout, or the scheduler gone meanwhile
            error = self._lost(exc)
            self.client.close()
            raise error from None
        self._first = self._most = self.workers  # worker threads at the start, and the most since
        self._pending: dict[Any, Any] = {}
        self._stalled: float | None = None  # since when the scheduler is gone, or has no workers
        self._looked = time.monotonic()  # the workers were just counted
        self._unfit: dict[str, str] = {}  # workers that cannot run the files: address -> host:pid (why)
        self._fit: list[str] | None = None  # the others, where the files go once one is unfit (None: anywhere)
        self._restricted: dict[Any, frozenset[str]] = {}  # files in flight kept to workers (`_fit` then)
        self._relabel()

    def screen(self, check: Callable[[Any], Any], item: Any) -> None:
        """Before any file: `check(item)` on every worker (sent as a file's work is: a worker with another
        pdftools says so), which answers None or its `host:pid` and an error (`work.check_here`: the op's check
        of what the machine that runs it must have, ocr's tesseract languages). Workers it fails on get no file:
        they are avoided, and the summary names them and why. When it fails on every worker, its error, once,
        before any file, as on this machine. From then on the files go only to workers asked: one that joins
        later is asked at the next look (`_watch`) before it gets any (it took queued files at once, and failed the
        first); one that fails a file all the same (its machine changed) is avoided then (`_unable`)."""
        self._screening = (check, item)
        answers, failed = self._ask(None)
        if failed and self._fit is None:  # no worker can run a file: the error, once
            from pdftools.errors import PdftoolsError, all_errors

            (worker, error), *_ = failed.values()
            kind = next((c for c in all_errors() if c.code == error.get("code")), PdftoolsError)
            if len(answers) == 1:  # as a file's row says it
                raise kind(f"{error.get('message')} on worker {worker}", hint=error.get("hint"))
            said = [f"{w}: {e.get('message')}" for w, e in list(failed.values())[:3]]  # each its own (installed: ...)
            more = len(failed) - len(said)
            raise kind(f"none of the cluster's {len(answers)} workers can run it: {'; '.join(said)}"
                       + f"; and {more} more" * bool(more), hint=error.get("hint"))

    def _ask(self, workers: list[str] | None) -> tuple[dict[str, Any], dict[str, tuple[str, dict[str, str]]]]:
        """The screen's check on these workers (None: all): their answers, and those it failed on (avoided)."""
        assert self._screening is not None
        function, *arguments = remote.parcel(*self._screening)
        try:
            answers = self.client.run(function, *arguments, workers=workers, on_error="return")
        except Exception as exc:  # noqa: BLE001 - the scheduler went meanwhile
            raise self._lost(exc) from None
        self._screened.update(answers)  # (one that raised: its first file says why)
        failed: dict[str, tuple[str, dict[str, str]]] = {}
        unfit = len(self._unfit)
        for address, answer in answers.items():
            if isinstance(answer, dict) and answer.get("mismatch"):  # another pdftools: avoided, said by its files
                self._unfit[address] = f"{answer.get('worker') or address} without this pdftools"
            elif isinstance(answer, dict) and isinstance(answer.get("error"), dict):
                failed[address] = (str(answer.get("worker") or address), answer["error"])
                self._unfit[address] = f"{failed[address][0]}: {answer['error'].get('message')}"
        if len(self._unfit) != unfit:
            self._relabel()
        self._fit = self._others()
        return answers, failed

    def _lost(self, exc: BaseException | None = None) -> ClusterUnavailable:
        """The error for a cluster that cannot run the files: no scheduler any more, or no worker."""
        again = ("Files finished so far are kept (the journal has them): {{cli:start the scheduler and its workers "
                 "again and run the same command again, or leave out --cluster / PDFTOOLS_CLUSTER.}}{{mcp:whoever "
                 "runs the server starts the scheduler and its workers again (or serves without the server's "
                 "setting PDFTOOLS_CLUSTER); then call again.}}")
        if self.client.status in ("running", "connecting") and not self.client.scheduler_info().get("workers"):
            return ClusterUnavailable(f"the Dask scheduler at {self.address} has no workers (waited "
                                      f"{self.timeout or 0:g} s)",
                                      hint="{{mcp:The server's cluster (PDFTOOLS_CLUSTER) has no workers: "
                                           "whoever runs the server starts them}}{{cli:Start workers}}: `dask "
                                           f"worker {self.address}` on machines that see the files at the same "
                                           "paths. " + again)
        why = f": {exc}" if exc is not None and str(exc) else ""
        return ClusterUnavailable(f"lost the Dask scheduler at {self.address}{why}", hint=again)

    def _watch(self) -> None:
        """Now and then (every LOOK seconds): the files in flight follow the cluster's worker threads as they
        are now (workers that join get files; an adaptive cluster sees a queue to grow for); and stop when the
        scheduler has been gone, or without a worker, for the timeout (Dask would wait for ever)."""
        now = time.monotonic()
        if now - self._looked < LOOK:
            return
        self._looked = now
        threads = self._threads()
        if threads:
            self.workers, self._stalled = threads, None
            if self._rescreen and self._screening is not None:
                self._rescreen = False
                self.screen(*self._screening)
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
            raise self._lost()

    def _follow(self, now: float) -> bool:
        """A cluster named by its scheduler file whose scheduler has gone: when the file names another address
        now (the scheduler started again elsewhere: a batch system's job on another node, another port), a
        client there, within what is left of the timeout. Dask's client only tries the address it had. The
        files the old scheduler dropped are sent again (`run`); those whose rows came are done. False while the
        file names the same address (the client's own reconnection) or cannot be read (being written)."""
        if self._file is None or self.client.status == "running":
            return False
        try:
            address = _read_address(self._file)
        except (OSError, ValueError, KeyError, TypeError):
            return False
        if address == self.address:
            return False
        from distributed import Client

        left = None if self.timeout is None else self.timeout - (now - (self._stalled or now))
        if left is not None and left <= 0:
            return False
        try:  # a few seconds at a time: a cancel (Ctrl-C, a client's) is looked at in between
            client = Client(address, timeout=min(left or FOREVER, ATTEMPT), set_as_default=False)
        except Exception:  # noqa: BLE001 - not up yet (or no scheduler): looked at again, within the timeout
            return False
        old, self.client, self.address = self.client, client, address
        with contextlib.suppress(Exception):
            old.close(timeout=1)
        self._moves += 1
        self._restricted.clear()  # kept to the old cluster's workers: sent again, to this one's
        self._fit = None
        self._relabel()
        self._rescreen = self._screening is not None  # this cluster's workers, asked once they are there (`_watch`)
        return True

    def _threads(self) -> int:
        """The cluster's worker threads now; 0 when the scheduler is gone or has no worker. Counts only: a
        cluster of a thousand workers does not send each one's details."""
        if self.client.status != "running":
            return 0
        info = self.client.scheduler_info(n_workers=0)
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
                finished = as_completed(loop=self.client.loop)
            try:
                while (len(pending) < self.workers * WINDOW_PER_WORKER and self.client.status == "running"
                       and not self._rescreen):  # (a new cluster's workers not asked yet: no file before)
                    numbered = dropped.pop() if dropped else (next(source, end), 0)
                    if numbered[0] is end:
                        exhausted = True
                        break
                    function, *arguments = remote.parcel(fn, numbered[0])
                    future = self.client.submit(function, *arguments, pure=False, workers=self._fit,
                                                key=f"{getattr(fn, '__name__', 'task')}-{uuid.uuid4().hex}")
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
                if future.cancelled() or isinstance(outcome, Exception) and self.client.status != "running":
                    if drops + 1 >= ATTEMPTS:  # the scheduler went: its files were dropped, not failed
                        raise self._lost()
                    dropped.append((item, drops + 1))  # sent again once a scheduler is back (the timeout)
                    continue
                if self._unable(future, outcome) and drops + 1 < ATTEMPTS:
                    dropped.append((item, drops + 1))  # to the workers that can run it
                    continue
                yield item, outcome

    def _release(self, pending: dict[Any, Any], dropped: list[tuple[Any, int]]) -> None:
        """Files in flight kept to workers that have all gone (killed, or restarted by their nanny at another
        address) are sent again: to the workers that can run them now, or to any (the rows of those that cannot
        say why), rather than waiting for ever for a worker that went."""
        now = frozenset(self._fit or ())
        released = [future for future, kept in self._restricted.items() if not kept & now]
        for future in released:
            del self._restricted[future]
            if future in pending:
                dropped.append(pending.pop(future))
        if released:
            with contextlib.suppress(Exception):
                self.client.cancel(released, force=True)

    def _unable(self, future: Any, outcome: Any) -> bool:
        """Whether the file failed only for its worker's want (another pdftools; a program or a tesseract
        language it lacks, as a machine set up apart from the others; the files' storage, not mounted there) and
        goes to the others."""
        if isinstance(outcome, WorkerMismatch):
            return outcome.address is not None and self._avoid(outcome.address, f"{outcome.worker or outcome.address}"
                                                               " without this pdftools")
        error = getattr(outcome, "error", None)
        if not isinstance(error, dict) or error.get("code") not in LACKING:
            return False
        try:  # the worker holds the row it made: the scheduler's name for it
            (address, *_), = self.client.who_has([future]).values()
        except Exception:  # noqa: BLE001 - gone meanwhile: the row says which worker lacks what
            return False
        worker = getattr(outcome, "worker", None) or address
        why = str(error.get("message", "")).split(" on worker ")[0].removeprefix(f"worker {worker} ")
        return self._avoid(address, f"{worker}: {why}")

    def _avoid(self, address: str, said: str) -> bool:
        """Send no more files to a worker that cannot run them (it fails each at once, so it took most of a
        batch): the files go to the others only (a preference was not enough: Dask's work stealing gave an idle
        worker that cannot run them the files queued behind a busy one, again and again). Once none of the others
        is left, the files go anywhere again (`_release`): nothing waits for a worker that went. False when no
        other worker is there: the file's row says why."""
        if address not in self._unfit:
            self._unfit[address] = said
            self._relabel()
        self._fit = self._others()
        return bool(self._fit)

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

    def _others(self) -> list[str] | None:
        """The workers not known to be unfit (once a screen is made: those it passed), as they are now (None: none
        is left). Their addresses only: a cluster of a thousand workers does not send each one's details."""
        try:
            workers = self.client.nthreads()
        except Exception:  # noqa: BLE001 - the scheduler went meanwhile: the watch says so
            return None
        return [address for address in workers if address not in self._unfit and (
            self._screening is None or address in self._screened)] or None

    def _outcome(self, future: Any) -> Any:
        from distributed import KilledWorker

        try:
            outcome = future.result()
        except KilledWorker:
            return WorkerLost("the workers running it kept dying")
        except Exception as exc:  # noqa: BLE001 - the runner makes it the file's row
            return exc
        return _mismatch(outcome) if isinstance(outcome, dict) and outcome.get("mismatch") else outcome

    def close(self, kill: bool = False) -> None:
        with contextlib.suppress(Exception):
            if kill and self._pending:  # queued files never start; running ones finish into a removed staging
                self.client.cancel(list(self._pending), force=True)
            self.client.close()
