"""Form data files as pdftk's `fill_form` takes them: FDF (PDF syntax) and XFDF (XML), read into `{name: value}`.

A field's name is its full name (`parent.child`: FDF's /Kids and XFDF's nested <field> carry the parts). A value
is text, a state (a checkbox's `Yes` or `Off`, a radio button's option) or, for a multi-select list, a list of
texts. Fields the file leaves empty are left out: pdftk's `generate_fdf` writes every field of the form, the
unfilled ones empty (a push button the empty name `/`), and filling from it must not try to give them a value.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from pdftools.errors import InvalidArgument

_HINT = ("Give an FDF or XFDF file as pdftk's generate_fdf writes it, or JSON ({\"name\": value}); `pdftools forms "
         "list FILE` shows the field names.")


def kind(data: bytes) -> str | None:
    """`fdf`, `xfdf`, or None for anything else (JSON)."""
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"%FDF-"):
        return "fdf"
    if head.startswith(b"<") and b"xfdf" in head:
        return "xfdf"
    return None


def read(path: Path, data: bytes, shown: str) -> dict[str, Any]:
    """The field values of an FDF or XFDF file (`shown`: its name as the user gave it, for errors)."""
    return _fdf(data, shown) if kind(data) == "fdf" else _xfdf(data, shown)


def _fdf(data: bytes, shown: str) -> dict[str, Any]:
    import pikepdf

    try:
        with pikepdf.open(io.BytesIO(_as_pdf(data))) as pdf:
            fields = pdf.trailer.Root.FDFRoot.FDF.get("/Fields", pikepdf.Array())
            out: dict[str, Any] = {}
            _fdf_fields(fields, "", out, 0)
            return out
    except (pikepdf.PdfError, AttributeError, KeyError, TypeError, ValueError) as exc:
        raise InvalidArgument(f"cannot read {shown} as FDF: {exc}", hint=_HINT) from None


def _as_pdf(data: bytes) -> bytes:
    """The FDF's objects in a file qpdf opens: its trailer's /Root becomes a catalog's /FDFRoot, beside a page
    (qpdf reconstructs a file without a cross-reference table, as most FDFs are, only when it finds a page)."""
    roots = list(re.finditer(rb"/Root\s+(\d+)\s+(\d+)\s+R", data))
    numbers = [int(n) for n in re.findall(rb"(?:^|[\r\n])\s*(\d+)\s+\d+\s+obj\b", data)]  # CR ends lines too
    at = data.rfind(b"trailer")
    if not roots or not numbers or at < 0:
        raise ValueError("no trailer naming its /Root")
    root, top = roots[-1], max(numbers) + 1
    body = data[:root.start()] + b"/Root %d 0 R" % (top + 1) + data[root.end():]
    at = body.rfind(b"trailer")
    added = (b"\n%d 0 obj\n<< /Type /Pages /Kids [%d 0 R] /Count 1 >>\nendobj\n"
             b"%d 0 obj\n<< /Type /Catalog /Pages %d 0 R /FDFRoot %s %s R >>\nendobj\n"
             b"%d 0 obj\n<< /Type /Page /Parent %d 0 R /MediaBox [0 0 1 1] >>\nendobj\n"
             % (top, top + 2, top + 1, top, root.group(1), root.group(2), top + 2, top))
    return re.sub(rb"^\s*%FDF-[0-9.]*", b"%PDF-1.7", body[:at]) + added + body[at:]


def _fdf_fields(fields: Any, prefix: str, out: dict[str, Any], depth: int) -> None:
    import pikepdf

    if depth > 32:  # a /Kids loop
        raise ValueError("fields nest deeper than 32 levels")
    for item in fields:
        if not isinstance(item, pikepdf.Dictionary):
            continue
        name = prefix + str(item.get("/T", ""))
        if "/Kids" in item:
            _fdf_fields(item.Kids, name + "." if name else "", out, depth + 1)
        if "/V" in item:
            value = _fdf_value(item.V)
            if value not in ("", [], None):
                out[name] = value


def _fdf_value(value: Any) -> Any:
    import pikepdf

    if isinstance(value, pikepdf.Name):
        return str(value)[1:]
    if isinstance(value, pikepdf.Array):
        return [str(v) for v in value]
    if isinstance(value, pikepdf.String):
        return str(value)
    return None


def _xfdf(data: bytes, shown: str) -> dict[str, Any]:
    import xml.etree.ElementTree as ET

    try:
        root = ET.fromstring(data)  # expat: no external entities, no network
    except ET.ParseError as exc:
        raise InvalidArgument(f"cannot read {shown} as XFDF: {exc}", hint=_HINT) from None
    out: dict[str, Any] = {}
    for fields in _children(root, "fields"):
        _xfdf_fields(fields, "", out)
    return out


def _children(element: Any, tag: str) -> list[Any]:
    return [child for child in element if str(child.tag).rsplit("}", 1)[-1] == tag]


def _xfdf_fields(parent: Any, prefix: str, out: dict[str, Any]) -> None:
    for field in _children(parent, "field"):
        name = prefix + (field.get("name") or "")
        _xfdf_fields(field, name + ".", out)
        texts = [value.text or "" for value in _children(field, "value")]
        if len(texts) > 1:
            out[name] = texts
        elif texts and texts[0] != "":
            out[name] = texts[0]
