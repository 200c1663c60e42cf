"""A PDF with no pages (`qpdf --empty` makes one), and page selections that pick none, through the real CLI.

Every command that needs pages answers NO_PAGES (exit 4) naming the file, or INVALID_PAGE_RANGE for a selection
that picks nothing: never INTERNAL, never `None` in the message, never an output with nothing inserted. Merge
takes what pages there are (as qpdf does) and refuses only an output that would have none.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb


@pytest.fixture
def zero(tmp_path: Path) -> Path:
    qpdf = shutil.which("qpdf")
    assert qpdf, "qpdf is needed to make a PDF without pages"
    path = tmp_path / "zero.pdf"
    subprocess.run([qpdf, "--empty", str(path)], check=True)
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 0
    return path


@pytest.fixture
def one(tmp_path: Path) -> Path:
    """A 1-page PDF: `even` selects none of its pages."""
    path = tmp_path / "one.pdf"
    with pikepdf.open(rb.FOUR) as pdf:
        del pdf.pages[1:]
        pdf.save(path)
    return path


def error_of(result: Any) -> dict[str, str]:
    return json.loads(result.stderr)["error"]  # type: ignore[no-any-return]


WRITERS = [
    ["rotate", "{zero}", "--angle", "90"],
    ["select", "{zero}", "1"],
    ["delete", "{zero}", "1"],
    ["nup", "{zero}"],
    ["booklet", "{zero}"],
    ["stamp", "{zero}", "--text", "DRAFT"],
    ["crop", "{zero}", "--margins", "10"],
    ["resize", "{zero}", "--to", "a4"],
    ["insert-blank", "{zero}"],
    ["linearize", "{zero}"],
    ["metadata", "set", "{zero}", "--set", "title=x", "--linearize"],
]


@pytest.mark.parametrize("argv", WRITERS, ids=[" ".join(a[:2]) for a in WRITERS])
def test_a_command_that_needs_pages_says_the_file_has_none(cli: Callable[..., Any], zero: Path, tmp_path: Path,
                                                           sha256: Callable[[Path], str], argv: list[str]) -> None:
    before = sha256(zero)
    out = tmp_path / "out.pdf"
    result = cli(*[a.format(zero=zero) for a in argv], "-o", out, "--json")
    assert result.exit_code == 4, result
    error = error_of(result)
    assert error["code"] == "NO_PAGES" and "zero.pdf" in error["message"], error
    assert "None" not in error["message"]
    assert not out.exists() and sha256(zero) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["zero.pdf"]  # no part left behind


def test_split_and_images_of_no_pages_write_nothing(cli: Callable[..., Any], zero: Path, tmp_path: Path) -> None:
    for argv in (["split", zero, "-d", tmp_path / "parts"], ["images", zero, "-d", tmp_path / "images"]):
        result = cli(*argv, "--json")
        assert result.exit_code == 4, result
        assert error_of(result)["code"] == "NO_PAGES"
    assert not (tmp_path / "parts").exists() and not (tmp_path / "images").exists()


def test_insert_from_a_source_without_pages(cli: Callable[..., Any], zero: Path, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("insert", four, zero, "-o", tmp_path / "out.pdf", "--json")
    assert result.exit_code == 4, result
    assert error_of(result)["code"] == "NO_PAGES" and "zero.pdf" in error_of(result)["message"]
    assert not (tmp_path / "out.pdf").exists()


def test_insert_of_a_selection_that_picks_nothing(cli: Callable[..., Any], one: Path, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("insert", four, f"{one}:even", "-o", tmp_path / "out.pdf", "--json")
    assert result.exit_code == 2, result
    assert error_of(result)["code"] == "INVALID_PAGE_RANGE" and "one.pdf" in error_of(result)["message"]
    assert not (tmp_path / "out.pdf").exists()


def test_merge_takes_the_pages_there_are(cli: Callable[..., Any], zero: Path, tmp_path: Path) -> None:
    out = tmp_path / "merged.pdf"
    result = cli("merge", zero, rb.FOUR, "-o", out, "--json")
    assert result.exit_code == 0, result
    report = json.loads(result.stdout)
    assert [entry["pages"] for entry in report["inputs"]] == [0, 4] and report["pages"] == 4
    assert rb.page_lines(out) == rb.page_lines(rb.FOUR)
    # a bookmark for the input that gave pages, none for the empty one
    with pikepdf.open(out) as pdf, pdf.open_outline() as outline:
        assert [item.title for item in outline.root] == [rb.FOUR.stem]


def test_merge_of_nothing_but_empty_documents(cli: Callable[..., Any], zero: Path, tmp_path: Path) -> None:
    result = cli("merge", zero, zero, "-o", tmp_path / "merged.pdf", "--json")
    assert result.exit_code == 4, result
    assert error_of(result)["code"] == "NO_PAGES"
    assert not (tmp_path / "merged.pdf").exists()


def test_merge_of_a_selection_that_picks_nothing(cli: Callable[..., Any], one: Path, tmp_path: Path) -> None:
    result = cli("merge", f"{one}:even", rb.FOUR, "-o", tmp_path / "merged.pdf", "--json")
    assert result.exit_code == 2, result
    error = error_of(result)
    assert error["code"] == "INVALID_PAGE_RANGE" and "one.pdf" in error["message"] and "even" in error["message"]
    assert not (tmp_path / "merged.pdf").exists()


READERS = [
    ["text", "{one}", "--pages", "even"],
    ["thumbnails", "{one}", "--pages", "even", "-d", "{tmp}/thumbs"],
    ["info", "{one}", "--pages", "even"],
    ["inspect", "{one}", "--pages", "even"],
    ["ocr", "{one}", "--pages", "even", "-o", "{tmp}/ocr.pdf"],
    ["ocr", "{one}", "--pages", "even", "--mode", "text"],
    ["split", "{one}", "--ranges", "even", "-d", "{tmp}/parts"],
    ["split", "{one}", "--ranges", "1:even", "-d", "{tmp}/parts"],
]


@pytest.mark.parametrize("argv", READERS, ids=[" ".join(a[:4]) for a in READERS])
def test_a_reader_given_a_selection_that_picks_nothing_says_so(cli: Callable[..., Any], one: Path, tmp_path: Path,
                                                               argv: list[str]) -> None:
    """`text --pages even` of a 1-page file read nothing and exited 0 (`thumbnails` wrote no image, `split
    --ranges` no part, `ocr` said exit 14, every page asked for already has text): a mistyped spec in a script
    went unnoticed. Every command that takes pages refuses a selection that names none, as the writers do."""
    result = cli(*[a.format(one=one, tmp=tmp_path) for a in argv], "--json")
    assert result.exit_code == 2, result
    error = error_of(result)
    assert error["code"] == "INVALID_PAGE_RANGE" and "one.pdf" in error["message"] and "even" in error["message"]
    assert result.stdout == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.pdf"]  # no output, no folder made
