"""Right-to-left text (Arabic, Hebrew) in logical order, as poppler's plain text gives it.

`pdftotext -bbox-layout` gives each line's words in drawing order, left to right, and each word's letters as
drawn: Arabic comes out backwards. poppler's plain text (`pdftotext`, so pdftools' `text`) reorders them: a
page's primary direction is that of most of its letters; on a left-to-right page each run of right-to-left text
is reversed in place; on a right-to-left page the whole line is reversed, with its left-to-right runs (Latin,
digits) kept as they read (TextOutputDev's reorderText). Here the spaces and punctuation at a run's ends stay
outside it, where poppler moves them in (and marks the runs with U+202B/U+202C, which markdown has no use for).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable


def _kind(char: str) -> str:
    """`R` (right-to-left letter), `L` (left-to-right letter or digit, as poppler takes digits), `M` (a mark
    that goes with its letter) or `N` (neutral: spaces, punctuation)."""
    kind = unicodedata.bidirectional(char)
    if kind in ("R", "AL"):
        return "R"
    if kind in ("L", "EN", "AN"):
        return "L"
    return "M" if kind == "NSM" else "N"


def left_to_right(lines: Iterable[str]) -> bool:
    """The primary direction of a page's lines: left to right unless most strong letters are right to left."""
    count = 0
    for char in (c for line in lines for c in line):
        kind = unicodedata.bidirectional(char)
        count += 1 if kind == "L" else -1 if kind in ("R", "AL") else 0
    return count >= 0


def logical(text: str, ltr: bool) -> str:
    """A line of text as drawn (left to right) in reading order, on a page whose primary direction is `ltr`."""
    kinds = [_kind(c) for c in text]
    if "R" not in kinds:
        return text
    inner = "R" if ltr else "L"  # the runs that read against the page's direction
    parts: list[str] = []
    i = 0
    while i < len(text):
        if kinds[i] != inner:
            parts.append(text[i])
            i += 1
            continue
        end = i
        for j in range(i, len(text)):
            if kinds[j] not in (inner, "M", "N"):
                break
            if kinds[j] in (inner, "M"):
                end = j
        run = text[i:end + 1]
        parts.append(run[::-1] if ltr else run)
        i = end + 1
    return "".join(parts if ltr else reversed(parts))
