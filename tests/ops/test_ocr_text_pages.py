"""OCR on pages that already have text: --force-ocr replaces their text (the page is rasterised, as OCRmyPDF's
--force-ocr does) instead of adding a second copy; a file whose every page has text says so (exit 12,
`already_text`); `--mode text` prints plain text that pipes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pikepdf

from pdftools.ops.ocr import ALREADY_TEXT_EXIT, ocr

REPO = Path(__file__).resolve().parents[2]
REPORT = REPO / "samples" / "report.pdf"  # three pages of real (vector) text
PDFTOOLS = Path(sys.executable).with_name("pdftools")


def _page_text(path: Path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_force_ocr_replaces_the_text_of_a_page_never_adds(tmp_path: Path) -> None:
    out = tmp_path / "forced.pdf"
    result = ocr(str(REPORT), pages="1", force_ocr=True, output=str(out))
    assert result.pages_ocred == [1] and result.pages_rasterised == [1]
    found = _page_text(out, 1)
    assert len(re.findall(r"Introduction", found)) == 1, found  # once: the OCR layer replaced the old text
    assert len(re.findall(r"words", found)) == 1, found
    assert _page_text(out, 2) == _page_text(REPORT, 2)  # pages not asked for keep their own text
    with pikepdf.open(out) as pdf:
        page = pdf.pages[0]
        assert len(page.get_images(recursive=False)) == 0  # nothing of its own: it draws the OCR form
        assert len(page.get_images(recursive=True)) == 1  # which holds one image
        assert [float(v) for v in page.mediabox] == [0, 0, 595, 842]


def test_a_file_whose_every_page_has_text_says_so(tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = ocr(str(REPORT), output=str(out))
    assert result.already_text is True and result.pages_ocred == [] and result.pages_skipped == [1, 2, 3]
    assert result.output is None and not out.exists()
    done = subprocess.run([str(PDFTOOLS), "ocr", str(REPORT), "-o", str(out), "--json"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == ALREADY_TEXT_EXIT == 12 and json.loads(done.stdout)["already_text"] is True
    piped = subprocess.run([str(PDFTOOLS), "ocr", "-", "--json"], input=REPORT.read_bytes(), capture_output=True,
                           timeout=120)
    assert piped.returncode == 12 and piped.stdout == REPORT.read_bytes()  # the pipe is never left empty
    assert json.loads(piped.stderr)["already_text"] is True
    some = ocr(str(REPORT), output=str(out), pages="1-2", force_ocr=False)
    assert some.already_text is True  # every page asked for
    assert ocr(str(REPORT), mode="text", pages="1").already_text is True


def test_text_mode_prints_plain_text_that_pipes(tmp_path: Path) -> None:
    done = subprocess.run([str(PDFTOOLS), "ocr", str(REPORT), "--mode", "text", "--force-ocr", "--pages", "1-2"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    pages = done.stdout.split("\f")
    assert len(pages) == 3 and pages[2] == ""  # a form feed ends each page, as pdftotext and `text` write them
    assert "What this report is about, in a few words." in pages[0]  # whole lines, never re-wrapped
    assert "Numbers: 12 samples, 3 groups, 1 surprise." in pages[1]
    assert "│" not in done.stdout and "ocred" not in done.stdout  # no table


def test_ocr_from_stdin_writes_to_stdout(tmp_path: Path) -> None:
    done = subprocess.run([str(PDFTOOLS), "ocr", "-", "--force-ocr", "--pages", "1", "--dpi", "150"],
                          input=REPORT.read_bytes(), capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (tmp_path / "out.pdf").write_bytes(done.stdout)
    assert len(re.findall(r"Introduction", _page_text(tmp_path / "out.pdf", 1))) == 1
