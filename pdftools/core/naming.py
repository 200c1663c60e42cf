"""File names from user patterns (`{stem}_{start:03}-{end:03}.pdf`), safe on every filesystem."""

from __future__ import annotations

import re
import string
from typing import Any

from pdftools.errors import InvalidArgument

_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|\ud800-\udfff]+')  # lone surrogates cannot be encoded
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
MAX_NAME = 200  # characters of one field
MAX_BYTES = 255  # bytes of a file name, as Linux counts them (NAME_MAX)


def safe_component(text: str, fallback: str = "untitled") -> str:
    """A string made safe to sit inside a file name (no separators, control or reserved characters)."""
    cleaned = _UNSAFE.sub("_", text).strip(" .")
    if cleaned.split(".")[0].upper() in _RESERVED:
        cleaned = "_" + cleaned
    return cleaned[:MAX_NAME] or fallback


def render(pattern: str, **fields: Any) -> str:
    """Fill `pattern` with `fields`; string fields are sanitised, and the result must be a plain file name."""
    safe = {k: safe_component(v) if isinstance(v, str) else v for k, v in fields.items()}
    try:
        names = [f for _, f, _, _ in string.Formatter().parse(pattern) if f is not None]
        for name in names:
            if not name.isidentifier() or name not in safe:
                raise KeyError(name)
        name = pattern.format(**safe)
    except (KeyError, ValueError, IndexError) as exc:
        fields_list = ", ".join("{" + k + "}" for k in fields)
        raise InvalidArgument(f"bad file name pattern {pattern!r}: {exc}", hint=f"Fields: {fields_list}.") from None
    name = _fit(name)
    if _UNSAFE.search(name) or name in ("", ".", ".."):
        raise InvalidArgument(f"pattern {pattern!r} gives {name!r}, which is not a plain file name")
    return name


def _fit(name: str) -> str:
    """`name` cut to MAX_BYTES of UTF-8, keeping its last 10 characters (the extension) and whole characters."""
    if len(name.encode("utf-8", "surrogatepass")) <= MAX_BYTES:
        return name
    tail = name[-10:]
    room = MAX_BYTES - len(tail.encode("utf-8", "surrogatepass"))
    return name[:-10].encode("utf-8", "surrogatepass")[:room].decode("utf-8", "ignore") + tail
