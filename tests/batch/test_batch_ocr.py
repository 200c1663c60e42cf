"""`pdftools batch ocr` as OCRmyPDF's users run it over a folder: a PDF that already has text on every page is
copied through as its searchable output (OCRmyPDF's `--skip-text`), and the same input and options give the
same bytes in any run."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from batch_files import scans, small_pdfs


def rows(stdout: str) -> dict[str, dict[str, Any]]:
    found = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return {Path(r["input"]).name: r for r in found}


def text_of(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_a_pdf_with_text_on_every_page_is_copied_through(cli: Any, tmp_path: Path, sample: Path) -> None:
    scans(sample, tmp_path / "in", dpi=72, pages=1)
    small_pdfs(tmp_path / "in", 1, pages=2, prefix="typed")  # text on every page: nothing to OCR
    result = cli("batch", "ocr", tmp_path / "in", "-d", tmp_path / "out", "--json")
    got = rows(result.stdout)
    assert result.exit_code == 0, result
    typed = got["typed-0000.pdf"]
    assert typed["status"] == "ok" and typed["error"] is None and typed["pages"] == 2, typed
    output = Path(typed["output"])
    assert output.read_bytes() == (tmp_path / "in" / "typed-0000.pdf").read_bytes()
    assert "File typed 0 page 2" in text_of(output)
    assert got["pg-1.pdf"]["status"] == "ok" and text_of(Path(got["pg-1.pdf"]["output"])).strip()


def test_the_same_input_gives_the_same_bytes_in_any_run(cli: Any, tmp_path: Path, sample: Path) -> None:
    """The names of what OCR and stamp add to a page's resources (a text layer, a font) were random."""
    scans(sample, tmp_path / "in", dpi=72, pages=1)
    for command, extra in (("ocr", []), ("stamp", ["--set", "text=Page {page}", "--set", "opacity=0.5"])):
        for out in ("one", "two"):
            done = cli("batch", command, tmp_path / "in", "-d", tmp_path / command / out, *extra, "--json")
            assert done.exit_code == 0, done
        first, second = ((tmp_path / command / out / "pg-1.pdf").read_bytes() for out in ("one", "two"))
        assert first == second, command
