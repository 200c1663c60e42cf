"""What a tool's argument may be given as besides its type, where that has exactly one meaning (`pages: 2`,
`inputs: "a.pdf"`, `pages: [1, 3]`, `allow: ["print", "copy"]`): the validators `tool_parameters` adds."""

from __future__ import annotations

import functools
import math
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

PAGE_SPECS = ("pages", "repeat", "ranges")  # page specs (stamp's repeat: pages of its stamp; split's ranges)


def coercion(base: Any, name: str = "") -> Any:
    """A validator accepting what has exactly one meaning for this type: a whole number where a string is
    expected (`pages: 2`), one string where a list of strings is (`inputs: "a.pdf"`), a list of page numbers
    or ranges where a page spec is (`pages: [1, 3]` is `1,3`), a list of names where a comma-separated text is
    (`allow: ["print", "copy"]`), an object of text where `name=value` pairs are (`values: {"Name": "Ann"}`),
    a number's digits where one of some numbers is (`per_sheet: "4"`), a choice in
    another case (`paper: "A4"`). A bool, a
    float or a comma-joined string stay refused or are taken literally: they could mean more than one thing; so
    is a bool where a number is. A
    number is finite: pydantic reads `"nan"` and `"inf"` as floats. A batch's command may be named by its tool
    (`pdf_info` is `info`)."""
    from pydantic import AfterValidator, BeforeValidator

    if get_origin(base) is Literal and name == "command":  # pdf_batch's: its tool's name is the command too
        return BeforeValidator(tool_as_command)
    kinds = set(get_args(base)) if get_origin(base) in (Union, UnionType) else {base}
    kinds.discard(type(None))
    choices = get_args(next(iter(kinds))) if len(kinds) == 1 and get_origin(next(iter(kinds))) is Literal else ()
    if choices and all(type(v) is int for v in choices):  # per_sheet: "4" is 4
        return BeforeValidator(_text_as_number)
    if choices and all(type(v) is str for v in choices):  # paper: "A4" is a4; relationship: "source" is Source
        return BeforeValidator(functools.partial(_in_its_case, choices))
    if kinds == {str}:
        return BeforeValidator(_pages_as_spec if name in PAGE_SPECS else _number_as_text)
    if kinds == {str, list[str]}:  # a comma-separated list (protect's allow) given as a list
        return BeforeValidator(_list_as_commas)
    if kinds == {list[str]} and name == "values":  # pdf_forms' `name=value` pairs: an object too, as metadata's
        return BeforeValidator(_one_as_list), BeforeValidator(_object_as_pairs)
    if list[str] in kinds and kinds <= {list[str], dict[str, str | None]}:  # (metadata's values: an object too)
        return BeforeValidator(_one_as_list)
    if kinds == {float}:
        return BeforeValidator(_no_bool_as_number), AfterValidator(_finite)
    if int in kinds or float in kinds:  # (bookmarks' page: a number or `last`)
        return BeforeValidator(_no_bool_as_number)
    return None


def tool_as_command(value: Any) -> Any:
    from pdftools.ops import OPS

    return next((op.name for op in OPS if op.tool == value), value)


def _no_bool_as_number(value: Any) -> Any:
    """pydantic's lax mode reads `true` as 1: `max_chars: true` was a budget of one character."""
    if isinstance(value, bool):
        from pydantic_core import PydanticCustomError

        raise PydanticCustomError("number_not_bool", "a number, not true or false")
    return value


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        from pydantic_core import PydanticCustomError

        raise PydanticCustomError("finite_number", "a finite number")
    return value


def _in_its_case(choices: tuple[str, ...], value: Any) -> Any:
    if not isinstance(value, str) or value in choices:
        return value
    same = [choice for choice in choices if choice.casefold() == value.strip().casefold()]
    return same[0] if len(same) == 1 else value


def _text_as_number(value: Any) -> Any:
    return int(value) if isinstance(value, str) and value.strip().isdigit() and value.strip().isascii() else value


def _number_as_text(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


def _pages_as_spec(value: Any) -> Any:
    if isinstance(value, list) and value and all(isinstance(v, str) or (isinstance(v, int) and not isinstance(
            v, bool)) for v in value):
        return ",".join(str(v) for v in value)
    return _number_as_text(value)


def _list_as_commas(value: Any) -> Any:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ",".join(value)
    return value


def _one_as_list(value: Any) -> Any:
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        value = [value]
    return [_number_as_text(v) for v in value] if isinstance(value, list) else value


def _object_as_pairs(value: Any) -> Any:
    """`{"Name": "Ann"}` as `["Name=Ann"]`, when every value is text (what else a value is, `data` takes)."""
    if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        return [f"{name}={v}" for name, v in value.items()]
    return value
