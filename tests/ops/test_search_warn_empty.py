"""pdfgrep's `--warn-empty`: a warning on stderr for each PDF with no text to search (a scan), which otherwise
just matches nothing. `search` refused it (pointing to `text`), so a pdfgrep script using it failed with exit 2.
The warning names the file and `pdftools ocr`; the output and exit code are as without it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import CORPUS
from PIL import Image

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_a_scan_is_warned_of(tmp_path: Path) -> None:
    scan = tmp_path / "scan.pdf"
    Image.new("L", (600, 800), 255).save(scan, resolution=72)
    done = subprocess.run([str(PDFTOOLS), "search", "--warn-empty", "-c", "Hello", str(scan), str(FOUR)],
                          capture_output=True, text=True, check=False)
    plain = subprocess.run([str(PDFTOOLS), "search", "-c", "Hello", str(scan), str(FOUR)], capture_output=True,
                           text=True, check=False)
    assert done.returncode == plain.returncode == 0 and done.stdout == plain.stdout, done
    warned = [line for line in done.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warned) == 1 and str(scan) in warned[0] and "pdftools ocr" in warned[0], done.stderr
    assert str(FOUR) not in done.stderr and plain.stderr == ""
