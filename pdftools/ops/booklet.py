"""Impose a PDF as a booklet: two pages per sheet side, in the order that folds into a book.

Print double-sided flipping on the short edge, fold in the middle, staple. Blank pages pad the count to a
multiple of 4. {{sheet}} `auto` is the pages' own paper (A4 pages on A4, each at half a sheet, as pdfjam, pdfcpu
and psnup do); `grow` keeps them at full size (A4 pages on A3's size); `a4` etc. names it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Password,
    open_job,
)
from pdftools.document import impose
from pdftools.document.impose import Margin, SheetParam
from pdftools.errors import NoPages


@dataclass
class BookletResult(Edited):
    sheets: int
    """Sheets of paper (each printed on both sides: two output pages)."""
    blank_pages: int
    """Blank pages added at the end to fill the last sheet."""
    sheet_size: list[float]
    table_units: ClassVar = {"sheet_size": "pt"}  # width by height, in points
    warnings: list[str]


def booklet(
    input: Input,
    sheet: SheetParam = "auto",
    margin: Margin = 0,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> BookletResult:
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="booklet", password=password, in_place=in_place, force=force)
    count = len(job.pdf.pages)
    if count == 0:
        raise NoPages(f"{job.src} has no pages")
    padded = -(-count // 4) * 4
    width, height = impose.displayed_size(job.pdf.pages[0])
    size = impose.sheet_size(sheet, True, (2 * width, height) if sheet == "grow" else (width, height))
    warnings = impose.impose(job.pdf, _sides(count, padded), size, (2, 1), margin)
    return BookletResult(**job.save(decrypt), sheets=padded // 4, blank_pages=padded - count,
                         sheet_size=[round(side, 2) for side in size], warnings=warnings)  # as info gives sizes


def _sides(count: int, padded: int) -> list[list[int | None]]:
    """Saddle-stitch order: sheet i carries (last-2i, 1+2i) on its front and (2+2i, last-1-2i) on its back."""
    def page(index: int) -> int | None:
        return index if index < count else None

    sides: list[list[int | None]] = []
    for i in range(padded // 4):
        sides.append([page(padded - 1 - 2 * i), page(2 * i)])
        sides.append([page(2 * i + 1), page(padded - 2 - 2 * i)])
    return sides
