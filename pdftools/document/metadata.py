"""Document metadata read as plain strings: the Info dictionary and the XMP packet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdftools.core.objects import text

if TYPE_CHECKING:
    import pikepdf

__all__ = ["info", "text", "xmp"]


DATES = ("CreationDate", "ModDate")


def info(pdf: pikepdf.Pdf) -> dict[str, str]:
    """The Info dictionary, keys without their slash; dates in ISO 8601 (`2022-01-31T12:00:00+01:00`, not
    `D:20220131120000+01'00'`) when they can be read as dates."""
    if "/Info" not in pdf.trailer:
        return {}
    found = {text(k)[1:]: text(v) for k, v in pdf.docinfo.items()}
    return {k: iso_date(v) if k in DATES else v for k, v in found.items()}


def iso_date(value: str) -> str:
    """A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`) in ISO 8601; anything else as it is."""
    from pikepdf.models.metadata import decode_pdf_date

    try:
        return decode_pdf_date(value).isoformat()
    except (ValueError, TypeError, IndexError, OverflowError):
        return value


def xmp(pdf: pikepdf.Pdf, name: str = "the PDF") -> dict[str, Any]:
    """The XMP packet's properties under their usual prefixed names (`dc:title`), as JSON values: text, or a
    list for a bag or sequence; absent when empty. Empty when there is no packet or it cannot be read;
    STREAM_TOO_LARGE when it would inflate beyond PDFTOOLS_MAX_STREAM_BYTES."""
    from pdftools.core import streams

    if "/Metadata" not in pdf.Root:
        return {}
    streams.check_metadata(pdf, name)  # a bomb is an error, not an empty result
    try:
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            found = {_prefixed(str(k)): _value(v) for k, v in meta.items()}
    except Exception:  # unreadable XMP is reported as empty, not as a failure
        return {}
    return {k: v for k, v in found.items() if v not in (None, "", [])}


def _prefixed(key: str) -> str:
    """`{http://purl.org/dc/elements/1.1/}title` as `dc:title`; a namespace without a usual prefix stays."""
    from pikepdf.models.metadata import DEFAULT_NAMESPACES

    uri, sep, local = key[1:].partition("}")
    if not key.startswith("{") or not sep:
        return key
    prefix = dict(DEFAULT_NAMESPACES).get(uri)
    return f"{prefix}:{local}" if prefix else key


def _value(value: Any) -> str | list[str] | None:
    if value is None:
        return None
    if isinstance(value, list | set | tuple):
        items = sorted(value) if isinstance(value, set) else value
        return [text(v) for v in items if v is not None]
    return text(value)


def capped(values: dict[str, Any], each: int, total: int) -> tuple[dict[str, Any], int, int]:
    """`values` (Info or XMP: strings, or lists of them) with each value cut to `each` characters (a list to the
    items that fit) and the keys after the first `total` characters left out: what an overview shows of a 400 kB
    Info dictionary. Also how many values were cut and how many keys left out."""
    out: dict[str, Any] = {}
    cut = used = 0
    for index, (key, value) in enumerate(values.items()):
        if used >= total:
            return out, cut, len(values) - index
        if isinstance(value, list):
            kept, size = [], 0
            for item in value:
                size += len(str(item)) + 2
                if size > each:
                    break
                kept.append(item)
            cut += len(kept) < len(value)
            used += size
            out[key] = kept
            continue
        text = str(value)
        if len(text) > each:
            text, cut = text[:each] + "…", cut + 1
        used += len(text)
        out[key] = text
    return out, cut, 0


def cap_fields(result: Any, names: tuple[str, ...], each: int, total: int) -> None:
    """A result's Info and XMP fields (`names`) `capped`, a warning in its `warnings` for each one cut."""
    for name in names:
        values, cut, left = capped(getattr(result, name), each, total)
        if cut or left:
            setattr(result, name, values)
            parts = [f"{cut} value(s) cut to their first {each:,} characters (a list: its first items)"] if cut else []
            parts += [f"{left} key(s) left out"] if left else []
            result.warnings.append(f"{name}: " + " and ".join(parts))
