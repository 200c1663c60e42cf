"""Searching page texts line by line, as pdfgrep does: which lines of which pages match, with context lines,
matches counted, within a budget of characters that says where to go on.

A file's pages come from `pages_of` (pdftotext, as `text` reads them: the decrypted copy of an encrypted
file, poppler's view of one qpdf cannot open, bomb-checked streams) in rounds, so a budget that runs out early
stops the extraction too.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pdftools.core.pdf import open_pdf
from pdftools.document import text as pagetext
from pdftools.document.text import Extractor
from pdftools.engines import poppler
from pdftools.errors import DamagedPdf, InvalidArgument

ROUND = 64  # pages per extraction round: a budget or --max-count that ends early stops the work early too


@dataclass
class Hit:
    path: str
    page: int
    line: int
    """The line's number on its page (1-based)."""
    text: str
    spans: list[tuple[int, int]]
    """Where the pattern matched in `text` (start, end), as Python string indices."""
    before: list[str] = field(default_factory=list)
    """Context: the lines just before (on the same page)."""
    after: list[str] = field(default_factory=list)
    """Context: the lines just after (on the same page)."""

    def size(self) -> int:
        """What this hit costs of the budget: its lines as printed (`path:page:line`)."""
        prefix = len(self.path) + len(str(self.page)) + 2
        return sum(prefix + len(line) + 1 for line in (*self.before, self.text, *self.after))


@dataclass
class FileMatches:
    path: str
    matches: int
    """Matches in this file (every occurrence, as `pdfgrep -c` counts), in the pages searched."""
    lines: int
    """Matching lines."""
    pages: int
    """Pages searched."""


@dataclass
class Position:
    """Where a search stopped: the file, its page, and the matching lines of that page already returned."""

    file: str
    page: int
    skip: int = 0


def compile_pattern(pattern: str, ignore_case: bool) -> re.Pattern[str]:
    if not pattern:
        raise InvalidArgument("the pattern is empty", hint="Give a regular expression, e.g. 'invoice|receipt'.")
    try:
        return re.compile(pattern, re.IGNORECASE if ignore_case else 0)
    except re.error as exc:
        raise InvalidArgument(f"{pattern!r} is not a valid regular expression: {exc}",
                              hint="Patterns use Python's syntax (as `pdfgrep -P`); escape `( [ . *` with `\\`.") \
            from None


def page_hits(path: str, page: int, text: str, regex: re.Pattern[str], context: int) -> list[Hit]:
    """The matching lines of one page's text (pdftotext's, lines split at `\\n`)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the page's last line ends with a newline, as every line does
    hits = []
    for number, line in enumerate(lines, 1):
        spans = [m.span() for m in regex.finditer(line) if m.end() > m.start() or line]
        if not spans:
            continue
        low = max(0, number - 1 - context)
        hits.append(Hit(path=path, page=page, line=number, text=line, spans=spans,
                        before=lines[low:number - 1] if context else [], after=lines[number:number + context]))
    return hits


@contextlib.contextmanager
def page_texts(path: Path, password: str | None, mode: str) -> Iterator[tuple[int, Extractor]]:
    """The page count of `path` and an extractor of its page texts (as `text` reads them)."""
    try:
        pdf = open_pdf(path, password)
    except DamagedPdf as damaged:  # poppler may still read what qpdf rejects
        yield int(poppler.pdfinfo(path, damaged)["Pages"]), pagetext.pdftotext(path, mode)
        return
    with pdf, pagetext.readable(pdf, path) as source:
        yield len(pdf.pages), pagetext.measured(pagetext.pdftotext(source, mode), pdf, str(path))


def rounds(pages: list[int]) -> Iterator[list[int]]:
    for i in range(0, len(pages), ROUND):
        yield pages[i:i + ROUND]
