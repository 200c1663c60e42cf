"""Words and lines with their boxes (`text --format words|lines`), from poppler's `pdftotext -bbox-layout`,
within the same character budget as page texts: each box costs its JSON record (`--json`, and the structured
result an agent may be given instead of the text; longer than its line as printed, so both forms keep to the
budget), and a cut says where to go on (`next_page`, and in `next_offset` the boxes of that page already
returned).
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
from collections.abc import Callable, Iterator
from pathlib import Path

from pdftools.core import streams, task
from pdftools.core.pdf import open_pdf, page_list
from pdftools.document import text as pagetext
from pdftools.document.text import TextBox, TextResult
from pdftools.engines import poppler
from pdftools.errors import DamagedPdf

Check = Callable[[list[int]], None]
Turned = Callable[[int], bool]


def read(path: Path, password: str | None, pages: str | None, unit: str, *, budget: int | None,
         start_page: int | None, offset: int) -> TextResult:
    with _source(path, password) as (count, source, check, turned):
        selected = pagetext.select(pages, count, start_page, path)
        boxes: list[TextBox] = []
        used, empty = 0, []
        progress = task.Counter(len(selected), "reading words" if unit == "words" else "reading lines")
        step = pagetext.ROUND if budget is not None else max(len(selected), 1)
        for i in range(0, len(selected), step):
            batch = selected[i:i + step]
            check(batch)
            found = _extract(source, batch, unit, progress, turned)
            for number in batch:
                items = found.get(number, [])
                if not items:
                    empty.append(number)
                skip = offset if i == 0 and number == batch[0] else 0  # the offset applies to the first page only
                if skip:
                    pagetext.past_end(skip, len(items), number, unit)
                for taken, box in enumerate(items[skip:]):
                    cost = _cost(box)
                    if budget is not None and used + cost > budget and boxes:
                        return _result(path, count, boxes, used, empty, number, skip + taken)
                    boxes.append(box)
                    used += cost
        return _result(path, count, boxes, used, empty)


_SYNTAX = len('{"page":,"block":,"line":,"text":"","x0":,"y0":,"x1":,"y1":,"size":}') - 8  # less the TSV's tabs


def _cost(box: TextBox) -> int:
    """At least the characters of the box's record in a result's JSON, and a separator: its TSV line (whose
    numbers, with two decimals, are no shorter than JSON's of the rounded values), the record's keys, and what
    JSON escapes in the text. No JSON is made for it: a book has hundreds of thousands of words."""
    text = box.text
    plain = text.isprintable() and '"' not in text and "\\" not in text
    escapes = 0 if plain else len(json.dumps(text, ensure_ascii=False)) - 2 - len(text)
    return len(box.tsv()) + _SYNTAX + escapes + 1


def _result(path: Path, count: int, boxes: list[TextBox], chars: int, empty: list[int],
            next_page: int | None = None, next_offset: int | None = None) -> TextResult:
    return TextResult(path=str(path), page_count=count, pages=[], chars=chars, truncated=next_page is not None,
                      next_page=next_page, next_offset=next_offset or None, empty_pages=empty, boxes=boxes)


@contextlib.contextmanager
def _source(path: Path, password: str | None) -> Iterator[tuple[int, Path, Check, Turned]]:
    """The page count, a file poppler can read, the check of the streams drawing some pages (as `text`), and
    whether a page is shown on its side (its text then runs down the displayed page)."""
    try:
        pdf = open_pdf(path, password)
    except DamagedPdf as damaged:  # poppler may still read what qpdf rejects
        count = int(poppler.pdfinfo(path, damaged)["Pages"])
        turned = poppler.media_boxes(path, list(range(1, count + 1)), damaged) if count else {}
        yield count, path, lambda numbers: None, lambda number: turned[number][2]
        return
    with pdf, pagetext.readable(pdf, path) as source:
        listed = page_list(pdf)
        yield (len(listed), source, lambda numbers: streams.check_pages(pdf, numbers, str(path)),
               lambda number: listed[number - 1].rotation % 180 == 90)


def _extract(source: Path, numbers: list[int], unit: str, progress: task.Counter,
             turned: Turned) -> dict[int, list[TextBox]]:
    """The boxes of `numbers`, runs of consecutive pages shared out over parallel pdftotext processes."""

    def run(chunk: list[int]) -> dict[int, list[TextBox]]:
        pages = poppler.bbox_layout(source, chunk[0], chunk[-1])
        progress.add(len(chunk))
        return {number: _boxes(number, page, unit, turned(number)) for number, page in zip(chunk, pages,
                                                                                                strict=False)}

    workers = os.cpu_count() or 1
    found: dict[int, list[TextBox]] = {}
    for part in task.map_threads(run, pagetext._chunks(sorted(set(numbers)), workers), workers=workers):
        found.update(part)
    return found


def _boxes(number: int, page: poppler.LayoutPage, unit: str, turned: bool) -> list[TextBox]:
    """The page's words or lines; their size is the boxes' height (their width on a page shown on its side)."""
    side = (0, 2) if turned else (1, 3)
    out = []
    for b, block in enumerate(page.blocks, 1):
        for n, line in enumerate(block.lines, 1):
            if unit == "lines":
                heights = [w.box[side[1]] - w.box[side[0]] for w in line.words] or [
                    line.box[side[1]] - line.box[side[0]]]
                text = " ".join(w.text for w in line.words)
                out.append(_box(number, b, n, text, line.box, statistics.median(heights)))
            else:
                out += [_box(number, b, n, w.text, w.box, w.box[side[1]] - w.box[side[0]]) for w in line.words]
    return out


def _box(page: int, block: int, line: int, text: str, box: poppler.Box, size: float) -> TextBox:
    return TextBox(page, block, line, text, round(box[0], 2), round(box[1], 2), round(box[2], 2), round(box[3], 2),
                   round(size, 2))
