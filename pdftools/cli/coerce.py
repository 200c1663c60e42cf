"""Command-line values converted without pydantic.

Typer (0.29) converts every parameter's value through a pydantic `TypeAdapter`, even a plain `str`, and so
imports pydantic (~0.1 s, half of a command's start-up) in every command that takes an option. The types the
commands use are few and plain: str, int, float, bool, Path, Literal choices, and lists of them. `PlainGroup`
gives each parameter of the command tree a converter for those before Typer would build its adapter; a type
not listed here keeps Typer's own conversion (tests/cli/test_startup_imports.py fails if a command then loads
pydantic). Choices and paths go through Typer's own (pydantic-free) helpers, so their wording is Typer's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from typer import _param_types
from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam
from typer.core import TyperGroup, _TyperParameter

Convert = Callable[[Any, Any], Any]  # (value, ctx) -> converted value; raises ValueError
TRUE = {"1", "true", "t", "yes", "y", "on"}
FALSE = {"0", "false", "f", "no", "n", "off", ""}


@dataclass(frozen=True)
class PlainRuntimeParam(RuntimeParam):
    """Typer's conversion contract (None and multi-value handling in `coerce`) with a plain converter."""

    convert: Convert

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            return self.convert(value, ctx)
        except ValueError as exc:
            raise BadParameter(str(exc), ctx=ctx, param=param) from None


def _text(value: Any, ctx: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _flag(value: Any, ctx: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE | FALSE:
        return text in TRUE
    raise ValueError(f"{value!r} is not a valid boolean.")


def _number(kind: type, low: float | None, high: float | None) -> Convert:
    name = {int: "integer", float: "number"}[kind]

    def convert(value: Any, ctx: Any) -> Any:
        try:
            number = kind(value.strip() if isinstance(value, str) else value)
        except (TypeError, ValueError):
            raise ValueError(f"{value!r} is not a valid {name}.") from None
        if (low is not None and number < low) or (high is not None and number > high):
            bounds = f"{'' if low is None else f'{low}<='}x{'' if high is None else f'<={high}'}"
            raise ValueError(f"{number} is not in the range {bounds}.")
        return number

    return convert


def _choice(choices: tuple[Any, ...], case_sensitive: bool, canonical: Callable[[Any], Any] | None = None) -> Convert:
    def convert(value: Any, ctx: Any) -> Any:
        value = canonical(value) if canonical is not None else value  # a choice's other name (`Param.aliases`)
        return _param_types.coerce_cli_choice(value, choices=choices, case_sensitive=case_sensitive, ctx=ctx)

    return convert


def _path(info: Any) -> Convert:
    def convert(value: Any, ctx: Any) -> Any:  # given a Path, Typer's checks (exists, ...) need no pydantic
        return _param_types.coerce_cli_path(Path(_text(value, ctx)), info, path_type=Path, ctx=ctx)

    return convert


def converter(annotation: Any, info: Any) -> Convert | None:
    """A plain converter for `annotation` (Optional already removed by Typer), or None: Typer's own."""
    if get_origin(annotation) is list:
        item = converter(get_args(annotation)[0], info)
        return None if item is None else (lambda value, ctx: [item(v, ctx) for v in value])
    if info.parser is not None or info.clamp or get_origin(annotation) not in (None, Literal):
        return None
    if get_origin(annotation) is Literal:
        return _choice(get_args(annotation), info.case_sensitive, getattr(info, "aliases", None))
    if annotation is bool:
        return _flag
    if annotation in (int, float):
        return _number(annotation, info.min, info.max)
    if annotation is Path and info.path_type is None:
        return _path(info)
    return _text if annotation is str else None


def commands(command: Any) -> Iterator[Any]:
    """A command and every command below it."""
    yield command
    for sub in getattr(command, "commands", {}).values():
        yield from commands(sub)


def install(root: Any, ctx: Any) -> None:
    """Give each parameter of the tree a plain converter where its type has one, before Typer builds its own;
    the help options (made on first use, from the names the root's context gives) included."""
    for command in commands(root):
        if command is root or "help_option_names" not in command.context_settings:  # else it has its own
            command.get_help_option(ctx)
        for param in [*command.params, getattr(command, "_help_option", None)]:
            if isinstance(param, _TyperParameter) and param._runtime_param is None:
                param._runtime_param = plain_runtime(param.type_descriptor)


def plain_runtime(desc: Any) -> RuntimeParam | None:
    convert = None if desc.is_file else converter(desc.annotation, desc.parameter_info)
    if convert is None:
        return None
    return PlainRuntimeParam(parameter_info=desc.parameter_info, annotation=desc.annotation, convert=convert)


class PlainGroup(TyperGroup):
    """The root command group: installs the plain converters on the whole tree when a command line is parsed."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        install(self, ctx)
        return super().parse_args(ctx, args)
