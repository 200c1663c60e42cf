"""Keep only the given pages, in the given order (repeats allowed): `3,1-2`, `odd`, `5-1`.

Everything else in the PDF stays: metadata, bookmarks and links to kept pages, form fields on them, each
page's label, encryption. Pages left out are removed completely, with the bookmarks that pointed at them.
Pages as qpdf, pdftk and pdfcpu name them work too: `z-1`, `r3-r1`, `1-z:even`, `1-endodd`, and what
leaves pages out: `1-z,x3-4` (qpdf), `1-10~5` or `~5` (pdftk), `1-,!5` (pdfcpu); pdftk's rotation words turn
the pages of their item: `1-3east` (east, west, north, south set it; right, left, down turn it from where it is).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

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
    file_first,
    open_job,
    select_turned,
)
from pdftools.core.pages import turn
from pdftools.core.params import Cli, Param
from pdftools.document.arrange import arrange


@dataclass
class SelectResult(Edited):
    order: list[int]
    """The input's page numbers, in output order."""
    removed: list[int]
    warnings: list[str]


def select(
    input: Input,
    pages: Annotated[str, Param("Pages to keep, in order: `3,1-2`, `odd`, `5-1`, `1,1,2`"), Cli(argument=True)],
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> SelectResult:
    file_first("select", input, pages)
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="selected", password=password, in_place=in_place, force=force)
    count = len(job.pdf.pages)
    turned = select_turned(pages, count, job.src)
    order = [number for number, _ in turned]
    warnings = arrange(job.pdf, [n - 1 for n in order])
    for page, (_, word) in zip(job.pdf.pages, turned, strict=True):  # (a page placed twice is two pages now)
        turn(page, word)
    removed = sorted(set(range(1, count + 1)) - set(order))
    return SelectResult(**job.save(decrypt), order=order, removed=removed, warnings=warnings)
