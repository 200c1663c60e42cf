"""poppler's view of a PDF, for files qpdf cannot open: poppler recovers some damaged files qpdf rejects
(e.g. a linearized file with a broken page tree, whose page count survives in the linearization dict). And the
other way round: qpdf rebuilds files poppler gives up on (a truncated file, without its xref table or
trailer); `opens` tells, and poppler then reads qpdf's repaired copy (`REPAIRED`)."""

from __future__ import annotations

import re
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
    fields = {}
    for line in raw.decode("utf-8", errors="replace").splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    if not fields.get("Pages", "").isdigit() or fields.get("Encrypted", "no").startswith("yes"):
        raise damaged
    limits.PAGES.check(int(fields["Pages"]), str(path))
    return fields


def media_boxes(path: Path, pages: list[int], damaged: DamagedPdf) -> dict[int, tuple[float, float, bool]]:
    """Width and height (points) of the media box (what pdftoppm draws) of each of `pages` as displayed (its
    rotation applied), and whether the page is on its side, as poppler sees them; re-raises `damaged` when
    poppler finds no page there (a null page in a broken tree)."""
    try:
        raw = engines.run(["pdfinfo", "-box", "-f", str(min(pages)), "-l", str(max(pages)), str(path)], timeout=60)
    except PdftoolsError:
        raise damaged from None
    boxes = {int(m[1]): (abs(float(m[4]) - float(m[2])), abs(float(m[5]) - float(m[3])))
             for m in re.finditer(rb"^Page +(\d+) MediaBox: +([-\d.]+) +([-\d.]+) +([-\d.]+) +([-\d.]+)", raw, re.M)}
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


def rasterize(source: Path, page: int, dpi: int, out: Path, *, colour: bool = False) -> Path:
    """Page `page` as a grayscale PGM (as displayed: /Rotate applied); `colour`: as a JPEG, which tesseract
    puts into its PDF as it is (a page to draw, not only to read)."""
    kind = ["-jpeg", "-jpegopt", "quality=85"] if colour else ["-gray"]
    engines.run(["pdftoppm", "-q", "-r", str(dpi), "-f", str(page), "-l", str(page), *kind, "-singlefile",
                 str(source), str(out)])
    return out.with_suffix(".jpg" if colour else ".pgm")
