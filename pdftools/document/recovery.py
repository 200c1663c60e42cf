"""Whether a damaged file can be recovered, asked when its error is reported: DAMAGED_PDF's hint names `repair`
only when a repair recovers something. A file qpdf cannot open (even with its recovery: `open_pdf` tried it) is
recovered by `repair` only through poppler's redrawing, so poppler's reading of its pages (pdfinfo, one short
process) is the answer; the front ends and a batch's rows ask it once, for the error they report."""

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
    pages = poppler_pages(path)
    if pages is not None:
        exc.hint = DamagedPdf.redrawable.format(pages=pages) if pages else DamagedPdf.unreadable  # type: ignore[misc]


def poppler_pages(path: Path) -> int | None:
    """The pages poppler reads of `path` (0: none, the file cannot be read), or None when that cannot be told
    (the file is gone, poppler wants a password, pdfinfo cannot run)."""
    from pdftools import engines
    from pdftools.errors import ExternalToolFailed

    if not path.is_file():
        return None
    try:
        raw = engines.run(["pdfinfo", str(path)], timeout=60)
    except ExternalToolFailed as exc:  # it ran, and read nothing: unless it wants a password
        return None if "password" in f"{exc.message} {exc.output}".lower() else 0
    except PdftoolsError:  # not installed, the task's deadline, a cancel: the error reported says more
        return None
    fields = dict(line.partition(":")[::2] for line in raw.decode("utf-8", "replace").splitlines())
    count = fields.get("Pages", "").strip()
    return int(count) if count.isdigit() else 0
