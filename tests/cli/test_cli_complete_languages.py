"""`pdftools ocr scan.pdf -l <TAB>` completed nothing (bash then offered file names): the codes a person types
there are the installed tesseract languages, which `ocr --list-languages` and `doctor` list. The shell now
offers them, at `ocr -l` and `convert -l` (a PDF's OCR languages), as OCRmyPDF's users read them from
`tesseract --list-langs`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PDFTOOLS = Path(sys.executable).parent / "pdftools"


def _installed() -> list[str]:
    out = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, check=True).stdout
    return sorted(line.strip() for line in out.splitlines()[1:] if line.strip() and line.strip() != "osd")


def _completed(words: str) -> list[str]:
    env = {**os.environ, "_PDFTOOLS_COMPLETE": "complete_bash", "COMP_WORDS": words,
           "COMP_CWORD": str(len(words.split(" ")) - 1)}
    done = subprocess.run([str(PDFTOOLS)], capture_output=True, text=True, env=env, timeout=60, check=True)
    return sorted(done.stdout.split())


@pytest.mark.parametrize("words", ["pdftools ocr x.pdf -l ", "pdftools ocr x.pdf --language ",
                                   "pdftools convert x.pdf -o x.md -l "])
def test_the_installed_languages_are_offered(words: str) -> None:
    assert _completed(words) == _installed()


def test_a_start_narrows_them() -> None:
    first = _installed()[0]
    assert _completed(f"pdftools ocr x.pdf -l {first[:2]}") == [code for code in _installed()
                                                                if code.startswith(first[:2])]
