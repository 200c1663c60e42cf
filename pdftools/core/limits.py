"""Limits that apply to every operation, configurable by environment variables (documented in README)."""

from __future__ import annotations

import os

from pdftools.errors import InvalidArgument


def _number(name: str) -> float | None:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        raise InvalidArgument(f"{name}={raw!r} is not a number") from None
    return value if value > 0 else None


def timeout() -> float | None:
    """Seconds an operation may run (PDFTOOLS_TIMEOUT; unset or 0: no limit)."""
    return _number("PDFTOOLS_TIMEOUT")


MAX_PIXELS = 200_000_000  # a page rendered for OCR or thumbnails: A0 at 300 dpi is 139 Mpx (~0.4 GB as RGB)


def max_pixels() -> int:
    """Most pixels one rendered page may have (PDFTOOLS_MAX_PIXELS)."""
    value = _number("PDFTOOLS_MAX_PIXELS")
    return int(value) if value else MAX_PIXELS


MAX_INPUT_MB = 100  # a document to convert: pandoc holds several copies of it (text, AST, output) in memory


def max_input_bytes() -> int:
    """Largest document `convert` accepts, file or string (PDFTOOLS_MAX_INPUT_MB, decimal megabytes)."""
    value = _number("PDFTOOLS_MAX_INPUT_MB")
    return int((value or MAX_INPUT_MB) * 1_000_000)
