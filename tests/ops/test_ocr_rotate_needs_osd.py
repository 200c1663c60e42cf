"""`ocr --rotate-pages` on a machine without tesseract's orientation data (`osd`, Debian's tesseract-ocr-osd): it
said nothing, turned no page and wrote the sideways page's garbage as its text layer, exit 0. Now it is
OCR_LANGUAGE_MISSING before any work, naming the package, as a missing language is. The machine without osd is
made here: a tessdata folder (TESSDATA_PREFIX) holding only this machine's eng model and tesseract's own files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def without_osd(tmp_path: Path) -> dict[str, str]:
    listed = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, check=True).stdout
    real = Path(listed.splitlines()[0].split('"')[1])  # List of available languages in "/usr/share/.../" (2):
    data = tmp_path / "tessdata"
    data.mkdir()
    for name in ("eng.traineddata", "pdf.ttf", "configs", "tessconfigs"):
        if (real / name).exists():
            (data / name).symlink_to(real / name)
    return {**os.environ, "TESSDATA_PREFIX": str(data)}


def test_rotate_pages_without_osd_says_what_to_install(without_osd: dict[str, str], tmp_path: Path) -> None:
    scan = tmp_path / "side.pdf"
    Image.new("L", (300, 200), 255).save(scan, resolution=100)
    out = tmp_path / "out.pdf"
    done = subprocess.run([str(PDFTOOLS), "ocr", str(scan), "--rotate-pages", "-o", str(out), "--json"],
                          env=without_osd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 8, done.stderr
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "OCR_LANGUAGE_MISSING" and "--rotate-pages" in error["message"], error
    assert "apt-get install tesseract-ocr-osd" in error["hint"], error
    assert not out.exists()
    listed = subprocess.run([str(PDFTOOLS), "ocr", "--list-languages"], env=without_osd, capture_output=True,
                            text=True, timeout=60)
    assert listed.stdout.split() == ["eng"]  # the folder is what tesseract reads
