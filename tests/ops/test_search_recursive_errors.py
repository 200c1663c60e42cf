"""Files that `search -r` finds in a folder and cannot open (locked, not a PDF) are reported each on stderr, the
others searched, and the exit status is 2, as grep -r's and as pdfgrep's manual says (pdfgrep 2.1 itself leaves
them out of its status: its directory walk drops each file's result). The lines are pdfgrep's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CORPUS
from pdfgrep_peer import PDFTOOLS, pdfgrep, run

COLUMNS = CORPUS / "026-latex-multicolumn" / "multicolumn.pdf"
LOCKED = CORPUS / "005-libreoffice-writer-password" / "libreoffice-writer-password.pdf"


@pytest.mark.parametrize(("options", "pattern"), [(["-r", "-c"], "ipsum"), (["-r", "-n"], "ipsum"),
                                                  (["-R", "--files-with-matches"], "ipsum"), (["-r", "-c"], "zzzz")])
def test_files_found_that_cannot_be_opened_are_reported_and_exit_2(tmp_path: Path, options: list[str],
                                                                   pattern: str) -> None:
    (tmp_path / "docs" / "sub").mkdir(parents=True)
    shutil.copy(COLUMNS, tmp_path / "docs" / "columns.pdf")
    shutil.copy(LOCKED, tmp_path / "docs" / "sub" / "locked.pdf")
    (tmp_path / "docs" / "sub" / "junk.pdf").write_bytes(b"not a pdf")
    ours, theirs = run(PDFTOOLS, "search", *options, pattern, tmp_path / "docs"), run(pdfgrep(), *options, pattern,
                                                                                      tmp_path / "docs")
    assert sorted(ours.stdout.splitlines()) == sorted(theirs.stdout.splitlines()), (ours, theirs)
    assert ours.returncode == 2, ours
    said = ours.stderr.decode()
    sub = tmp_path / "docs" / "sub"
    assert f"error[ENCRYPTED]: {sub}/locked.pdf" in said and f"error[NOT_A_PDF]: {sub}/junk.pdf" in said, said
    quiet = run(PDFTOOLS, "search", *options, "-q", pattern, tmp_path / "docs")
    assert quiet.returncode == (0 if pattern == "ipsum" else 2), quiet  # -q: a match wins over errors, as pdfgrep
