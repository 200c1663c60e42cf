"""The command line: Typer commands generated from the op signatures, results rendered, errors mapped.

Only the invoked operation's module is imported (`pdftools --help` reads summaries from the registry). This
front end never imports the MCP one: `pdftools.main` adds `serve` from above both. This is the one place that
turns pdftools errors into exit codes.

An op's signature becomes Typer options in `options`; the values given are checked and completed (secrets,
constraints, UTF-8 text) in `values`; results and errors are rendered in `render`.
"""

from __future__ import annotations

import inspect
import os
import shutil
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from pdftools import __version__
from pdftools.cli.options import action_parameter, bare_values, flag_namer, from_file, hints_of, typer_parameters
from pdftools.cli.values import check_constraints, check_text, fill_secrets, secret_parameters
from pdftools.core.params import Cli, describe, marker, name_parameters, split_annotated, without_empty
from pdftools.errors import PdftoolsError
from pdftools.ops import OPS, Op, get, module_doc

APP_HELP = "PDF toolkit for the shell, CI jobs and AI agents. Every command is also an MCP tool (`pdftools serve`)."
JSON_OPTION = Annotated[bool, typer.Option("--json", help="Print the result as JSON (a stable contract).")]
QUIET_OPTION = Annotated[bool, typer.Option("-q", "--quiet", help="No progress, notes, warnings or report of the "
                                                                "files written; data and errors all the same.")]


def _version(value: bool) -> None:
    if value:
        sys.stdout.write(f"pdftools {__version__}\n")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """PDF toolkit for the shell, CI jobs and AI agents."""


def _command_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """What `pdftools help <TAB>` completes: the commands, or a group's sub-commands after its name."""
    group: Any = ctx.find_root().command
    for word in ctx.params.get("command") or []:
        group = getattr(group, "commands", {}).get(word)
    return [name for name in getattr(group, "commands", {}) if name.startswith(incomplete)]


HELP_SUMMARY = "Show the help of pdftools or of a command: `pdftools help merge` is `pdftools merge --help`."


def help_command(
    ctx: typer.Context,
    command: Annotated[list[str] | None, typer.Argument(metavar="COMMAND", show_default=False,
                                                        autocompletion=_command_names,
                                                        help="A command (and a sub-command) to show the help of.")]
    = None,
) -> None:
    """Show the help of pdftools or of a command: `pdftools help merge` is `pdftools merge --help`."""
    root = ctx.find_root()
    words, left = _help_words(root.command, command or [])
    if left:  # `help merge split`: one help, as `merge --help` shows it; the rest is named, not dropped
        from pdftools.cli.render import report_error
        from pdftools.errors import InvalidArgument

        commands = {op.name for op in OPS} | {"serve", "mcp-config"}  # (only the one named is built)
        other = f"; `pdftools help {left[0]}` shows {left[0]}'s" if left[0] in commands else ""
        raise typer.Exit(report_error(InvalidArgument(
            f"help shows one command's help: {' '.join(words)!r} takes no {' '.join(left)!r}",
            hint=f"`pdftools help {' '.join(words)}` shows its help{other}."), as_json=False))
    code = root.command.main([*(command or []), "--help"], prog_name=root.info_name, standalone_mode=False)
    raise typer.Exit(code if isinstance(code, int) else 0)


def _help_words(root: Any, words: list[str]) -> tuple[list[str], list[str]]:
    """The words that name a command (a group's sub-command too), and those left after a command that is no group
    (none left when a word is no command: the command line says it is unknown)."""
    current, taken = root, 0
    for word in words:
        current = getattr(current, "commands", {}).get(word)
        if current is None:
            return words, []
        taken += 1
        if not getattr(current, "commands", None):
            break
    return words[:taken], words[taken:]


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
    from pdftools.cli.render import ProgressBar, Streamer, quiet_errors, render, stdout_gone, unwritable
    from pdftools.cli.render import report_error as report
    from pdftools.core import limits, paths, task

    policy, bar = paths.LocalPolicy(), ProgressBar(op.name, shown=not quiet)
    _quiet_pdf_library()

    def report_error(exc: PdftoolsError, *, as_json: bool) -> int:
        code = report(exc, as_json=as_json)
        # where 1 says "nothing matched" (search, as grep), an error that exits 1 (INTERNAL) exits grep's 2
        return 2 if code == 1 and op.no_match_exit else code
    try:
        streamer = Streamer(as_json, quiet, policy.public)  # a batch's rows, a search's files, as they come
        running = task.Task(bar.update, timeout=limits.timeout(), on_item=streamer)
        with task.terminable(), paths.using(policy), task.running(running):
            try:
                fill_secrets(fn, kwargs, files or {}, typed or set(), from_env or set())
                check_text(fn, kwargs)
                kwargs = without_empty(fn, kwargs)
                check_constraints(fn, kwargs)
                result = policy.public(fn(**kwargs), people=not as_json)  # `-`, never the temporary file behind it
                reword = getattr(result, "reword_errors", None)
                if callable(reword):  # errors inside a result (a search's skipped inputs), in the command line's
                    reword(lambda text, command: _for_cli(text, get(command), get(command).load()))
            finally:
                bar.close()
            try:
                if policy.stdout_file is not None:
                    with policy.stdout_file.open("rb") as fh:
                        shutil.copyfileobj(fh, sys.stdout.buffer)
                    sys.stdout.flush()
                if _shown(op, result, policy, as_json=as_json, quiet=quiet):
                    render(result, as_json=as_json, to_stderr=policy.stdout_file is not None, quiet=quiet)
                else:  # "nothing but errors": those a result carries too (search's skipped inputs)
                    quiet_errors(result, as_json=as_json)
                sys.stdout.flush()  # here, so that a write that fails is reported as the command's error
            except BrokenPipeError:
                raise
            except OSError as exc:
                stdout_gone()
                raise unwritable(exc) from None
            if quiet and op.no_match_exit and getattr(result, "matches", False):
                return 0  # grep's and pdfgrep's -q: a match is success "even in case of errors"
            return int(getattr(result, "exit_code", 0))  # a result may carry its verdict (doctor)
    except PdftoolsError as exc:
        exc.message = policy.public(_for_cli(exc.message, op, fn))
        exc.hint = _for_cli(exc.hint, op, fn)  # type: ignore[misc]  # as the instance hint errors.py sets
        return report_error(exc, as_json=as_json)
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as other tools do
        stdout_gone()
        return 141
    except (KeyboardInterrupt, typer.Abort) as exc:  # Ctrl-C (SIGTERM too), or end of input at a prompt
        import signal

        from pdftools.errors import HungUp, Interrupted, Terminated

        if isinstance(exc, task.Terminate) and exc.signum == signal.SIGHUP:
            return report_error(HungUp("hung up; no output was written"), as_json=as_json)
        if isinstance(exc, task.Terminate):
            return report_error(Terminated("terminated; no output was written"), as_json=as_json)
        return report_error(Interrupted("interrupted; no output was written"), as_json=as_json)
    except Exception as exc:  # the last line of defence: an error, never a traceback
        if os.environ.get("PDFTOOLS_DEBUG"):
            raise
        from pdftools.errors import unexpected

        return report_error(unexpected(exc), as_json=as_json)


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


RENAMED = {"ocr-language": "language"}  # long options renamed: the old name still works, unlisted


def _old_names(name: str) -> str:
    """An option's current name for one it had before (click passes every option name typed or declared)."""
    return RENAMED.get(name, name)


def build_app(wanted: str | None = None, extra: dict[str, Callable[..., None]] | None = None,
              stubs: list[Any] | None = None) -> typer.Typer:
    """The Typer app; only `wanted` (or every op, when None) is built from its real signature. `extra` adds
    commands that are not operations (`serve`, added by `pdftools.main`, which sits above both front ends).
    The others, listed for help and typos, go into `stubs` as plain click commands (`build_command`)."""
    from pdftools.cli.group import Command, Group, panel_of

    app = typer.Typer(help=APP_HELP, no_args_is_help=True, add_completion=True, rich_markup_mode=None, cls=Group,
                      pretty_exceptions_enable=False, context_settings={"help_option_names": ["-h", "--help"],
                                                                        "token_normalize_func": _old_names})
    app.callback()(_root)
    # A command being run needs no siblings: the others are listed (as stubs) only for help and a name that is
    # none of them (a typo gets the list); made as click commands, not through Typer (~0.1 ms each).
    alone = wanted in {op.name for op in OPS} | set(extra or {}) | {"mcp-config"} or stubs is None
    stubs = [] if stubs is None else stubs
    for op in OPS:
        if wanted is None or op.name == wanted:
            add_op(app, op, panel_of(op.name))
        elif not alone:
            stubs.append(_stub(op.name, op.summary, panel_of(op.name)))
    for name, command in (extra or {}).items():
        if wanted is None or name == wanted:
            app.command(name, rich_help_panel=panel_of(name), cls=Command)(command)
        elif not alone:
            stubs.append(_stub(name, (command.__doc__ or "").strip().split("\n", 1)[0], panel_of(name)))
    if wanted in (None, "mcp-config"):
        from pdftools.cli.mcp_config import mcp_config

        app.command("mcp-config", help=MCP_CONFIG_SUMMARY, rich_help_panel=panel_of("mcp-config"),
                    cls=Command)(mcp_config)  # (help given: `python -OO` drops docstrings)
    elif not alone:  # its summary without importing it (and json, tempfile...) for every other command
        stubs.append(_stub("mcp-config", MCP_CONFIG_SUMMARY, panel_of("mcp-config")))
    app.command("help", help=HELP_SUMMARY, rich_help_panel=panel_of("help"), cls=Command)(help_command)
    return app


MCP_CONFIG_SUMMARY = ("Print (or --install) an agent's MCP config: Claude, Cursor, VS Code, OpenCode, Codex, Gemini "
                      "CLI, Windsurf.")  # mcp_config's first line (a test checks)


def _stub(name: str, summary: str, panel: str | None) -> Any:
    """A command that is not being invoked: its name and summary for `--help`, no signature to read."""
    from typer.core import TyperCommand

    return TyperCommand(name, help=summary, add_help_option=False, rich_help_panel=panel,
                        context_settings={"ignore_unknown_options": True, "allow_extra_args": True})


def build_command(wanted: str | None, extra: dict[str, Callable[..., None]] | None = None) -> Any:
    """The click group `pdftools` runs: the Typer app of `wanted`, with the other commands as stubs."""
    stubs: list[Any] = []
    group = typer.main.get_command(build_app(wanted, extra, stubs))
    for stub in stubs:
        group.add_command(stub)  # type: ignore[attr-defined]
    group.commands["help"] = group.commands.pop("help")  # type: ignore[attr-defined]  # listed last, after stubs
    group.build = build_command  # type: ignore[attr-defined]  # a stub's real options, for an error's words
    from pdftools.cli import shells

    shells.take_over(group)  # --install-completion and --show-completion: our scripts
    if any(k.startswith("_PDFTOOLS_COMPLETE") for k in os.environ):
        shells.register()
    return group


def wanted(argv: list[str]) -> str | None:
    """The command being invoked (the first word that is not an option), "<none>" for none. Completing, the
    command named by the words before the one being completed (only it is built, as when it runs); None (every
    command) when those cannot be read. `help COMMAND` wants COMMAND, whose help it shows (`help` itself is
    always there)."""
    if any(k.startswith("_PDFTOOLS_COMPLETE") for k in os.environ):
        completing = completion_words()
        if completing is None:
            return None
        argv = completing
    words = [a for a in argv if not a.startswith("-")]
    return next(iter(words[1:] if words[:2] != ["help"] and words[:1] == ["help"] else words), "<none>")


def completion_words() -> list[str] | None:
    """The words a shell asks to complete after, read as Typer's completion class for that shell reads them
    (bash: COMP_WORDS up to COMP_CWORD; zsh, fish, PowerShell: _TYPER_COMPLETE_ARGS), without the word being
    completed; None when not asked to complete or when they cannot be read."""
    from typer._click import shell_completion

    from pdftools.cli.shells import register

    instruction, _, shell = os.environ.get("_PDFTOOLS_COMPLETE", "").partition("_")
    register()
    comp_cls = shell_completion.get_completion_class(shell) if instruction == "complete" else None
    if comp_cls is None:
        return None
    try:
        args, _incomplete = comp_cls(None, {}, "pdftools", "_PDFTOOLS_COMPLETE").get_completion_args()  # type: ignore[arg-type]
    except (KeyError, ValueError):
        return None
    return list(args)


def main(extra: dict[str, Callable[..., None]] | None = None) -> None:
    """Build the command and run it. What start-up makes (modules, the command) lives until the program ends:
    the cyclic collector is held off while it is made (the program holds it off from its first import:
    `pdftools.__main__`), then those objects are frozen out of its way and it runs for the command's own work
    (start-up made ~40 collections, ~5 ms of `pdftools info`, that freed nothing). Called with the collector on
    (from a test, or a program embedding pdftools), the collector is left alone."""
    import gc

    if gc.isenabled():  # called from other code (a test, an embedding program): its collector is its own
        command = build_command(wanted(sys.argv[1:]), extra)
    else:
        try:
            command = build_command(wanted(sys.argv[1:]), extra)
            gc.freeze()
        finally:
            gc.enable()
    from pdftools.cli.render import stdout_gone

    try:
        try:
            command(prog_name="pdftools")
        finally:
            sys.stdout.flush()  # help and --version, written by click: a write that fails is reported below
    except BrokenPipeError:  # the reader went away (`pdftools --help | head -1`), as `run` has it
        stdout_gone()
        sys.exit(141)
    except OSError as exc:  # (a command's own writes are reported by `run`)
        if exc.filename is not None:  # a file's, not the stream's: not ours to name
            raise
        from pdftools.cli.render import report_error, unwritable

        stdout_gone()
        sys.exit(report_error(unwritable(exc), as_json="--json" in sys.argv[1:]))
