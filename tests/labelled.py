"""A labelled book for the page-label tests: plain pages, then labels set by the op itself."""

from __future__ import annotations

from pathlib import Path

import pikepdf

from pdftools.ops.labels import labels


def plain(path: Path, count: int) -> Path:
    pdf = pikepdf.new()
    for _ in range(count):
        pdf.add_blank_page(page_size=(200, 200))
    pdf.save(path)
    return path


def book(folder: Path) -> Path:
    """Ten pages labelled i, ii, iii, 1..5, A-1, A-2."""
    labels(str(plain(folder / "plain.pdf", 10)), scheme="1:i,4:1,9:A-1", output=str(folder / "book.pdf"))
    return folder / "book.pdf"
