"""Crop boxes: margins as seen on the displayed page mapped onto the page's own (unrotated) box, and the
bounding box of what a page draws, found by rendering it (poppler's pdftoppm, grey, at 72 dpi: one pixel is one
point) and taking the extent of its non-white pixels: what a reader sees, whatever drew it (text, vector art,
images), and no ghostscript needed."""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from pdftools.core import task
from pdftools.core.pages import runs
from pdftools.engines import poppler
from pdftools.errors import ExternalToolFailed, InvalidArgument

if TYPE_CHECKING:
    import pikepdf

Margins = tuple[float, float, float, float]  # top, right, bottom, left as displayed, in points
DPI = 72
CHUNK = 32  # pages per pdftoppm: their images (~0.5 MB each) wait on disk until read
WHITE = 250  # grey levels above this count as paper (antialiasing and JPEG noise sit just below 255)
UNITS = {"pt": 1.0, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0}
_VALUE = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(pt|mm|cm|in)?\s*$")


def parse_margins(spec: str) -> Margins:
    """CSS's order: one value (all sides), two (top and bottom, left and right), three (top, left and right,
    bottom) or four (top right bottom left); each in points unless it says mm, cm or in."""
    values = []
    for part in re.split(r"[,\s]+(?=-?\d)", spec.strip()):
        match = _VALUE.match(part)
        if not match or float(match[1]) < 0:
            raise InvalidArgument(f"cannot read {spec!r} as margins",
                                  hint="Give 1 to 4 sizes: `36`, `1in,0.5in` or `10mm 20mm 10mm 20mm`.")
        values.append(float(match[1]) * UNITS[match[2] or "pt"])
    if not 1 <= len(values) <= 4:
        raise InvalidArgument(f"{spec!r} gives {len(values)} margins: give 1 to 4 (top right bottom left)")
    if len(values) == 1:
        values *= 4
    elif len(values) == 2:
        values *= 2
    elif len(values) == 3:
        values.append(values[1])  # CSS: the left margin is the right one
    top, right, bottom, left = values
    return top, right, bottom, left


def visible(page: pikepdf.Page) -> tuple[float, float, float, float]:
    """The part of the page a viewer shows: its crop box clipped to its media box (as poppler and the PDF spec
    clip it); the media box when they do not overlap. x0 < x1, y0 < y1."""
    media, crop = ([float(v) for v in box] for box in (page.mediabox, page.cropbox))
    x0, x1 = max(min(media[0], media[2]), min(crop[0], crop[2])), min(max(media[0], media[2]), max(crop[0], crop[2]))
    y0, y1 = max(min(media[1], media[3]), min(crop[1], crop[3])), min(max(media[1], media[3]), max(crop[1], crop[3]))
    if x1 <= x0 or y1 <= y0:
        return min(media[0], media[2]), min(media[1], media[3]), max(media[0], media[2]), max(media[1], media[3])
    return x0, y0, x1, y1


def visible_size(page: pikepdf.Page) -> tuple[float, float]:
    """Width and height of what a viewer shows of the page (`visible`, what pdftoppm -cropbox renders), turned
    as shown."""
    x0, y0, x1, y1 = visible(page)
    return (y1 - y0, x1 - x0) if page.rotation % 180 == 90 else (x1 - x0, y1 - y0)


def cropped(box: tuple[float, float, float, float], margins: Margins, rotation: int) -> tuple[float, ...] | None:
    """The box (x0, y0, x1, y1, unrotated) less the margins as displayed (the page turned by `rotation`), or
    None when nothing would be left."""
    top, right, bottom, left = margins
    turns = (rotation // 90) % 4  # clockwise: the displayed top is the page's left edge after one turn
    sides = {0: (left, top, right, bottom), 1: (top, right, bottom, left), 2: (right, bottom, left, top),
             3: (bottom, left, top, right)}[turns]  # the page's own left, top, right, bottom
    x0, y0, x1, y1 = min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]), max(box[1], box[3])
    new = (x0 + sides[0], y0 + sides[3], x1 - sides[2], y1 - sides[1])
    return new if new[2] - new[0] >= 1 and new[3] - new[1] >= 1 else None


def content_margins(source: Path, numbers: list[int], sizes: dict[int, tuple[float, float]],
                    padding: float) -> dict[int, Margins | None]:
    """Per page, the margins around what it draws (as displayed, less `padding`), or None for a blank page.
    `sizes` are the pages' displayed sizes (the pixels' edges are whole points: the right and bottom margins
    are measured from the page's own size, not from the image's, whose size is rounded)."""
    from PIL import Image

    found: dict[int, Margins | None] = {}
    chunks = [run[i:i + CHUNK] for run in runs(sorted(set(numbers))) for i in range(0, len(run), CHUNK)]
    for run in chunks:
        task.check()
        with tempfile.TemporaryDirectory(prefix="pdftools-") as tmp:
            images = poppler.render_gray(source, run[0], run[-1], DPI, Path(tmp))
            for number in run:
                if number not in images:
                    raise ExternalToolFailed(f"pdftoppm rendered no image of page {number}")
                with Image.open(io.BytesIO(images[number].read_bytes())) as img:
                    ink = img.point(lambda v: 255 if v <= WHITE else 0).getbbox()
                found[number] = None if ink is None else _margins(ink, sizes[number], padding)
    return found


def _margins(ink: tuple[int, int, int, int], size: tuple[float, float], padding: float) -> Margins:
    x0, y0, x1, y1 = (v * 72 / DPI for v in ink)
    width, height = size
    top, right, bottom, left = (max(v - padding, 0.0) for v in (y0, width - x1, height - y1, x0))
    return top, right, bottom, left


def set_box(page: pikepdf.Page, box: tuple[float, ...]) -> None:
    import pikepdf

    page.obj.CropBox = pikepdf.Array([round(v, 3) for v in box])
