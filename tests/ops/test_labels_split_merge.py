"""Page labels follow the pages through `split` and `merge` as they do through qpdf: each part of a split keeps
its pages' labels (`qpdf --split-pages`, `qpdf --empty --pages in.pdf 3-5 --`), and a merge keeps each input's
pages' labels, pages from an input without labels getting qpdf's empty label (`qpdf --empty --pages a.pdf
b.pdf --`). Inputs without labels give outputs without them, as in qpdf."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import labelled
import pikepdf
import pytest
from labelled import plain


@pytest.fixture
def book(tmp_path: Path) -> Path:
    """Ten pages labelled i, ii, iii, 1..5, A-1, A-2."""
    return labelled.book(tmp_path)


def read(path: Path) -> list[str] | None:
    """Each page's label; None when the file has no labels."""
    with pikepdf.open(path) as pdf:
        return [str(page.label) for page in pdf.pages] if "/PageLabels" in pdf.Root else None


def qpdf_pages(out: Path, *pages: Any) -> list[str] | None:
    subprocess.run(["qpdf", "--empty", "--pages", *map(str, pages), "--", str(out)], check=True)
    return read(out)


def test_split_parts_keep_their_labels_as_qpdf_split_pages(cli: Any, tmp_path: Path, book: Path) -> None:
    (tmp_path / "q").mkdir()
    subprocess.run(["qpdf", str(book), "--split-pages=3", str(tmp_path / "q" / "part-%d.pdf")], check=True)
    expected = [read(path) for path in sorted((tmp_path / "q").iterdir())]
    done = cli("split", book, "--every", "3", "-d", tmp_path / "parts", "--json")
    assert done.exit_code == 0, done
    got = [read(path) for path in sorted((tmp_path / "parts").iterdir())]
    assert got == expected == [["i", "ii", "iii"], ["1", "2", "3"], ["4", "5", "A-1"], ["A-2"]]


@pytest.mark.parametrize("spec", ["3-5", "9-10", "10-8", "1"])
def test_split_ranges_keep_labels_as_qpdf_pages(cli: Any, tmp_path: Path, book: Path, spec: str) -> None:
    done = cli("split", book, "--ranges", spec, "-d", tmp_path / "parts", "-p", "part.pdf")
    assert done.exit_code == 0, done
    assert read(tmp_path / "parts" / "part.pdf") == qpdf_pages(tmp_path / "q.pdf", book, spec)


@pytest.mark.parametrize("inputs", [
    ["{book}", "{three}"],
    ["{three}", "{book}"],
    ["{three}", "{book}:9-10", "{three}", "{book}:1-2"],
    ["{book}:4-5", "{book}:1-3"],
])
def test_merge_keeps_each_inputs_labels_as_qpdf(cli: Any, tmp_path: Path, book: Path, inputs: list[str]) -> None:
    three = plain(tmp_path / "three.pdf", 3)
    done = cli("merge", *[i.format(book=book, three=three) for i in inputs], "-o", tmp_path / "out.pdf")
    assert done.exit_code == 0, done
    qpdf_args = [part for i in inputs for part in i.format(book=book, three=three).split(":")]
    expected = qpdf_pages(tmp_path / "q.pdf", *qpdf_args)
    assert expected is not None and any(expected)
    assert read(tmp_path / "out.pdf") == expected


def test_inputs_without_labels_give_none(cli: Any, tmp_path: Path) -> None:
    three = plain(tmp_path / "three.pdf", 3)
    assert cli("merge", three, three, "-o", tmp_path / "out.pdf").exit_code == 0
    assert read(tmp_path / "out.pdf") is None is qpdf_pages(tmp_path / "q.pdf", three, three)
    assert cli("split", three, "-d", tmp_path / "parts").exit_code == 0
    assert [read(path) for path in (tmp_path / "parts").iterdir()] == [None] * 3


def test_collated_merge_keeps_each_pages_label_as_qpdf(cli: Any, tmp_path: Path, book: Path) -> None:
    """--collate takes pages from the inputs in turn: each keeps its own input's label (qpdf --collate --pages)."""
    three = plain(tmp_path / "three.pdf", 3)
    done = cli("merge", "--collate", f"{book}:1-4", three, f"{book}:9-10", "-o", tmp_path / "out.pdf")
    assert done.exit_code == 0, done
    subprocess.run(["qpdf", "--empty", "--collate", "--pages", str(book), "1-4", str(three), str(book), "9-10", "--",
                    str(tmp_path / "q.pdf")], check=True)
    assert read(tmp_path / "out.pdf") == read(tmp_path / "q.pdf") == ["i", "", "A-1", "ii", "", "A-2", "iii", "",
                                                                      "1"]
