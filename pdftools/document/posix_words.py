"""What a grep or pdfgrep user writes out of habit, in Python's terms: POSIX bracket classes (`[[:digit:]]`,
`[^[:alpha:][:space:]]`) and GNU's word edges (`\\<`, `\\>`). Python's `re` reads `[[:digit:]]+` as a set of
`[:digt` followed by `]+` and `\\<` as `<`, so such a pattern matched nothing, silently.

A class becomes the characters it holds in a UTF-8 locale (glibc's `iswalpha` and kin, from Unicode's
categories as glibc derives them), as ranges inside the same set, so negation and the set's other members stay
as written. Everything else, backslash escapes inside sets included, is left to Python's syntax.
"""

from __future__ import annotations

import functools
import re
import sys
import unicodedata
from collections.abc import Callable

from pdftools.errors import InvalidArgument

_COMBINING = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F))


def _alpha(c: str) -> bool:
    """glibc's `alpha`: Unicode's Alphabetic (letters, letter numbers, the vowel signs and marks of scripts,
    near enough: the marks outside the generic combining blocks) and the digits of scripts other than ASCII."""
    kind = unicodedata.category(c)
    if kind in ("Mn", "Mc"):
        return not any(low <= ord(c) <= high for low, high in _COMBINING)
    return c.isalpha() or kind == "Nl" or (kind == "Nd" and not "0" <= c <= "9")


def _space(c: str) -> bool:
    """glibc's `space`: ASCII's six, and Unicode's separators but the no-break ones (U+00A0 is not a space)."""
    return c in " \f\n\r\t\v" or (unicodedata.category(c) in ("Zs", "Zl", "Zp")
                                  and "<noBreak>" not in unicodedata.decomposition(c))


def _blank(c: str) -> bool:
    return c == "\t" or (unicodedata.category(c) == "Zs" and "<noBreak>" not in unicodedata.decomposition(c))


def _cntrl(c: str) -> bool:
    return unicodedata.category(c) in ("Cc", "Zl", "Zp")


def _print(c: str) -> bool:
    return unicodedata.category(c) not in ("Cn", "Cc", "Cs", "Zl", "Zp")


def _graph(c: str) -> bool:
    return _print(c) and not _space(c)


def _punct(c: str) -> bool:
    return _graph(c) and not _alpha(c) and not "0" <= c <= "9"


CLASSES: dict[str, str | Callable[[str], bool]] = {  # as glibc's UTF-8 locales have them (its unicode_utils.py)
    "digit": "0-9", "xdigit": "0-9A-Fa-f", "alpha": _alpha, "alnum": lambda c: _alpha(c) or "0" <= c <= "9",
    "upper": str.isupper, "lower": str.islower, "space": _space, "blank": _blank, "cntrl": _cntrl,
    "punct": _punct, "graph": _graph, "print": _print,
}
_CLASS = re.compile(r"\[:([A-Za-z]*):\]")


def translate(pattern: str, ignore_case: bool = False) -> str:
    """`pattern` with POSIX classes and `\\<`/`\\>` in Python's syntax; unchanged when it has none. Ignoring
    case, `[:upper:]` and `[:lower:]` are `[:alpha:]`, as glibc's regcomp takes them (pdfgrep -i: any letter,
    Arabic's too, which has no case)."""
    if "[:" not in pattern and "\\<" not in pattern and "\\>" not in pattern:
        return pattern
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            out.append({"<": r"\b(?=\w)", ">": r"\b(?<=\w)"}.get(pattern[i + 1], pattern[i:i + 2]))
            i += 2
        elif c == "[":
            i = _bracket(pattern, i, out, ignore_case)
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _bracket(pattern: str, start: int, out: list[str], ignore_case: bool) -> int:
    """Copy the set at `start` into `out` with its classes spelled out; return where it ends."""
    i = start + 1
    if pattern.startswith("^", i):
        i += 1
    if pattern.startswith("]", i):  # a `]` first is a member, in POSIX and Python alike
        i += 1
    body = [pattern[start:i]]
    while i < len(pattern) and pattern[i] != "]":
        if pattern[i] == "\\":
            body.append(pattern[i:i + 2])
            i += 2
        elif (found := _CLASS.match(pattern, i)) is not None:
            name = found.group(1)
            body.append(_members("alpha" if ignore_case and name in ("upper", "lower") else name))
            i = found.end()
        else:
            body.append(pattern[i])
            i += 1
    out.append("".join(body) + pattern[i:i + 1])
    return i + 1


def _members(name: str) -> str:
    kind = CLASSES.get(name)
    if kind is None:
        raise InvalidArgument(f"[:{name}:] is not a character class",
                              hint="The classes are " + ", ".join(f"[:{n}:]" for n in CLASSES) + ".")
    return kind if isinstance(kind, str) else _ranges(name)


@functools.cache
def _ranges(name: str) -> str:
    """The characters of class `name` as set ranges (`\\u0041-\\u005a...`), counted once per process."""
    test = CLASSES[name]
    assert callable(test)
    parts, low = [], None
    for point in range(sys.maxunicode + 2):
        inside = point <= sys.maxunicode and not 0xD800 <= point <= 0xDFFF and test(chr(point))
        if inside and low is None:
            low = point
        elif not inside and low is not None:
            parts.append(_escape(low) if low == point - 1 else f"{_escape(low)}-{_escape(point - 1)}")
            low = None
    return "".join(parts)


def _escape(point: int) -> str:
    return f"\\U{point:08x}"
