"""Resize pages to a paper size, scaling their content to fit, centred.

{{orientation}} auto puts each page on paper turned its own way (a landscape page on landscape paper). The page
itself changes (its content is scaled in place), so links, form fields and bookmarks stay with it, pointing
at the same spot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Pages,
    Password,
    open_job,
    select_pages,
)
from pdftools.core.params import Cli, Param
from pdftools.core.pdf import page_list
from pdftools.document import destinations
from pdftools.document.crop import visible, visible_size
from pdftools.document.impose import SHEETS, sheet_size
from pdftools.errors import DamagedPdf

if TYPE_CHECKING:
    import pikepdf

BOXES = ("/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")


@dataclass
class ResizeResult(Edited):
    resized: list[int] = field(default_factory=list)
    """Pages changed (1-based)."""
    scales: list[float] = field(default_factory=list)
    """The scale applied to each resized page's content (below 1: smaller)."""


def resize(
    input: Input,
    paper: Annotated[Literal["a3", "a4", "a5", "letter", "legal", "tabloid"], Param("Paper size to resize to"),
                     Cli("--to")],
    orientation: Annotated[Literal["auto", "portrait", "landscape"],
                           Param("auto: each page's own way; portrait or landscape: all pages")] = "auto",
    margin: Annotated[float, Param("Blank border kept around the content, in points", ge=0, le=144)] = 0,
    pages: Pages = None,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> ResizeResult:
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix=paper, password=password, in_place=in_place, force=force)
    numbers = sorted(set(select_pages(pages, len(job.pdf.pages), job.src)))
    scales, listed, moved = [], page_list(job.pdf), {}
    for number in numbers:
        page = listed[number - 1]
        width, height = visible_size(page)
        landscape = width > height if orientation == "auto" else orientation == "landscape"
        moved[page.obj.objgen] = _fit(page, sheet_size(paper, landscape, SHEETS[paper]), margin, number, job.src)
        scales.append(round(moved[page.obj.objgen][0], 4))
    destinations.move(job.pdf, moved)  # bookmarks and links show the same spot of the scaled page
    return ResizeResult(**job.save(decrypt), resized=numbers, scales=scales)


def _array(value: Any) -> list[Any]:
    import pikepdf

    return list(value) if isinstance(value, pikepdf.Array) else []


def _numbers(rect: Any) -> tuple[float, float, float, float] | None:
    """A rectangle's four numbers, or None when it is not four finite numbers."""
    try:
        values = tuple(float(v) for v in _array(rect))
    except (TypeError, ValueError):
        return None
    return values if len(values) == 4 and all(math.isfinite(v) for v in values) else None  # type: ignore[return-value]


def _fit(page: pikepdf.Page, target: tuple[float, float], margin: float, number: int,
         name: Path) -> destinations.Transform:
    """Make the page `target` (as displayed) and what its crop box shows fit, centred (clipped to it: what the
    crop box hid stays hidden on the larger paper); return the scale and the shift given to the content."""
    import pikepdf

    x0, y0, x1, y1 = visible(page)  # the crop box within the media box: what a viewer shows
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        raise DamagedPdf(f"page {number} of {name} has no area (it shows {x1 - x0:g} x {y1 - y0:g} pt), so it cannot "
                         "be scaled to a paper size", hint="Leave it out with {{pages}}; `pdftools info --pages N "
                         "--json` shows its boxes.")
    new_w, new_h = target[::-1] if page.rotation % 180 == 90 else target  # the page's own axes, unrotated
    scale = min((new_w - 2 * margin) / (x1 - x0), (new_h - 2 * margin) / (y1 - y0))
    tx, ty = (new_w - (x1 - x0) * scale) / 2 - x0 * scale, (new_h - (y1 - y0) * scale) / 2 - y0 * scale
    page.contents_coalesce()
    clip = f"{x0:.4f} {y0:.4f} {x1 - x0:.4f} {y1 - y0:.4f} re W n"  # what the crop box hid stays hidden
    page.contents_add(f"q {scale:.6f} 0 0 {scale:.6f} {tx:.4f} {ty:.4f} cm {clip}\n".encode(), prepend=True)
    page.contents_add(b"\nQ")
    for annot in _array(page.obj.get("/Annots")):
        rect = _numbers(annot.get("/Rect")) if isinstance(annot, pikepdf.Dictionary) else None
        if rect is not None:  # an annotation without a readable /Rect has no place to move
            ax0, ay0, ax1, ay1 = rect
            annot.Rect = pikepdf.Array([ax0 * scale + tx, ay0 * scale + ty, ax1 * scale + tx, ay1 * scale + ty])
    page.obj.MediaBox = pikepdf.Array([0, 0, round(new_w, 3), round(new_h, 3)])
    for key in BOXES:
        if key in page.obj:
            del page.obj[key]
    return scale, tx, ty
