"""PDF objects read as plain Python values, safely: a name or string whose bytes are not text never raises."""

from __future__ import annotations

from typing import Any


def text(value: Any) -> str:
    """`str()` of a PDF object that never raises (a name or string whose bytes are not valid text would, and
    so would repr()), without the NULs some producers pad strings with."""
    try:
        result = str(value)
    except Exception:
        try:
            result = bytes(value).decode("utf-8", "replace")
        except Exception:
            result = ""
    return result.replace("\x00", "")
