"""PDF objects read as plain Python values, safely: a name or string whose bytes are not text never raises."""

from __future__ import annotations

from typing import Any

CONTAINERS = ("array", "dictionary", "stream")


def text(value: Any) -> str:
    """`str()` of a PDF object that never raises (a name or string whose bytes are not valid text would, and
    so would repr()), without the NULs some producers pad strings with. An array, dictionary or stream reads as
    PDF syntax (`[ (Ann) 2 ]`, `<< /a 1 >>`, `7 0 R`), not as pikepdf's Python repr."""
    try:
        container = type(value).__module__.startswith("pikepdf") and value._type_name in CONTAINERS
        result = value.unparse(resolved=True).decode("utf-8", "replace") if container else str(value)
    except Exception:
        try:
            raw = bytes(value)  # (a PDF 2.0 UTF-8 string, EF BB BF first, whose bytes then are not UTF-8)
            result = raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace")
        except Exception:
            result = ""
    return result.replace("\x00", "")
