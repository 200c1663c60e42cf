"""Long text shown cut in its middle (`head … [18,000 characters cut] … tail`: MCP's results fit so), and such text
given back. A cut text stands for the whole text it was cut from; written as it is, its mark would end up in the
PDF."""

from __future__ import annotations

import re
from collections.abc import Iterable

MARK = re.compile(r" (?:…|\\u2026) \[(\d[\d,]*) characters cut\] (?:…|\\u2026) ")  # also inside JSON text


def cut_middle(text: str, most: int) -> str:
    """`text` cut to about `most` characters in its middle, saying how many were cut: an error that quotes a huge
    argument keeps what it says of it at the start and what it says of the file at the end."""
    if len(text) <= most:
        return text
    head, tail = most * 3 // 4, most // 4
    return f"{text[:head]} … [{len(text) - head - tail:,} characters cut] … {text[-tail:]}"


def whole(text: str, candidates: Iterable[str]) -> str | None:
    """The one of `candidates` that `text` is a cut of (the same start and end, as many characters cut between
    them); `text` itself when it carries no cut's mark; None when it is a cut of none of them."""
    found = MARK.search(text)
    if found is None:
        return text
    head, tail, cut = text[:found.start()], text[found.end():], int(found[1].replace(",", ""))
    return next((c for c in candidates if len(c) == len(head) + cut + len(tail) and c.startswith(head)
                 and c.endswith(tail)), None)
