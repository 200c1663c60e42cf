"""`-` for what is read from standard input besides a PDF: `--password-file -` reads the password from it, as
`qpdf --password-file=-` does (refused when the PDF comes from it too: one stream cannot be both), and
`attachments add FILE -` is refused, since an attachment is named after its file (it became `stdin.pdf`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import readback as rb


@pytest.fixture
def locked(tmp_path: Path) -> Path:
    return Path(shutil.copy(rb.ENCRYPTED, tmp_path / "locked.pdf"))


def test_the_password_from_standard_input(cli: Any, locked: Path) -> None:
    result = cli("info", locked, "--password-file", "-", "--json", input=rb.PASSWORD + "\nignored\n")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["encrypted"] is True
    wrong = cli("info", locked, "--password-file", "-", "--json", input="nope\n")
    assert json.loads(wrong.stderr)["error"]["code"] == "BAD_PASSWORD"


def test_the_password_and_the_pdf_cannot_both_come_from_standard_input(cli: Any, locked: Path) -> None:
    result = cli("info", "-", "--password-file", "-", "--json", input=locked.read_bytes())
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--password-file" in error["message"], error


def test_standard_input_is_not_attached(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    out = tmp_path / "out.pdf"
    result = cli("attachments", "add", four, "-", "-o", out, "--json", input=b"some data")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "`-`" in error["message"], error
    assert not out.exists()


@pytest.mark.parametrize("command", [("metadata", "set"), ("bookmarks", "replace"), ("forms", "fill")])
def test_the_data_and_the_pdf_cannot_both_come_from_standard_input(cli: Any, tmp_path: Path,
                                                                   command: tuple[str, ...]) -> None:
    """`--data -` with the PDF from `-` read the PDF's own bytes as the data: `metadata set - --data -` wrote the
    file unchanged (exit 0, `changed: []`), the others said `cannot read --data from -: 'utf-8' codec can't
    decode byte 0xd0`. One stream cannot be both, as for --password-file."""
    out = tmp_path / "out.pdf"
    result = cli(*command, "-", "--data", "-", "-o", out, "--json", input=rb.FOUR.read_bytes())
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert "--data -" in error["message"] and "standard input" in error["message"], error
    assert "--data FILE" in error["hint"], error
    assert not out.exists()


def test_convert_s_css_and_the_document_cannot_both_come_from_standard_input(cli: Any, tmp_path: Path) -> None:
    """`convert - --css -` took the document's own text as its CSS, without a word."""
    out = tmp_path / "out.html"
    result = cli("convert", "-", "--css", "-", "-o", out, "-s", "--json", input="# Title\n")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--css -" in error["message"], error
    assert not out.exists()


def test_the_data_alone_still_comes_from_standard_input(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("metadata", "set", four, "--data", "-", "-o", tmp_path / "out.pdf", "--json",
                 input="InfoBegin\nInfoKey: Title\nInfoValue: From a pipe\n")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["info"]["Title"] == "From a pipe"


def test_a_document_joined_from_standard_input_cannot_be_the_input_s_too(cli: Any, tmp_path: Path) -> None:
    """`convert - -` (the input and a document joined after it, both `-`) read the one copy of standard input
    twice, taken by the name of that copy: `stdin.pdf is pdf, not markdown as stdin.pdf`. Refused, as `--css -` is."""
    out = tmp_path / "out.md"
    result = cli("convert", "-", "-", "-o", out, "--json", input="# Title\n")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert "standard input" in error["message"] and "stdin.pdf" not in error["message"], error
    assert "joined" in error["message"], error
    assert not out.exists()


def test_a_document_joined_from_standard_input_alone_is_read_as_the_input_s_format(cli: Any, tmp_path: Path) -> None:
    """`convert a.md - < b.md`: the joined `-` has no name to tell its format by; it said `stdin.pdf is pdf, not
    markdown as a.md` (the name of its temporary copy)."""
    first = tmp_path / "a.md"
    first.write_text("# First\n")
    result = cli("convert", first, "-", "-t", "markdown", input="# Second\n")
    assert result.exit_code == 0, result
    assert "# First" in result.stdout and "# Second" in result.stdout, result
