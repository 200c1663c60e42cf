"""Thumbnails show a page as a viewer does: its crop box, not the whole media box. A cropped page (`crop`,
or a file made so) gives an image of the cropped area's shape, without what the crop cut away; a page on its
side too, and the pixel limit is measured on what is drawn."""

from __future__ import annotations

from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name
from PIL import Image

from pdftools.ops.thumbnails import thumbnails


def cropped(path: Path, rotate: int = 0) -> Path:
    """A 400 x 200 pt page painted black, with a red 100 x 100 square at (50, 50); the crop box is the square."""
    pdf = pikepdf.new()
    content = b"0 g 0 0 400 200 re f 1 0 0 rg 50 50 100 100 re f"
    page = Dictionary(Type=Name.Page, MediaBox=Array([0, 0, 400, 200]), CropBox=Array([50, 50, 150, 150]),
                      Contents=pdf.make_indirect(pikepdf.Stream(pdf, content)))
    if rotate:
        page.Rotate = rotate
    pdf.pages.append(pikepdf.Page(page))
    pdf.save(path)
    return path


def test_a_cropped_page_is_drawn_as_its_crop_box(tmp_path: Path) -> None:
    done = thumbnails(str(cropped(tmp_path / "c.pdf")), out_dir=str(tmp_path / "out"), width=50)
    image = Image.open(done.images[0].path).convert("RGB")
    assert image.size == (50, 50) and (done.images[0].width, done.images[0].height) == (50, 50)
    assert {image.getpixel((x, y)) for x in (1, 25, 48) for y in (1, 25, 48)} == {(255, 0, 0)}  # no black


def test_a_cropped_page_on_its_side_by_dpi(tmp_path: Path) -> None:
    pdf = cropped(tmp_path / "c.pdf", rotate=90)
    with pikepdf.open(pdf, allow_overwriting_input=True) as doc:
        doc.pages[0].obj.CropBox = Array([50, 50, 250, 150])  # 200 x 100 pt, shown 100 wide and 200 tall
        doc.save(pdf)
    done = thumbnails(str(pdf), out_dir=str(tmp_path / "out"), dpi=36)
    assert (done.images[0].width, done.images[0].height) == (50, 100)
    done = thumbnails(str(pdf), out_dir=str(tmp_path / "w"), width=40)
    assert (done.images[0].width, done.images[0].height) == (40, 80)
