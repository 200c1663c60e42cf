"""An op's signature as Typer options: help from each `Param`, flags, environment variables and completion from
each `Cli`, the placeholders people know (`FILE`, `PAGES`, `N`), the options that stand for a value alone, and
the parameter that makes an op a command group."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from pdftools.core.params import (
    MISSING,
    Cli,
    Param,
    actions_of,
    describe,
    for_action,
    hints,
    marker,
    split_annotated,
    with_note,
)


def hints_of(fn: Callable[..., Any]) -> dict[str, Any]:
    """The op's annotations, evaluated once (`params.hints`: help and errors ask often, and the call itself)."""
    return hints(fn)


def typer_parameters(fn: Callable[..., Any], action: str | None = None) -> list[inspect.Parameter]:
    """The op's parameters re-annotated for Typer: help from `Param`, flags and envvars from `Cli`; for one
    sub-command (`action`), only the parameters it takes."""
    hints = hints_of(fn)
    params = []
    for name, param in inspect.signature(fn).parameters.items():
        base, meta = split_annotated(hints[name])
        info, cli = marker(meta, Param), marker(meta, Cli) or Cli()
        if action is not None and (cli.commands or action not in (actions_of(meta) or (action,))):
            continue
        help_text = describe(with_note(info.description, cli.note), flag_namer(fn)) if info is not None else None
        if info is not None and help_text is not None and info.le is not None:  # (over MCP: the schema's)
            help_text = with_bounds(help_text, info)
        if action is not None and help_text is not None:
            help_text = for_action(help_text, action, [name for name, _ in (action_parameter(fn) or ("", ()))[1]])
        default = param.default if cli.default is MISSING else cli.default
        if cli.prompt and help_text:  # one parenthesis, not two in a row
            asked = "asked for at a terminal when not given"
            help_text = f"{help_text[:-1]}; {asked})" if help_text.endswith(")") else f"{help_text} ({asked})"
        complete = _completer(info, cli)
        if cli.argument:
            spec = typer.Argument(help=help_text, metavar=metavar_of(name, base, cli), case_sensitive=False,
                                  show_default=default not in (None, ...), autocompletion=complete)
        else:  # choices in any case: `--to A4` as the help's "A4" reads
            spec = typer.Option(*flags_of(name, cli), help=help_text, envvar=cli.envvar, case_sensitive=False,
                                metavar=metavar_of(name, base, cli), show_envvar=cli.envvar is not None,
                                show_default=cli.bare is MISSING,  # `--collate[=N]`: off
                                autocompletion=complete)
            default = shown_value(default)
        if info is not None and info.aliases:  # a choice's other names, taken by its converter (cli/coerce.py)
            spec.aliases = info.canonical  # type: ignore[attr-defined]
        # one secret taken as a list, so that given twice it is refused (values.fill_secrets)
        typed = list[str] | None if not cli.argument and one_secret(base, cli) else base
        params.append(inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                                        annotation=Annotated[typed, spec]))
        if cli.file_flag:
            flag = max(flags_of(name, cli), key=len)
            where = "FILE, one a line" if many(base) else "the first line of FILE"
            spec = typer.Option(cli.file_flag, metavar="FILE", help=f"Read {flag} from {where} (`-`: standard input)")
            params.append(inspect.Parameter(from_file(name), inspect.Parameter.KEYWORD_ONLY, default=None,
                                            annotation=Annotated[str | None, spec]))
    return params


def _completer(info: Param | None, cli: Cli) -> Callable[[str], list[str]] | None:
    """What a shell completes for a value with fixed choices that is not a Literal (`--angle 90`, batch's
    COMMAND); Literals complete through their click Choice already."""
    if (info is None or info.one_of is None) and cli.complete is None:
        return None

    def values() -> list[str]:
        return ([str(v) for v in info.one_of] if info is not None and info.one_of is not None else []) + (
            list(cli.complete()) if cli.complete is not None else [])

    if cli.listed:  # `--allow print,co<TAB>`
        from pdftools.cli.shells import in_list

        return in_list(values)
    return lambda incomplete: [v for v in values() if v.startswith(incomplete)]


METAVARS = {"FILE": ("input", "inputs", "output", "source", "pdf", "files", "templates", "template", "reference_doc",
                     "lua_filter", "data", "css", "append", "start_file"),
            "RANGES": ("ranges",), "COLOR": ("color",), "LIST": ("allow",), "FORMAT": ("from_format", "to_format"),
            "KEY=VALUE": ("metadata",),
            "DIR": ("folder", "out_dir", "copy_to", "resource_path"), "PAGES": ("pages",),
            "PASSWORD": ("password", "user_password", "owner_password"), "PATTERN": ("pattern", "glob"),
            "LANG": ("language", "ocr_language"), "TITLE": ("title", "parent"), "SECONDS": ("timeout",),
            "DEGREES": ("angle",), "POINTS": ("margin", "padding", "font_size")}


def metavar_of(name: str, base: Any, cli: Cli) -> str | None:
    """The placeholder people know (`FILE`, `DIR`, `PAGES`, `N`, `TEXT`, `[a|b]`), never a Python type."""
    from types import UnionType
    from typing import Literal, Union, get_args, get_origin

    if cli.metavar:
        return cli.metavar
    found = next((label for label, names in METAVARS.items() if name in names), None)
    kinds = [a for a in (get_args(base) if get_origin(base) in (Union, UnionType) else (base,))
             if a is not type(None)]
    kinds = [a for k in kinds for a in (get_args(k) if get_origin(k) is list else (k,))]
    if found or not kinds or kinds[0] is bool:
        return found
    if get_origin(kinds[0]) is Literal:
        return "[" + "|".join(map(str, get_args(kinds[0]))) + "]"
    return {int: "N", float: "NUMBER"}.get(kinds[0], "TEXT")


def with_bounds(text: str, info: Param) -> str:
    """A bounded number's help with its bounds (`0 to 144`), unless it says them already (`1-95`)."""
    import re

    if re.search(rf"\b{info.le:,g}\b|\b{info.le:g}\b", text):
        return text
    return with_note(text, f"{info.ge:,g} to {info.le:,g}" if info.ge is not None else f"at most {info.le:,g}")


def shown_value(default: Any) -> Any:
    """The default click is given: a whole float as an int, so `[default: 1]` reads 1, not Python's 1.0 (click
    writes a default given as text in parentheses, `(1)`); click's FLOAT type still hands the op 1.0."""
    return int(default) if isinstance(default, float) and default.is_integer() else default


def one_secret(base: Any, cli: Cli) -> bool:
    """Whether a parameter is one secret (`--password` of a command that opens one PDF, `--user-password`): click
    keeps the last of an option given twice, and a password given twice to open one PDF is a mistake to say."""
    return bool(cli.file_flag or cli.prompt) and not many(base)


def many(base: Any) -> bool:
    """Whether a parameter's type is a list (alone or in a union: `list[str] | None`)."""
    from types import UnionType
    from typing import Union, get_args, get_origin

    return any(get_origin(kind) is list for kind in (get_args(base) if get_origin(base) in (Union, UnionType)
                                                       else (base,)))


def from_file(name: str) -> str:
    """The name of the extra parameter that reads `name` from a file (`--password-file`)."""
    return f"{name}__file"


def bare_values(fn: Callable[..., Any]) -> dict[str, str]:
    """The options that stand for a value alone (`--collate`: `--collate=1`), by each of their flags."""
    hints, found = hints_of(fn), {}
    for name in inspect.signature(fn).parameters:
        cli = marker(split_annotated(hints[name])[1], Cli)
        if cli is not None and cli.bare is not MISSING:
            found.update({flag: f"{flag}={cli.bare}" for flag in flags_of(name, cli) if flag.startswith("--")})
    return found


def action_parameter(fn: Callable[..., Any]) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """The parameter that makes the op a command group (its `Cli.commands`: sub-command names and help)."""
    hints = hints_of(fn)
    for name in inspect.signature(fn).parameters:
        cli = marker(split_annotated(hints[name])[1], Cli)
        if cli is not None and cli.commands:
            return name, cli.commands
    return None


def flag_namer(fn: Callable[..., Any]) -> Callable[[str], str]:
    """How the CLI names the op's parameters in help text: its longest flag (`--max-chars`)."""
    hints = hints_of(fn)

    def name_of(name: str) -> str:
        cli = marker(split_annotated(hints[name])[1], Cli) or Cli() if name in hints else Cli()
        return max(flags_of(name, cli), key=len)
    return name_of


def flags_of(name: str, cli: Cli) -> tuple[str, ...]:
    """The option's flags: as declared, else `--name-with-dashes`; an argument is its upper-case name."""
    if cli.argument:
        return (cli.metavar or name.upper(),)
    return cli.flags or ("--" + name.replace("_", "-"),)
