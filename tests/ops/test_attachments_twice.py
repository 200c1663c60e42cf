"""`attachments add` of two files with one name says so: it said the name was already in the PDF (and to
remove it first) when the PDF had no attachment at all."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import readback as rb


def test_two_files_with_one_name(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "notes.txt").write_text("a")
    (tmp_path / "notes.txt").write_text("b")
    for files in (["notes.txt", "notes.txt"], ["notes.txt", "a/notes.txt"]):
        result = cli("attachments", "add", four, *[tmp_path / f for f in files], "-o", tmp_path / "out.pdf",
                     "--json")
        assert result.exit_code == 2, result
        error = json.loads(result.stderr)["error"]
        assert "notes.txt" in error["message"] and "already there" not in error["message"], error
        assert "remove" not in error["hint"].lower(), error
    assert not (tmp_path / "out.pdf").exists()
