"""Insert blank pages, each the size (and rotation) of the page before it (or after it, at the start).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pdftools.core import results
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
from pdftools.core.params import Cli, Mcp, Param
from pdftools.document.arrange import arrange, check_position, insertion_order, upright
from pdftools.errors import NoPages


@dataclass
class InsertBlankResult(Edited):
    inserted: list[int]
    """Page numbers of the blank pages in the output."""
    warnings: list[str]


def insert_blank(
    input: Input,
    after: Annotated[str | None, Param("After this page: a number, `last` or `-1` (0: at the start; default: last)"),
                      Cli(metavar="PAGE"), Mcp(annotation=int | str | None)]
    = None,
    count: Annotated[int, Param("How many blank pages", ge=1, le=1000)] = 1,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> InsertBlankResult:
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="blank", password=password, in_place=in_place, force=force)
    pdf = job.pdf
    total = len(pdf.pages)
    if total == 0:  # a blank page takes its size from a neighbour
        raise NoPages(f"{job.src} has no pages", hint="A blank page takes the size of the page beside it; "
                      "insert pages from another PDF instead.")
    position = check_position(after, total, results.input_name(input, job.src))
    neighbour = pdf.pages[max(position - 1, 0)]
    for _ in range(count):
        page = pdf.add_blank_page()
        page.mediabox, page.cropbox = neighbour.mediabox, neighbour.cropbox
        page.rotate(upright(neighbour), relative=False)
    warnings = arrange(pdf, insertion_order(total, position, count), labelled=total)
    inserted = list(range(position + 1, position + count + 1))
    return InsertBlankResult(**job.save(decrypt), inserted=inserted, warnings=warnings)

