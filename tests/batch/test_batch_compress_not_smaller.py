"""`batch compress` of a folder where one PDF is already as small as compression makes it: that file's row
failed (NOT_SMALLER), the batch exited 15 and the output folder lacked the file, where `batch ocr` copies a PDF
that already has text through (OCRmyPDF's --skip-text). Now the same: the output folder holds every file, this
one as it was, its row ok with a warning saying so, exit 0."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def test_a_pdf_compress_cannot_shrink_is_copied_through(cli: Any, tmp_path: Path, sample: Path) -> None:
    (tmp_path / "in").mkdir()
    first = cli("compress", sample, "-o", tmp_path / "in" / "small.pdf")
    assert first.exit_code == 0, first
    again = cli("compress", tmp_path / "in" / "small.pdf", "-o", tmp_path / "x.pdf")  # as a single command: refused
    assert again.exit_code == 11 and not (tmp_path / "x.pdf").exists(), again
    done = cli("batch", "compress", tmp_path / "in", "-d", tmp_path / "out", "--json")
    assert done.exit_code == 0, done
    row = json.loads(done.stdout.splitlines()[0])
    assert row["status"] == "ok" and row["error"] is None, row
    assert (tmp_path / "out" / "small.pdf").read_bytes() == (tmp_path / "in" / "small.pdf").read_bytes()
    assert any("copied as it is" in w for w in row["warnings"]), row
