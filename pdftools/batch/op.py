"""Run one command over many files, on local processes or a Dask cluster; resumable.

Inputs: files, globs, folders ({{recursive}} for subfolders), `@list.txt`. Outputs mirror them under
{{out_dir}}, named by {{name}} (`{stem}`, `{name}`, `{ext}`): PDFs, folders (thumbnails, images), or
`.txt`/`.json` for commands that only read. The command's own options go in {{options}} (angle=90). One row per file; a
failed file never stops the batch; a re-run skips files done with the same content and options (a journal in
the output folder).

{{mcp:A failed file never stops the batch; a re-run skips the files done.}}
"""

from __future__ import annotations

import inspect
import os
import re
import signal
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pdftools.batch import inputs as batch_inputs
from pdftools.batch import plan
from pdftools.batch.journal import STAGING, Journal, locked
from pdftools.batch.options import cli_defaults, parse_options
from pdftools.batch.work import BatchRow, named_error
from pdftools.core import paths, policies, task
from pdftools.core.foreign_errors import os_error
from pdftools.core.params import Cli, Mcp, Param, Passwords
from pdftools.errors import BatchFailed, BatchPartial, HungUp, Interrupted, InvalidArgument, Terminated, verbatim


@dataclass
class BatchResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}
    command: str
    out_dir: str
    engine: str
    """Where the files ran: local processes, or the cluster's address and workers."""
    total: int
    """Files in the batch (`files` is the name HTTP gives the stored files a tool made)."""
    succeeded: int
    failed: int
    skipped: int
    """Done by an earlier run with the same content and options (the journal)."""
    pages: int
    seconds: float
    rows: list[BatchRow] = field(default_factory=list)
    """One per file (with --json at a shell they stream as JSON Lines instead)."""
    rows_streamed: bool = False
    """True when --json streamed the rows as JSON Lines (then `rows` is empty)."""
    rows_omitted: int = 0
    """Rows left out of `rows` (over MCP a big batch lists its failed rows first, then the others up to a cap)."""
    table_hidden: ClassVar = ("rows_streamed", "rows_omitted")  # how rows were delivered: nothing a person reads
    cli_only: ClassVar = ("rows_streamed",)  # nor an agent: over MCP the rows are always in `rows`

    def reword_errors(self, reword: Callable[[str, str], str]) -> None:
        """The failed rows' messages and hints in a front end's terms (`reword(text, command)`): over MCP,
        `pdftools check FILE` is the tool `pdf_check`. Each row's words are said already (`work.named_error`, when
        the row was delivered): all data now, so no file name in them is read as a marker (`verbatim`)."""
        for row in self.rows:
            if row.error:
                row.error = {k: reword(verbatim(v), self.command) if k in ("message", "hint") else v
                             for k, v in row.error.items()}

    def cap_rows(self, most: int) -> None:
        """Keep at most `most` rows, the failed first (what a reader must act on), each group in its order."""
        ordered = sorted(self.rows, key=lambda row: row.status != "failed")
        self.rows, self.rows_omitted = ordered[:most], self.rows_omitted + max(0, len(ordered) - most)

    @property
    def exit_code(self) -> int:
        if self.failed == 0:
            return 0
        return BatchFailed.exit_code if self.succeeded + self.skipped == 0 else BatchPartial.exit_code


def batch(
    command: Annotated[str, Param("Command to run on every file{{cli:: ocr, text, info, compress, rotate, stamp...}}"
                                  "{{mcp: (text: pdf_extract_text)}}"),
                       Cli(argument=True, metavar="COMMAND", complete=plan.commands),
                       Mcp(annotation=Literal[tuple(plan.commands())])],  # an agent sees the choices
    inputs: Annotated[list[str], Param("Files, globs, folders or @list.txt (one path a line)", min_length=1),
                      Cli(argument=True, metavar="INPUT...")],
    out_dir: Annotated[str, Param("Folder for the outputs (made if missing), mirroring the inputs' folders"),
                       Cli("-d", "--out-dir")],
    options: Annotated[list[str] | None, Param("{{cli:The command's options as key=value (repeatable): angle=90}}"
                                                     '{{mcp:Its tool\'s arguments: {"angle": 90}; for a PDF written '
                                                     'also linearize, object_streams}}'),
                       Cli("--set", metavar="KEY=VALUE"), Mcp(annotation=dict[str, Any] | None)] = None,
    name: Annotated[str | None, Param("Output name: {stem}, {name}, {ext}; the output's extension added when it "
                                      "has none (default: {stem})"),
                    Cli(metavar="PATTERN")] = None,
    recursive: Annotated[bool, Param("Folders: take the files in their subfolders too"), Cli("-r", "--recursive")]
    = False,
    jobs: Annotated[int | None, Param("Local processes at once (default: one per CPU)", ge=1, le=512),
                    Cli("-j", "--jobs")] = None,
    cluster: Annotated[str | None, Param("Dask scheduler to run on (tcp://HOST:8786, or the file `dask scheduler "
                                         "--scheduler-file` wrote); needs pdftools[cluster]"),
                       Cli(envvar="PDFTOOLS_CLUSTER", metavar="URL"), Mcp(hidden=True)] = None,
    send_files: Annotated[bool, Param("{{cli:Cluster whose workers share no storage with this machine: each file "
                                      "sent with its task, its outputs sent back (at most PDFTOOLS_MAX_SEND_BYTES a "
                                      "file, default 100M)}}{{mcp:The cluster's workers share no storage: send them "
                                      "the files}}")] = False,
    pages_per_task: Annotated[int | None, Param("ocr: split longer documents into parts of this many pages, "
                                                "one task each", ge=1)] = None,
    password: Passwords = None,
) -> BatchResult:
    op = plan.command_op(command)
    fn = op.load()
    chosen = _options(fn, options, password, op.name)
    kind = plan.kind_of(op.name, fn, chosen)
    pattern = plan.name_pattern(name, plan.default_name(op.name, kind, chosen))
    if pages_per_task is not None and (op.name != "ocr" or kind != "file"):
        raise InvalidArgument("{{pages_per_task}} cuts documents for ocr's searchable PDFs only")
    cluster = cluster or os.environ.get("PDFTOOLS_CLUSTER") or None  # over MCP: the server's setting only
    if cluster and jobs is not None:
        raise InvalidArgument("{{jobs}} counts this machine's processes; on a cluster each worker's threads decide "
                              "how many files run at once",
                              hint="{{cli:Leave out --jobs (the workers' `dask worker --nthreads` decide), or run on "
                                   "this machine: without --cluster, and PDFTOOLS_CLUSTER= if it is set.}}{{mcp:Call "
                                   "again and leave out jobs: the server runs batches on its cluster (its setting "
                                   "PDFTOOLS_CLUSTER), whose workers' nthreads decide.}}")
    if send_files and not cluster:
        raise InvalidArgument("{{send_files}} sends the files to a cluster's workers, and no cluster is named",
                              hint="{{cli:Name the cluster (--cluster tcp://HOST:8786 or PDFTOOLS_CLUSTER), or leave "
                                   "out --send-files: this machine reads the files itself.}}{{mcp:The server runs "
                                   "batches on its own machine (its setting PDFTOOLS_CLUSTER is unset): call again "
                                   "without send_files.}}")
    if not cluster:  # what this machine must have (its programs' languages...): here, it runs every file (on a
        # cluster: what each worker's machine has, asked of the workers before any file, see `_run`)
        _check(fn, "check_here", chosen)
    folder, made = _out_folder(out_dir)
    try:
        sources = batch_inputs.gather(inputs, recursive=recursive, suffixes=plan.suffixes_for(op.name), skip=folder)
        targets = [plan.target_of(folder, s, pattern) for s in sources]
        plan.check_targets(sources, targets)
        with locked(folder):
            result = _run(op.name, kind, chosen, pattern, list(zip(sources, targets, strict=True)), folder, jobs,
                          cluster, pages_per_task, send_files)
    except BaseException:
        _unmake(folder, made)
        raise
    if result.succeeded + result.skipped == 0:
        _unmake(folder, made)
    return result


def _options(fn: Any, given: list[str] | dict[str, Any] | None, password: list[str] | None,
             command: str) -> dict[str, Any]:
    params = inspect.signature(fn).parameters
    chosen = {**cli_defaults(fn), **parse_options(fn, given, command)}
    if "jobs" in params and "jobs" not in chosen:
        chosen["jobs"] = 1  # the batch runs files side by side; each on one CPU
    if password and "password" in params:  # several: each file's command gets the one that opens it (work.py)
        chosen.setdefault("password", password[0] if len(password) == 1 else password)
    missing = [n for n, p in params.items()
               if p.default is inspect.Parameter.empty and n not in chosen and n not in plan.OWNED]
    example = "Give it with {{cli:--set, e.g. --set NAME=VALUE}}{{mcp:options, e.g. {\"NAME\": VALUE}}}."
    if missing:
        raise InvalidArgument(f"this command needs {', '.join(missing)}", hint=example.replace("NAME", missing[0]))
    _check(fn, "check_arguments", chosen)  # an op's own checks of its arguments
    return chosen


def _check(fn: Any, name: str, chosen: dict[str, Any]) -> None:
    """Call the op module's check `name` (if it has one) with the options chosen, before any file."""
    check = getattr(inspect.getmodule(fn), name, None)
    if check is None:
        return
    params = inspect.signature(fn).parameters
    example = "Give it with {{cli:--set, e.g. --set NAME=VALUE}}{{mcp:options, e.g. {\"NAME\": VALUE}}}."
    try:
        check(**{n: chosen.get(n, params[n].default) for n in inspect.signature(check).parameters})
    except InvalidArgument as exc:  # its arguments named as the batch takes them: options, not flags
        named = re.findall(r"\{\{(\w+)\}\}", exc.message)
        hint = exc.hint and re.sub(r"\{\{(\w+)\}\}", r"the option \1", exc.hint)
        raise InvalidArgument(re.sub(r"\{\{(\w+)\}\}", r"\1", exc.message),
                              hint=example.replace("NAME", named[0]) if named else hint) from None


def _out_folder(raw: str) -> tuple[Path, Path | None]:
    """The output folder, made if missing, and the highest folder this made (None: it was there). Under the
    roots (MCP) it is a folder inside them, over HTTP too: a batch's thousands of outputs stay where its inputs
    are, not in the per-call file store."""
    paths.no_stream_folder(raw)
    active = paths.policy()
    folder = active.resolve(raw) if isinstance(active, policies.RootsPolicy) else paths.output_path(raw)
    made = next((p for p in reversed([folder, *folder.parents]) if not p.exists()), None)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InvalidArgument(f"{raw} is a file, not a folder") from None
    except OSError as exc:
        raise os_error(exc, f"cannot make the output folder {verbatim(raw)}") from None
    return folder, made


def _roots_for(roots: list[str] | None, source: Path) -> list[str] | None:
    """What a worker may open: the roots, and this input, which the front end's policy has already let in
    (over HTTP an upload or an earlier output lives in the file store, outside the roots). Workers elsewhere
    have other working folders: every path is absolute."""
    return None if roots is None else [*roots, os.path.realpath(source)]


def _warned(entry: dict[str, Any]) -> list[str]:
    """A finished file's warnings, as its journal line recorded them (none in a journal older than them)."""
    said = entry.get("warnings")
    return [w for w in said if isinstance(w, str)] if isinstance(said, list) else []


def _stopped(exc: BaseException, done: int, total: int, folder: Path) -> Interrupted:
    """A batch stopped (Ctrl-C, SIGTERM, a client's cancel) keeps what it finished: the error says so, rather
    than a single command's "no output was written"."""
    stop = Terminated if isinstance(exc, (task.Terminate, Terminated)) else Interrupted
    if isinstance(exc, HungUp) or isinstance(exc, task.Terminate) and exc.signum == signal.SIGHUP:
        stop = HungUp
    why = {HungUp: "hung up", Terminated: "terminated", Interrupted: "interrupted"}[stop]
    if isinstance(exc, Interrupted) and not isinstance(exc, Terminated) and exc.message:
        why = exc.message.split(";")[0].split(":")[0]  # "cancelled" (a client), a deadline's own words
    if not done:
        return stop(f"{why} before any file finished: nothing was written ({total} files stopped, nothing partial "
                    "left)", hint="Run the same command again to do them.")
    return stop(f"{why}: {done} of {total} files finished, kept in {folder} (the journal has them); the rest "
                "were stopped, nothing partial left",
                hint="Run the same command again: the finished files are skipped, the rest are done.")


def _unmake(folder: Path, made: Path | None) -> None:
    """Remove the folders this batch made, up to `made`, when nothing was written into them (as a failed
    command removes the output folder it made)."""
    if made is None:
        return
    for path in [folder, *folder.parents]:
        try:
            path.rmdir()  # only when empty: a folder with anything in it stays
        except OSError:
            return
        if path == made:
            return


def _run(command: str, kind: plan.Kind, chosen: dict[str, Any], pattern: str, pairs: list[Any], folder: Path,
         jobs: int | None, cluster: str | None, pages_per_task: int | None, send_files: bool = False) -> BatchResult:
    from pdftools.batch import runner

    journal, staging = Journal(folder), folder / STAGING
    journal.load()
    roots = [str(r) for r in getattr(paths.policy(), "roots", [])] or None
    suffix = plan.options_key(command, chosen, pattern)
    rows: list[BatchRow] = []
    streamed = False

    def deliver(row: BatchRow) -> None:
        nonlocal streamed
        if row.error:  # in the words of the front end that runs the batch, once: then all data
            row.error = named_error(row.error, command, "cli" if roots is None else "mcp")
        streamed = task.emit(row) or streamed
        if not streamed:
            rows.append(row)

    todo, unread = [], []
    for source, target in pairs:
        task.check()
        if source.error is not None:
            unread.append(BatchRow(input=str(source.path), status="failed", error=source.error.to_dict()))
            continue
        key = f"{plan.content_hash(source.path)}-{suffix}"
        done = journal.finished(key, target)
        if done is not None:
            deliver(BatchRow(input=os.path.abspath(source.path), status="skipped", output=os.path.abspath(target),
                             pages=int(done.get("pages") or 0), key=key, warnings=_warned(done)))
            continue
        todo.append(plan.FileJob(command, os.path.abspath(source.path), os.path.abspath(target), kind, chosen,
                                 os.path.abspath(staging), key, _roots_for(roots, source.path),
                                 remote=bool(cluster), folder=os.getcwd() if cluster and roots is None else None))
    sender = None
    if send_files and todo:
        from pdftools.batch.sending import Sender

        sender = Sender(chosen)  # the files the options name, read (and held to the limit) before any file
    executor = runner.for_batch(jobs, cluster) if todo else None
    if executor is not None and cluster and hasattr(inspect.getmodule(plan.command_op(command).load()), "check_here"):
        from pdftools.batch.work import check_here

        try:  # what this machine's check is for the workers' machines: asked of each, before any file
            executor.screen(check_here, (command, chosen))  # type: ignore[attr-defined]
        except BaseException:
            executor.close()
            raise
    assembler = None
    if pages_per_task is not None and todo:
        from pdftools.batch.pages import Assembler

        assembler = Assembler(pages_per_task, Path(os.path.abspath(staging)), chosen.get("password"))  # to workers
    started = runner.time.monotonic()
    counts = {"ok": 0, "failed": 0, "skipped": len(pairs) - len(todo) - len(unread)}
    pages = [0]

    def count(row: BatchRow) -> None:
        counts[row.status] += 1
        pages[0] += row.pages
        deliver(row)

    for row in unread:
        count(row)

    if executor is not None:
        try:
            runner.execute(executor, todo, journal, staging, count, assembler, sender)
        except (KeyboardInterrupt, Interrupted) as exc:
            raise _stopped(exc, counts["ok"], len(todo), folder) from None
    engine = executor.label + "; files sent with their tasks" * bool(sender) if executor else "none needed"
    return BatchResult(command=command, out_dir=str(folder), engine=engine,
                       total=len(pairs), succeeded=counts["ok"], failed=counts["failed"], skipped=counts["skipped"],
                       pages=pages[0], seconds=round(runner.time.monotonic() - started, 3), rows=rows,
                       rows_streamed=streamed)
