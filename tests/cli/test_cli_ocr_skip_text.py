"""OCRmyPDF's `-s/--skip-text`: pages with text are left alone (as `ocr` always does) and a file whose pages all
have text is no failure: its output is the input as it is, exit 0. `ocr` refused it ("leave it out"), but left
out, such a file exits 14 and writes nothing, so `ocrmypdf --skip-text in.pdf out.pdf` in a script had no
equivalent for born-digital files (a batch copies them through already). Without it, exit 14 as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize("option", ["--skip-text"])
def test_a_file_with_text_is_copied_and_succeeds(cli: Any, pdf: Path, tmp_path: Path, option: str) -> None:
    out = tmp_path / "out.pdf"
    done = cli("ocr", pdf, "-o", out, option, "--json")
    assert done.exit_code == 0, done
    result = json.loads(done.stdout)
    assert result["already_text"] is True and result["output"] == str(out), result
    assert out.read_bytes() == pdf.read_bytes()
    again = cli("ocr", pdf, "-o", out, option)
    assert again.exit_code != 0 and "OUTPUT_EXISTS" in again.stderr  # an output is an output: --force replaces it
    assert cli("ocr", pdf, "-o", tmp_path / "none.pdf").exit_code == 14 and not (tmp_path / "none.pdf").exists()


def test_the_short_spelling_names_the_long(cli: Any, pdf: Path) -> None:
    """-s is convert's --standalone (each short option means one thing): OCRmyPDF's -s names --skip-text."""
    done = cli("ocr", pdf, "-s", "--json")
    assert done.exit_code == 2 and "--skip-text" in json.loads(done.stderr)["error"]["message"], done


def test_to_a_pipe_and_in_text_mode(cli: Any, pdf: Path) -> None:
    piped = cli("ocr", pdf, "-o", "-", "--skip-text")
    assert piped.exit_code == 0 and piped.stdout_bytes == pdf.read_bytes(), piped
    text = cli("ocr", pdf, "--mode", "text", "--skip-text")
    assert text.exit_code == 0 and "Hello" in text.stdout, text


def test_the_sidecar_of_a_file_passed_through_is_its_text(cli: Any, pdf: Path, tmp_path: Path) -> None:
    """--skip-text with --sidecar: the file goes through, and so does its text (OCRmyPDF writes a sidecar too)."""
    done = cli("ocr", pdf, "-o", tmp_path / "out.pdf", "--skip-text", "--sidecar", tmp_path / "out.txt")
    assert done.exit_code == 0, done
    pages = (tmp_path / "out.txt").read_text(encoding="utf-8").split("\f")
    assert len(pages) == 5 and "Hello" in pages[0] and pages[4] == "", pages[:1]
    assert not (tmp_path / "none.txt").exists()
    nothing = cli("ocr", pdf, "-o", tmp_path / "none.pdf", "--sidecar", tmp_path / "none.txt")
    assert nothing.exit_code == 14 and not (tmp_path / "none.txt").exists()  # nothing done: nothing written


def test_with_force_ocr_it_is_refused_as_by_ocrmypdf(cli: Any, pdf: Path, tmp_path: Path) -> None:
    """--force-ocr OCRs every page, so --skip-text would do nothing: refused before any work (OCRmyPDF: the two
    are mutually exclusive), as an option that would do nothing always is."""
    done = cli("ocr", pdf, "-o", tmp_path / "out.pdf", "--skip-text", "--force-ocr", "--json")
    assert done.exit_code == 2 and not (tmp_path / "out.pdf").exists(), done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--force-ocr" in error["message"], error
