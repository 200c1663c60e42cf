"""`resize` of a cropped page scales what the crop box shows, and only that: what the crop cut away stays
hidden on the new paper (`crop` then `resize --to a4` is how people trim scans to a paper size). Checked
with poppler's eyes: pdftoppm renders the page and the paper outside the old crop box must be white."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name
from PIL import Image

from pdftools.ops.crop import crop
from pdftools.ops.resize import resize


def black_page(path: Path) -> Path:
    """A 300 x 300 pt page painted black all over, with a red square in the middle (100..200)."""
    pdf = pikepdf.new()
    content = b"0 g 0 0 300 300 re f 1 0 0 rg 100 100 100 100 re f"
    pdf.pages.append(pikepdf.Page(Dictionary(Type=Name.Page, MediaBox=Array([0, 0, 300, 300]),
                                             Contents=pdf.make_indirect(pikepdf.Stream(pdf, content)))))
    pdf.save(path)
    return path


def rendered(path: Path, tmp_path: Path) -> Image.Image:
    subprocess.run(["pdftoppm", "-png", "-r", "36", "-singlefile", str(path), str(tmp_path / "page")], check=True)
    return Image.open(tmp_path / "page.png").convert("RGB")


def test_what_the_crop_cut_away_stays_away(tmp_path: Path) -> None:
    # crop to the red square: the black around it is cut away
    cropped = crop(str(black_page(tmp_path / "in.pdf")), margins="100", output=str(tmp_path / "c.pdf")).output
    done = resize(cropped, "a5", output=str(tmp_path / "r.pdf"))  # 100 pt wide -> 420 pt: a band across A5
    image = rendered(Path(done.output), tmp_path)
    width, height = image.size  # A5 at 36 dpi: 210 x 298 pixels
    band = round((595.28 - 419.53) / 2 / 2)  # the paper above and below the scaled square, in pixels
    assert image.getpixel((width // 2, height // 2)) == (255, 0, 0)  # the square fills the band
    for y in (2, band - 3, height - band + 3, height - 3):  # above and below it: paper, not the black cut away
        assert image.getpixel((width // 2, y)) == (255, 255, 255), (y, image.getpixel((width // 2, y)))


def test_an_uncropped_page_is_scaled_whole(tmp_path: Path) -> None:
    done = resize(str(black_page(tmp_path / "in.pdf")), "a5", output=str(tmp_path / "r.pdf"))
    image = rendered(Path(done.output), tmp_path)
    width, height = image.size
    assert image.getpixel((3, height // 2)) == (0, 0, 0)  # the black page fills the width of the paper
    assert image.getpixel((width // 2, height // 2)) == (255, 0, 0)


def test_a_crop_box_beyond_the_media_box_scales_what_shows(tmp_path: Path) -> None:
    """The crop box reaches 50 pt beyond the media box on each side: what shows is the media box (300 pt), and
    that fills the width of the paper, as the uncropped page does."""
    source = black_page(tmp_path / "in.pdf")
    with pikepdf.open(source, allow_overwriting_input=True) as pdf:
        pdf.pages[0].obj.CropBox = Array([-50, -50, 350, 350])
        pdf.save(source)
    done = resize(str(source), "a5", output=str(tmp_path / "r.pdf"))
    assert done.scales == [round(419.53 / 300, 4)]
    image = rendered(Path(done.output), tmp_path)
    assert image.getpixel((3, image.size[1] // 2)) == (0, 0, 0)
