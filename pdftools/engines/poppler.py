"""poppler's view of a PDF, for files qpdf cannot open: poppler recovers some damaged files qpdf rejects
(e.g. a linearized file with a broken page tree, whose page count survives in the linearization dict). And the
other way round: qpdf rebuilds files poppler gives up on (a truncated file, without its xref table or
trailer); `opens` tells, and poppler then reads qpdf's repaired copy (`REPAIRED`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pdftools import engines
from pdftools.core import limits
from pdftools.errors import DamagedPdf, PdftoolsError

METADATA_KEYS = ("Title", "Subject", "Keywords", "Author", "Creator", "Producer", "CreationDate", "ModDate")


def pdfinfo(path: Path, damaged: DamagedPdf) -> dict[str, str]:
    """pdfinfo's fields for `path`; re-raises `damaged` (qpdf's error) when poppler cannot read it either."""
    try:
        raw = engines.run(["pdfinfo", "-enc", "UTF-8", str(path)], timeout=60)
    except PdftoolsError:
        raise damaged from None
    fields = _fields(raw)
    if not fields.get("Pages", "").isdigit() or fields.get("Encrypted", "no").startswith("yes"):
        raise damaged
    limits.PAGES.check(int(fields["Pages"]), str(path))
    return fields


def _fields(raw: bytes) -> dict[str, str]:
    """pdfinfo's `Key: value` lines."""
    fields = {}
    for line in raw.decode("utf-8", errors="replace").splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    return fields


def readable_pages(path: Path) -> int | None:
    """The pages poppler reads of `path` (0: none, the file cannot be read), or None when that cannot be told
    (the file is gone, poppler wants a password, pdfinfo cannot run)."""
    from pdftools.errors import ExternalToolFailed

    if not path.is_file():
        return None
    try:
        raw = engines.run(["pdfinfo", str(path)], timeout=60)
    except ExternalToolFailed as exc:  # it ran, and read nothing: unless it wants a password
        return None if "password" in f"{exc.message} {exc.output}".lower() else 0
    except PdftoolsError:  # not installed, the task's deadline, a cancel: the error reported says more
        return None
    count = _fields(raw).get("Pages", "")
    return int(count) if count.isdigit() else 0


def media_boxes(path: Path, pages: list[int], damaged: DamagedPdf, *,
                kind: str = "MediaBox") -> dict[int, tuple[float, float, bool]]:
    """Width and height (points) of the media box (what pdftoppm draws; `kind="CropBox"`: what `pdftoppm
    -cropbox` draws) of each of `pages` as displayed (its rotation applied), and whether the page is on its
    side, as poppler sees them; re-raises `damaged` when poppler finds no page there (a null page in a broken
    tree)."""
    try:
        raw = engines.run(["pdfinfo", "-box", "-f", str(min(pages)), "-l", str(max(pages)), str(path)], timeout=60)
    except PdftoolsError:
        raise damaged from None
    boxes = {int(m[1]): (abs(float(m[4]) - float(m[2])), abs(float(m[5]) - float(m[3])))
             for m in re.finditer(rb"^Page +(\d+) " + kind.encode() + rb": +([-\d.]+) +([-\d.]+) +([-\d.]+) +([-\d.]+)",
                                 raw, re.M)}
    turned = {int(m[1]) for m in re.finditer(rb"^Page +(\d+) rot: +(90|270)\b", raw, re.M)}
    for page in pages:
        if not all(boxes.get(page, (0, 0))):
            raise DamagedPdf(f"{damaged.message}; poppler finds no drawable page {page} either")
    return {page: (*(boxes[page][::-1] if page in turned else boxes[page]), page in turned) for page in pages}


REPAIRED = "poppler cannot read this damaged file, so it read the copy qpdf repaired ({})"


def opens(path: Path) -> bool:
    """Whether poppler can open `path` (pdfinfo, one short process): asked only of files qpdf had to repair."""
    try:
        engines.run(["pdfinfo", str(path)], timeout=60)
    except PdftoolsError:
        return False
    return True


def warning(damaged: DamagedPdf, what: str = "these facts come from poppler's pdfinfo") -> str:
    return f"qpdf cannot read this file ({damaged.message}); {what}"


# ---------------------------------------------------------------------------------- text with boxes

Box = tuple[float, float, float, float]  # x0, y0, x1, y1: points, origin at the page's top-left, y down


@dataclass
class Word:
    text: str
    box: Box


@dataclass
class LayoutLine:
    words: list[Word]
    box: Box


@dataclass
class LayoutBlock:
    lines: list[LayoutLine]
    box: Box


@dataclass
class LayoutPage:
    width: float
    height: float
    blocks: list[LayoutBlock]


def bbox_layout(source: Path, first: int | None = None, last: int | None = None,
                timeout: float = 300) -> list[LayoutPage]:
    """The pages `first`..`last` (default: all) as `pdftotext -bbox-layout` sees them: blocks of lines of words,
    each with its box in points, origin at the top-left corner of the page as displayed."""
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    xml = engines.run(["pdftotext", "-q", "-bbox-layout", "-enc", "UTF-8", *pages, str(source), "-"],
                      timeout=timeout)
    return parse_bbox_layout(xml.decode("utf-8", errors="replace"))


_TAG = re.compile(r'<(page|block|line|word) (?:width="([\d.]+)" height="([\d.]+)"|xMin="([-\d.]+)" '
                  r'yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)")>(?:([^<]*)</word>)?')


def parse_bbox_layout(xml: str) -> list[LayoutPage]:
    """pdftotext's XHTML read by its tags in order (the format is poppler's, printed one element a line): ~4x
    faster than an XML parser on a book, and indifferent to the control characters a PDF's text may hold."""
    import html  # (~1 ms of every command that imports poppler; only this parser unescapes)

    pages: list[LayoutPage] = []
    for match in _TAG.finditer(xml):
        kind = match[1]
        if kind == "page":
            pages.append(LayoutPage(float(match[2]), float(match[3]), []))
            continue
        box = (float(match[4]), float(match[5]), float(match[6]), float(match[7]))
        if kind == "word":
            text = match[8].strip()
            pages[-1].blocks[-1].lines[-1].words.append(Word(html.unescape(text) if "&" in text else text, box))
        elif kind == "line":
            pages[-1].blocks[-1].lines.append(LayoutLine([], box))
        else:
            pages[-1].blocks.append(LayoutBlock([], box))
    return pages


def rasterize(source: Path, page: int, dpi: int, out: Path, *, colour: bool = False) -> Path:
    """Page `page` as a grayscale PGM, as displayed: its crop box (what a viewer shows, the box a text layer
    is placed on), /Rotate applied; `colour`: as a JPEG, which tesseract puts into its PDF as it is (a page to
    draw, not only to read)."""
    kind = ["-jpeg", "-jpegopt", "quality=85"] if colour else ["-gray"]
    engines.run(["pdftoppm", "-q", "-cropbox", "-r", str(dpi), "-f", str(page), "-l", str(page), *kind,
                 "-singlefile", str(source), str(out)])
    return out.with_suffix(".jpg" if colour else ".pgm")


def rewrite(source: Path, out: Path, password: str | None = None) -> None:
    """`source` redrawn into a new PDF by poppler's cairo backend (pdftocairo -pdf): what poppler's own
    recovery reads of a file qpdf cannot, as vector pages with their text; no outline, forms or tags."""
    secret = ["-upw", password] if password else []
    engines.run(["pdftocairo", "-q", "-pdf", *secret, str(source), str(out)])


def render_gray(source: Path, first: int, last: int, dpi: int, folder: Path) -> dict[int, Path]:
    """Pages `first`..`last` of the crop box as displayed, grayscale PGM files in `folder`, by page number."""
    engines.run(["pdftoppm", "-q", "-cropbox", "-gray", "-r", str(dpi), "-f", str(first), "-l", str(last),
                 str(source), str(folder / "p")])
    return {int(path.stem.rsplit("-", 1)[1]): path for path in folder.glob("p-*.pgm")}
