"""`attachments extract` of a PDF without attachments printed only `input  FILE` and left people wondering
whether anything was written: it says so on stderr, a warning (exit 0), with `--json` too (a script is told;
stdout is the result as before, an empty list); `-q` prints nothing. A PDF with attachments prints no such
warning; `list` of none has a note, for a person only (an empty list is its answer)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pikepdf
import pytest


@pytest.fixture
def bare(tmp_path: Path) -> Path:
    path = tmp_path / "bare.pdf"
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(path)
    return path


def test_extract_of_none_says_there_are_none(cli: Any, bare: Path, tmp_path: Path) -> None:
    result = cli("attachments", "extract", bare, "-d", tmp_path / "out")
    assert result.exit_code == 0, result
    assert result.stdout == f"input  {bare}\n", result.stdout
    assert result.stderr == f"warning: {bare} has no attachments: nothing was written\n", result.stderr
    assert not (tmp_path / "out").exists()


def test_json_warns_too_and_quiet_is_unchanged(cli: Any, bare: Path, tmp_path: Path) -> None:
    result = cli("attachments", "extract", bare, "-d", tmp_path / "out", "--json")
    assert result.exit_code == 0, result
    assert result.stderr == f"warning: {bare} has no attachments: nothing was written\n", result.stderr
    data = json.loads(result.stdout)
    assert (data["attachments"], data["remaining"], data["action"]) == ([], 0, "extract"), data
    quiet = cli("attachments", "extract", bare, "-d", tmp_path / "out", "-q")
    assert (quiet.exit_code, quiet.stdout, quiet.stderr) == (0, "", ""), quiet


def test_extract_of_some_has_no_note(cli: Any, bare: Path, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("hello")
    assert cli("attachments", "add", bare, tmp_path / "a.txt", "--in-place").exit_code == 0
    result = cli("attachments", "extract", bare, "-d", tmp_path / "out")
    assert result.exit_code == 0 and result.stderr == "", result
    assert (tmp_path / "out" / "a.txt").read_text() == "hello"



def test_list_of_none_says_there_are_none(cli: Any, bare: Path) -> None:
    """`attachments list` of a PDF without any printed only `input  FILE`, as `pdfdetach -list` prints `0 embedded
    files`: a note says there are none; `--json` is an empty list, as before."""
    result = cli("attachments", "list", bare)
    assert result.exit_code == 0 and result.stdout == f"input  {bare}\n", result
    assert result.stderr == f"note: {bare} has no attachments\n", result.stderr
    as_json = cli("attachments", "list", bare, "--json")
    assert json.loads(as_json.stdout)["attachments"] == [] and as_json.stderr == "", as_json
