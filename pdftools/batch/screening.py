"""Asking every worker of a batch's cluster before any file, and avoiding those that cannot run the files.

What an op checks before any file (ocr's tesseract languages) is asked of every worker first (`Screening.screen`),
and of each worker that joins later before it gets a file; a worker with another pdftools (`remote` checks it),
or one that lacks a program, a language or the files' storage, is avoided once it says so or fails a file
(`Screening._unable`), and the summary names it and why. A part of `cluster.DaskExecutor`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pdftools.batch import remote
from pdftools.errors import (
    ClusterUnavailable,
    DependencyMissing,
    NotShared,
    OcrLanguageMissing,
    WorkerMismatch,
)

LACKING = (DependencyMissing.code, OcrLanguageMissing.code,  # a file's row that says its worker lacks a program,
           NotShared.code)  # or the shared storage (a mount that failed on that machine)


def mismatch(found: dict[str, Any]) -> WorkerMismatch:
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



class Screening:
    """The part of `cluster.DaskExecutor` that asks its workers first and keeps the files from unfit ones."""

    client: Any
    _screening: tuple[Callable[[Any], Any], Any] | None
    _screened: set[str]
    _rescreen: bool
    _unfit: dict[str, str]
    _fit: list[str] | None

    def _lost(self, exc: BaseException | None = None, *, waited: bool = False) -> ClusterUnavailable:
        raise NotImplementedError  # the executor's

    def _relabel(self) -> None:
        raise NotImplementedError  # the executor's

    def _anew(self) -> None:
        """The scheduler went (its files cancelled, the client reconnecting, another one answering, or one its
        file names elsewhere followed: `Following._follow`): the workers there when it is back are asked before
        any file, all of them (one back at the same address may be another machine), and the files wait for one
        that can (`DaskExecutor._rescreened`). A look alone missed it when the batch was busy meanwhile (then the
        files went to the first worker back, which could not run them)."""
        if self._screening is not None:
            self._rescreen = True
            self._screened.clear()

    def screen(self, check: Callable[[Any], Any], item: Any, waited: float | None = None) -> None:
        """Before any file: `check(item)` on every worker (sent as a file's work is: a worker with another
        pdftools says so), which answers None or its `host:pid` and an error (`work.check_here`: the op's check
        of what the machine that runs it must have, ocr's tesseract languages). Workers it fails on get no file:
        they are avoided, and the summary names them and why. When it fails on every worker, its error, once,
        before any file, as on this machine. From then on the files go only to workers asked: one that joins
        later is asked at the next look (`_watch`) before it gets any (it took queued files at once, and failed the
        first); one that fails a file all the same (its machine changed) is avoided then (`_unable`). `waited`:
        the seconds a batch waited after a reconnection for a worker that can (`DaskExecutor._rescreened`)."""
        self._screening = (check, item)
        answers, failed = self._ask(None)
        if failed and self._fit is None:  # no worker can run a file: the error, once
            from pdftools.errors import PdftoolsError, all_errors

            (worker, error), *_ = failed.values()
            kind = next((c for c in all_errors() if c.code == error.get("code")), PdftoolsError)
            since = "" if waited is None else f" (waited {waited:g} s for one that can since the scheduler went)"
            if len(answers) == 1:  # as a file's row says it
                raise kind(f"{error.get('message')} on worker {worker}{since}", hint=error.get("hint"))
            said = [f"{w}: {e.get('message')}" for w, e in list(failed.values())[:3]]  # each its own (installed: ...)
            more = len(failed) - len(said)
            raise kind(f"none of the cluster's {len(answers)} workers can run it: {'; '.join(said)}"
                       + f"; and {more} more" * bool(more) + since, hint=error.get("hint"))

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

    def _others(self) -> list[str] | None:
        """The workers not known to be unfit (once a screen is made: those it passed), as they are now (None: none
        is left). Their addresses only: a cluster of a thousand workers does not send each one's details."""
        try:
            workers = self.client.nthreads()
        except Exception:  # noqa: BLE001 - the scheduler went meanwhile: the watch says so
            return None
        return [address for address in workers if address not in self._unfit and (
            self._screening is None or address in self._screened)] or None

