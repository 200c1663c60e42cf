"""An operation as a command: its Typer command made from the op's signature, and one run of it.

`add_op` makes an op a command, or a command group when it has sub-commands (`metadata show|set|remove`);
`run` fills its secrets, checks the values given (the constraints MCP enforces too), calls the op and renders its
result: this is the one place that turns pdftools errors into exit codes. An op's signature becomes Typer options
in `options`; the values given are checked and completed (secrets, constraints, UTF-8 text) in `values`; results
and errors are rendered in `render`.
"""

from __future__ import annotations

import inspect
import os
import shutil
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from pdftools.cli.options import action_parameter, bare_values, flag_namer, from_file, hints_of, typer_parameters
from pdftools.cli.values import call_asking, check_constraints, check_text, fill_secrets, secret_parameters
from pdftools.core.params import Cli, describe, marker, name_parameters, split_annotated, without_empty
from pdftools.errors import PdftoolsError
from pdftools.ops import Op, get, module_doc

JSON_OPTION = Annotated[bool, typer.Option("--json", help="Print the result as JSON (a stable contract).")]
QUIET_OPTION = Annotated[bool, typer.Option("-q", "--quiet", help="No progress, notes, warnings or report of the "
                                                                "files written; data and errors all the same.")]


def add_op(app: typer.Typer, op: Op, panel: str | None) -> None:
    """The op as a command, or as a command group when it has sub-commands (`metadata show|set|remove`);
    a group with a file and no sub-command runs the first (`metadata FILE` shows)."""
    from pdftools.cli.group import Command, Group

    fn = op.load()
    found = action_parameter(fn)
    if found is None:
        app.command(op.name, rich_help_panel=panel, cls=Command)(make_command(op))
        return
    name, commands = found
    group = type("ActionGroup", (Group,), {"default_command": commands[0][0]})
    doc = describe(module_doc(fn.__module__), flag_namer(fn))
    doc += f"\n\nWith a file and no command, `{op.name} FILE` runs `{op.name} {commands[0][0]} FILE`."
    sub = typer.Typer(cls=group, help=doc,
                      no_args_is_help=True, rich_markup_mode=None,
                      context_settings={"help_option_names": ["-h", "--help"]})
    for action, text in commands:
        sub.command(action, help=describe(text, flag_namer(fn)), cls=Command)(make_command(op, (name, action)))
    app.add_typer(sub, name=op.name, rich_help_panel=panel)


def make_command(op: Op, action: tuple[str, str] | None = None) -> Callable[..., None]:
    """The Typer command of an op (of one of its sub-commands, when `action` is (parameter, value))."""
    fn = op.load()
    own_quiet = "quiet" in inspect.signature(fn).parameters  # search's: grep's -q, which the op itself obeys
    params = [*typer_parameters(fn, action[1] if action else None),
              inspect.Parameter("json_", inspect.Parameter.KEYWORD_ONLY, default=False, annotation=JSON_OPTION),
              *([] if own_quiet else [inspect.Parameter("quiet_", inspect.Parameter.KEYWORD_ONLY, default=False,
                                                        annotation=QUIET_OPTION)]),
              inspect.Parameter("ctx_", inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)]
    secrets = secret_parameters(fn)
    bare = bare_values(fn)

    def command(**kwargs: Any) -> None:
        as_json, ctx = kwargs.pop("json_"), kwargs.pop("ctx_")
        quiet = kwargs["quiet"] if own_quiet else kwargs.pop("quiet_")
        files = {name: kwargs.pop(from_file(name), None) for name, cli in secrets.items() if cli.file_flag}
        sources = {name: ctx.get_parameter_source(name) for name in secrets}
        typed = {name for name, source in sources.items() if source is not None and source.name == "COMMANDLINE"}
        from_env = {name for name, source in sources.items() if source is not None and source.name == "ENVIRONMENT"}
        if action is not None:
            kwargs[action[0]] = action[1]
        if as_json:
            kwargs.update(_inline_when_json(fn, ctx))
        raise typer.Exit(run(op, fn, kwargs, as_json=as_json, files=files, typed=typed, quiet=quiet,
                             from_env=from_env))

    command.bare_values = bare  # type: ignore[attr-defined]  # (read by group.Command's parser)
    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    command.__doc__ = describe(module_doc(fn.__module__), flag_namer(fn))
    command.__name__ = op.name
    return command


def _inline_when_json(fn: Callable[..., Any], ctx: typer.Context) -> dict[str, Any]:
    """With --json, an output that goes to stdout only by the command line's default (`convert`'s `-o -`) is not
    given: the op returns the data inline, so stdout carries one JSON object with it (`-o -` asked for keeps
    the data on stdout and the JSON on stderr)."""
    hints, given = hints_of(fn), {}
    for name, param in inspect.signature(fn).parameters.items():
        cli = marker(split_annotated(hints[name])[1], Cli)
        source = ctx.get_parameter_source(name)
        if cli is not None and cli.default == "-" and (source is None or source.name != "COMMANDLINE"):
            given[name] = param.default
    return given


def run(op: Op, fn: Callable[..., Any], kwargs: dict[str, Any], *, as_json: bool,
        files: dict[str, str | None] | None = None, typed: set[str] | None = None, quiet: bool = False,
        from_env: set[str] | None = None) -> int:
    """Fill secrets (files, prompts), check the constraints (the same ones MCP enforces), call the op, render;
    return the exit code. `quiet`: no progress, notes or warnings, and no report of the files a command wrote;
    the data it shows (text, info, `-o -`, --json) and errors all the same."""
    from pdftools.cli.render import ProgressBar, Streamer, quiet_errors, render, stdout_gone, stdout_writes
    from pdftools.cli.render import report_error as report
    from pdftools.core import limits, paths, policies, task
    from pdftools.core.results import shortfalls

    policy, bar = policies.LocalPolicy(), ProgressBar(op.name, shown=not quiet)
    _quiet_pdf_library()
    if as_json:  # loaded before the op opens files: an error at the open-file limit is still said in JSON
        import json  # noqa: F401

    def report_error(exc: PdftoolsError, *, as_json: bool) -> int:
        code = report(exc, as_json=as_json)
        # where 1 says "nothing matched" (search, as grep), an error that exits 1 (INTERNAL) exits grep's 2
        return 2 if code == 1 and op.no_match_exit else code
    streamer: Streamer | None = None
    try:
        streamer = Streamer(as_json, quiet, policy.public)  # a batch's rows, a search's files, as they come
        running = task.Task(bar.update, timeout=limits.timeout(), on_item=streamer)
        with task.terminable(), paths.using(policy), task.running(running):
            try:
                deferred = fill_secrets(fn, kwargs, files or {}, typed or set(), from_env or set())
                check_text(fn, kwargs)
                kwargs = without_empty(fn, kwargs)
                check_constraints(fn, kwargs)
                result = policy.public(call_asking(fn, kwargs, deferred),  # (the password asked when needed)
                                       people=not as_json)  # `-`, never the temporary file behind it
                reword = getattr(result, "reword_errors", None)
                if callable(reword):  # errors inside a result (a search's skipped inputs), in the command line's
                    reword(lambda text, command: _for_cli(text, get(command), get(command).load()))
                elif isinstance(getattr(result, "warnings", None), list):  # (its words: `pdftools compress`)
                    result.warnings = [_for_cli(said, op, fn) for said in result.warnings]
            except PdftoolsError as exc:  # while its files are there (standard input's copy too)
                from pdftools.document.recovery import true_hint

                true_hint(exc)  # DAMAGED_PDF names `repair` only when a repair recovers something
                raise
            finally:
                bar.close()
            with stdout_writes():
                if policy.stdout_file is not None:
                    with policy.stdout_file.open("rb") as fh:
                        shutil.copyfileobj(fh, sys.stdout.buffer)
                    sys.stdout.flush()
                if _shown(op, result, policy, as_json=as_json, quiet=quiet):
                    render(result, as_json=as_json, to_stderr=policy.stdout_file is not None, quiet=quiet,
                           warned=[_for_cli(said, op, fn) for said in shortfalls(result)])
                else:  # "nothing but errors": those a result carries too (search's skipped inputs)
                    quiet_errors(result, as_json=as_json)
                sys.stdout.flush()  # here, so that a write that fails is reported as the command's error
            if quiet and op.no_match_exit and getattr(result, "matches", False):
                return 0  # grep's and pdfgrep's -q: a match is success "even in case of errors"
            return int(getattr(result, "exit_code", 0))  # a result may carry its verdict (doctor)
    except PdftoolsError as exc:
        exc.message = policy.public(_for_cli(exc.message, op, fn))
        exc.lead = policy.public(_for_cli(exc.lead, op, fn))  # (the message's first line, at a terminal)
        exc.hint = _for_cli(exc.hint, op, fn)  # type: ignore[misc]  # as the instance hint errors.py sets
        return report_error(exc, as_json=as_json)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as other tools do
        stdout_gone()
        return 141
    except (KeyboardInterrupt, typer.Abort) as exc:  # Ctrl-C (SIGTERM too), or end of input at a prompt
        return report_error(_stopped(exc, printed=streamer is not None and streamer.printed), as_json=as_json)
    except Exception as exc:  # the last line of defence: an error, never a traceback
        if os.environ.get("PDFTOOLS_DEBUG"):
            raise
        from pdftools.core.foreign_errors import unexpected

        return report_error(unexpected(exc), as_json=as_json)


def _stopped(exc: BaseException, *, printed: bool) -> PdftoolsError:
    """The error for a run stopped by a signal (Ctrl-C, SIGTERM, SIGHUP). `printed`: part of its data (a text's
    pages, a search's lines) was already on stdout, so the words say that it is incomplete, not that nothing was
    written."""
    import signal

    from pdftools.core import task
    from pdftools.errors import HungUp, Interrupted, Terminated

    cls, word = Interrupted, "interrupted"
    if isinstance(exc, task.Terminate):
        cls, word = (HungUp, "hung up") if exc.signum == signal.SIGHUP else (Terminated, "terminated")
    if not printed:
        return cls(f"{word}; no output was written")
    hint = cls.hint.replace("no output was written", "the output printed before it is incomplete")
    return cls(f"{word}; the output printed is incomplete", hint=hint.replace("to finish", "for all of it"))


def _shown(op: Op, result: Any, policy: Any, *, as_json: bool, quiet: bool) -> bool:
    """Whether the result is printed. -q silences messages, never data: what a command shows (text, info, `-o
    -`'s PDF, --json) is printed all the same; a report of the files it wrote (an output or folder named, the
    summary that goes to stderr beside `-o -`'s data) is a message, and so is a batch's summary after its rows.
    `search -q` is grep's: nothing but errors, the exit status says."""
    if not quiet:
        return True
    if op.no_match_exit or getattr(result, "rows_streamed", False):
        return False
    return as_json or not (policy.writes or policy.stdout_file is not None)


def _for_cli(text: str, op: Op, fn: Callable[..., Any]) -> str:
    """An error's words at a shell: parameters named by their flags, the generic hint naming the command."""
    text = name_parameters(text, flag_namer(fn), inspect.signature(fn).parameters, "cli")
    return text.replace("`pdftools <command> --help`", f"`pdftools {op.name} --help`")


def _quiet_pdf_library() -> None:
    """qpdf reports damage through pikepdf's logger, which with no handler prints bare lines to stderr. At a
    shell what matters reaches the user as the result's warnings or the error; the bare lines would only break
    `--json`'s promise of one object on stderr. PDFTOOLS_DEBUG shows them."""
    import logging

    logger = logging.getLogger("pikepdf")
    if not logger.handlers and not os.environ.get("PDFTOOLS_DEBUG"):
        logger.addHandler(logging.NullHandler())
        import warnings

        warnings.simplefilter("ignore")  # nor Python warnings from the libraries (PYTHONWARNINGS included)
