"""Imposition: source pages drawn, scaled to fit and centred, into the cells of larger sheets (n-up,
booklets). The sheets replace the pages in the same document, so its metadata and encryption stay."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pdftools.core import streams, task
from pdftools.core.params import Param
from pdftools.document.arrange import arrange
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    import pikepdf

SheetParam = Annotated[Literal["auto", "grow", "a3", "a4", "a5", "letter", "legal", "tabloid"],
                       Param("Sheet paper (auto: the pages'; grow: holds them unscaled)")]
Margin = Annotated[float, Param("Blank border around each sheet, in points", ge=0, le=144)]
SMALLEST, LARGEST = 3, 14_400  # a PDF page's sides, in points (PDF 1.7, annex C: 200 inches)
BY_NAME = "Choose a paper size with {{sheet}}, e.g. `{{cli:--sheet a3}}{{mcp:\"sheet\": \"a3\"}}`."
SHEETS = {"a3": (841.89, 1190.55), "a4": (595.28, 841.89), "a5": (419.53, 595.28), "letter": (612.0, 792.0),
          "legal": (612.0, 1008.0), "tabloid": (792.0, 1224.0)}


def displayed_size(page: pikepdf.Page) -> tuple[float, float]:
    x0, y0, x1, y1 = (float(v) for v in page.cropbox)
    w, h = abs(x1 - x0), abs(y1 - y0)
    return (h, w) if page.rotation % 180 == 90 else (w, h)


def sheet_size(name: str, landscape: bool, auto: tuple[float, float]) -> tuple[float, float]:
    """A named paper size (or `auto`: the size given), turned to the orientation asked for."""
    w, h = SHEETS.get(name, auto)
    return (max(w, h), min(w, h)) if landscape else (min(w, h), max(w, h))


def impose(pdf: pikepdf.Pdf, sheets: list[list[int | None]], size: tuple[float, float], grid: tuple[int, int],
           margin: float) -> list[str]:
    """Replace the pages by `sheets`: each lists the 0-based pages for its cells (left to right, top to
    bottom; None leaves a cell empty). Returns arrange()'s warnings."""
    from pikepdf import Rectangle

    if not all(SMALLEST <= side <= LARGEST for side in size):
        raise InvalidArgument(f"the sheets would be {size[0]:,.0f} x {size[1]:,.0f} pt, and a PDF page is "
                              f"{SMALLEST} to {LARGEST:,} pt on a side", hint=BY_NAME)
    count = len(pdf.pages)
    streams.check_pages(pdf, range(1, count + 1), pdf.filename)  # each page's content is decoded here
    forms = {}
    for index, page in enumerate(pdf.pages):
        form = page.as_form_xobject(True)  # as displayed (rotation applied)
        form.write(form.read_bytes())  # the page's content, copied now: the page itself goes away
        forms[index] = form
    cols, rows = grid
    cell_w, cell_h = (size[0] - 2 * margin) / cols, (size[1] - 2 * margin) / rows
    moved: dict[int, int] = {}
    for number, cells in enumerate(sheets):
        task.check()
        task.progress(number, len(sheets), "sheets")
        sheet = pdf.add_blank_page(page_size=size)
        for cell, source in enumerate(cells):
            if source is None:
                continue
            x = margin + (cell % cols) * cell_w
            y = size[1] - margin - (cell // cols + 1) * cell_h
            sheet.add_overlay(forms[source], Rectangle(x, y, x + cell_w, y + cell_h))
            moved.setdefault(source, number)
    return arrange(pdf, list(range(count, count + len(sheets))), moved, labelled=count)
