"""A scan made for a test: pages of the corpus's 4-page pdflatex file rendered gray at 100 dpi by pdftoppm and
saved as an image-only PDF (no text layer), for OCR that takes long enough to stop, cancel or follow."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from conftest import CORPUS
from PIL import Image

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def gray_scan(out: Path, last: int = 4, times: int = 1) -> Path:
    """Pages 1-`last` of FOUR, the whole run `times` over (2: a scan of 8 pages), as `out`; the page images are
    rendered in a folder of their own, removed after."""
    with tempfile.TemporaryDirectory() as pages:
        subprocess.run(["pdftoppm", "-r", "100", "-gray", "-f", "1", "-l", str(last), str(FOUR), f"{pages}/pg"],
                       check=True)
        first, *rest = [Image.open(p) for p in sorted(Path(pages).glob("pg-*.pgm"))] * times
        first.save(out, save_all=True, append_images=rest, resolution=100)
    return out
