"""Document metadata read as plain strings: the Info dictionary and the XMP packet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pdftools.core.objects import text

if TYPE_CHECKING:
    import pikepdf

__all__ = ["info", "text", "xmp"]


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
