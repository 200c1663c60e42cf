"""`ls` lists `SCAN001.PDF` (scanners and old systems write the suffix in capitals), as merge, search, batch and
rename-invoice take such files from a folder: it listed none (`total 0`), its default pattern `*.pdf` matched by
case. A pattern given is matched as given, as a shell's."""

from __future__ import annotations

import shutil
from pathlib import Path

from pdftools.ops.ls import ls


def test_the_default_pattern_takes_any_case_of_pdf(tmp_path: Path, sample: Path) -> None:
    for name in ("SCAN001.PDF", "b.Pdf", "c.pdf"):
        shutil.copy(sample, tmp_path / name)
    (tmp_path / "notes.txt").write_text("x")
    listed = ls(str(tmp_path))
    assert [f.path for f in listed.files] == ["SCAN001.PDF", "b.Pdf", "c.pdf"], listed
    assert all(f.pages for f in listed.files)


def test_a_pattern_given_is_matched_as_given(tmp_path: Path, sample: Path) -> None:
    for name in ("SCAN001.PDF", "c.pdf"):
        shutil.copy(sample, tmp_path / name)
    assert [f.path for f in ls(str(tmp_path), glob="*.PDF").files] == ["SCAN001.PDF"]
    assert [f.path for f in ls(str(tmp_path), glob="c*").files] == ["c.pdf"]


def test_a_glob_in_the_folder_argument_is_matched_as_given(tmp_path: Path, sample: Path) -> None:
    """`ls 'scans/*.pdf'` lists what `merge 'scans/*.pdf'` and the shell take: not `SCAN001.PDF` (it did, read as
    ls's default pattern, which takes any case)."""
    from pdftools.core.inputs import expand

    (tmp_path / "sub").mkdir()
    for name in ("SCAN001.PDF", "c.pdf", "sub/d.pdf", "sub/E.PDF"):
        shutil.copy(sample, tmp_path / name)
    for given, want in (("*.pdf", ["c.pdf"]), ("*.PDF", ["SCAN001.PDF"]), ("**/*.pdf", ["c.pdf", "sub/d.pdf"])):
        merged = sorted(str(p.relative_to(tmp_path)) for p in expand(str(tmp_path / given)))  # merge's, search's
        assert sorted(f.path for f in ls(str(tmp_path / given)).files) == merged == want, given
