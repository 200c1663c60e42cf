"""poppler's view of a PDF, for files qpdf cannot open: poppler recovers some damaged files qpdf rejects
(e.g. a linearized file with a broken page tree, whose page count survives in the linearization dict)."""

from __future__ import annotations

from pathlib import Path

from pdftools.core import engines, limits
from pdftools.errors import DamagedPdf, PdftoolsError

METADATA_KEYS = ("Title", "Subject", "Keywords", "Author", "Creator", "Producer", "CreationDate", "ModDate")


def pdfinfo(path: Path, damaged: DamagedPdf) -> dict[str, str]:
    """pdfinfo's fields for `path`; re-raises `damaged` (qpdf's error) when poppler cannot read it either."""
    try:
        raw = engines.run(["pdfinfo", "-enc", "UTF-8", str(path)], timeout=60)
    except PdftoolsError:
        raise damaged from None
    fields = {}
    for line in raw.decode("utf-8", errors="replace").splitlines():
        key, sep, value = line.partition(":")
        if sep:
            fields[key.strip()] = value.strip()
    if not fields.get("Pages", "").isdigit() or fields.get("Encrypted", "no").startswith("yes"):
        raise damaged
    limits.PAGES.check(int(fields["Pages"]), str(path))
    return fields


def warning(damaged: DamagedPdf) -> str:
    return f"qpdf cannot read this file ({damaged.message}); these facts come from poppler's pdfinfo"
