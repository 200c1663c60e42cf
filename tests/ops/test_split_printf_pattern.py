"""`split --pattern` takes the printf page number of pdfseparate, pdftk's burst and qpdf's --split-pages: `%d` is
the part's first page, `%04d` padded (`pdfseparate in.pdf 'page-%d.pdf'`, `pdftk in.pdf burst output
pg_%04d.pdf`); `%%` a percent sign. It was `the pattern gives several outputs the same name`. Checked against
pdfseparate (poppler) and pdftk on the same file: the same names, each with the same page."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def texts(folder: Path) -> dict[str, str]:
    return {p.name: subprocess.run(["pdftotext", str(p), "-"], capture_output=True, text=True, check=True).stdout
            for p in sorted(folder.glob("*.pdf"))}


def test_as_pdfseparate(cli: Any, tmp_path: Path) -> None:
    theirs, ours = tmp_path / "theirs", tmp_path / "ours"
    theirs.mkdir()
    subprocess.run(["pdfseparate", str(FOUR), str(theirs / "page-%d.pdf")], check=True)
    result = cli("split", FOUR, "-p", "page-%d.pdf", "-d", ours)
    assert result.exit_code == 0, result
    assert texts(ours) == texts(theirs)
    assert sorted(texts(ours)) == ["page-1.pdf", "page-2.pdf", "page-3.pdf", "page-4.pdf"]


def test_as_pdftk_burst(cli: Any, tmp_path: Path) -> None:
    ours = tmp_path / "ours"
    result = cli("split", FOUR, "-p", "pg_%04d.pdf", "-d", ours)
    assert result.exit_code == 0, result
    assert sorted(texts(ours)) == [f"pg_{n:04}.pdf" for n in (1, 2, 3, 4)]
    if shutil.which("pdftk"):
        theirs = tmp_path / "theirs"
        theirs.mkdir()
        subprocess.run(["pdftk", str(FOUR), "burst", "output", str(theirs / "pg_%04d.pdf")], check=True)
        assert texts(ours) == texts(theirs)


@pytest.mark.parametrize(("pattern", "names"), [
    ("part-%d-of-4.pdf", ["part-1-of-4.pdf", "part-3-of-4.pdf"]),  # --every 2: the first page of each part
    ("%d-{end}.pdf", ["1-2.pdf", "3-4.pdf"]),
    ("100%%-%3d.pdf", ["100%-  1.pdf", "100%-  3.pdf"]),
])
def test_with_every(cli: Any, tmp_path: Path, pattern: str, names: list[str]) -> None:
    result = cli("split", FOUR, "--every", "2", "-p", pattern, "-d", tmp_path / "out")
    assert result.exit_code == 0, result
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == names


def test_a_percent_that_is_not_a_number_stays(cli: Any, tmp_path: Path) -> None:
    result = cli("split", FOUR, "-p", "50%off-{start}.pdf", "-d", tmp_path / "out")
    assert result.exit_code == 0, result
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [f"50%off-{n}.pdf" for n in (1, 2, 3, 4)]
