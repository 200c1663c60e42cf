"""The command line: the Typer app, its commands generated from the op signatures, and its start.

Only the invoked operation's module is imported (`pdftools --help` reads summaries from the registry; the other
commands are stubs with a summary). This front end never imports the MCP one: `pdftools.main` adds `serve` from
above both. An op becomes a command, and a run of it becomes an exit code, in `command`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from pdftools import __version__
from pdftools.ops import OPS

APP_HELP = "PDF toolkit for the shell, CI jobs and AI agents. Every command is also an MCP tool (`pdftools serve`)."


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
            from pdftools.cli.command import add_op  # (an op's signature as options: not for the list of commands)

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


MCP_CONFIG_SUMMARY = ("Print (or --install) the MCP config of Claude, Cursor, VS Code, OpenCode, Codex, Gemini CLI, "
                      "Windsurf, Zed.")  # mcp_config's first line (a test checks)


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
    group.build = lambda name: build_command(name, extra)  # type: ignore[attr-defined]  # a stub's real options,
    # for an error's words
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
    try:
        try:
            command(prog_name="pdftools")
        finally:
            sys.stdout.flush()  # help and --version, written by click: a write that fails is reported below
    except BrokenPipeError:  # the reader went away (`pdftools --help | head -1`), as `run` has it
        from pdftools.cli.render import stdout_gone  # (the renderer only when a write failed: help renders none)

        stdout_gone()
        sys.exit(141)
    except OSError as exc:  # (a command's own writes are reported by `run`)
        if exc.filename is not None:  # a file's, not the stream's: not ours to name
            raise
        from pdftools.cli.render import report_error, stdout_gone, unwritable

        stdout_gone()
        sys.exit(report_error(unwritable(exc), as_json="--json" in sys.argv[1:]))
