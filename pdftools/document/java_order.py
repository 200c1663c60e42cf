"""The order pdftk lists a dictionary's keys in: pdftk (Java) keeps a dictionary in a `java.util.HashMap`, so
its keys come out by hash bucket, and within a bucket in the order the file wrote them. qpdf keeps keys sorted,
so the file's order is read here from the object's own bytes (in the file, or in its object stream)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pikepdf

_WHITE = b"\x00\t\n\x0c\r "
_ENDS = _WHITE + b"()<>[]{}/%"
_SPECIAL = set(b" %()<>[]{}/#")
_NUMBER = re.compile(rb"[+-]?(\d+\.?\d*|\.\d+)")
WINDOW = 1 << 20  # bytes read from an object's offset: an Info dictionary is far smaller


def ordered(names: list[bytes]) -> list[bytes]:
    """Names (their bytes, `#xx` escapes decoded, without the slash) in a Java HashMap's iteration order after
    they were put in this order: by bucket (the name's hash spread, masked to the table size), then in order."""
    hashes = [_spread(_hash(b"/" + _encoded(name))) for name in names]
    capacity = 16
    for size in range(1, len(names) + 1):
        mask = capacity - 1
        in_bucket = sum(1 for h in hashes[:size] if h & mask == hashes[size - 1] & mask)
        if in_bucket >= 9 and capacity < 64:  # a long bucket grows the table before it becomes a tree
            capacity *= 2
        if size > capacity * 3 // 4:
            capacity *= 2
    mask = capacity - 1
    return [names[i] for i in sorted(range(len(names)), key=lambda i: (hashes[i] & mask, i))]


def _hash(data: bytes) -> int:
    h = 0
    for byte in data:
        h = (31 * h + byte) & 0xFFFFFFFF
    return h


def _spread(h: int) -> int:
    return h ^ (h >> 16)


def _encoded(name: bytes) -> bytes:
    """The name's bytes as iText keeps them: special and non-printable bytes as `#xx` (lower-case hex)."""
    return b"".join(b"#%02x" % c if c in _SPECIAL or not 32 <= c <= 126 else bytes([c]) for c in name)


def file_keys(pdf: pikepdf.Pdf, path: Path, obj: Any) -> list[bytes] | None:
    """An indirect dictionary's keys in the order its bytes list them (a key given twice: where it was first;
    a key whose value is null is left out), or None when its bytes cannot be found or read."""
    if not getattr(obj, "is_indirect", False):
        return None
    try:
        entry = pdf.get_xref_table().get(obj.objgen)
        if entry is None:
            return None
        if entry.type == 1 and entry.offset is not None:
            with path.open("rb") as file:
                file.seek(entry.offset)
                return _dictionary_keys(file.read(WINDOW))
        if entry.type == 2 and entry.obj_stream_number is not None and entry.obj_stream_index is not None:
            return _in_stream(pdf, entry.obj_stream_number, entry.obj_stream_index)
    except (OSError, ValueError, AttributeError, IndexError):
        return None
    return None


def _in_stream(pdf: pikepdf.Pdf, number: int, index: int) -> list[bytes] | None:
    stream = pdf.get_object((number, 0))
    data = stream.read_bytes()
    first = int(stream.get("/First", 0))
    header = data[:first].split()
    offset = int(header[2 * index + 1])
    return _dictionary_keys(data[first + offset:])


def _dictionary_keys(data: bytes) -> list[bytes] | None:
    tokens = _tokens(data)
    if not tokens:
        return None
    keys: list[bytes] = []
    i = 0
    while i < len(tokens) and tokens[i] != b">>":
        if not tokens[i].startswith(b"/"):
            return None
        key, after = _decoded(tokens[i][1:]), _past_value(tokens, i + 1)
        if after is None:
            return None
        i = after
        if tokens[i - 1] == b"null":
            keys = [k for k in keys if k != key]
        elif key not in keys:
            keys.append(key)
    return keys


def _decoded(name: bytes) -> bytes:
    """A name as its `#xx` escapes mean it (`Custom#20Key` is `Custom Key`), as pdftk reads it."""
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes([int(m[1], 16)]), name)


def _past_value(tokens: list[bytes], i: int) -> int | None:
    if i >= len(tokens) or tokens[i] == b">>":
        return None
    if tokens[i] in (b"<<", b"["):
        depth = 0
        for j in range(i, len(tokens)):
            depth += (tokens[j] in (b"<<", b"[")) - (tokens[j] in (b">>", b"]"))
            if depth == 0:
                return j + 1
        return None
    reference = len(tokens) > i + 2 and tokens[i + 2] == b"R"
    if reference and _NUMBER.fullmatch(tokens[i]) and _NUMBER.fullmatch(tokens[i + 1]):
        return i + 3
    return i + 1


def _tokens(data: bytes) -> list[bytes] | None:
    """The tokens inside the first `<< ... >>` of `data` (a string as `(` or `<`), ending with its `>>`."""
    out: list[bytes] = []
    depth, i, n = 0, 0, len(data)
    while i < n:
        start, c = i, data[i:i + 1]
        if c in _WHITE:
            i += 1
            continue
        if c == b"%":
            while i < n and data[i] not in b"\r\n":
                i += 1
            continue
        if data.startswith(b"<<", i):
            depth, i = depth + 1, i + 2
            if depth == 1:
                continue
        elif data.startswith(b">>", i):
            depth, i = depth - 1, i + 2
            if depth < 0:
                return None
        elif c == b"(":
            i = _past_string(data, i)
        elif c == b"<":
            i = data.find(b">", i) + 1 or n
        elif c in b"[]{}":
            i += 1
        else:
            i += 1
            while i < n and data[i] not in _ENDS:
                i += 1
        if depth >= 1 or data.startswith(b">>", start):
            out.append(data[start:i] if c not in b"(<" or data.startswith(b"<<", start) else c)
        if depth == 0 and out:
            return out
    return None


def _past_string(data: bytes, i: int) -> int:
    nesting, i = 0, i
    while i < len(data):
        c = data[i]
        if c == 0x5C:  # backslash: the next byte is escaped
            i += 2
            continue
        nesting += (c == 0x28) - (c == 0x29)
        i += 1
        if nesting == 0:
            return i
    return i
