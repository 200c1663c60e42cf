"""The coordinator: hand the files to an executor, take their rows as they finish (journal, publication,
progress, stream), and on a cancel (Ctrl-C, an MCP client's cancel, a deadline) stop the workers and remove what
they had staged. Outputs already published stay whole; the journal has every one of them.

A worker leaves its whole output in the staging folder; the coordinator writes the journal line, then renames
the output into place, with Ctrl-C and SIGTERM held for those two steps: a stop never leaves a published output
the journal does not know (a re-run would do it again). A line whose output is missing (a crash between the
two) only means that file is done again: a re-run skips a file only when its output is there as it was written
(its size and time, recorded in the line: an older output left in place is not taken for it).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pdftools.batch.executors import Executor, LocalExecutor
from pdftools.batch.journal import Journal, written
from pdftools.batch.plan import FileJob
from pdftools.batch.work import BatchRow, cleanup_staging, publish, run_one
from pdftools.core import signals, task
from pdftools.core.foreign_errors import os_error
from pdftools.errors import NotShared, PdftoolsError, WorkerLost, verbatim


class Meter:
    """Files and pages per second, and the time left, as the progress message. A document cut into parts
    (`--pages-per-task`) counts its parts: one file of hours said `0/1 files` until it was done."""

    def __init__(self, total: int) -> None:
        self.total, self.done, self.pages, self.started = total, 0, 0, time.monotonic()
        self.cut = self.cut_done = self.parts = self.parts_done = 0  # documents cut, their parts
        task.progress(0, total, f"0/{total} files")  # started: no rate or time left to tell yet

    def cutting(self, parts: int) -> None:
        """A document is cut into `parts`, each a step."""
        self.cut, self.parts = self.cut + 1, self.parts + parts
        self._report(rated=self.done + self.parts_done > 0)

    def add_part(self, row: BatchRow) -> None:
        self.parts_done += 1
        self.pages += row.pages
        self._report()

    def add(self, row: BatchRow, cut: bool = False) -> None:
        self.done += 1
        self.cut_done += cut
        self.pages += 0 if cut else row.pages  # (a cut document's pages came with its parts)
        self._report()

    def _report(self, rated: bool = True) -> None:
        steps, done = self.total - self.cut + self.parts, self.done - self.cut_done + self.parts_done
        task.progress(done, steps, self.message(done, steps) if rated else self._counts())

    def _counts(self) -> str:
        return f"{self.done}/{self.total} files" + (f" ({self.parts_done}/{self.parts} parts)" if self.parts else "")

    def message(self, done: int, steps: int) -> str:
        """Counts, rates and the time left, from the `done` of `steps` (files, or a cut document's parts)."""
        elapsed = max(time.monotonic() - self.started, 1e-6)
        rate = done / elapsed
        left = (steps - done) / rate if rate else 0
        return (f"{self._counts()}, {self.done / elapsed:.1f} files/s, {self.pages / elapsed:.1f} pages/s, "
                f"ETA {_clock(left)}")


def _clock(seconds: float) -> str:
    whole = int(seconds + 0.5)
    return f"{whole // 3600}:{whole // 60 % 60:02}:{whole % 60:02}"


def for_batch(jobs: int | None, cluster: str | None) -> Executor:
    """The engine a batch asked for: a cluster when one is named, else local processes."""
    if cluster:
        from pdftools.batch.cluster import DaskExecutor  # Dask only then

        return DaskExecutor(cluster)
    return LocalExecutor(jobs or os.cpu_count() or 1)


def row_of(job: FileJob, outcome: Any) -> BatchRow:
    """A worker's row, or the row for a file whose worker failed around it (lost, cancelled...). A cluster's
    output that is not where this machine looks was written on storage it does not share: not done."""
    if isinstance(outcome, BatchRow):
        if job.remote and outcome.status == "ok" and not os.path.exists(outcome.staged or job.target):
            outcome.status, outcome.output, outcome.staged = "failed", None, None
            outcome.error = NotShared(f"worker {outcome.worker} wrote {verbatim(job.target)} where this machine "
                                      "cannot see it").to_dict()
        return outcome
    error = outcome if isinstance(outcome, PdftoolsError) else WorkerLost(f"{type(outcome).__name__}: {outcome}")
    return BatchRow(input=job.input, status="failed", error=error.to_dict(), key=job.key,
                    worker=getattr(outcome, "worker", None))  # a worker that could not run it (WORKER_MISMATCH)


def execute(executor: Executor, jobs: list[FileJob], journal: Journal, staging: Path,
            deliver: Callable[[BatchRow], None], assembler: Any = None, sender: Any = None) -> None:
    """Run every job; `deliver` gets each file's row as it finishes. A cut document's parts go through
    `assembler`, which gives the file's row once its last part is in; with `sender` (`--send-files`) each goes
    to its worker with its files, and its output comes back into the staging folder."""
    meter = Meter(len(jobs))
    if assembler is not None:
        assembler.on_cut = meter.cutting
    units = assembler.units(jobs) if assembler is not None else jobs
    current = task.current()
    try:
        ran = executor.run(run_one, units, current.check) if sender is None else sender.run(executor, units,
                                                                                             current.check)
        for job, outcome in ran:
            row = row_of(job, outcome)
            whole = assembler is not None and job.pages is not None
            if whole:
                _publish(row)  # a part, into the parts folder: no journal line
                meter.add_part(row)
                row = assembler.collect(job, row)
                if row is None:
                    continue
            if row.status == "ok":
                with signals.held():  # the journal line and the rename are one step
                    journal.record({"key": row.key, "input": row.input, "output": row.output, "status": "ok",
                                    "pages": row.pages, "seconds": row.seconds, "worker": row.worker,
                                    **({"warnings": row.warnings} if row.warnings else {}),
                                    "written": written(Path(row.staged)) if row.staged else None})
                    _publish(row)
            meter.add(row, cut=whole)
            deliver(row)
    except BaseException:
        executor.close(kill=True)  # stop the files still running: nothing of theirs is published
        raise
    finally:
        journal.close()
        cleanup_staging(staging)
        if assembler is not None:
            assembler.cleanup()
    executor.close()


def _publish(row: BatchRow) -> None:
    """Rename a row's staged output into place; a rename that fails (permissions, a full disk) fails the row."""
    if row.staged is None or row.output is None:
        return
    staged, row.staged = row.staged, None
    try:
        publish(Path(staged), Path(row.output))
    except OSError as exc:
        row.status, row.output = "failed", None
        row.error = os_error(exc, f"writing the output of {verbatim(row.input)}").to_dict()


