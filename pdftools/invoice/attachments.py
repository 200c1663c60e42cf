"""Where a PDF keeps an e-invoice's XML: its embedded files, its associated files (`/AF`) and file attachment
annotations, under any name; known e-invoice names first, then files the PDF relates to its content
(`/AFRelationship` Alternative, Data or Source) or declares as XML. Each read within a size limit.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pdftools.invoice.xml import CONTENT

if TYPE_CHECKING:
    import pikepdf

MAX_XML = 20_000_000  # bytes; an invoice's XML is a few hundred KB at most
MAX_FILES = 50  # attachments looked at; an e-invoice PDF carries one or two
KNOWN_NAMES = ("factur-x.xml", "zugferd-invoice.xml", "zugferd_invoice.xml", "xrechnung.xml", "order-x.xml",
               "cii.xml", "ubl.xml")
XML_TYPES = ("text/xml", "application/xml")


@dataclass
class Attachment:
    name: str
    data: bytes
    relationship: str | None = None  # /AFRelationship, e.g. /Alternative
    mime: str | None = None


def attachments(pdf: pikepdf.Pdf) -> list[Attachment]:
    """The PDF's attachments that may be an e-invoice XML, the likeliest first."""
    found: dict[tuple[int, int], Attachment] = {}
    for spec in _file_specs(pdf):
        key = spec.objgen if spec.objgen != (0, 0) else (id(spec), -1)
        if key in found or len(found) >= MAX_FILES:
            continue
        attachment = _attachment(spec)
        if attachment is not None:
            found[key] = attachment
    return sorted(found.values(), key=_rank)


def _rank(item: Attachment) -> int:
    if item.name.lower() in KNOWN_NAMES:
        return 0
    if item.relationship in CONTENT:
        return 1
    return 2 if item.mime in XML_TYPES or item.name.lower().endswith(".xml") else 3


def _file_specs(pdf: pikepdf.Pdf) -> list[Any]:
    """File specifications: the embedded files' name tree, the document's and pages' /AF, and file attachment
    annotations. A damaged part is passed over (the others may still hold the XML)."""
    specs: list[Any] = []
    with contextlib.suppress(Exception):  # a broken name tree
        specs += [spec.obj for spec in pdf.attachments.values()]
    specs += _array(pdf.Root.get("/AF"))
    for page in pdf.pages[:3]:  # the XML sits at the document level; a few producers use the first page
        try:
            specs += _array(page.obj.get("/AF"))
            specs += [annot.get("/FS") for annot in _array(page.obj.get("/Annots"))
                      if _is_dict(annot) and annot.get("/Subtype") == "/FileAttachment"]
        except Exception:  # noqa: BLE001
            continue
    return [spec for spec in specs if _is_dict(spec)]


def _array(obj: Any) -> list[Any]:
    import pikepdf

    return list(obj) if isinstance(obj, pikepdf.Array) else []


def _is_dict(obj: Any) -> bool:
    import pikepdf

    return isinstance(obj, pikepdf.Dictionary)


def _attachment(spec: Any) -> Attachment | None:
    """The file a specification embeds, if it may be XML and is not too large to read; else None."""
    import pikepdf

    from pdftools.core import streams

    try:
        files = spec.get("/EF")
        stream = next((files.get(k) for k in ("/UF", "/F") if _is_dict(files) and files.get(k) is not None), None)
        if not isinstance(stream, pikepdf.Stream):
            return None
        name = next((str(spec[k]) for k in ("/UF", "/F") if spec.get(k) is not None), "")
        mime = str(stream.get("/Subtype", "")).lstrip("/").replace("#2F", "/").lower() or None
        relationship = str(spec.get("/AFRelationship")) if spec.get("/AFRelationship") is not None else None
        if not (name.lower().endswith(".xml") or mime in XML_TYPES or relationship in CONTENT):
            return None
        if streams.bound(stream) > MAX_XML and streams.size(stream, MAX_XML + 1) > MAX_XML:
            return None
        data = stream.read_bytes()
    except Exception:  # an unreadable or oversized file is no e-invoice  # noqa: BLE001
        return None
    return Attachment(name or "attachment", bytes(data), relationship, mime)
