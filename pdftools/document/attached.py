"""Files attached to a document: its list of embedded files (/EmbeddedFiles), and files attached by file
attachment annotations on its pages (a paperclip: /Annots /Subtype /FileAttachment /FS), as poppler's
`pdfdetach` lists them; what each declares of itself; and what a command that builds new documents from pages
leaves behind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pdftools.core.objects import text
from pdftools.errors import verbatim

if TYPE_CHECKING:
    import pikepdf

SHOWN = 5
NAME_KEYS = ("/UF", "/F", "/Unix", "/DOS", "/Mac")  # qpdf's order, for the file name and for the embedded stream


@dataclass
class Found:
    """An attached file: `name` (the key in the document's list; for an annotation's file its file name, made
    distinct), its file specification, its embedded stream (None: it embeds no data) and `page` (the page of
    the annotation that attaches it; None: the document's list)."""
    name: str
    spec: Any
    stream: Any
    page: int | None = None


@dataclass
class Attachment:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    name: str
    """The key in the PDF's attachment list; for a file attached by an annotation, its file name."""
    filename: str
    size: int
    description: str = ""
    mime_type: str = ""
    """As the PDF declares it (the embedded file's /Subtype); empty when it does not."""
    creation_date: str = ""
    """ISO 8601, as the PDF declares it (/Params); empty when it does not."""
    mod_date: str = ""
    checksum: str = ""
    """MD5 of the file's data, hex, as the PDF declares it (/Params /CheckSum; not verified)."""
    relationship: str = ""
    """To the document (/AFRelationship: Source, Data, Alternative, Supplement, Unspecified); empty: none."""
    page: int | None = None
    """The page whose file attachment annotation holds it; null: the document's list."""
    path: str | None = None
    """Where `extract` wrote it."""

    table_columns: ClassVar = ("name", "file_name", "size", "type", "modified", "relationship", "page",
                               "description", "path")  # what a person reads; --json has all
    table_optional: ClassVar = ("file_name", "type", "modified", "relationship", "page", "description", "path")

    @property
    def file_name(self) -> str:
        return self.filename if self.filename != self.name else ""

    @property
    def type(self) -> str:
        return self.mime_type

    @property
    def modified(self) -> str:
        return self.mod_date


def every(pdf: pikepdf.Pdf) -> list[Found]:
    """The document's attached files, then those of file attachment annotations, page by page; a file in both
    (one embedded stream) once, as the document's."""
    import pikepdf

    found = [Found(name, spec.obj, embedded(spec.obj)) for name, spec in pdf.attachments.items()]
    seen = {f.stream.objgen for f in found if f.stream is not None}
    taken = {f.name for f in found}
    for number, page in enumerate(pdf.pages, 1):
        annots = page.obj.get("/Annots")
        for annot in annots if isinstance(annots, pikepdf.Array) else []:
            if not isinstance(annot, pikepdf.Dictionary) or annot.get("/Subtype") != "/FileAttachment":
                continue
            spec = annot.get("/FS")
            stream = embedded(spec)
            if stream is None or stream.objgen in seen:  # a file name only (nothing embedded), or listed
                continue
            seen.add(stream.objgen)
            name = _distinct(filename(spec) or "attachment", number, taken)
            taken.add(name)
            found.append(Found(name, spec, stream, number))
    return found


def chosen(found: list[Found], names: list[str] | None) -> list[Found]:
    """The files named (each once, in the order given), or all of them; a name not there is refused."""
    from pdftools.errors import InvalidArgument

    by_name = {f.name: f for f in found}
    missing = [n for n in names or [] if n not in by_name]
    if missing:
        listed = ", ".join(repr(n) for n in list(by_name)[:20]) or "none"
        raise InvalidArgument(f"no attachment named {missing[0]!r}", hint=f"The attachments are: {listed}.")
    return [by_name[n] for n in dict.fromkeys(names)] if names else found


def _distinct(name: str, page: int, taken: set[str]) -> str:
    """`name`, or `name (page 3)` when the name is taken (`name (page 3, 2)` after that)."""
    if name not in taken:
        return name
    candidate, number = f"{name} (page {page})", 1
    while candidate in taken:
        number += 1
        candidate = f"{name} (page {page}, {number})"
    return candidate


def embedded(spec: Any) -> Any:
    """The embedded file stream of a file specification, or None."""
    import pikepdf

    files = spec.get("/EF") if isinstance(spec, pikepdf.Dictionary) else None
    if not isinstance(files, pikepdf.Dictionary):
        return None
    return next((files[k] for k in NAME_KEYS if isinstance(files.get(k), pikepdf.Stream)), None)


def filename(spec: Any) -> str:
    import pikepdf

    if not isinstance(spec, pikepdf.Dictionary):
        return ""
    return next((text(spec[k]) for k in NAME_KEYS if spec.get(k) is not None), "")


def described(found: Found, what: str) -> Attachment:
    """What a file declares of itself, as `qpdf --list-attachments --verbose` shows it: its file name and
    description (the specification's /UF.../Desc), MIME type (the stream's /Subtype), dates (ISO 8601) and MD5
    checksum (hex) from /Params, its relationship to the document (/AFRelationship, PDF/A-3), and its size:
    /Params /Size, or (it is optional) measured, nothing kept (a 10 KB file may attach 4 GiB: STREAM_TOO_LARGE,
    naming `what`, beyond the limit)."""
    import pikepdf

    from pdftools.document.metadata import iso_date

    spec, stream = found.spec, found.stream
    params = stream.get("/Params") if stream is not None else None
    params = params if isinstance(params, pikepdf.Dictionary) else pikepdf.Dictionary()
    checksum = params.get("/CheckSum")
    has_spec = isinstance(spec, pikepdf.Dictionary)
    return Attachment(
        name=found.name, filename=filename(spec) or found.name, size=_size(stream, params.get("/Size"), what),
        description=text(spec.get("/Desc", "")) if has_spec else "",
        mime_type=_name(stream.get("/Subtype")) if stream is not None else "",
        creation_date=iso_date(text(params.get("/CreationDate", ""))),
        mod_date=iso_date(text(params.get("/ModDate", ""))),
        checksum=bytes(checksum).hex() if isinstance(checksum, pikepdf.String) else "",
        relationship=_name(spec.get("/AFRelationship")) if has_spec else "", page=found.page)


def _size(stream: Any, size: Any, what: str) -> int:
    if isinstance(size, int) and not isinstance(size, bool) and size >= 0:
        return size
    if stream is None:
        return 0
    from pdftools.core import streams

    if stream.get("/DecodeParms") is not None:  # measured before its predictor: read it
        streams.decoded_size(stream, what)
        return len(stream.read_bytes())
    return streams.decoded_size(stream, what)


def _name(value: Any) -> str:
    import pikepdf

    return text(value)[1:] if isinstance(value, pikepdf.Name) else ""


def left_behind(pdf: pikepdf.Pdf, name: str, target: str) -> list[str]:
    """A warning naming the files attached to `pdf` (read from `name`) that `target` does not have: pages are
    copied, not the files attached to their document (as `qpdf --empty --pages`); none when it has none."""
    try:
        names = list(pdf.attachments.keys())
    except Exception:  # a damaged name tree: nothing to name  # noqa: BLE001
        return []
    if not names:
        return []
    shown = ", ".join(repr(n) for n in names[:SHOWN]) + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN
                                                          else "")
    return [f"{verbatim(name)} has {len(names)} attached file(s) ({verbatim(shown)}), not carried into "
            f"{verbatim(target)}: pages are copied, not the files attached to their document; {{{{cli:`pdftools "
            "attachments extract` and `attachments add`}}{{mcp:`pdf_attachments`' extract and add}} carry them over"]
