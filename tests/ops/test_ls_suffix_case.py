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
