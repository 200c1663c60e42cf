"""File names from user patterns (`{stem}-{start:03}-{end:03}.pdf`), safe on every filesystem."""

from __future__ import annotations

import re
import string
from typing import Any

from pdftools.errors import InvalidArgument

# control and reserved characters, bidi controls, and lone surrogates (no file system can store them)
_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]+')
_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
MAX_NAME = 200  # characters of one field


def safe_component(text: str, fallback: str = "untitled") -> str:
    """A string made safe to sit inside a file name (no separators, control or reserved characters)."""
    cleaned = _UNSAFE.sub("_", text).strip(" .")
    if cleaned.split(".")[0].upper() in _RESERVED:
        cleaned = "_" + cleaned
    return cleaned[:MAX_NAME] or fallback


def distinct_file_names(filenames: list[str]) -> list[str]:
    """Plain, distinct file names: the last path part (`/` or `\\`), made safe; `name-2.ext` for repeats."""
    from pathlib import PurePosixPath

    out: list[str] = []
    for raw in filenames:
        base = safe_component(PurePosixPath(re.sub(r"[\\/]+", "/", raw)).name, fallback="attachment")
        name, number = base, 1
        while name in out:
            number += 1
            stem, dot, ext = base.rpartition(".")
            name = f"{stem}-{number}.{ext}" if dot and stem else f"{base}-{number}"
        out.append(name)
    return out


MOST_WIDTH = 255
"""The widest a placeholder's width or precision may be: a file name holds 255 bytes, and a stamp wider than that
runs off any page (`{page:>99999999}` laid out 100 million characters a page)."""


def fill(pattern: str, what: str, hint: str, **fields: Any) -> str:
    """`pattern` (`{page:06}`, `{stem}`) filled with `fields`; what is wrong with it, in the user's terms (never
    Python's `KeyError: 'foo'`), as INVALID_ARGUMENT about `what` (`the text '{foo}'`) with `hint`."""
    known = ", ".join("{" + k + "}" for k in fields)
    try:
        parsed = list(string.Formatter().parse(pattern))
    except ValueError:
        raise InvalidArgument(f"cannot read {what}: a single {{ or }}",
                              hint=hint) from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if name == "":
            raise InvalidArgument(f"cannot read {what}: empty placeholder {{}}; known: {known}", hint=hint)
        if name not in fields:
            raise InvalidArgument(f"cannot read {what}: unknown placeholder {{{name}}}; known: {known}", hint=hint)
        widest = max((int(number) for number in re.findall(r"\d+", spec or "")), default=0)
        if widest > MOST_WIDTH:  # checked before formatting: `{page:>999999999}` is a gigabyte to make
            raise InvalidArgument(f"cannot read {what}: {{{name}:{spec}}} asks for {widest:,} characters; a "
                                  f"placeholder's width or precision is at most {MOST_WIDTH}", hint=hint)
        try:
            format(fields[name], spec or "")
            if conversion:
                raise ValueError(conversion)
        except (ValueError, TypeError):
            shown = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
            raise InvalidArgument(f"cannot read {what}: {shown} is not a format {{{name}}} takes", hint=hint
                                  ) from None
    return pattern.format(**fields)


_PRINTF = re.compile(r"%%|%(0?)([1-9]\d?)?d")


def printf_number(pattern: str, field: str) -> str:
    """A pattern with C's printf number (`page-%d.pdf`, `pg_%04d.pdf`, as pdfseparate, pdftk's burst and qpdf
    name pages) in ours: `{field}`, `{field:04}`; `%%` is a percent sign. Without one, the pattern as it is."""
    if not any(m.group() != "%%" for m in _PRINTF.finditer(pattern)):
        return pattern

    def one(match: re.Match[str]) -> str:
        if match.group() == "%%":
            return "%"
        return "{" + field + (f":{match.group(1)}{match.group(2)}" if match.group(2) else "") + "}"
    return _PRINTF.sub(one, pattern)


def render(pattern: str, **fields: Any) -> str:
    """Fill `pattern` with `fields`; string fields are sanitised, and the result must be a plain file name."""
    safe = {k: safe_component(v) if isinstance(v, str) else v for k, v in fields.items()}
    known = ", ".join("{" + k + "}" for k in fields)
    name = fill(pattern, f"the file name pattern {pattern!r}", f"Fields: {known}.", **safe)
    if _UNSAFE.search(name) or fit(name) in ("", ".", ".."):
        raise InvalidArgument(f"pattern {pattern!r} gives {name!r}, which is not a plain file name")
    return fit(name)


def fit(name: str, limit: int = 240) -> str:
    """Shorten a file name to `limit` bytes of UTF-8 (filesystems count bytes, at most 255), keeping its
    extension and never cutting a character in two."""
    if len(name.encode()) <= limit:
        return name
    stem, dot, ext = name.rpartition(".")
    if not dot or len(ext) > 10:
        stem, ext = name, ""
    room = limit - len(ext.encode()) - (1 if ext else 0)
    short = stem.encode()[:room].decode(errors="ignore").rstrip(" ._-")
    return f"{short}.{ext}" if ext else short
