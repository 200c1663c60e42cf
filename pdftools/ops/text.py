"""Extract the text of a PDF, page by page (poppler's pdftotext): `plain` reading order or `layout`.

A character budget ({{max_chars}}) cuts long documents into pieces: the result says where to continue
({{cli:a note gives the {{start_page}} and {{offset}}}}{{mcp:`next_page`, `next_offset`}}), so a 1,000-page PDF
can be read in several calls. {{format}} words or lines
gives each with its page and box (`boxes`: PDF points, origin at the page's top-left, y down).

{{mcp:Long documents come in pieces ({{max_chars}} a call): continue from the result's `next_page` and
`next_offset`.}}
"""

from __future__ import annotations

from typing import Annotated, Literal

from pdftools.core import task
from pdftools.core.params import Input, MaxChars, Offset, Pages, Param, Password, StartPage
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf
from pdftools.document import text as pagetext
from pdftools.document.text import TextResult
from pdftools.engines import poppler
from pdftools.errors import DamagedPdf, InvalidArgument

__all__ = ["TextResult", "text"]



def text(
    input: Input,
    pages: Pages = None,
    mode: Annotated[Literal["plain", "layout"], Param("plain: reading order; layout: keep columns")]
    = "plain",
    format: Annotated[Literal["text", "words", "lines"],
                      Param("words or lines: each with its page, box (points, top-left origin) and size")] = "text",
    max_chars: MaxChars = None,
    start_page: StartPage = None,
    offset: Offset = 0,
    password: Password = None,
) -> TextResult:
    path = input_path(input)
    if format != "text":
        from pdftools.document import words

        if mode != "plain":
            raise InvalidArgument(f"{{{{mode}}}} {mode} goes with the text format: {format} come in poppler's "
                                  "reading order, each with its box")

        return words.read(path, password, pages, format, budget=max_chars, start_page=start_page, offset=offset)
    try:
        pdf = open_pdf(path, password)
    except DamagedPdf as damaged:  # poppler may still read what qpdf rejects
        count = int(poppler.pdfinfo(path, damaged)["Pages"])
        selected = pagetext.select(pages, count, start_page, path)
        result = pagetext.collect(path, count, selected, pagetext.pdftotext(path, mode), budget=max_chars,
                                  offset=offset, on_page=task.emit)
        result.damaged = pagetext.unread(damaged)  # its pages without text are no scans: `agent_notes`
        return result
    warnings: list[str] = []
    repairs: list[str] = []
    with pdf, pagetext.readable(pdf, path, warnings, repairs) as source:
        count = len(pdf.pages)
        selected = pagetext.select(pages, count, start_page, path)
        extract = pagetext.measured(source, mode, pdf, str(path))
        result = pagetext.collect(path, count, selected, extract, budget=max_chars, offset=offset,
                                  on_page=task.emit)  # each page printed as it is read, as pdftotext does
        result.damaged = pagetext.lost(pdf, result.empty_pages, repairs)  # no scan: check and repair
    result.warnings = warnings
    return result
