"""The command groups as people meet them: commands listed by topic with whole summaries, usage errors in
our own words (said by `usage`; one JSON object with `--json`), and groups whose default sub-command runs when
none is named (`pdftools metadata FILE` shows).

Typer 0.29 runs its own copy of click (`typer._click`): its exceptions and parameter classes are the ones
raised, so they are imported from there. Only typer is imported here: `pdftools --help` stays cheap.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from typer._click import _textwrap as click_textwrap
from typer._click import core as click_core
from typer._click import exceptions as click_errors
from typer._click import parser as click_parser
from typer._click.formatting import HelpFormatter
from typer.core import TyperCommand
from typer.exceptions import Abort

from pdftools.cli.coerce import PlainGroup
from pdftools.cli.foreign import FOREIGN_WORDS
from pdftools.cli.usage import command_words, report_missing_command, report_usage_error

# The help's sections, in order; every command belongs to one (a test checks).
PANELS: dict[str, tuple[str, ...]] = {
    "Pages": ("merge", "split", "select", "delete", "rotate", "reorder", "insert", "insert-blank", "nup",
              "booklet", "labels", "crop", "resize"),
    "Document": ("info", "ls", "metadata", "bookmarks", "attachments", "annotations", "forms", "stamp", "compress"),
    "Security": ("protect", "unprotect"),
    "Check and repair": ("check", "repair", "inspect", "linearize"),
    "Text and OCR": ("text", "search", "ocr", "rename-invoice"),
    "Conversion": ("convert", "thumbnails", "images"),
    "Many files": ("batch",),
    "Agents and setup": ("serve", "mcp-config", "doctor", "help"),
}


def panel_of(name: str) -> str | None:
    return next((panel for panel, names in PANELS.items() if name in names), None)


HELD = "\u2011"  # a non-breaking hyphen, one column wide like `-`: textwrap does not break a line at it


class _ListWrapper(click_textwrap.TextWrapper):
    """click's wrapper, but a word too long for a line (`print,print-hq,copy,modify,...`, a list of values) is cut
    after the last comma that fits, so each value stays whole and the comma ends the line; click cut it where
    the line ended (`annotate` / `,fill-forms`, or inside a value). A word without a comma starts a line of its
    own and is cut where that line ends."""

    def _handle_long_word(self, reversed_chunks: list[str], cur_line: list[str], cur_len: int, width: int) -> None:
        space_left = max(width - cur_len, 1)
        word = reversed_chunks[-1]
        cut = word.rfind(",", 0, space_left) + 1
        if not cut:
            if cur_line:  # the next line has room for more of it
                return
            cut = space_left  # (a line must take something, or textwrap never ends)
        cur_line.append(word[:cut])
        reversed_chunks[-1] = word[cut:]


class Formatter(HelpFormatter):
    """Help wrapped at spaces only: textwrap also breaks at hyphens, which split `print-hq` and `--set-page-labels`
    across lines, so a value or flag in the help could not be read or copied whole; a list of values too long for
    a line is cut after a comma (`_ListWrapper`, the wrapper click's wrap_text takes from its module when it
    wraps)."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        with self._held():
            super().write_usage(prog.replace("-", HELD), args.replace("-", HELD), prefix)

    def write_text(self, text: str) -> None:
        with self._held():
            super().write_text(text.replace("-", HELD))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        with self._held():
            super().write_dl([(a.replace("-", HELD), b.replace("-", HELD)) for a, b in rows], col_max, col_spacing)

    @contextlib.contextmanager
    def _held(self) -> Iterator[None]:
        start = len(self.buffer)
        plain, click_textwrap.TextWrapper = click_textwrap.TextWrapper, _ListWrapper  # type: ignore[misc]
        try:
            yield
        finally:
            click_textwrap.TextWrapper = plain  # type: ignore[misc]
        self.buffer[start:] = [part.replace(HELD, "-") for part in self.buffer[start:]]


class Context(click_core.Context):
    formatter_class = Formatter


class Group(PlainGroup):
    """pdftools' click group: the top-level app and the sub-command groups (`metadata`, `bookmarks`...)."""

    context_class = Context

    default_command: str | None = None  # run when the first argument is not a sub-command's name
    build: Callable[[str], Any] | None = None  # the top group: builds it again with one command's real options

    def format_commands(self, ctx: click_core.Context, formatter: HelpFormatter) -> None:
        sections: dict[str, list[tuple[str, str]]] = {}
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is None or cmd.hidden:
                continue
            panel = getattr(cmd, "rich_help_panel", None) or "Commands"
            sections.setdefault(panel, []).append((name, summary(cmd)))
        order = [*PANELS, *sections]
        for panel in dict.fromkeys(p for p in order if p in sections):
            with formatter.section(panel):
                formatter.write_dl(sections[panel])

    def resolve_command(self, ctx: click_core.Context, args: list[str]) -> tuple[str | None, click_core.Command | None,
                                                                            list[str]]:
        if args and self.get_command(ctx, args[0]) is None and not ctx.resilient_parsing:
            raise click_errors.UsageError(f"unknown command {args[0]!r}{_meant(args[0], list(self.commands))}", ctx)
        return super().resolve_command(ctx, args)

    def parse_args(self, ctx: click_core.Context, args: list[str]) -> list[str]:
        named = args[1:args.index("--")] if "--" in args else args[1:]
        if self.default_command is not None and args and args[0] not in self.commands and args[0] not in (
                "-h", "--help") and not (args[0].startswith("-") and any(a in self.commands for a in named)):
            # (`metadata --json show FILE`: an option before the sub-command named, which click then reports)
            if _command_like(args[0]) and not ctx.resilient_parsing:  # `metadata frobnicate FILE`: a typo
                raise click_errors.UsageError(
                    f"unknown command {args[0]!r}: the commands are {', '.join(self.commands)}", ctx)
            args = [self.default_command, *args]  # `metadata FILE` is `metadata show FILE`
        return super().parse_args(ctx, args)

    def make_parser(self, ctx: click_core.Context) -> click_parser._OptionParser:
        parser = _OneDashRefused(ctx)  # `pdftools -version`, `pdftools -json info`
        for param in self.get_params(ctx):
            param.add_to_parser(parser, ctx)
        return parser

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        argv = list(sys.argv[1:] if args is None else args)
        try:
            code = super().main(argv, prog_name, complete_var, standalone_mode=False, **extra)
        except click_errors.NoArgsIsHelpError as exc:  # `pdftools` alone: a usage error, as `qpdf` alone is
            sys.exit(report_missing_command(exc.ctx))
        except click_errors.UsageError as exc:
            sys.exit(report_usage_error(exc, argv))
        except click_errors.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except Abort:
            sys.stderr.write("aborted\n")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def _meant(word: str, commands: list[str]) -> str:
    """` (did you mean search?)` for a misspelt command or another tool's name for it; else nothing."""
    import difflib

    from pdftools.ops import OTHER_NAMES

    if word == "version":  # pdfcpu's command
        return " (did you mean --version?)"
    close = [OTHER_NAMES[word]] if OTHER_NAMES.get(word) in commands else \
        difflib.get_close_matches(word, commands, n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def _command_like(word: str) -> bool:
    """A word that reads as a command's name (`frobnicate`) and names no file."""
    return re.fullmatch(r"[a-z][a-z0-9-]*", word) is not None and not os.path.exists(word)


class Command(TyperCommand):
    """A command whose arguments read as their placeholders (`FILE`, `[DIR]`, `FILE...`), not Python types, and
    take a page counted from the end (`select book.pdf -1`): no option of ours starts with a digit."""

    context_class = Context

    def parse_args(self, ctx: click_core.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click_errors.UsageError as exc:  # click's parser says `-o requires an argument` without its command
            if exc.ctx is None:
                exc.ctx, exc.cmd = ctx, self
            raise

    def make_parser(self, ctx: click_core.Context) -> click_parser._OptionParser:
        parser = _NumbersAreArguments(ctx)
        parser.bare = getattr(self.callback, "bare_values", {})
        for param in self.get_params(ctx):
            param.add_to_parser(parser, ctx)
        return parser

    def collect_usage_pieces(self, ctx: click_core.Context) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                pieces.append(argument_label(param) if param.required else f"[{argument_label(param)}]")
        return pieces

    def format_options(self, ctx: click_core.Context, formatter: HelpFormatter) -> None:
        args, opts = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                args.append((argument_label(param), record[1]))
            else:
                opts.append((record[0].replace(" [=", "[="), _without_range(param, record[1])))  # --collate[=N]
        for title, rows in (("Arguments", args), ("Options", opts)):
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows)


def _without_range(param: click_core.Parameter, text: str) -> str:
    """An option's help without click's `1<=x<=65535` (Python's notation): the help says the range in words."""
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is None and high is None:
        return text
    shown = f"x<={high}" if low is None else f"x>={low}" if high is None else f"{low}<=x<={high}"
    return text.replace(f"; {shown}]", "]").replace(f"  [{shown}]", "").replace(f"[{shown}]", "").rstrip()


class _OneDashRefused(click_parser._OptionParser):
    """click's parser, but a long option typed with one dash (`-pages`, pdfcpu's and pdftotext's habit) is refused
    naming its two-dash spelling, where click read it as a short option with its value glued on (`split a.pdf
    -pages 1-2` was `-p ages`, a part name, then an extra argument `1-2`). Only a word in an option's place comes
    here: an option's value (`--text -pages`), a negative number, `-` and the words after `--` never do."""

    def _process_opts(self, arg: str, state: click_parser._ParsingState) -> None:
        name = arg.split("=", 1)[0]
        if ONE_DASH.fullmatch(name):
            _refuse_one_dash(name, self, state)
        super()._process_opts(arg, state)

    def together(self, word: str) -> bool:
        """Whether `word` is short options together, as grep takes them: `-in`, `-rne PATTERN` (flags, the last
        letter alone taking a value, from the next word)."""
        for at, letter in enumerate(word[1:], start=2):
            option = self._short_opt.get(click_parser._normalize_opt("-" + letter, self.ctx))
            if option is None or (option.takes_value and at < len(word)):
                return False
        return True


def _refuse_one_dash(word: str, parser: _OneDashRefused, state: click_parser._ParsingState) -> None:
    """Refuse `word` (`-pages`) when it is a long option with one dash: the command's own (`--pages`), another
    tool's that the command has words for (pdftotext's `-layout` at `text`: said by usage), an argument's name
    (`select -pages 1-2`: the pages come after the file), or another command's (`split` has no --pages). Short
    options together (`-in`) and a value glued to its short option that is no option's name (`-dparts`) pass."""
    import shlex

    ctx = parser.ctx
    if ctx is None or ctx.resilient_parsing:  # (completing: the words typed so far are read as they can be)
        return
    long = click_parser._normalize_opt("-" + word, ctx)
    if long in parser._long_opt:
        raise click_errors.UsageError(f"unknown option {word}: a long option takes two dashes here, {long} "
                                      f"(pdfcpu's and pdftotext's take one)", ctx)
    if parser.together(word):
        return
    if word in FOREIGN_WORDS.get(command_words(ctx), {}):
        raise click_errors.NoSuchOption(word, ctx=ctx)
    path = ctx.command_path
    arguments = [p.name for p in ctx.command.params if p.param_type_name == "argument"]
    if word[1:] in arguments:
        value = shlex.quote(state.rargs[0]) if state.rargs else word[1:].upper()
        if word[1:] == arguments[0]:  # the file itself (`info -input a.pdf`): named with no option
            rest = shlex.join(state.rargs) if state.rargs else word[1:].upper()
            raise click_errors.UsageError(f"unknown option {word}: name no option before the {word[1:]}: "
                                          f"`{path} {rest}`", ctx)
        raise click_errors.UsageError(f"unknown option {word}: the {word[1:]} are an argument here, after the "
                                      f"file: `{path} FILE {value}`", ctx)
    if long in _every_long_option(ctx):
        where = f"goes after the command's name: `{path} COMMAND {long}`" if isinstance(ctx.command, PlainGroup) \
            else f"`{path}` has no {long}"
        raise click_errors.UsageError(f"unknown option {word}: a long option takes two dashes ({long}), and {where}",
                                      ctx)


def _every_long_option(ctx: click_core.Context) -> set[str]:
    """The long options of every command and sub-command. A command run alone has the others as stubs, so they are
    built (importing every op: ~0.8 s, paid only for a one-dash word that is none of the command's own options,
    its arguments or short options together, as `-dparts`, -d's value glued to it)."""
    from pdftools.cli.coerce import commands

    root: Any = ctx.find_root().command
    if getattr(root, "build", None) is not None:
        root = root.build(None)
    return {name for command in commands(root) for param in command.get_params(ctx)
            if param.param_type_name == "option" for name in (*param.opts, *param.secondary_opts)
            if name.startswith("--")}


class _NumbersAreArguments(_OneDashRefused):
    """click's parser, but a word that starts with `-` and a digit (`-1`, `-2,1`) is an argument, as argparse
    takes negative numbers when no option looks like one. An option's value (`--angle -90`) is not affected.
    An option that stands for a value alone (`bare`: `--collate` is `--collate=1`) takes one only after `=`, as
    qpdf's do: the word after it is never its value."""

    bare: dict[str, str] = {}  # noqa: RUF012 (set per command, never changed)

    def _process_opts(self, arg: str, state: click_parser._ParsingState) -> None:
        if NEGATIVE.match(arg):
            state.largs.append(arg)
            return
        super()._process_opts(self.bare.get(arg, arg), state)

    def _get_value_from_state(self, option_name: str, option: Any, state: click_parser._ParsingState) -> Any:
        """An option's value is not another of the command's options: `merge a.pdf -o --json` says -o lacks its
        value, as argparse does, where click wrote a file named `--json` (`-o ./--json` names one so). Only a
        path's: a pattern, a password or a text may start with dashes (`search -e --json` finds `--json`, as grep)."""
        if option.nargs == 1 and state.rargs and getattr(option.obj, "metavar", None) in PATH_VALUES and (
                state.rargs[0] in self._long_opt or state.rargs[0] in self._short_opt):
            raise click_errors.BadOptionUsage(option_name, f"Option {option_name!r} requires an argument: "
                                                           f"{state.rargs[0]} is an option (./{state.rargs[0]} is a "
                                                           f"file so named)")
        return super()._get_value_from_state(option_name, option, state)


NEGATIVE = re.compile(r"-\d")
ONE_DASH = re.compile(r"-[a-z][a-z-]+")  # `-pages`: a word as long options are, with one dash
PATH_VALUES = frozenset({"FILE", "DIR", "FOLDER", "PATH"})  # the placeholders of options whose value is a path


def argument_label(param: click_core.Parameter) -> str:
    label = str(param.metavar or (param.name or "").upper()).removesuffix("...")
    return label + ("..." if param.nargs != 1 else "")


def summary(cmd: click_core.Command) -> str:
    """A command's whole one-line summary (click would cut it to fit with `...`)."""
    text = cmd.short_help or (cmd.help or "").strip()
    return text.split("\n\n", 1)[0].replace("\n", " ").strip()
