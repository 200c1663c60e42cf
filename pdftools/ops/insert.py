"""Insert pages from another PDF: at the start, after any page, or at the end.

The source may pick pages (`other.pdf:1-3`); its form fields and the named destinations its links use come
along. {{password}} opens both files when they are encrypted; given twice, each opens with the one that works.
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
    open_job,
    select_pages,
)
from pdftools.core.inputs import split_spec
from pdftools.core.params import Cli, Mcp, Param, Passwords
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_other
from pdftools.document.arrange import arrange, check_position, insertion_order
from pdftools.document.copying import copy_pages


@dataclass
class InsertResult(Edited):
    source: str
    inserted: list[int]
    """Page numbers of the inserted pages in the output."""
    warnings: list[str]


def insert(
    input: Input,
    source: Annotated[str, Param("PDF to take pages from; `other.pdf:1-3` picks pages"),
                      Cli(argument=True, metavar="SOURCE")],
    after: Annotated[str | None, Param("After this page: a number, `last` or `-1` (0: at the start; default: last)"),
                      Cli(metavar="PAGE"), Mcp(annotation=int | str | None)]
    = None,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Passwords = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> InsertResult:
    raw, spec = split_spec(source)
    src_path = input_path(raw)
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="inserted", password=password, in_place=in_place, force=force,
                   others=[src_path])
    total = len(job.pdf.pages)
    position = check_position(after, total, results.input_name(input, job.src))
    other = open_other(src_path, password, job.pdf, results.input_name(input, job.src.name))
    picked = [n - 1 for n in select_pages(spec, len(other.pages), src_path)]
    copy_pages(other, job.pdf, picked)  # pages, not the other file's bookmarks (as qpdf --pages)
    warnings = arrange(job.pdf, insertion_order(total, position, len(picked)), labelled=total)
    inserted = list(range(position + 1, position + len(picked) + 1))
    return InsertResult(**job.save(decrypt), source=str(src_path), inserted=inserted, warnings=warnings)
