"""Document metadata read as plain strings: the Info dictionary and the XMP packet."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pikepdf


def text(value: Any) -> str:
    try:
        result = str(value)
    except Exception:
        result = repr(value)
    return result.replace("\x00", "")  # some producers pad strings with NULs


def info(pdf: pikepdf.Pdf) -> dict[str, str]:
    """The Info dictionary, keys without their slash."""
    return {str(k)[1:]: text(v) for k, v in pdf.docinfo.items()} if "/Info" in pdf.trailer else {}


def xmp(pdf: pikepdf.Pdf) -> dict[str, str]:
    """The XMP packet's properties (empty when there is none or it cannot be read)."""
    if "/Metadata" not in pdf.Root:
        return {}
    try:
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            return {str(k): text(v) for k, v in meta.items()}
    except Exception:  # unreadable XMP is reported as empty, not as a failure
        return {}
