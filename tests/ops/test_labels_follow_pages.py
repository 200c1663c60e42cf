"""Page labels follow the pages through `delete`, `select`, `reorder`, `insert` and `insert-blank`, as they do
through `qpdf --pages`: each page keeps the label it had (`ii`, `1`, `A-1`), and a page added among them has
none (qpdf's empty label for a page from a file without labels). Each result is compared with qpdf's on the
same pages. Sheets (`nup`, `booklet`) show several pages each: their labels go, with a warning."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import labelled
import pikepdf
import pytest
from labelled import plain
from pikepdf import Array, Dictionary, Name


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """Ten pages labelled i, ii, iii, 1..5, A-1, A-2."""
    return labelled.book(tmp_path)


def read(path: Path) -> list[str]:
    with pikepdf.open(path) as pdf:
        return [str(page.label) for page in pdf.pages]


def qpdf(tmp_path: Path, *pages: Any) -> list[str]:
    out = tmp_path / "qpdf.pdf"
    subprocess.run(["qpdf", str(pages[0]), "--pages", *map(str, pages), "--", str(out)], check=True)
    return read(out)


@pytest.mark.parametrize(("argv", "qpdf_pages"), [
    (["delete", "{book}", "1"], ["{book}", "2-z"]),
    (["delete", "{book}", "4-5,9"], ["{book}", "1-3,6-8,10"]),
    (["select", "{book}", "5,1-3,5"], ["{book}", "5,1-3,5"]),
    (["reorder", "{book}", "--mode", "reverse"], ["{book}", "z-1"]),
    (["reorder", "{book}", "--mode", "interleave"], ["{book}", "1,6,2,7,3,8,4,9,5,10"]),
    (["insert-blank", "{book}", "--after", "2"], ["{book}", "1-2", "{blank}", "1", "{book}", "3-z"]),
    (["insert", "{book}", "{blank}", "--after", "0"], ["{blank}", "1", "{book}", "1-z"]),
])
def test_each_page_keeps_its_label_as_through_qpdf(cli: Any, tmp_path: Path, book: Path, argv: list[str],
                                                   qpdf_pages: list[str]) -> None:
    blank = plain(tmp_path / "blank.pdf", 1)
    done = cli(*[a.format(book=book, blank=blank) for a in argv], "-o", tmp_path / "out.pdf", "--json")
    assert done.exit_code == 0, done
    assert "page labels" not in done.stdout  # no warning: nothing was lost
    assert read(tmp_path / "out.pdf") == qpdf(tmp_path, *[p.format(book=book, blank=blank) for p in qpdf_pages])


def test_the_labels_read_as_expected(cli: Any, tmp_path: Path, book: Path) -> None:
    done = cli("delete", book, "1,4", "-o", tmp_path / "out.pdf")
    assert done.exit_code == 0, done
    assert read(tmp_path / "out.pdf") == ["ii", "iii", "2", "3", "4", "5", "A-1", "A-2"]


def test_pages_added_at_the_end_go_on_with_the_last_range(cli: Any, tmp_path: Path, book: Path) -> None:
    done = cli("insert-blank", book, "--count", "2", "-o", tmp_path / "out.pdf")
    assert done.exit_code == 0, done
    assert read(tmp_path / "out.pdf")[-3:] == ["A-2", "A-3", "A-4"]


def test_sheets_drop_the_labels_with_a_warning(cli: Any, tmp_path: Path, book: Path) -> None:
    done = cli("nup", book, "-o", tmp_path / "out.pdf", "--json")
    assert done.exit_code == 0, done
    assert "page labels removed" in done.stdout
    with pikepdf.open(tmp_path / "out.pdf") as pdf:
        assert "/PageLabels" not in pdf.Root


def test_unreadable_labels_are_dropped_with_a_warning(cli: Any, tmp_path: Path) -> None:
    source = plain(tmp_path / "odd.pdf", 3)
    with pikepdf.open(source, allow_overwriting_input=True) as pdf:
        pdf.Root.PageLabels = Dictionary(Nums=Array([0, Name.Bogus]))  # an entry that is not a dictionary
        pdf.save(source)
    done = cli("delete", source, "1", "-o", tmp_path / "out.pdf", "--json")
    assert done.exit_code == 0, done
    assert "page labels removed" in done.stdout
