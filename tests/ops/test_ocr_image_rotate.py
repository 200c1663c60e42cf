"""`ocr --rotate-pages` on an image (a phone photo of a page turned sideways) turns it upright, as it does a PDF
page and as OCRmyPDF's `--rotate-pages` does: it was ignored for images, and the text read was gibberish."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image


@pytest.fixture
def sideways(tmp_path: Path, sample: Path) -> Path:
    """The sample's first page at 150 dpi, turned 90 degrees, as a PNG that says its dpi."""
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-f", "1", "-l", "1", "-png", str(sample),
                    str(tmp_path / "pg")], check=True)
    path = tmp_path / "sideways.png"
    with Image.open(next(tmp_path.glob("pg*.png"))) as page:
        page.rotate(90, expand=True).save(path, dpi=(150, 150))
    return path


def words_of(sample: Path) -> set[str]:
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(sample), "-"], capture_output=True, text=True,
                          check=True).stdout
    return {w for w in text.split() if len(w) > 5 and w.isalpha()}


def test_a_sideways_image_is_turned_upright_and_read(cli: Any, sideways: Path, sample: Path,
                                                     tmp_path: Path) -> None:
    out = tmp_path / "upright.pdf"
    result = cli("ocr", sideways, "-o", out, "--rotate-pages", "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["pages_rotated"] == [1]
    found = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    expected = words_of(sample)
    assert len(expected & set(found.split())) > len(expected) / 2, found
    text = cli("ocr", sideways, "--mode", "text", "--rotate-pages", "--json")
    read = json.loads(text.stdout)
    assert read["pages_rotated"] == [1] and len(expected & set(read["text"]["pages"][0]["text"].split())) > \
        len(expected) / 2, read
