"""An OCRmyPDF user types its options at `pdftools ocr` (`--skip-text`, `--redo-ocr`, `-r`...):
`unknown option --skip-text` and a pointer to the help left them to guess that skipping pages with text is what
`ocr` does anyway. Each says what pdftools does instead. Exit 2, INVALID_ARGUMENT, as every usage error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

SAID = [("-s", "--skip-text"), ("-f", "--force-ocr"),
("-r", "--rotate-pages"), ("-d", "--deskew"),
        ("--clean", "as they are"), ("--output-type", "--output-type pdf`: leave it out"),
        ("--optimize", "pdftools compress"),
        ("-O", "pdftools compress"), ("--image-dpi", "--dpi"), ("--skip-big", "PDFTOOLS_MAX_PIXELS"),
        ("--tesseract-timeout", "--timeout"), ("--title", "metadata set"), ("--author", "--set author="),
        ("--keywords", "metadata set"), ("--subject", "metadata set"), ("--pdf-renderer", "leave it out")]


@pytest.mark.parametrize(("option", "said"), SAID, ids=[o for o, _ in SAID])
def test_ocrmypdfs_options_say_what_pdftools_does_instead(cli: Any, pdf: Path, option: str, said: str) -> None:
    result = cli("ocr", pdf, option, "--json")
    assert result.exit_code == 2 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert error["message"].startswith(f"unknown option {option}: ") and said in error["message"], error
