"""The text as the readers see it: lines cleaned and folded, split into cells at runs of spaces, on their
pages; OCR's misreadings mended first; what a reader found, scored (a candidate), and the label nearest a value.

The text is `pdftotext -layout` output (or OCR text): columns are runs of two or more spaces apart, so a line
splits into cells, and a value sits either after its label on the same line or under it in the same column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pdftools.invoice.labels import LEGAL_FORM, Labels
from pdftools.invoice.parse import clean, fold

_CELL = re.compile(r"\S+(?: \S+)*")  # a run of words with single spaces between them
STRONG, WEAK, BARE = 0.92, 0.8, 0.6


_OCR_MINUS = re.compile(r"(?:(?<=\s)|^)=(?=\d[\d.,']*[.,]\d\d(?!\d))", re.M)  # `=5,77`: a minus read as `=`
_OCR_SPECK = re.compile(r"(?<=\d)([.,])[.,:;](?=\d\d(?!\d))")  # `1256,.70`: a speck read as a separator


_OCR_PREFIX_GAP = re.compile(r"(?<=#)([A-Z]{1,3}) (?=\d+[-/]\d)")  # `#R 23-05604`: a gap read in `#R23-05604`
# `Exact Belgium Il BVBA`: the numeral II before a legal form (the Italian article `Il` starts a name)
_OCR_ROMAN = re.compile(rf"(?<=\w )Il(?= (?i:{LEGAL_FORM.pattern}))")
_OCR_RULE = re.compile(r"(?<!\S)_+|_+(?!\S)")  # `GmbH _`, `_RE-2022-8917`: a drawn line's end read as underscores


def join_words(text: str, joined: set[tuple[str, str]]) -> str:
    """The layout text of an OCR layer with the words tesseract saw a word space apart on one line (`joined`) one
    space apart again (a large font's `Dunder      Mifflin`); the padding goes after them, so the next column
    keeps its place."""
    if not joined:
        return text
    out = []
    for line in text.split("\n"):
        words = list(re.finditer(r"\S+", line))
        pieces, last, i = [], 0, 0
        while i < len(words):
            j = i
            while j + 1 < len(words) and (words[j].group(), words[j + 1].group()) in joined:
                j += 1
            if j > i:
                run = " ".join(w.group() for w in words[i:j + 1])
                pieces.append(line[last:words[i].start()] + run.ljust(words[j].end() - words[i].start()))
                last = words[j].end()
            i = j + 1
        out.append(("".join(pieces) + line[last:]).rstrip() if pieces else line)
    return "\n".join(out)


def mend_ocr(text: str) -> str:
    """OCR's misreadings mended before reading: a minus read as `=` before an amount (`=5,77`), a speck read as
    a second separator (`1256,.70`), a gap read after a number's letters (`#R 23-05604`), the numeral II read
    as `Il` before a legal form, a drawn line's end read as underscores at a word's edge (`GmbH _`: spaces, so the
    columns stay; `INV_2024_0042` keeps its own). Only where nothing else reads so: an `=` apart from its number
    (`Total = 5,77`) stays."""
    text = _OCR_RULE.sub(lambda m: " " * len(m.group()), text)
    text = _OCR_PREFIX_GAP.sub(r"\1", _OCR_SPECK.sub(r"\1", _OCR_MINUS.sub("-", text)))
    return _OCR_ROMAN.sub("II", text)

@dataclass
class Cell:
    line: int
    start: int
    end: int
    text: str
    folded: str


@dataclass
class Doc:
    """A document's lines (cleaned and folded, same columns) and their cells; `page_of[i]` is line i's page."""

    lines: list[str]
    folded: list[str]
    cells: list[list[Cell]]
    page_of: list[int]
    pages: int
    order: str = "auto"
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def from_pages(cls, texts: list[str], order: str = "auto") -> Doc:
        lines, page_of = [], []
        for number, text in enumerate(texts):
            for line in text.splitlines():
                lines.append(clean(line.rstrip()))
                page_of.append(number)
        folded = [fold(line) for line in lines]
        cells = [[Cell(i, m.start(), m.end(), m.group(), folded[i][m.start():m.end()]) for m in _CELL.finditer(line)]
                 for i, line in enumerate(lines)]
        return cls(lines, folded, cells, page_of, len(texts), order)

    def first_page_share(self, line: int) -> float:
        """Where a line of page 1 lies, from 0 (top) to 1 (bottom); 1 for lines of other pages."""
        if self.page_of[line] != 0:
            return 1.0
        count = self.page_of.count(0)
        return line / max(count, 1)

    def in_footer(self, line: int) -> bool:
        """Is the line in the bottom fifth of its page?"""
        page = self.page_of[line]
        first = self.page_of.index(page)
        count = self.page_of.count(page)
        return (line - first) / max(count, 1) > 0.8

    def below(self, line: int, start: int, end: int, depth: int = 3) -> list[Cell]:
        """The cells under columns start..end on the next `depth` non-empty lines (same page)."""
        found, seen = [], 0
        for i in range(line + 1, len(self.lines)):
            if self.page_of[i] != self.page_of[line] or seen == depth:
                break
            if not self.cells[i]:
                continue
            seen += 1
            found += [c for c in self.cells[i] if c.start < end + 2 and start - 2 < c.end]
        return found

    def column_next(self, line: int, start: int, end: int, step: int, reach: int = 4) -> list[Cell]:
        """The cells in columns start..end on the nearest line below (`step` 1) or above (-1) that has any there,
        within `reach` non-empty lines of the same page (the lines between hold other columns only: a grid's
        label and its value set apart by a taller cell beside them)."""
        seen, j = 0, line + step
        while 0 <= j < len(self.lines) and self.page_of[j] == self.page_of[line] and seen < reach:
            if self.cells[j]:
                seen += 1
                hits = [c for c in self.cells[j] if c.start < end + 2 and start - 2 < c.end]
                if hits:
                    return hits
            j += step
        return []

    def lower_right(self, label: Cell) -> Cell | None:
        """The value set lower than its label, right of it (small labels, bigger values aligned at their tops: the
        text layer puts the value on the next line): the last cell of the next non-empty line, starting after
        the label's end, when the label ends its own line and nothing on the value's line is under the label."""
        line = label.line
        if self.cells[line][-1] is not label:
            return None
        following = next((j for j in range(line + 1, min(line + 3, len(self.lines))) if self.cells[j]), None)
        if following is None or self.page_of[following] != self.page_of[line]:
            return None
        value = self.cells[following][-1]
        if value.start < label.end or any(c.start < label.end + 2 and label.start - 2 < c.end
                                           for c in self.cells[following]):
            return None
        return value

    def cell_at(self, line: int, column: int) -> Cell | None:
        return next((c for c in self.cells[line] if c.start <= column < c.end), None)


@dataclass
class Candidate:
    value: Any
    score: float
    how: str
    line: int = 0
    extra: Any = None


def nearest_label(labels: Labels, folded: str, offset: int = 0) -> tuple[int, int, str] | None:
    """The label that ends closest to the end of `folded` (the one a value after it belongs to), with its
    position plus `offset` (where `folded` starts in its line)."""
    hits = labels.find(folded)
    if not hits:
        return None
    start, end, kind = max(hits, key=lambda h: (h[1], h[1] - h[0]))
    return start + offset, end + offset, kind


def score_of(kind: str) -> float:
    return STRONG if kind == "strong" else BARE if kind == "bare" else WEAK
