"""pdftotext's and pandoc's own options, typed out of habit at `text` and `convert`, get words that say what
pdftools does instead (as pdfgrep's at `search` and OCRmyPDF's at `ocr` do): pdftotext's single-dash long
options (`-layout`) were reported as the letter click parsed (`unknown option -l`), and pandoc's as nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def pdf(tmp_path: Path, corpus: Path) -> Path:
    import shutil

    target = tmp_path / "four.pdf"
    shutil.copy(corpus / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf", target)
    return target


def first_line(result: Any) -> str:
    assert result.exit_code == 2 and result.stdout == "", result
    return result.stderr.splitlines()[0]


@pytest.mark.parametrize(("args", "typed", "says"), [
    (["-layout"], "-layout", "--mode layout"),
    (["-f", "2", "-l", "3"], "-f", "--pages"),
    (["-l", "3"], "-l", "--pages"),
    (["-nopgbrk"], "-nopgbrk", "form feed"),
    (["-raw"], "-raw", "--mode"),
    (["-bbox"], "-bbox", "--format words"),
    (["-bbox-layout"], "-bbox-layout", "--format"),
    (["-tsv"], "-tsv", "--format words"),
    (["-enc", "UTF-8"], "-enc", "UTF-8"),
    (["-opw", "x"], "-opw", "--password"),
])
def test_pdftotext_options_at_text_say_what_to_use(cli: Any, pdf: Path, args: list[str], typed: str,
                                                   says: str) -> None:
    line = first_line(cli("text", *args, pdf))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and says in line, line


def test_pdftotext_dash_for_stdout_says_to_leave_it_out(cli: Any, pdf: Path, tmp_path: Path) -> None:
    """`pdftotext in.pdf -` prints the text; the hint was `redirect it, pdftools text FILE > -`."""
    result = cli("text", pdf, "-", "--json")
    assert result.exit_code == 2 and not (tmp_path / "-").exists(), result
    hint = json.loads(result.stderr)["error"]["hint"]
    assert "> -" not in hint and "standard output" in hint, hint


@pytest.mark.parametrize(("args", "typed", "says"), [
    (["-V", "lang=de"], "-V", "-M"),
    (["--variable", "lang=de"], "--variable", "-M"),
    (["--extract-media", "media"], "--extract-media", "html"),
    (["--filter", "x"], "--filter", "--lua-filter"),
    (["--metadata-file", "m.yaml"], "--metadata-file", "-M"),
    (["--citeproc"], "--citeproc", "citations"),
    (["-H", "h.html"], "-H", "--template"),
])
def test_pandoc_options_at_convert_say_what_to_use(cli: Any, tmp_path: Path, args: list[str], typed: str,
                                                   says: str) -> None:
    (tmp_path / "a.md").write_text("# A\n")
    line = first_line(cli("convert", tmp_path / "a.md", *args))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and says in line, line
