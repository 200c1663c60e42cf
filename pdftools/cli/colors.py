"""grep's colours for `search --color` (pdfgrep's): file names magenta, page numbers green, separators cyan,
matches bold red, each as `ESC[<code>m ESC[K text ESC[m ESC[K`; GREP_COLORS (`mt=01;32:fn=34`) changes them."""

from __future__ import annotations

import os
from collections.abc import Callable

DEFAULTS = {"mt": "01;31", "fn": "35", "ln": "32", "se": "36"}


def painter(when: str, tty: bool, shown: Callable[[str], str]) -> Callable[[str, str], str]:
    """`paint(kind, text)` for a search's lines: `text` as `shown` gives it (escaped at a terminal), coloured
    when `when` is always, or auto at a terminal without NO_COLOR whose TERM is set and not `dumb` (grep's and
    pdfgrep's test: Emacs' shell buffers say `dumb`)."""
    term = os.environ.get("TERM")
    on = when == "always" or (when == "auto" and tty and not os.environ.get("NO_COLOR") and term not in (None, "dumb"))
    codes = colours() if on else {}

    def paint(kind: str, text: str) -> str:
        code = codes.get(kind)
        return f"\x1b[{code}m\x1b[K{shown(text)}\x1b[m\x1b[K" if code and text else shown(text)

    return paint


def colours() -> dict[str, str]:
    """The defaults, with GREP_COLORS' `mt`, `ms`, `fn`, `ln` and `se` over them (as grep and pdfgrep read it)."""
    found = dict(DEFAULTS)
    for item in os.environ.get("GREP_COLORS", "").split(":"):
        key, _, value = item.partition("=")
        if key in ("mt", "ms"):
            key = "mt"
        if key in found and value and all(c.isdigit() or c == ";" for c in value):
            found[key] = value
    return found
