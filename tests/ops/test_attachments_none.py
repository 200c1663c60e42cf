"""`attachments extract` or `list` of a PDF without attachments: an empty list, and a note for people (the CLI
prints it on stderr: a list of none showed only the input's name, where `pdfdetach -list` says `0 embedded
files`)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from pdftools.ops.attachments import attachments


@pytest.fixture
def bare(tmp_path: Path) -> Path:
    path = tmp_path / "bare.pdf"
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(path)
    return path


def test_the_result_has_the_note_and_the_list_none(bare: Path, tmp_path: Path) -> None:
    result = attachments("extract", str(bare), out_dir=str(tmp_path / "out"))
    assert result.attachments == [] and result.notes() == []  # a warning: a script and an agent are told too
    assert result.shortfalls() == [f"{bare} has no attachments: nothing was written"]
    assert list(attachments("list", str(bare)).notes()) == [f"{bare} has no attachments"]
