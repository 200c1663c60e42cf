"""OCR reads a page as a viewer shows it: its crop box, not the whole media box. Words the crop cut away are
not read, and the text layer's words lie where the page shows them, on a page on its side too (checked with
`pdftotext -bbox` against the same page's own text under the same crop box)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array
from PIL import Image

from pdftools.ops.ocr import ocr

pytestmark = pytest.mark.slow

DPI = 150
CROP = (80, 600, 320, 780)  # the top left of page 1 (A4), from `Hello,` on: about 100 of its 710 words
HEIGHT, WIDTH = 841.89, 595.276


def _bbox(path: Path) -> str:
    return subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def _words(xml: str) -> list[tuple[float, float, float, float]]:
    """Each word's box (xMin, yMin, xMax, yMax: from the top left of the media box, as pdftotext gives them)."""
    return [tuple(map(float, found)) for found in  # type: ignore[misc]
            re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"', xml)]


def _box(xml: str, word: str) -> tuple[float, float]:
    found = re.search(rf'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">{word}<', xml)
    assert found, xml[:800]
    return float(found.group(1)), float(found.group(2))


def _cropped(path: Path, box: tuple[float, ...], rotate: int = 0) -> Path:
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        del pdf.pages[1:]
        pdf.pages[0].obj.CropBox = Array(box)
        if rotate:
            pdf.pages[0].obj.Rotate = rotate
        pdf.save(path)
    return path


@pytest.mark.parametrize("rotation", [0, 90, 270])
def test_ocr_reads_the_crop_box_and_places_words_where_shown(tmp_path: Path, sample: Path, rotation: int) -> None:
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", "1", "-l", "1", "-singlefile", str(sample),
                    str(tmp_path / "pg")], check=True)
    image = Image.open(tmp_path / "pg.pgm")
    height, width = HEIGHT, WIDTH
    x0, y0, x1, y1 = CROP
    # stored turned back (PIL turns counter-clockwise) so that /Rotate shows it upright; the crop box follows
    box = {0: CROP, 90: (height - y1, x0, height - y0, x1), 270: (y0, width - x1, y1, width - x0)}[rotation]
    image.rotate(rotation, expand=True).save(tmp_path / "scan.pdf", resolution=DPI)
    scan = _cropped(tmp_path / "scan.pdf", box, rotation)
    truth = tmp_path / "truth.pdf"
    truth.write_bytes(sample.read_bytes())
    expected = _bbox(_cropped(truth, CROP))

    done = ocr(str(scan), output=str(tmp_path / "out.pdf"))
    got = _bbox(Path(done.output or ""))
    shown = [w for w in _words(expected) if w[2] > x0 and w[0] < x1 and w[3] > HEIGHT - y1 and w[1] < HEIGHT - y0]
    assert len(_words(expected)) > 600 and 50 < len(_words(got)) <= len(shown) * 1.2  # cut away: not read
    for word in ("Hello,", "meaning."):
        (ax, ay), (bx, by) = _box(expected, word), _box(got, word)
        assert abs(ax - bx) < 3 and abs(ay - by) < 3, (word, (ax, ay), (bx, by))


def test_a_crop_box_beyond_the_media_box_is_read_as_shown(tmp_path: Path, sample: Path) -> None:
    """poppler draws the crop box clipped to the media box: the text layer is placed on that part."""
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", "1", "-l", "1", "-singlefile", str(sample),
                    str(tmp_path / "pg")], check=True)
    Image.open(tmp_path / "pg.pgm").save(tmp_path / "scan.pdf", resolution=DPI)
    scan = _cropped(tmp_path / "scan.pdf", (-50, -50, WIDTH + 50, HEIGHT + 50))
    done = ocr(str(scan), output=str(tmp_path / "out.pdf"))
    expected, got = _bbox(sample), _bbox(Path(done.output or ""))
    for word in ("Hello,", "meaning."):
        (ax, ay), (bx, by) = _box(expected, word), _box(got, word)
        assert abs(ax - bx) < 3 and abs(ay - by) < 3, (word, (ax, ay), (bx, by))
