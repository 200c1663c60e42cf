"""A folder where a file is wanted (`core/paths.py` input_path): IS_A_DIRECTORY, with a hint that fits what
the command reads. It said "merge accepts folders" everywhere, also where no merge is near (`rotate DIR`,
`convert DIR`, `attachments add a.pdf DIR`): a PDF-reading command now says how to find the PDFs in the folder;
one reading any other file says to give that file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def folder(tmp_path: Path, sample: Path) -> Path:
    made = tmp_path / "docs"
    made.mkdir()
    shutil.copy(sample, made / "a.pdf")
    return made


def error_of(cli: Any, *args: Any) -> dict[str, str]:
    result = cli(*args, "--json")
    assert result.exit_code == 3 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "IS_A_DIRECTORY" and "merge" not in error["hint"], error
    return dict(error)


@pytest.mark.parametrize("args", [["rotate", "{dir}", "--angle", "90"], ["info", "{dir}"], ["text", "{dir}"],
                                  ["bookmarks", "list", "{dir}"]])
def test_a_folder_given_for_a_pdf(cli: Any, folder: Path, args: list[str]) -> None:
    error = error_of(cli, *[a.format(dir=folder) for a in args])
    assert "PDF" in error["hint"] and "`pdftools ls" in error["hint"], error


@pytest.mark.parametrize("args", [["convert", "{dir}", "-t", "html"],
                                  ["convert", "--text", "# x", "-t", "docx", "-o", "x.docx",
                                   "--reference-doc", "{dir}"],
                                  ["attachments", "add", "{pdf}", "{dir}", "-o", "x.pdf"],
                                  ["bookmarks", "replace", "{pdf}", "--data", "{dir}", "-o", "x.pdf"]])
def test_a_folder_given_for_another_file(cli: Any, folder: Path, args: list[str]) -> None:
    error = error_of(cli, *[a.format(dir=folder, pdf=folder / "a.pdf") for a in args])
    assert "PDF" not in error["hint"] and "pdftools ls" not in error["hint"], error
    assert "not a folder" in error["hint"], error


def test_ls_of_a_missing_folder_or_of_a_file_says_what_to_do(cli: Any, folder: Path) -> None:
    """`pdftools ls nosuch` gave the hint "`pdftools ls DIR` lists the PDFs in a folder" (what was just run);
    `pdftools ls a.pdf` the generic "check the option values"."""
    missing = cli("ls", folder / "nosuch", "--json")
    assert missing.exit_code == 3, missing
    error = json.loads(missing.stderr)["error"]
    assert error["code"] == "FILE_NOT_FOUND" and "pdftools ls" not in error["hint"], error
    assert "no folder has that name" in error["hint"], error
    a_file = cli("ls", folder / "a.pdf", "--json")
    assert a_file.exit_code == 2, a_file
    error = json.loads(a_file.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "is a file" in error["message"], error
    assert f"`pdftools ls {folder}`" in error["hint"] and "`pdftools info " in error["hint"], error


@pytest.mark.parametrize("args", [["search", "x", "{missing}"], ["merge", "{missing}", "-o", "m.pdf"],
                                  ["info", "{missing}"], ["rename-invoice", "{missing}", "--dry-run"]])
def test_a_missing_folder_written_as_one_is_called_a_folder(cli: Any, tmp_path: Path, args: list[str]) -> None:
    """`search x invoices/` (the README's own example) with no such folder said `no such file: invoices/` and
    `no file has that name`: a name ending in `/` is a folder's."""
    missing = f"{tmp_path / 'invoices'}/"
    result = cli(*[a.format(missing=missing) for a in args], "--json")
    assert result.exit_code == 3, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "FILE_NOT_FOUND" and error["message"] == f"no such folder: {missing}", error
    assert "no folder has that name" in error["hint"], error
