"""Document metadata read as plain strings: the Info dictionary and the XMP packet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pikepdf


def text(value: Any) -> str:
    """`str()` of a PDF object that never raises (a name or string whose bytes are not valid text would, and
    so would repr()), without the NULs some producers pad strings with."""
    try:
        result = str(value)
    except Exception:
        try:
            result = bytes(value).decode("utf-8", "replace")
        except Exception:
            result = ""
    return result.replace("\x00", "")


def info(pdf: pikepdf.Pdf) -> dict[str, str]:
    """The Info dictionary, keys without their slash."""
    return {text(k)[1:]: text(v) for k, v in pdf.docinfo.items()} if "/Info" in pdf.trailer else {}


def xmp(pdf: pikepdf.Pdf, name: str = "the PDF") -> dict[str, str]:
    """The XMP packet's properties (empty when there is none or it cannot be read; STREAM_TOO_LARGE when it
    would inflate beyond PDFTOOLS_MAX_STREAM_BYTES)."""
    from pdftools.core import streams

    if "/Metadata" not in pdf.Root:
        return {}
    streams.check_metadata(pdf, name)  # a bomb is an error, not an empty result
    try:
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            return {str(k): text(v) for k, v in meta.items()}
    except Exception:  # unreadable XMP is reported as empty, not as a failure
        return {}
