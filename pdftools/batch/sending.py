"""`batch --send-files`: a cluster whose workers share no storage with the machine that runs the batch.

Each file's task goes with the input's bytes and those of every file an option names (a stamp's PDF, a style sheet:
any option value that names a file here, `stamp.pdf:2` too), sent as data beside the task (`Parcel.carry`), never
inside it: the scheduler passes such data on as it came, where a task's arguments it unpickles, holds and pickles
again (three times the CPU: benchmarks/send_files.py). The data lives on the worker until the file's row is in; a
worker killed meanwhile takes it along, and the file is sent again (`cluster`). The worker writes the files into a
temporary folder of its own and runs the command there (`Copies`: each path, as named, is the worker's copy), then
returns its output's bytes with the row; this machine writes them into the staging folder, and the runner journals
and publishes them as a shared worker's (each output written once, renamed into place whole). The worker's folder is
removed whatever happens (and, by the next file, one that a worker killed mid-file left). Each file sent, and each
output returned, holds at most PDFTOOLS_MAX_SEND_BYTES (it travels whole, through the scheduler, which is all this
machine is known to reach: the workers may be behind it, as a tunnel to its port has them): over it, the file's row
says TOO_LARGE_TO_SEND and nothing is sent.

Memory: a file is read when the executor sends it, and the executor keeps 4 files in flight per worker thread, so
the batch never holds more than that window (and the files options name, read once). With the option every file
travels, also to a worker that could read it: one rule, no guessing which worker sees what.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pdftools.batch.copies import Copies
from pdftools.batch.plan import SECRETS, FileJob
from pdftools.batch.work import BatchRow
from pdftools.core import limits, paths
from pdftools.core.foreign_errors import os_error
from pdftools.errors import PdftoolsError, TooLargeToSend, verbatim

PREFIX = "pdftools-sent-"  # the worker's temporary folders


@dataclass(frozen=True)
class Parcel:
    """A file's work with the files it reads: each path as the batch names it -> its bytes."""

    job: FileJob
    files: dict[str, bytes]
    limit: float | None  # this machine's PDFTOOLS_MAX_SEND_BYTES: outputs coming back are held to it too

    def carry(self) -> tuple[Parcel, dict[str, bytes]]:
        """The parcel without its files' bytes, and the bytes: the executor sends them to the worker as data
        beside the task (`cluster.DaskExecutor._submit`), not inside it, which the scheduler would unpickle, hold
        and pickle again (three times the CPU for a file's bytes: benchmarks/send_files.py)."""
        return replace(self, files={}), self.files


@dataclass
class Returned:
    """A worker's row, and its output's bytes: a file's, or a folder's (each file's path in it -> its bytes)."""

    row: BatchRow
    output: bytes | dict[str, bytes] | None = None


def _too_large(what: str, size: int, limit: float) -> TooLargeToSend:
    return TooLargeToSend(f"{what} has {size:,} bytes to send (limit: {limit:,.0f} bytes, set by "
                          f"{limits.SEND_BYTES.env})")


class Sender:
    """This machine's side: parcels made as the executor asks for them, outputs written as they come back."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.limit = limits.SEND_BYTES.value()
        self.named = self._named(options)  # read once, before any file: one too large refuses the batch
        self.refused: list[tuple[FileJob, BatchRow]] = []

    def _named(self, options: dict[str, Any]) -> dict[str, bytes]:
        """The files the options name (their values that name a file here, `stamp.pdf:2` and `fonts.ttc#1` too),
        as named."""
        found: dict[str, bytes] = {}
        for name, value in options.items():
            for text in value if isinstance(value, list) else [value]:
                if name in SECRETS or not isinstance(text, str):
                    continue
                for raw in {text, text.rsplit(":", 1)[0], text.rsplit("#", 1)[0]} - {"", "-"}:
                    path = _file_here(raw)
                    if path is None:
                        continue
                    size = path.stat().st_size
                    if self.limit is not None and size > self.limit:
                        raise _too_large(f"{raw} (the option {name})", size, self.limit)
                    try:
                        found[raw] = path.read_bytes()
                    except OSError as exc:  # (there, but not readable: said, not a bug of pdftools)
                        raise os_error(exc, f"cannot read {verbatim(raw)} (the option {verbatim(name)})") from None
        return found

    def run(self, executor: Any, jobs: Iterable[FileJob],
            check: Callable[[], None]) -> Iterator[tuple[FileJob, Any]]:
        """`executor.run` of the jobs sent with their files: each job and its row (outputs written into its
        staging folder) or what failed around it; a file too large to send has its row here, never sent."""
        for parcel, outcome in executor.run(run_sent, self._parcels(jobs), check):
            yield from self._drain()
            yield parcel.job, self._receive(parcel.job, outcome) if isinstance(outcome, Returned) else outcome
        yield from self._drain()

    def _drain(self) -> Iterator[tuple[FileJob, BatchRow]]:
        while self.refused:
            yield self.refused.pop(0)

    def _parcels(self, jobs: Iterable[FileJob]) -> Iterator[Parcel]:
        for job in jobs:
            try:
                size = os.stat(job.input).st_size
                if self.limit is not None and size > self.limit:
                    raise _too_large(job.input, size, self.limit)
                data = Path(job.input).read_bytes()
            except PdftoolsError as exc:
                self._refuse(job, exc)
                continue
            except OSError as exc:
                self._refuse(job, os_error(exc, f"cannot read {verbatim(job.input)}"))
                continue
            yield Parcel(job, {**self.named, job.input: data}, self.limit)

    def _refuse(self, job: FileJob, exc: PdftoolsError) -> None:
        self.refused.append((job, BatchRow(input=job.input, status="failed", key=job.key,
                                           error=exc.to_dict())))

    def _receive(self, job: FileJob, returned: Returned) -> BatchRow:
        """The worker's output, written into this machine's staging folder (the runner publishes it)."""
        row = returned.row
        if row.status != "ok" or returned.output is None:
            return row
        made = Path(job.staging) / f"sent-{uuid.uuid4().hex[:12]}-{Path(job.target).name}"
        try:
            made.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(returned.output, bytes):
                made.write_bytes(returned.output)
            else:
                made.mkdir()
                for name, data in returned.output.items():
                    (made / name).parent.mkdir(parents=True, exist_ok=True)
                    (made / name).write_bytes(data)
        except OSError as exc:
            shutil.rmtree(made, ignore_errors=True) if made.is_dir() else made.unlink(missing_ok=True)
            row.status, row.output = "failed", None
            row.error = os_error(exc, f"writing the output of {verbatim(row.input)}").to_dict()
            return row
        row.staged = str(made)
        return row


def _file_here(raw: str) -> Path | None:
    """The regular file `raw` names on this machine, through the batch's path policy; None if it names none."""
    try:
        path = paths.policy().folder(raw)
        return path if stat.S_ISREG(path.stat().st_mode) else None
    except (PdftoolsError, OSError, ValueError):
        return None


def run_sent(parcel: Parcel, files: dict[str, bytes] | None = None) -> Returned:
    """On the worker: the files (`files`, sent beside the task: see `Parcel.carry`; else the parcel's own) written
    into a temporary folder of its own, the command run on them there, its output read back; the folder removed
    whatever happens."""
    from pdftools.batch import remote, work

    remote.scratch(PREFIX)  # (the folder below is made in this process's)
    folder = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{socket.gethostname()}-{os.getpid()}-"))
    staging = str(folder / "staging")
    try:
        copies = {}
        for number, (raw, data) in enumerate((parcel.files if files is None else files).items()):
            copy = folder / "in" / str(number) / (Path(raw).name or "file")
            copy.parent.mkdir(parents=True)
            copy.write_bytes(data)
            copies[raw] = str(copy)
        job = replace(parcel.job, staging=staging, sent=copies)
        row = work.run_one(job)
        if row.error is not None:
            row.error = Copies(None, copies).public(row.error)
        row.warnings = Copies(None, copies).public(row.warnings)  # (as its error: the files as the batch named them)
        returned = Returned(row)
        if row.status == "ok" and row.staged is not None:
            try:
                returned.output = _read(Path(row.staged), parcel.limit, job)
            except TooLargeToSend as exc:
                row.status, row.output = "failed", None
                row.error = exc.to_dict()
        row.staged = None
        return returned
    finally:
        work.forget_stage(staging)
        shutil.rmtree(folder, ignore_errors=True)


def _read(made: Path, limit: float | None, job: FileJob) -> bytes | dict[str, bytes]:
    """The output's bytes (a folder's files by their paths in it), held to `limit` in all."""
    files = [made] if made.is_file() else sorted(p for p in made.rglob("*") if p.is_file())
    size = sum(p.stat().st_size for p in files)
    if limit is not None and size > limit:
        raise _too_large(f"the output of {job.input}", size, limit)
    if made.is_file():
        return made.read_bytes()
    return {p.relative_to(made).as_posix(): p.read_bytes() for p in files}
