"""The form fields whose widgets are on copied pages, made the output's (see `copying`).

qpdf makes them the output's page by page (fixCopiedAnnotations: what pikepdf's `add_pages_from` calls for each
page), a clashing name renamed (`f1` -> `f1+1`), without `add_pages_from`'s listing of every page of both files
for each page copied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdftools.core import task

if TYPE_CHECKING:
    import pikepdf


def _widgets(page: pikepdf.Dictionary) -> bool:
    """Whether an annotation of the page is a form field's widget (what pikepdf's add_pages_from makes the
    output's fields)."""
    import pikepdf

    annots = page.get("/Annots")
    return any(isinstance(annot, pikepdf.Dictionary)
               and (annot.get("/Subtype") == "/Widget" or "/FT" in annot or "/Parent" in annot)
               for annot in (annots if isinstance(annots, pikepdf.Array) else ()))


def _carry_fields(src: pikepdf.Pdf, out: pikepdf.Pdf, sources: list[pikepdf.Page], placed: list[Any]) -> None:
    """Make the fields whose widgets are on the copied pages the output's, page by page, as pikepdf's
    add_pages_from does it (qpdf's fixCopiedAnnotations: each copy of a page its own widgets and fields, listed
    in /AcroForm, a clashing name renamed `name+1`, the form's default resources merged), without its listing
    of every page of both files for each page."""
    import pikepdf

    theirs, mine = src.acroform, out.acroform
    for source, page in zip(sources, placed, strict=True):
        if _widgets(source.obj):
            task.check()
            mine.fix_copied_annotations(pikepdf.Page(page), source, theirs)
