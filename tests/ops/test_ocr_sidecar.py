"""OCRmyPDF's `--sidecar FILE`: the text of the searchable PDF, page by page (a form feed after each), written
beside it from the same tesseract run. `ocr` refused it, naming `--mode text`, which OCRs every page a second
time. Pages left alone because they have text give their own text; the file is checked before any work, as
the PDF is; `-` prints it; text mode takes no sidecar (it prints the text already)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

PDFTOOLS = Path(sys.executable).with_name("pdftools")
DPI = 150


def run(*argv: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PDFTOOLS), *map(str, argv)], capture_output=True, text=True, check=False, cwd=cwd)


def words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{4,}", text.lower()))


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory, sample: Path) -> dict[str, Path]:
    """Page 1 of the corpus sample as a scan (PDF and PNG), and a PDF of its page 2 (text) then the scan."""
    work = tmp_path_factory.mktemp("sidecar")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", "1", "-l", "1", str(sample), str(work / "pg")],
                   check=True)
    page = Image.open(next(work.glob("pg-*.pgm")))
    page.save(work / "scan.pdf", resolution=DPI)
    page.save(work / "page.png", dpi=(DPI, DPI))
    with pikepdf.open(sample) as text, pikepdf.open(work / "scan.pdf") as scan, pikepdf.new() as mixed:
        mixed.pages.extend([text.pages[1], scan.pages[0]])
        mixed.save(work / "mixed.pdf")
    return {"scan": work / "scan.pdf", "png": work / "page.png", "mixed": work / "mixed.pdf"}


def page_text(sample: Path, number: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(sample), "-"],
                          capture_output=True, text=True, check=True).stdout


def test_the_sidecar_holds_each_pages_text(made: dict[str, Path], sample: Path, tmp_path: Path) -> None:
    done = run("ocr", made["mixed"], "-o", "out.pdf", "--sidecar", "out.txt", "-j", "1", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["pages_ocred"] == [2]
    side = (tmp_path / "out.txt").read_text(encoding="utf-8")
    pages = side.split("\f")
    assert len(pages) == 3 and pages[2] == "", side  # a form feed after each page, as pdftotext and OCRmyPDF
    assert words(pages[0]) == words(page_text(sample, 2))  # page 1 had text: its own
    ocred, original = words(pages[1]), words(page_text(sample, 1))
    assert len(ocred & original) >= 0.9 * len(original), (ocred, original)  # page 2: what tesseract read
    assert words(pages[1]) <= words(subprocess.run(["pdftotext", str(tmp_path / "out.pdf"), "-"],
                                                   capture_output=True, text=True, check=True).stdout)


def test_an_image_and_standard_output(made: dict[str, Path], sample: Path, tmp_path: Path) -> None:
    done = run("ocr", made["png"], "-o", "png.pdf", "--sidecar", "-", "-j", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    original = words(page_text(sample, 1))
    assert done.stdout.endswith("\f") and len(words(done.stdout) & original) >= 0.9 * len(original), done
    assert (tmp_path / "png.pdf").is_file() and "output" in done.stderr  # the table went to stderr


def test_checked_before_any_work_and_refused_where_meaningless(made: dict[str, Path], tmp_path: Path) -> None:
    (tmp_path / "there.txt").write_text("keep me")
    kept = run("ocr", made["scan"], "-o", "out.pdf", "--sidecar", "there.txt", "--json", cwd=tmp_path)
    assert kept.returncode != 0 and json.loads(kept.stderr)["error"]["code"] == "OUTPUT_EXISTS", kept.stderr
    assert (tmp_path / "there.txt").read_text() == "keep me" and not (tmp_path / "out.pdf").exists()
    text = run("ocr", made["scan"], "--mode", "text", "--sidecar", "s.txt", "--json", cwd=tmp_path)
    assert text.returncode == 2 and "sidecar" in json.loads(text.stderr)["error"]["message"], text.stderr
    same = run("ocr", made["scan"], "-o", "same", "--sidecar", "same", "--json", cwd=tmp_path)
    assert same.returncode == 2 and json.loads(same.stderr)["error"]["code"] == "INVALID_ARGUMENT", same.stderr
    both = run("ocr", made["scan"], "-o", "-", "--sidecar", "-", "--json", cwd=tmp_path)
    assert both.returncode == 2 and json.loads(both.stderr)["error"]["code"] == "INVALID_ARGUMENT", both.stderr
