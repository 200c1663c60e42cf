"""A batch's option values: `key=value` pairs (the command line's `--set angle=90`) or, over MCP, an object
(`{"angle": 90}`), made the op's keyword arguments by its own signature and checked against its constraints, as
the command line would; each error in the words of the form given. Also which options a command line gives a
default the function does not (`cli_defaults`), and which arguments `pdf_batch` takes for each tool
(`tool_arguments`). Read by the coordinator only: a worker gets the values already made (`plan.FileJob`)."""

from __future__ import annotations

import difflib
import inspect
import json
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from pdftools.batch.plan import OWNED, PER_CALL, command_op, commands
from pdftools.core.pages import check_spec
from pdftools.core.params import MISSING, Cli, Mcp, Pages, Param, leaves_out, marker, split_annotated
from pdftools.errors import InvalidArgument, InvalidPageRange
from pdftools.ops import OPS, Op

TRUE, FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")
_KINDS = {bool: "yes or no", int: "a whole number", float: "a number"}


def parse_options(fn: Callable[..., Any], pairs: list[str] | dict[str, Any] | None, command: str) -> dict[str, Any]:
    """`key=value` pairs (the command line's `--set`) or an object (MCP's `options`) as the op's keyword
    arguments, typed and checked. Each error speaks the form it was given: `--set angle=x` and the command's
    help, or the object's member as JSON (`options {"angle": "x"}`) and the tool's input schema. An object's keys
    are the arguments of the command's tool: an option the tool does not take (a Lua filter, which runs a
    program) is no key of it."""
    op = command_op(command)
    said = _Member(op) if isinstance(pairs, dict) else None
    try:
        return _parse_options(fn, pairs, said)
    except InvalidArgument as exc:
        if type(exc) is not InvalidArgument or exc.hint != InvalidArgument.hint:
            raise
        hint = (f"`{op.tool}`'s input schema gives the values each of its arguments takes." if said else
                f"`pdftools {command} --help` lists its options and the values they take.")
        raise InvalidArgument(exc.message, hint=hint) from None


class _Member:
    """How an error names a member of an options object, in the agent's terms: the member as JSON, the
    commands by their tools' names."""

    def __init__(self, op: Op) -> None:
        self.op = op

    def __call__(self, key: str, value: Any) -> str:
        return "options " + json.dumps({key: value}, ensure_ascii=False, default=str)

    def unknown(self, key: str, value: Any, name: str, usable: list[str]) -> InvalidArgument:
        takes = (f"{self.op.tool}'s arguments, but those pdf_batch sets, are the keys options takes: "
                 f"{', '.join(usable)}.")
        if name in OWNED:
            return InvalidArgument(f"{self(key, value)}: pdf_batch sets {name} itself",
                                   hint=f"Outputs go into out_dir, named by name; {takes}")
        meant = difflib.get_close_matches(name, usable, n=1, cutoff=0.75)
        others = [op.tool for op in OPS if op.name in commands() and op != self.op and name in tool_arguments(op)]
        why = f" (did you mean {meant[0]}?)" if meant else f" ({', '.join(others)} takes it)" if others else ""
        return InvalidArgument(f"{self(key, value)}: {self.op.tool} takes no argument {name}{why}", hint=takes)


SHAPING = ("linearize", "object_streams")  # how the PDF is saved: hidden from the tools only to keep their listing
# short; harmless (unlike a Lua filter or a pandoc template, which run programs), so an agent's batch takes them


def tool_arguments(op: Op) -> list[str]:
    """The keys of `pdf_batch`'s options for this op: its tool's arguments (its parameters but those hidden
    from MCP, command line only), and the hidden ones that only shape the PDF written (`SHAPING`)."""
    fn = op.load()
    hints = get_type_hints(fn, include_extras=True)
    return [name for name in inspect.signature(fn).parameters
            if name in SHAPING or not (marker(split_annotated(hints[name])[1], Mcp) or Mcp()).hidden]


def _parse_options(fn: Callable[..., Any], pairs: list[str] | dict[str, Any] | None,
                   said: _Member | None) -> dict[str, Any]:
    hints = get_type_hints(fn, include_extras=True)
    params = inspect.signature(fn).parameters
    takes = tool_arguments(said.op) if said else list(params)
    flags = {} if said else _flag_names(hints, params)  # over MCP the tool's own argument names only
    spelled = {n: n for n in params} if said else _spellings(hints, params)  # as errors name them
    raw: dict[str, list[Any]] = {}
    json_values: dict[str, Any] = {}
    items = pairs.items() if isinstance(pairs, dict) else (_pair(p) for p in pairs or [])
    for key, value in items:
        name = key.strip().lstrip("-").replace("-", "_")
        name = flags.get(name, name)
        if name not in takes or name in OWNED or name in PER_CALL:
            usable = [n for n in takes if n not in OWNED and n not in PER_CALL]
            if said:
                raise said.unknown(key, value, name, usable)
            words = [spelled[n] for n in usable]
            meant = difflib.get_close_matches(name.replace("_", "-"), words, n=1, cutoff=0.75)
            why = "the batch sets it" if name in OWNED else PER_CALL[name] if name in PER_CALL else "no such option" + (
                f" (did you mean {meant[0]}?)" if meant else "")
            raise InvalidArgument(f"--set {key}: {why}", hint=f"Options of this command: {', '.join(words)}.")
        if name == "pages" and _page_list(value):  # over MCP `[1, "3-4"]` is `1,3-4`, as every tool takes it
            value = ",".join(map(str, value))
        if said and _json_value(hints[name], value):
            json_values[name] = value  # JSON itself (bookmarks' or a form's data), as the tool takes it
            continue
        raw.setdefault(name, []).extend(value if isinstance(value, list) else [value])
    given = {k.strip().lstrip("-").replace("-", "_"): v for k, v in pairs.items()} if isinstance(pairs, dict) else {}
    options = dict(json_values)
    for name, values in raw.items():
        where = said(name, given[name]) if said else None
        base, meta = split_annotated(hints[name])
        values = [(marker(meta, Param) or Param("")).canonical(v) for v in values]  # a choice's other names
        value = _typed(spelled[name], base, values, where)
        if leaves_out(marker(meta, Param), value):
            continue  # `pages=`: left out, as at the command line
        if hints[name] == Pages:
            _check_pages(value, where)
        problem = (marker(meta, Param) or Param("")).violation(value)
        if problem:
            raise InvalidArgument(f"{where}: {name} {problem}" if where else
                                  f"--set {spelled[name]} {problem} (got {value!r})")
        options[name] = value
    return options


def _json_value(hint: Any, value: Any) -> bool:
    """An object, or a list of objects, where the tool takes JSON itself (its `Mcp(annotation=...)` admits it)."""
    mcp = marker(split_annotated(hint)[1], Mcp)
    if mcp is None or mcp.annotation is MISSING or not isinstance(value, dict | list):
        return False
    kinds = {get_origin(k) or k for k in (get_args(mcp.annotation) if _is_union(mcp.annotation) else [mcp.annotation])}
    return (isinstance(value, dict) and dict in kinds) or (
        isinstance(value, list) and list in kinds and all(isinstance(v, dict) for v in value) and bool(value))


def _check_pages(spec: str, where: str | None) -> None:
    try:
        check_spec(spec)
    except InvalidPageRange as exc:
        if where is None:
            raise
        raise InvalidPageRange(f"{where}: {exc.message}") from None


def _flag_names(hints: dict[str, Any], params: Any) -> dict[str, str]:
    """The parameters whose long flag in the command's --help is not their name (`--to` for `to_format`): the
    flag's words, as `--set` takes them, to the parameter's name."""
    found = {}
    for name in params:
        cli = marker(split_annotated(hints[name])[1], Cli)
        for flag in cli.flags if cli is not None else ():
            word = flag.split("/")[0].removeprefix("--").replace("-", "_")
            if flag.startswith("--") and word != name and word not in params:
                found[word] = name
    return found


def _spellings(hints: dict[str, Any], params: Any) -> dict[str, str]:
    """Each parameter as the command's --help spells it, the words `--set` takes: its first long flag without
    the dashes (`to` for `to_format`, `text` for `content`), else its name with dashes (`force-ocr`)."""
    found = {}
    for name in params:
        cli = marker(split_annotated(hints[name])[1], Cli)
        longs = [f.split("/")[0] for f in (cli.flags if cli is not None else ()) if f.startswith("--")]
        found[name] = longs[0].removeprefix("--") if longs else name.replace("_", "-")
    return found


def cli_defaults(fn: Callable[..., Any]) -> dict[str, Any]:
    """Defaults the command line gives and the function does not (e.g. no character budget at a shell)."""
    hints = get_type_hints(fn, include_extras=True)
    found = {}
    for name in inspect.signature(fn).parameters:
        cli = marker(split_annotated(hints[name])[1], Cli)
        if cli is not None and cli.default is not MISSING and name not in OWNED:
            found[name] = cli.default
    return found


def _pair(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise InvalidArgument(f"--set {text!r} is not key=value", hint="For example: --set angle=90")
    return key, value


def _page_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(v, str) or (isinstance(v, int) and not isinstance(v, bool)) for v in value)


def _typed(name: str, base: Any, values: list[Any], where: str | None = None) -> Any:
    """The value of `name` as `base`; `where` names it in an options object (None: as `--set`)."""
    choices = [a for a in get_args(base) if a is not type(None)] if _is_union(base) else [base]
    inner = choices[0] if len(choices) == 1 else base
    if get_origin(inner) is list:
        item = get_args(inner)[0]
        return [_one(name, item, v, where) for v in values]
    if len(values) > 1:
        raise InvalidArgument(f"{where}: {name} takes one value, not a list" if where else
                              f"--set {name} was given {len(values)} times; it takes one value")
    return _one(name, inner, values[0], where)


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def _one(name: str, tp: Any, value: Any, where: str | None = None) -> Any:
    if get_origin(tp) is Literal:
        allowed = get_args(tp)
        match = next((a for a in allowed if str(a) == str(value)), MISSING)
        if match is MISSING:
            raise InvalidArgument(f"{where}: choose from {', '.join(json.dumps(a) for a in allowed)}" if where else
                                  f"--set {name}={value}: choose from {', '.join(map(str, allowed))}")
        return match
    if tp is str and isinstance(value, int) and not isinstance(value, bool):
        return str(value)  # a whole number where text is expected (`pages: 2`): one meaning, as every tool takes it
    if not isinstance(value, str):
        wrong = not isinstance(value, tp) or (tp is not bool and isinstance(value, bool))  # True is an int
        if tp in (int, float, bool, str) and wrong:
            kind = {**_KINDS, str: "text"}[tp]  # in words, and the value as JSON (it came as JSON, over MCP)
            raise InvalidArgument(f"{where}: expected {kind}" if where else
                                  f"--set {name}: expected {kind}, got {json.dumps(value, ensure_ascii=False)}")
        return value
    try:
        if tp is bool:
            if value.lower() not in (*TRUE, *FALSE):
                raise ValueError(value)
            return value.lower() in TRUE
        if tp in (int, float):
            return tp(value)
    except ValueError:
        raise InvalidArgument(f"{where or f'--set {name}={value}'}: not {_KINDS.get(tp, tp.__name__)}") from None
    return value
