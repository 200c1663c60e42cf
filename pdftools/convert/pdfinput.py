"""PDF as input (pandoc cannot read PDF): poppler's `pdftotext -bbox-layout` gives each line of text with its
box, and the boxes give the structure. Lines clearly taller than the body text are headings (the tallest size
`#`, the next `##`, ...), each text block is a paragraph, lines that start with a bullet or a number are list
items. Pages without text come from OCR (a callback: the op passes pdftools' own `ocr`) as paragraphs.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pdftools.convert import bidi
from pdftools.convert.pandoc import time_left
from pdftools.core.pdf import open_pdf
from pdftools.document import text as pagetext
from pdftools.engines import poppler
from pdftools.errors import NoPages

HEADING = 1.18  # a line this much taller than the body text is a heading
MAX_LEVELS = 4
SAME = 0.88  # heading sizes this close to a level's largest belong to that level
BULLET = re.compile(r"^[•◦▪▫●○■□‣⁃∙·\-–—*]\s+")
NUMBERED = re.compile(r"^(\d{1,3}|[a-zA-Z])[.)]\s+")
SPECIAL = re.compile(r"([\\`*_\[\]<$^~|])")
LEADING = re.compile(r"^([#>+=-]|\d+[.)])")
OcrFn = Callable[[list[int]], dict[int, str]]


@dataclass
class Line:
    text: str
    size: float  # the median height of its words' boxes, in points: proportional to the font size
    y: float  # the top of the line box


@dataclass
class Block:
    lines: list[Line]
    edge: bool  # in the top or bottom tenth of the page (running heads, page numbers)


def markdown(path: Path, password: str | None, ocr: OcrFn) -> tuple[str, list[int]]:
    """The PDF as markdown, and the pages that needed OCR."""
    pdf = open_pdf(path, password)
    with pdf, pagetext.readable(pdf, path) as source:
        if not len(pdf.pages):
            raise NoPages(f"{path} has no pages")
        layout = poppler.bbox_layout(source, timeout=time_left())
    pages = _pages(layout)
    empty = [number for number, blocks in enumerate(pages, 1) if not blocks]
    scanned = {n: text for n, text in ocr(empty).items() if text.strip()} if empty else {}
    levels = _levels(pages)
    parts: list[str] = []
    for number, blocks in enumerate(pages, 1):
        if number in scanned:
            parts += [_escape(" ".join(p.split())) for p in re.split(r"\n\s*\n", scanned[number]) if p.strip()]
        parts += _page([block for block in blocks if not _noise(block)], levels)
    return "\n\n".join(part for part in parts if part) + "\n", sorted(scanned)


def _pages(layout: list[poppler.LayoutPage]) -> list[list[Block]]:
    pages = []
    for page in layout:
        height = page.height or 1.0
        ltr = bidi.left_to_right(word.text for block in page.blocks for line in block.lines for word in line.words)
        blocks = []
        for block in page.blocks:
            lines = [line for line in (_line(line, ltr) for line in block.lines) if line.text]
            top, bottom = block.box[1] / height, block.box[3] / height
            if lines:
                blocks.append(Block(lines, bottom < 0.1 or top > 0.9))
        pages.append(blocks)
    return pages


def _line(line: poppler.LayoutLine, ltr: bool) -> Line:
    """A line in reading order (`ltr`: the page's primary direction is left to right)."""
    words = [(word.text, word.box[3] - word.box[1]) for word in line.words]
    heights = [h for text, h in words if any(c.isalpha() for c in text)]  # not emoji or digits: taller boxes
    size = statistics.median(heights or [h for _, h in words] or [0.0])
    return Line(bidi.logical(" ".join(text for text, _ in words).strip(), ltr), size, line.box[1])


def _levels(pages: list[list[Block]]) -> dict[float, int]:
    """Heading level by (rounded) line height: the body size is the most common one, weighted by characters."""
    weights: Counter[float] = Counter()
    for line in (line for blocks in pages for block in blocks for line in block.lines):
        weights[_rounded(line.size)] += sum(c.isalpha() for c in line.text)
    if not weights:
        return {}
    body = weights.most_common(1)[0][0]
    tall = sorted({size for size, letters in weights.items() if letters and size >= body * HEADING}, reverse=True)
    levels: dict[float, int] = {}
    for size in tall:  # sizes within SAME of the level's largest are one level (fonts differ in box height)
        level = max(levels.values(), default=0)
        top = max((s for s, n in levels.items() if n == level), default=0.0)
        levels[size] = level if level and size >= top * SAME else min(level + 1, MAX_LEVELS)
    return levels


def _rounded(size: float) -> float:
    return round(size * 2) / 2


def _noise(block: Block) -> bool:
    """A page number or a running head: a lone short line at the top or bottom edge of the page."""
    return block.edge and len(block.lines) == 1 and (block.lines[0].text.isdigit() or len(block.lines[0].text) < 4)


def _page(blocks: list[Block], levels: dict[float, int]) -> list[str]:
    """A page's blocks as markdown."""
    return ["#" * level + " " + _escape(_joined([line.text for line in block.lines])) if (level := _heading(
        block, levels)) else _body(block) for block in _rows(blocks, levels)]


def _rows(blocks: list[Block], levels: dict[float, int]) -> list[Block]:
    """Blocks, with heading-sized one-line blocks that sit side by side made one (pdftotext splits LaTeX's
    `1` and `Foo` of a section heading into two blocks)."""
    out: list[Block] = []
    for block in blocks:
        prev = out[-1] if out else None
        if (prev and len(prev.lines) == len(block.lines) == 1 and _size_level(prev, levels)
                and _size_level(prev, levels) == _size_level(block, levels)
                and abs(prev.lines[0].y - block.lines[0].y) < 2):
            first, second = prev.lines[0], block.lines[0]
            out[-1] = Block([Line(f"{first.text} {second.text}", max(first.size, second.size), first.y)], prev.edge)
        else:
            out.append(block)
    return out


def _size_level(block: Block, levels: dict[float, int]) -> int:
    sizes = {levels.get(_rounded(line.size), 0) for line in block.lines}
    return sizes.pop() if len(sizes) == 1 else 0


def _heading(block: Block, levels: dict[float, int]) -> int:
    """The block's heading level, or 0: short, with words, and every line of one heading size."""
    short = len(block.lines) <= 3 and sum(len(line.text) for line in block.lines) <= 200
    words = any(c.isalpha() for line in block.lines for c in line.text)
    return _size_level(block, levels) if short and words else 0


def _body(block: Block) -> str:
    """A paragraph, or list items when the lines start with bullets or numbers."""
    items: list[list[str]] = []
    for line in block.lines:
        if BULLET.match(line.text) or NUMBERED.match(line.text) or not items:
            items.append([line.text])
        else:
            items[-1].append(line.text)
    if len(items) > 1 or BULLET.match(items[0][0]):
        return "\n".join(_item(_joined(item)) for item in items)
    return _escape(_joined(items[0]))


def _item(text: str) -> str:
    if bullet := BULLET.match(text):
        return "- " + _escape(text[bullet.end():])
    if number := NUMBERED.match(text):
        return f"{number.group(1)}. " + _escape(text[number.end():])
    return "- " + _escape(text)


def _joined(lines: list[str]) -> str:
    """Lines of one paragraph as one line: `exam-` + `ple` joins up, other lines join with a space."""
    out = lines[0]
    for line in lines[1:]:
        hyphenated = out.endswith("-") and line[:1].islower()
        out = out[:-1] + line if hyphenated else f"{out} {line}"
    return out


def _escape(text: str) -> str:
    """Text as literal markdown: characters pandoc's reader would take as markup get a backslash."""
    text = SPECIAL.sub(r"\\\1", text)
    text = re.sub(r"(^|\s)@", r"\1\\@", text)
    return LEADING.sub(lambda m: "\\" + m.group(0) if len(m.group(0)) == 1 else m.group(0)[:-1] + "\\" +
                       m.group(0)[-1], text)
