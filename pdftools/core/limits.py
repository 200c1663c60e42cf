"""Limits that apply to every operation, configurable by environment variables (documented in README).

Each limit has a default that no ordinary document reaches and its own error code; `0` turns it off. Values
are numbers with an optional decimal suffix: `500M`, `2G`, `100k`. They are read when checked, so a long-lived
MCP server follows its environment as it was at start-up (a test may change it between calls).
"""

from __future__ import annotations

import math
import os
import re
import sys
from dataclasses import dataclass

from pdftools.errors import (
    InputTooLarge,
    InvalidArgument,
    PageTooLarge,
    PdftoolsError,
    StreamTooLarge,
    TooLargeToSend,
    TooManyPages,
)

# a number with a unit prefix: `500M`, `1.5 kB`, `-2`; `2MiB` (binary), `1_000` and `1e6` (grouped) where taken
_AMOUNT = re.compile(r"\s*(-?)([0-9]+(?:_[0-9]+)*(?:\.[0-9]+)?(?:e[0-9]+)?)\s*([kmgt]?)(i?)b?\s*", re.IGNORECASE)
CHILD_OVERHEAD = 1 << 30  # memory an external program needs besides the data it holds (its own working set)


def _amount(text: str, *, grouped: bool = False, binary: bool = False) -> tuple[bool, float] | None:
    """A number as people write a size or a limit, and whether it starts with `-`: `500M`, `1.5k`, `10MB` (k, M,
    G, T are powers of 1000); with `binary`, an i makes them powers of 1024 (`2MiB`); with `grouped`, digits may
    come in groups and take an exponent (`1_000`, `1e6`), as Python writes numbers. None when it is none, or
    past what a float holds."""
    match = _AMOUNT.fullmatch(text)
    if match is None or (match[4] and not binary) or (not grouped and re.search("[_e]", match[2], re.IGNORECASE)):
        return None
    value = float(match[2]) * (1024 if match[4] else 1000) ** " kmgt".index(match[3].lower() or " ")
    return (bool(match[1]), value) if math.isfinite(value) else None  # (`1e999`, 400 digits: past a float)


def _number(name: str, example: str = "500M or 2G") -> float | None:
    """The value of `name` (None when unset or empty); `0` means no limit, given as 0.0. `example`: values of
    its kind, for the hint when it is not a number."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return None
    read = _amount(raw, grouped=True)
    if read is None or read[0]:
        raise InvalidArgument(f"{name}={raw!r} is {'negative' if read else 'not a number'}",
                              hint=f"Set {name} to a number such as {example} (0: no limit), or unset it.")
    return read[1]


def byte_size(text: str, option: str) -> int:
    """A size as people write it, for an option (`10MB`, `500k`, `1.5M`, `2GiB`; k, M, G are powers of 1000, with
    an i of 1024): a whole number of bytes, at least 1."""
    read = _amount(text, binary=True)
    hint = f"Give a size such as 10MB, 500k or 2MiB to {option}."
    if read is None:
        raise InvalidArgument(f"{option} {text!r} is not a size in bytes", hint=hint)
    negative, value = read
    if negative and value:
        raise InvalidArgument(f"{option} {text!r} is negative", hint=hint)
    if value < 1:
        raise InvalidArgument(f"{option} {text!r} is no size: a part holds at least one byte", hint=hint)
    return int(value)


@dataclass(frozen=True)
class Limit:
    env: str
    default: float
    error: type[PdftoolsError]
    unit: str
    example: str = "500M or 2G"  # values of its kind, for a hint

    def value(self) -> float | None:
        """The limit in force: the environment's, else the default; None when turned off (0)."""
        configured = _number(self.env, self.example)
        value = self.default if configured is None else configured
        return value or None

    def check(self, amount: float, what: str) -> None:
        """Raise this limit's error when `amount` exceeds it (`what` names the thing measured)."""
        value = self.value()
        if value is not None and amount > value:
            raise self.exceeded(f"{what} has {amount:,.0f} {self.unit}")

    def exceeded(self, finding: str) -> PdftoolsError:
        """This limit's error for `finding` ("x.pdf has 3 pages"), naming the limit and its variable."""
        return self.error(f"{finding} (limit: {self.value() or 0:,.0f} {self.unit}, set by {self.env})")


INPUT_BYTES = Limit("PDFTOOLS_MAX_INPUT_BYTES", 2e9, InputTooLarge, "bytes")
PAGES = Limit("PDFTOOLS_MAX_PAGES", 100_000, TooManyPages, "pages", "5000 or 100k")
STREAM_BYTES = Limit("PDFTOOLS_MAX_STREAM_BYTES", 1e9, StreamTooLarge, "bytes")
MAX_PIXELS = 200_000_000  # a page rendered for OCR or thumbnails: A0 at 300 dpi is 139 Mpx (~0.4 GB as RGB)
SEND_BYTES = Limit("PDFTOOLS_MAX_SEND_BYTES", 100e6, TooLargeToSend, "bytes", "100M or 1G")  # batch --send-files
PIXELS = Limit("PDFTOOLS_MAX_PIXELS", MAX_PIXELS, PageTooLarge, "pixels", "50M or 200M")
ALL = (INPUT_BYTES, PAGES, STREAM_BYTES, PIXELS)


SERVE_TIMEOUT = 900.0  # an MCP call: OCR of ~400 pages on 2 cores; a shell user has Ctrl-C instead


def seconds(name: str, default: float) -> float | None:
    """A time in seconds from the environment variable `name`, else `default`; None for 0 (no limit)."""
    configured = _number(name, "10 or 1.5 (seconds)")
    return (default if configured is None else configured) or None


def timeout(default: float | None = None) -> float | None:
    """Seconds an operation may run: PDFTOOLS_TIMEOUT (0: no limit), else `default` (the CLI: none; the MCP
    server: SERVE_TIMEOUT, since a call on untrusted input has no other bound on time)."""
    configured = _number("PDFTOOLS_TIMEOUT", "300 or 1.5 (seconds)")
    return (default if configured is None else configured) or None


def check_pixels(width: int, height: int, what: str) -> None:
    """For renderers (thumbnails, OCR): refuse a page whose bitmap would exceed PDFTOOLS_MAX_PIXELS."""
    PIXELS.check(width * height, f"{what} ({width}x{height})")


def max_pixels() -> float:
    """Most pixels one rendered page may have (PDFTOOLS_MAX_PIXELS; infinite when turned off)."""
    return PIXELS.value() or math.inf


def child_memory() -> int | None:
    """Writable memory an external program may use (RLIMIT_DATA): one stream, one rendered page (4 bytes a
    pixel) and the program itself. None when either data limit is off."""
    stream, pixels = STREAM_BYTES.value(), PIXELS.value()
    if stream is None or pixels is None:
        return None
    return int(stream + 4 * pixels + CHILD_OVERHEAD)


MAX_INPUT_MB = 100  # a document to convert: pandoc holds several copies of it (text, AST, output) in memory


def max_input_bytes() -> int:
    """Largest document `convert` accepts, file or string (PDFTOOLS_MAX_INPUT_MB, decimal megabytes)."""
    value = _number("PDFTOOLS_MAX_INPUT_MB", "100 or 500 (megabytes)")
    if value == 0:  # 0: no limit, as for every limit
        return sys.maxsize
    return int((value or MAX_INPUT_MB) * 1_000_000)
