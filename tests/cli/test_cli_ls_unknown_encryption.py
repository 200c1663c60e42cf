"""`ls` does not claim what it did not read: a file it could not open (cut short, not a PDF) is `encrypted null`
in `--json` and `unknown` for people; it said `false` / `no`, though nothing of the file was read that could
tell. A file it read says yes or no, and a locked one (`ENCRYPTED`) yes."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS


@pytest.fixture
def folder(tmp_path: Path, sample: Path) -> Path:
    made = tmp_path / "pdfs"
    made.mkdir()
    shutil.copy(sample, made / "good.pdf")
    (made / "cut.pdf").write_bytes(sample.read_bytes()[:2000])  # neither qpdf nor poppler can read it
    (made / "notpdf.pdf").write_text("hello\n")
    shutil.copy(CORPUS / "005-libreoffice-writer-password/libreoffice-writer-password.pdf", made / "locked.pdf")
    return made


def test_json_says_null_where_the_file_was_not_read(cli: Callable[..., Any], folder: Path) -> None:
    shown = cli("ls", folder, "--json")
    assert shown.exit_code == 0, shown
    got = {entry["path"]: (entry["encrypted"], entry["error"]) for entry in json.loads(shown.stdout)["files"]}
    assert got == {"good.pdf": (False, None), "cut.pdf": (None, "DAMAGED_PDF"), "notpdf.pdf": (None, "NOT_A_PDF"),
                   "locked.pdf": (True, "ENCRYPTED")}


def test_people_read_unknown(cli: Callable[..., Any], folder: Path) -> None:
    shown = cli("ls", folder)
    assert shown.exit_code == 0, shown
    rows = {cells[0]: cells for line in shown.stdout.splitlines()
            if (cells := [c.strip() for c in line.replace("┃", "│").split("│")]) and cells[0].endswith(".pdf")}
    rows = {name.split()[-1]: cells for name, cells in rows.items()}  # the first row has the `files` label
    assert rows["cut.pdf"][4] == "unknown" and rows["notpdf.pdf"][4] == "unknown", shown.stdout
    assert rows["good.pdf"][4] == "no" and rows["locked.pdf"][4] == "yes", shown.stdout


def test_a_title_not_read_is_null_not_empty(cli: Callable[..., Any], folder: Path) -> None:
    """`"title": ""` says the file has no title; for a file not read (or locked: its Info is encrypted) that is
    not known either."""
    got = {entry["path"]: entry["title"] for entry in json.loads(cli("ls", folder, "--json").stdout)["files"]}
    assert got == {"good.pdf": "", "cut.pdf": None, "notpdf.pdf": None, "locked.pdf": None}, got
