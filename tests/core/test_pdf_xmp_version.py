"""Saving keeps the XMP's `pdf:PDFVersion` true to the file written (pikepdf's fix_metadata_version), now
asked for only when the XMP records a version (core.pdf._xmp_names_version): a merge that raises the version
still updates it; an XMP without one is written as it was."""

from __future__ import annotations

from pathlib import Path

import pikepdf

from pdftools.ops.merge import merge


def _pdf(path: Path, version: str, xmp: dict[str, str]) -> Path:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    if xmp:
        with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
            for key, value in xmp.items():
                meta[key] = value
    pdf.save(path, force_version=version, fix_metadata_version=False)
    return path


def _xmp(path: Path) -> bytes:
    with pikepdf.open(path) as pdf:
        return bytes(pdf.Root.Metadata.read_bytes())


def test_a_recorded_version_follows_the_output(tmp_path: Path) -> None:
    old = _pdf(tmp_path / "old.pdf", "1.4", {"pdf:PDFVersion": "1.4", "dc:title": "Old"})
    new = _pdf(tmp_path / "new.pdf", "1.7", {})
    assert b"1.4" in _xmp(old)
    merge([str(old), str(new)], output=str(tmp_path / "m.pdf"))
    with pikepdf.open(tmp_path / "m.pdf") as pdf:
        assert pdf.pdf_version == "1.7"
        assert pdf.open_metadata()["pdf:PDFVersion"] == "1.7"


def test_an_xmp_without_a_version_is_written_as_it_was(tmp_path: Path) -> None:
    first = _pdf(tmp_path / "a.pdf", "1.4", {"dc:title": "Kept"})
    merge([str(first), str(_pdf(tmp_path / "b.pdf", "1.7", {}))], output=str(tmp_path / "m.pdf"))
    assert _xmp(tmp_path / "m.pdf") == _xmp(first)
