"""Where the benchmarks find the PDF corpus: as the tests do (tests/conftest.py), PDFTOOLS_CORPUS if set, else
../shared/corpus beside the checkout; in either, the folder itself when it holds files.json, else its
sample-files/. So one value of PDFTOOLS_CORPUS serves the tests and the benchmarks alike."""

from __future__ import annotations

import os
from pathlib import Path

HOME = Path(os.environ.get("PDFTOOLS_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpus")
CORPUS = HOME if (HOME / "files.json").is_file() else HOME / "sample-files"
FOUR_PAGES = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"
