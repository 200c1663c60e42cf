"""A table column that no row has a value for says nothing: `ls` showed an empty `error` column for a folder of
readable PDFs and `doctor` an empty `install` column when everything is installed. Shown when a row has one."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import CORPUS

from pdftools.cli import blocks
from pdftools.ops.doctor import Check, DoctorResult

SAMPLE = CORPUS / "001-trivial" / "minimal-document.pdf"


def _header(stdout: str, first: str) -> list[str]:
    line = next(line for line in stdout.splitlines() if first in line and "┃" in line)
    return [cell.strip().split()[-1] if i == 0 else cell.strip() for i, cell in enumerate(line.split("┃"))]


def test_ls_shows_the_error_column_only_when_a_file_has_one(cli: Callable[..., Any], tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(SAMPLE, folder / "a.pdf")
    good = cli("ls", folder)
    assert good.exit_code == 0 and "error" not in _header(good.stdout, "path"), good.stdout
    (folder / "b.pdf").write_bytes(b"not a pdf")
    bad = cli("ls", folder)
    assert bad.exit_code == 0 and _header(bad.stdout, "path")[-1] == "error", bad.stdout
    assert "NOT_A_PDF" in bad.stdout, bad.stdout


def test_doctor_shows_the_install_column_only_when_something_is_missing() -> None:
    found = Check(name="qpdf", used_for="benchmarks", required=False, found=True, version="11.3.0")
    missing = Check(name="tesseract", used_for="ocr", required=True, found=False,
                    install="apt-get install tesseract-ocr")
    for checks, shown in (([found], False), ([found, missing], True)):
        result = DoctorResult(ok=not shown, checks=checks)
        lines = blocks.plain_lines(blocks.layout(result, tty=False))
        header = next(line for line in lines if "┃" in line)
        assert ("install" in header) == shown, lines


def _columns(result: object) -> str:
    lines = blocks.plain_lines(blocks.layout(result, tty=False))
    return next(line for line in lines if "┃" in line)


def test_split_shows_titles_only_when_split_at_bookmarks() -> None:
    from pdftools.ops.split import Part, SplitResult

    plain = SplitResult(input="a.pdf", out_dir=".", parts=[Part("a-1.pdf", 1, 1, 1), Part("a-2.pdf", 2, 2, 1)])
    assert "title" not in _columns(plain), _columns(plain)
    marked = SplitResult(input="a.pdf", out_dir=".", parts=[Part("a-1.pdf", 1, 1, 1, "Intro")])
    assert "title" in _columns(marked)


def test_check_shows_object_and_page_only_when_a_problem_names_one() -> None:
    from pdftools.document.findings import Problem

    @dataclasses.dataclass
    class Found:
        problems: list[Problem]

    vague = Found([Problem("warning", "file", "the file is damaged")])
    assert "object" not in _columns(vague) and "page" not in _columns(vague), _columns(vague)
    placed = Found([Problem("warning", "file", "the file is damaged"), Problem("error", "font", "bad", 12, 3)])
    assert "object" in _columns(placed) and "page" in _columns(placed)
