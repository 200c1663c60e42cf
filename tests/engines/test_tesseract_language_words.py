"""What an OCRmyPDF (or any) user types for a language: a name (`-l english`, `-l German`) or a two-letter code
(`-l de`) was "not installed" with the hint `apt-get install tesseract-ocr-english`, a package that does not
exist; `osd` (tesseract's orientation data, which `tesseract --list-langs` lists) was "not installed" though it
was, with the hint to install it. Each now says what to give instead, before any work."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image


@pytest.mark.parametrize(("language", "said"), [("english", "eng"), ("German", "deu"), ("de", "deu"),
                                                ("eng+french", "fra"), ("zh", "chi_sim")])
def test_a_name_or_a_two_letter_code_names_tesseracts_code(cli: Any, tmp_path: Path, language: str,
                                                           said: str) -> None:
    page = tmp_path / "page.png"
    Image.new("L", (200, 100), 255).save(page)
    done = cli("ocr", page, "-l", language, "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and f"`{said}`" in error["message"], error
    assert "apt-get install" not in (error["hint"] or ""), error
    assert not (tmp_path / "page-ocr.pdf").exists()


def test_osd_is_no_language_to_read(cli: Any, tmp_path: Path) -> None:
    page = tmp_path / "page.png"
    Image.new("L", (200, 100), 255).save(page)
    error = json.loads(cli("ocr", page, "-l", "eng+osd", "--json").stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "orientation" in error["message"], error
    assert "--rotate-pages" in error["hint"] and "apt-get" not in error["hint"], error
