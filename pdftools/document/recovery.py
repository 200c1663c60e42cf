"""Whether a damaged file can be recovered, asked when its error is reported: DAMAGED_PDF's hint names `repair`
only when a repair recovers something. A file qpdf cannot open (even with its recovery: `open_pdf` tried it) is
recovered by `repair` only through poppler's redrawing, so poppler's reading of its pages (pdfinfo, one short
process: `engines.poppler.readable_pages`) is the answer; the front ends and a batch's rows ask it once, for the
error they report."""

from __future__ import annotations

from pathlib import Path

from pdftools.errors import DamagedPdf, PdftoolsError


def true_hint(exc: PdftoolsError) -> None:
    """Make a DAMAGED_PDF's default hint true for the file it names (`exc.path`, set where qpdf could not open
    it): `repair` with the pages poppler reads, or, when poppler reads none, that the file cannot be read. An
    op's own hint, an error without a file (damage met after qpdf opened it: `repair` rewrites it through qpdf),
    a file gone (a temporary copy of standard input) or one poppler wants a password for are left as they are."""
    path = getattr(exc, "path", None)
    if not isinstance(exc, DamagedPdf) or exc.hint != DamagedPdf.hint or not isinstance(path, Path):
        return
    from pdftools.engines import poppler

    pages = poppler.readable_pages(path)
    if pages is not None:
        exc.hint = DamagedPdf.redrawable.format(pages=pages) if pages else DamagedPdf.unreadable  # type: ignore[misc]
