"""One entry put into a JSON-with-comments file (Zed's settings.json, VS Code's mcp.json), every other byte kept.

`put(text, keys, value)` finds the object at `keys[:-1]` (made where missing) and the member `keys[-1]` in it:
an existing member's value is replaced, in its place; a new member goes last in its object, on its own line at its
siblings' indentation, with a comma after the member before it when it had none. Comments, trailing commas, blank
lines, the line endings and the indentation stay as they were. The text must already be known to be JSONC whose
top level is an object (the caller parses it first, and reads the result back).

`append(text, keys, item)` puts `item` last in the array at `keys` (VS Code's `inputs`) the same way: on its own
line at its siblings' indentation, a comma after the item before it when it had none; the array is made, holding
`item` alone, where missing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

_BETWEEN = re.compile(r"(?:\s+|//[^\n]*|/\*.*?\*/)*", re.DOTALL)  # whitespace and comments
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_SCALAR = re.compile(r"[^\s,\]}/]+")  # a number, true, false, null (already checked to be JSON by the caller)


class NotJsonc(ValueError):
    """The text is not what `put` can place an entry in (the caller checks it is JSONC first)."""


@dataclass
class Member:
    key: str
    key_at: int
    value_at: int
    value_end: int
    comma: bool = False  # a comma follows the value
    object: Obj | None = None  # the value, when it is an object
    array: Arr | None = None  # the value, when it is an array


@dataclass
class Item:
    value_at: int
    value_end: int
    comma: bool = False


@dataclass
class Arr:
    start: int  # its `[`
    end: int = 0  # its `]`
    items: list[Item] = field(default_factory=list)


@dataclass
class Obj:
    start: int  # its `{`
    end: int = 0  # its `}`
    members: list[Member] = field(default_factory=list)


def _skip(text: str, at: int) -> int:
    return _BETWEEN.match(text, at).end()  # type: ignore[union-attr]  # (it matches the empty string too)


def _value(text: str, at: int) -> tuple[int, Obj | Arr | None]:
    """Where the value starting at `at` ends, and the value itself when it is an object or an array."""
    char = text[at:at + 1]
    if char == "{":
        return _object(text, at)
    if char == "[":
        node = Arr(at)
        at = _skip(text, at + 1)
        while text[at:at + 1] != "]":
            item = Item(at, _value(text, at)[0])
            node.items.append(item)
            at, item.comma = _after(text, item.value_end, "]")
        node.end = at
        return at + 1, node
    if char == '"':
        return _string(text, at)[1], None
    scalar = _SCALAR.match(text, at)
    if scalar is None:
        raise NotJsonc(f"expected a value at {at}")
    return scalar.end(), None


def _string(text: str, at: int) -> tuple[str, int]:
    """The string starting at `at` (its `"`), and where it ends."""
    found = _STRING.match(text, at)
    if found is None:
        raise NotJsonc(f"a string not closed at {at}")
    return json.loads(found.group(0)), found.end()


def _object(text: str, at: int) -> tuple[int, Obj]:
    node = Obj(at)
    at = _skip(text, at + 1)
    while text[at:at + 1] != "}":
        if text[at:at + 1] != '"':
            raise NotJsonc(f"expected a key at {at}")
        key, after = _string(text, at)
        colon = _skip(text, after)
        if text[colon:colon + 1] != ":":
            raise NotJsonc(f"expected : at {colon}")
        value_at = _skip(text, colon + 1)
        value_end, inner = _value(text, value_at)
        member = Member(key, at, value_at, value_end, object=inner if isinstance(inner, Obj) else None,
                        array=inner if isinstance(inner, Arr) else None)
        node.members.append(member)
        at, member.comma = _after(text, value_end, "}")
    node.end = at
    return at + 1, node


def _after(text: str, at: int, close: str) -> tuple[int, bool]:
    """Past an item or member ending at `at`: where the next one (or `close`) starts, and whether a comma came."""
    at = _skip(text, at)
    if text[at:at + 1] == ",":
        return _skip(text, at + 1), True
    if text[at:at + 1] != close:
        raise NotJsonc(f"expected , or {close} at {at}")
    return at, False


def _indent(text: str, at: int) -> str:
    """The whitespace that starts the line holding `at`."""
    line = text.rfind("\n", 0, at) + 1
    return re.match(r"[ \t]*", text[line:]).group(0)  # type: ignore[union-attr]


def _own_line(text: str, at: int) -> bool:
    return not text[text.rfind("\n", 0, at) + 1:at].strip()


def put(text: str, keys: list[str], value: Any) -> str:
    """`text` with `value` at `keys` (see the module's docstring)."""
    return _at(text, keys, value, None)


def append(text: str, keys: list[str], item: Any) -> str:
    """`text` with `item` last in the array at `keys` (see the module's docstring)."""
    return _at(text, keys, [item], item)


def _at(text: str, keys: list[str], value: Any, item: Any) -> str:
    """`text` with `value` at `keys`; or, `item` given (`value` being [item]), with `item` last in the array there."""
    newline = "\r\n" if "\r\n" in text else "\n"
    start = _skip(text, 0)
    if start == len(text):  # empty, or comments alone: the object after them
        separator = "" if not text or text.endswith("\n") else newline
        for key in reversed(keys):
            value = {key: value}
        return text + separator + json.dumps(value, indent=2, ensure_ascii=False).replace("\n", newline) + newline
    if text[start] != "{":
        raise NotJsonc("the top level is not an object")
    root = _object(text, start)[1]
    unit = _unit(text, root)
    node = root
    for depth, key in enumerate(keys):
        member = next((m for m in reversed(node.members) if m.key == key), None)
        if member is not None and depth == len(keys) - 1:
            if item is not None:
                if member.array is None:
                    raise NotJsonc(f'"{key}" is not an array')
                return _append(text, member.array, item, unit, newline)
            shown = _render(value, _indent(text, member.key_at), unit, newline)
            return text[:member.value_at] + shown + text[member.value_end:]
        if member is None:
            for inner in reversed(keys[depth + 1:]):
                value = {inner: value}
            return _insert(text, node, key, value, unit, newline)
        if member.object is None:
            raise NotJsonc(f'"{key}" is not an object')
        node = member.object
    raise NotJsonc("no keys")  # (keys is never empty)


def _unit(text: str, root: Obj) -> str:
    """One level of the file's indentation: its first member's, else two spaces (as Zed writes its settings)."""
    first = root.members[0].key_at if root.members else None
    indent = _indent(text, first) if first is not None and _own_line(text, first) else ""
    return "\t" if indent.startswith("\t") else indent or "  "


def _render(value: Any, indent: str, unit: str, newline: str) -> str:
    lines = json.dumps(value, indent=unit, ensure_ascii=False).split("\n")
    return (newline + indent).join(lines)


def _insert(text: str, node: Obj, key: str, value: Any, unit: str, newline: str) -> str:
    """A new member last in `node` (`_last`)."""
    first = node.members[0].key_at if node.members else None
    last = node.members[-1] if node.members else None
    return _last(text, node.start, node.end, first, (last.value_end, last.comma) if last else None, unit, newline,
                 lambda indent: json.dumps(key, ensure_ascii=False) + ": " + _render(value, indent, unit, newline))


def _append(text: str, node: Arr, item: Any, unit: str, newline: str) -> str:
    """A new item last in the array `node` (`_last`)."""
    first = node.items[0].value_at if node.items else None
    last = node.items[-1] if node.items else None
    return _last(text, node.start, node.end, first, (last.value_end, last.comma) if last else None, unit, newline,
                 lambda indent: _render(item, indent, unit, newline))


def _last(text: str, start: int, end: int, first: int | None, last: tuple[int, bool] | None, unit: str,
          newline: str, shown: Callable[[str], str]) -> str:
    """`shown(indent)` last in the object or array from `start` to `end` (its closing bracket): on its own line, at
    the indentation of the members there (`first`, the first one's place; one level in from the opening line when
    none is on a line of its own), a comma after the one before (`last`: where it ends, whether a comma follows)
    when it had none."""
    indent = (_indent(text, first) if first is not None and _own_line(text, first)
              else _indent(text, start) + unit)
    member = shown(indent)
    if _own_line(text, end):  # the bracket on a line of its own: the member on a line of its own above it
        at = text.rfind("\n", 0, end) + 1
        insertion = indent + member + newline
    else:  # `{}`, or `}` after a member on its line: the member, then the bracket on a line of its own
        at = end
        insertion = newline + indent + member + newline + _indent(text, start)
    text = text[:at] + insertion + text[at:]
    if last is not None and not last[1]:
        text = text[:last[0]] + "," + text[last[0]:]
    return text
