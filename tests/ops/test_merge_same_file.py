"""Merging a file with itself (or with ranges of itself) stores what the pages share once, as qpdf does: the
output stays within 1.1x of `qpdf --empty --pages a.pdf a.pdf --`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest

from pdftools.errors import NoInputs
from pdftools.ops.merge import merge


@pytest.mark.parametrize("rel", ["018-base64-image/base64image.pdf", "004-pdflatex-4-pages/pdflatex-4-pages.pdf"])
def test_a_file_merged_with_itself_is_stored_once(tmp_path: Path, corpus: Path, rel: str) -> None:
    src = corpus / rel
    theirs = tmp_path / "qpdf.pdf"
    subprocess.run(["qpdf", "--empty", "--pages", str(src), str(src), "--", str(theirs)], check=True)
    ours = merge([str(src), str(src)], output=str(tmp_path / "ours.pdf"))
    assert ours.pages == 2 * len(pikepdf.open(src).pages)
    assert ours.size <= 1.1 * theirs.stat().st_size, (ours.size, theirs.stat().st_size)


def test_ranges_of_one_file_share_its_objects(tmp_path: Path, corpus: Path) -> None:
    src = corpus / "018-base64-image" / "base64image.pdf"
    theirs = tmp_path / "qpdf.pdf"
    subprocess.run(["qpdf", "--empty", "--pages", str(src), str(src), "1", "--", str(theirs)], check=True)
    ours = merge([str(src), str(src) + ":1"], output=str(tmp_path / "a.pdf"))
    with pikepdf.open(tmp_path / "a.pdf") as out:
        assert len(out.pages) == 2 and out.pages[0].objgen != out.pages[1].objgen  # two pages, one image
    assert ours.size <= 1.1 * theirs.stat().st_size, (ours.size, theirs.stat().st_size)


def test_a_glob_that_matches_one_file_merges_it_as_qpdf_does(tmp_path: Path, corpus: Path) -> None:
    """`merge scans/*.pdf -o all.pdf` in a script, on a day with one scan: the output is that file's pages (qpdf
    --empty --pages one.pdf -- and pdftk one.pdf cat take one input too); a folder with none is still an error."""
    folder = tmp_path / "scans"
    folder.mkdir()
    src = corpus / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
    (folder / "one.pdf").write_bytes(src.read_bytes())
    done = merge([str(folder / "*.pdf")], output=str(tmp_path / "all.pdf"))
    with pikepdf.open(tmp_path / "all.pdf") as out, pikepdf.open(src) as original:
        assert done.pages == len(out.pages) == len(original.pages)
    (folder / "one.pdf").unlink()
    with pytest.raises(NoInputs):
        merge([str(folder / "*.pdf")], output=str(tmp_path / "none.pdf"))
    assert not (tmp_path / "none.pdf").exists()
