"""Put 2, 4 or more pages on each sheet (n-up), in reading order, on a chosen paper size.

Pages are scaled to fit their cell, centred; the sheet turns to suit the grid (2-up portrait pages: a
landscape sheet). {{sheet}} `auto` is the pages' own paper (2-up of A4 prints on A4, as pdfcpu and pdfjam do);
`grow` keeps the pages at full size on a sheet made to hold them (2-up of A4: A3's size). Links and form fields
do not survive; bookmarks point at the sheet showing their page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

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
from pdftools.core.params import Param
from pdftools.document import impose
from pdftools.document.impose import Margin, SheetParam

GRIDS = {2: (2, 1), 4: (2, 2), 6: (3, 2), 8: (4, 2), 9: (3, 3), 16: (4, 4)}


@dataclass
class NupResult(Edited):
    sheets: int
    per_sheet: int
    sheet_size: list[float]
    """Width and height of a sheet, in points."""
    table_units: ClassVar = {"sheet_size": "pt"}  # width by height, in points
    warnings: list[str]


def nup(
    input: Input,
    per_sheet: Annotated[Literal[2, 4, 6, 8, 9, 16], Param("Pages per sheet")] = 2,
    sheet: SheetParam = "auto",
    pages: Pages = None,
    margin: Margin = 0,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> NupResult:
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix=f"{per_sheet}up", password=password, in_place=in_place, force=force)
    order = [n - 1 for n in select_pages(pages, len(job.pdf.pages), job.src)]
    width, height = impose.displayed_size(job.pdf.pages[order[0]])
    cols, rows = GRIDS[per_sheet]
    if width > height:  # landscape pages: the grid turns with them
        cols, rows = rows, cols
    grown = (width * cols, height * rows)
    size = impose.sheet_size(sheet, grown[0] > grown[1], grown if sheet == "grow" else (width, height))
    cells: list[list[int | None]] = [list(order[i:i + per_sheet]) for i in range(0, len(order), per_sheet)]
    warnings = impose.impose(job.pdf, cells, size, (cols, rows), margin)
    return NupResult(**job.save(decrypt), sheets=len(cells), per_sheet=per_sheet,
                     sheet_size=[round(side, 2) for side in size], warnings=warnings)  # in points, as info gives them
