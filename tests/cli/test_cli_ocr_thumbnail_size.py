"""A page rendered small (`pdftools thumbnails report.pdf`: 300 pixels wide, which its PNG records as ~36 dpi,
the page's own size) and OCRed came back as a page of 72 x 102 pt, an inch wide: a stated resolution under 50
dpi was taken for a wrong one and replaced by 300. The image's own resolution (10 dpi and up) sizes the page,
as tesseract and OCRmyPDF take it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pikepdf


def test_a_thumbnail_ocred_keeps_the_page_size(cli: Any, pdf: Path, tmp_path: Path) -> None:
    with pikepdf.open(pdf) as src:
        width, height = (float(v) for v in src.pages[0].mediabox[2:])
    assert cli("thumbnails", pdf, "--pages", "1", "-d", tmp_path / "th", "--width", "300").exit_code == 0
    png = next((tmp_path / "th").glob("*.png"))
    out = tmp_path / "ocr.pdf"
    done = cli("ocr", png, "-o", out)
    assert done.exit_code == 0, done
    with pikepdf.open(out) as made:
        box = [float(v) for v in made.pages[0].mediabox]
    # (tesseract takes a whole dpi: 36.3 is 36, so the page is ~1% larger; it was 88% smaller)
    assert abs(box[2] - box[0] - width) < width / 50 and abs(box[3] - box[1] - height) < height / 50, (box, width,
                                                                                                       height)
