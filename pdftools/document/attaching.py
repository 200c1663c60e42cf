"""Changing the files attached to a document: adding them as qpdf's `--add-attachment` does (size, checksum,
dates in UTC, MIME type, relationship to the document), and taking them out of the document's list."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pdftools.document.attached import Found, every
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    from datetime import datetime
    from pathlib import Path

    import pikepdf


def add(pdf: pikepdf.Pdf, paths: list[Path], description: str = "", mimetype: str | None = None,
        relationship: str = "Unspecified", dates: tuple[str | None, str | None] = (None, None)) -> list[Found]:
    """Each file under its own name, as qpdf's --add-attachment adds it (/Params /Size, /CheckSum and both
    dates: the PDF dates in `dates` (creation, modification), where None the file's modification time in UTC),
    associated with the document with its relationship (the catalog's /AF and /AFRelationship, as PDF/A-3 and
    Factur-X require; libqpdf lists it in /AF)."""
    import mimetypes

    import pikepdf

    _check_names(pdf, paths)
    for path in paths:
        date = pdf_date(path.stat().st_mtime)
        pdf.attachments[path.name] = pikepdf.AttachedFileSpec(
            pdf, path.read_bytes(), description=description, filename=path.name,
            mime_type=mimetype if mimetype is not None else mimetypes.guess_type(path.name)[0] or "",
            creation_date=dates[0] or date, mod_date=dates[1] or date, relationship=pikepdf.Name("/" + relationship))
    return [f for f in every(pdf) if f.name in {p.name for p in paths} and f.page is None]


def _check_names(pdf: pikepdf.Pdf, paths: list[Path]) -> None:
    there = [p.name for p in paths if p.name in pdf.attachments]
    if there:
        raise InvalidArgument(f"an attachment named {there[0]!r} is already there",
                              hint="Remove it first (`pdftools attachments remove FILE --name NAME`), or rename "
                                   "the file.")
    twice = [p.name for i, p in enumerate(paths) if p.name in {q.name for q in paths[:i]}]
    if twice:
        raise InvalidArgument(f"two of the files to attach are named {twice[0]!r}",
                              hint="An attachment is named after its file: rename one of them.")


def remove(pdf: pikepdf.Pdf, chosen: list[Found]) -> None:
    """Take `chosen` out of the document's list; a file a page's annotation holds stays with its page (refused)."""
    held = next((f for f in chosen if f.page is not None), None)
    if held:
        raise InvalidArgument(f"{held.name!r} is attached by a file attachment annotation on page {held.page}, "
                              "not in the document's list: remove leaves it (the annotation is part of the page)",
                              hint="Remove only the files listed without a page; a PDF editor deletes the "
                                   "annotation.")
    for found in chosen:
        del pdf.attachments[found.name]


def check_mimetype(mimetype: str) -> None:
    kind, slash, sub = mimetype.partition("/")
    if not (slash and kind.strip() and sub.strip()) or kind != kind.strip() or not mimetype.isprintable():
        raise InvalidArgument(f"{mimetype!r} is no MIME type", hint="Give it as `type/subtype`: text/xml, "
                                                                    "application/pdf, image/png.")


def pdf_date(timestamp: float) -> str:
    """A PDF date in UTC, as qpdf writes them: `D:20240305061500Z`."""
    from datetime import UTC, datetime

    return _written(datetime.fromtimestamp(timestamp, UTC))


def dates_given(creation_date: str | None, mod_date: str | None) -> tuple[str | None, str | None]:
    """Each date given (ISO 8601, UTC without a zone; or a PDF date, `D:20240531143000Z`, as qpdf takes it) as
    qpdf writes dates; None for one not given. INVALID_ARGUMENT naming the parameter for one that is no date."""
    from datetime import UTC, datetime

    from pikepdf.models.metadata import decode_pdf_date

    out: list[str | None] = []
    for name, value in (("creation_date", creation_date), ("mod_date", mod_date)):
        try:
            when = None if value is None else decode_pdf_date(value) if value.startswith("D:") \
                else datetime.fromisoformat(value)
        except (ValueError, TypeError, IndexError, OverflowError):
            raise InvalidArgument(f"{{{{{name}}}}} {value!r} is not a date",
                                  hint="Give an ISO date, 2024-05-31 or 2024-05-31T14:30:00+02:00 (without a zone: "
                                       "UTC), or a PDF date as qpdf takes it, D:20240531143000Z.") from None
        out.append(None if when is None else _written(when if when.tzinfo else when.replace(tzinfo=UTC)))
    return out[0], out[1]


def _written(when: datetime) -> str:
    """`D:YYYYMMDDHHmmSS` with `Z` for UTC, else the offset as `+HH'mm'`, as qpdf writes dates."""
    offset = when.utcoffset()
    minutes = 0 if offset is None else int(offset.total_seconds()) // 60
    zone = "Z" if minutes == 0 else f"{'+' if minutes > 0 else '-'}{abs(minutes) // 60:02d}'{abs(minutes) % 60:02d}'"
    return when.strftime("D:%Y%m%d%H%M%S") + zone
