"""What a worker runs for one file (in a local process or on a Dask worker): the op, its output written into
a staging folder; the coordinator renames it into place (`publish`) once the journal has its line. A failure is
a row, never an exception: one bad file never stops a batch. Nothing here prints; a worker killed half-way
leaves only its staging folder, which the coordinator removes."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pdftools.batch.journal import LOCK
from pdftools.batch.plan import FileJob
from pdftools.core import paths, policies, results, task
from pdftools.core.foreign_errors import os_error, unexpected
from pdftools.errors import (
    DependencyMissing,
    FileNotFound,
    Interrupted,
    NotShared,
    NotSmaller,
    OcrLanguageMissing,
    PdftoolsError,
    verbatim,
)


@dataclass
class BatchRow:
    """One input's outcome: a line of `--json` as it finishes."""

    __pydantic_config__ = {"use_attribute_docstrings": True}
    input: str
    status: str
    """ok, failed, or skipped (done by an earlier run with the same input and options)."""
    output: str | None = None
    """The file or folder written."""
    pages: int = 0
    """Pages the command went through (a convert's: its PDF's, read or written; 0 between text formats)."""
    seconds: float = 0.0
    worker: str | None = None
    """Which machine and process did it (`host:pid`)."""
    error: dict[str, str] | None = None
    """{code, message, hint} when it failed."""
    warnings: list[str] = field(default_factory=list)
    """Where the command did less than or other than asked (nothing matched, a file not encrypted), as it warns."""
    key: str = field(default="", repr=False)
    """The journal's key: the input's content hash and the options."""
    staged: str | None = field(default=None, repr=False, metadata={"omit": None})
    """Where the worker left the whole output, until the coordinator publishes it (then None: never shown)."""


NOT_SEEN = ("Check the path: every worker must see the file at the same path as {{cli:this machine (a relative one "
            "starts in the folder the batch runs in)}}{{mcp:the server}}.")


def run_one(job: FileJob) -> BatchRow:
    """Run `job`; return its row (ok or failed)."""
    from pdftools.ops import get

    started = time.monotonic()
    worker = f"{socket.gethostname()}:{os.getpid()}"
    row = BatchRow(input=job.input, status="failed", worker=worker, key=job.key)
    made: Path | None = None
    try:
        if job.remote:  # a Dask worker's: in a temporary folder of its process (see `remote.scratch`); one that
            from pdftools.batch import remote  # cannot be made (a full disk) is this file's row, not a failed task

            remote.scratch()
        _visible(job, worker)
        made = _stage(job.staging) / f"{uuid.uuid4().hex[:12]}-{Path(job.target).name}"
        policy: Any = (policies.RootsPolicy([Path(r) for r in job.roots]) if job.roots
                       else policies.LocalPolicy(job.folder))
        if job.sent is not None:  # sent with its task (`sending`): each path as named is the worker's copy
            from pdftools.batch.copies import Copies

            policy = Copies(policy, job.sent)
        mine = task.Task()
        with paths.using(policy), task.running(mine), _reproducible(), _dropped(job, mine):
            fn = get(job.command).load()
            arguments = _arguments(job, made)
            try:
                result = fn(**arguments)
            except NotSmaller as exc:  # compress: as ocr of a PDF with text, the output folder holds every file
                if job.kind != "file":
                    raise
                shutil.copyfile(_input_file(job), made)
                result = _AsItIs([f"{exc.message.removesuffix('; nothing was written')}: copied as it is"],
                                 _page_count(made, arguments.get("password")))
            _write_result(job, result, made)
            _pass_through(job, result, made)
        row.pages = pages_of(result, made, arguments.get("password"))
        row.warnings = warnings_of(result, job)
        row.status, row.output, row.staged = "ok", job.target, str(made)
    except PdftoolsError as exc:
        from pdftools.document.recovery import true_hint

        if job.remote and isinstance(exc, (DependencyMissing, OcrLanguageMissing, FileNotFound)):
            exc.message += f" on worker {worker}"  # a cluster's workers are other machines: which one lacks it
        true_hint(exc)  # DAMAGED_PDF names `repair` only when a repair recovers something (its file is here)
        error = exc.to_dict()
        if job.remote and isinstance(exc, FileNotFound):  # a file an option names (the input's check is above)
            error["hint"] = NOT_SEEN
        row.error = error  # (its words are said where the row is delivered: `named_error`)
    except OSError as exc:
        row.error = os_error(exc, f"writing the output of {verbatim(job.input)}").to_dict()
    except Exception as exc:  # a bug on one file must not stop the batch: it is that file's row
        row.error = unexpected(exc).to_dict()
    finally:
        if row.status != "ok" and made is not None:  # what a failed op left in the staging folder
            _remove(made)
    row.seconds = round(time.monotonic() - started, 3)
    return row


@dataclass
class _AsItIs:
    """A file's result where the op had nothing to make smaller (compress): its input is its output."""

    warnings: list[str]
    pages: int


def warnings_of(result: Any, job: FileJob) -> list[str]:
    """The op's warnings for one file: its result's `warnings` and its `shortfalls`, named as `named_error`
    names an error's words (the option as the batch takes it, the front end's text)."""
    own = getattr(result, "warnings", None)
    said = [w for w in own if isinstance(w, str)] if isinstance(own, list) else []
    front = "cli" if job.roots is None else "mcp"
    return [named_error({"warning": text}, job.command, front)["warning"]
            for text in [*said, *results.shortfalls(result)]]


def check_here(asked: tuple[str, dict[str, Any]]) -> dict[str, Any] | None:
    """On a cluster's worker, before the batch sends it any file: the command's check of what the machine that
    runs it must have (the op module's `check_here`: ocr's tesseract languages), with the options chosen. None
    when it passes (or the command has none); else this worker (`host:pid`) and the error, as a dict."""
    import inspect

    from pdftools.ops import get

    command, options = asked
    fn = get(command).load()
    check = getattr(inspect.getmodule(fn), "check_here", None)
    if check is None:
        return None
    params = inspect.signature(fn).parameters
    try:
        check(**{n: options.get(n, params[n].default) for n in inspect.signature(check).parameters})
    except PdftoolsError as exc:  # an option's {{name}} as the batch takes it (as op.py's checks say it here)
        error = exc.to_dict()
        error["message"] = re.sub(r"\{\{(\w+)\}\}", r"\1", error["message"])
        error["hint"] = re.sub(r"\{\{(\w+)\}\}", r"the option \1", error["hint"])
        return {"worker": f"{socket.gethostname()}:{os.getpid()}", "error": error}
    return None


def _visible(job: FileJob, worker: str) -> None:
    """On a cluster, before any work: this worker sees the input, and the output folder the batch holds (its
    lock file is there while the batch runs). A worker on a machine where the folders are not shared would
    read nothing, or write where the batch never looks. (Files sent with the task: the worker's own copies.)"""
    if not job.remote or job.sent is not None:
        return
    if not os.path.exists(job.input):
        raise NotShared(f"worker {worker} cannot see {job.input}")
    folder = Path(job.staging).parent
    if not (folder / LOCK).exists():
        raise NotShared(f"worker {worker} cannot see the output folder {folder}: what it finds at that path is "
                        "not this batch's folder")


def named_error(error: dict[str, str], command: str, front: str) -> dict[str, str]:
    """The op's `{{name}}` references as a batch's options name them: the parameter's own name; and the text of
    the `front` end that runs the batch (`mcp` for a batch confined to roots: over MCP a relative path starts at
    the first root, a password is an argument, not a file or a terminal's prompt). Once, where the row is
    delivered (`op._run`): the words are then all data, a file name in them never read as a marker."""
    import inspect

    from pdftools.core.params import name_parameters
    from pdftools.ops import get

    op = get(command)
    known = inspect.signature(op.load()).parameters
    generic = ("`pdftools <command> --help` lists them", f"`pdftools {op.name} --help` lists them (give them with "
               "--set)" if front == "cli" else f"`{op.tool}`'s input schema lists them (give them in options)")
    return {key: name_parameters(value, str, known, front).replace(*generic) if isinstance(value, str) else value
            for key, value in error.items()}


def _dropped(job: FileJob, mine: task.Task) -> contextlib.AbstractContextManager[None]:
    """On a cluster: the file's programs stopped once the batch no longer wants it (see `remote`)."""
    if not job.remote:
        return contextlib.nullcontext()
    from pdftools.batch import remote

    return remote.stopped_when_dropped(lambda: mine.cancel(Interrupted("the batch no longer wants this file")))


@contextlib.contextmanager
def _reproducible() -> Iterator[None]:
    from pdftools.core.pdf import reproducible

    token = reproducible.set(True)
    try:
        yield
    finally:
        reproducible.reset(token)


_stages: dict[str, Path] = {}
_folders: set[Path] = set()  # output folders this process has made or seen


def _stage(staging: str) -> Path:
    """This process's own folder in the batch's staging folder (made once: a folder per file would cost two
    more file-system calls per file, as much as a small file's whole work on slow storage)."""
    folder = _stages.get(staging)
    if folder is None or not folder.is_dir():
        folder = Path(staging) / f"{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        folder.mkdir(parents=True)
        _stages[staging] = folder
    return folder


def forget_stage(staging: str) -> None:
    """The folder `_stage` made in `staging` is gone with it (a worker's temporary folder, `sending`)."""
    _stages.pop(staging, None)


def _arguments(job: FileJob, made: Path) -> dict[str, Any]:
    kwargs = {**job.options, "input": job.input}
    if isinstance(kwargs.get("password"), list):  # several: the file's own, for a command that takes one
        from pdftools.core.passwords import key_for

        kwargs["password"] = key_for(_input_file(job), kwargs["password"])
    if job.kind == "file":
        kwargs["output"] = str(made)
    elif job.kind == "folder":
        made.mkdir()
        kwargs["out_dir"] = str(made)
    return kwargs


def _write_result(job: FileJob, result: Any, made: Path) -> None:
    """Read-only commands: the result is the output (text as pdftotext writes it, else JSON)."""
    if job.kind == "text":
        source = result.text if getattr(result, "text", None) is not None else result
        made.write_text("".join(page.text + "\f" for page in source.pages), encoding="utf-8")
    elif job.kind == "json":  # (files sent with the task: named as on the machine that sent them)
        shown = paths.policy().public(result) if job.sent is not None else result  # type: ignore[union-attr]
        made.write_text(results.to_json(shown, indent=1) + "\n", encoding="utf-8")


def _pass_through(job: FileJob, result: Any, made: Path) -> None:
    """OCR of a PDF whose pages all have text writes nothing: in a batch its output is the input as it is
    (already searchable), as OCRmyPDF's --skip-text gives it, so that the output folder holds every file."""
    if job.kind == "file" and getattr(result, "already_text", False) and not made.exists():
        shutil.copyfile(_input_file(job), made)


def _input_file(job: FileJob) -> Path:
    """Where the input is read: its path, or the worker's copy of a file sent with its task."""
    return Path(job.sent.get(job.input, job.input) if job.sent is not None else job.input)


def publish(made: Path, target: Path) -> None:
    """Rename the whole output into place (the same file system: an atomic step for a file; a folder
    replaces an older one of the same name)."""
    if target.parent not in _folders:
        target.parent.mkdir(parents=True, exist_ok=True)
        _folders.add(target.parent)
    old = None
    if made.is_dir() and target.exists():
        old = made.with_name(made.name + ".old")
        os.replace(target, old)
    try:
        os.replace(made, target)
    except FileNotFoundError:  # the output folder went away since this (long-lived) worker made it
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(made, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def pages_of(result: Any, made: Path | None = None, password: str | None = None) -> int:
    """Pages the op went through, from its result (for pages per second). A convert's are its PDF's, written
    (`made`) or read; none between text formats (its `images` are the pictures it embedded, not pages)."""
    if isinstance(getattr(result, "to_format", None), str):
        pdf = made if result.to_format == "pdf" else result.input if result.from_format == "pdf" else None
        return _page_count(Path(pdf), password) if pdf else 0
    for name in ("page_count", "pages"):
        value = getattr(result, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    text = getattr(result, "text", None)
    if text is not None and hasattr(text, "page_count"):
        return int(text.page_count)
    ocred = getattr(result, "pages_ocred", None)
    if isinstance(ocred, list):
        return len(ocred) + len(getattr(result, "pages_skipped", []))
    listed = getattr(result, "pages", None) or getattr(result, "images", None)
    return len(listed) if isinstance(listed, list) else 0


def _page_count(path: Path, password: str | None) -> int:
    """The pages of a PDF the op has just read or written (0 if it cannot be opened: the count is only a
    figure, never a reason to fail a file that was converted)."""
    import pikepdf

    try:
        with pikepdf.open(path, password=password or "") as pdf:
            return len(pdf.pages)
    except (pikepdf.PdfError, OSError):
        return 0


def cleanup_staging(staging: Path) -> None:
    with contextlib.suppress(OSError):
        shutil.rmtree(staging)
