"""Text arguments that are not UTF-8 (a Latin-1 terminal's `café`: the bytes `caf\\xe9`, which Python holds as a
surrogate escape). A title, a metadata value, a form value, a description, a document given as text and a new
password stopped with INTERNAL (`UnicodeEncodeError`, `String should be a str or bytes`, `std::bad_cast`): they
are INVALID_ARGUMENT naming the option and the byte as a terminal shows it. A password that opens a PDF is
tried as the bytes typed, as qpdf takes it: a Latin-1 terminal's `café` opens a file whose RC4 or AES-128
password is `café` (PDFDocEncoding's `\\xe9`)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
LATIN = b"caf\xe9"
FORM = CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf"


def run(*argv: object, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    env.pop("PDFTOOLS_PASSWORD", None)
    return subprocess.run([os.fsencode(a) if isinstance(a, (str, Path)) else a for a in argv], capture_output=True,
                          check=False, cwd=cwd, env=env, timeout=120)


@pytest.mark.parametrize(("args", "flag"), [
    (["metadata", "set", "{pdf}", "--set", b"title=" + LATIN], "--set"),
    (["bookmarks", "add", "{pdf}", "--title", LATIN, "--page", "1"], "--title"),
    (["forms", "fill", "{form}", "--set", b"Name=" + LATIN], "--set"),
    (["attachments", "add", "{pdf}", "{pdf}", "--description", LATIN], "--description"),
    (["convert", "--text", LATIN, "-t", "html"], "--text"),
    (["stamp", "{pdf}", "--text", LATIN], "--text"),
    (["labels", "{pdf}", "--set", b"1:" + LATIN], "--set"),
])
def test_text_that_is_not_utf8_is_refused_naming_its_option(tmp_path: Path, sample: Path, args: list[object],
                                                            flag: str) -> None:
    shutil.copy(sample, tmp_path / "doc.pdf")
    shutil.copy(FORM, tmp_path / "form.pdf")
    argv = [{"{pdf}": tmp_path / "doc.pdf", "{form}": tmp_path / "form.pdf"}.get(a, a) if isinstance(a, str) else a
            for a in args]
    result = run(PDFTOOLS, *argv, "-o", tmp_path / "out.pdf", "--json", cwd=tmp_path)
    assert result.returncode == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and error["message"].startswith(f"{flag} is not UTF-8 text"), error
    assert "caf\\xe9" in error["message"] and "UTF-8" in error["hint"], error
    assert not (tmp_path / "out.pdf").exists()
    plain = run(PDFTOOLS, *argv, "-o", tmp_path / "out.pdf", cwd=tmp_path)
    assert plain.returncode == 2 and b"caf\\xe9" in plain.stderr and b"udce9" not in plain.stderr, plain


@pytest.mark.parametrize("revision", [4, 3])  # AES-128, RC4: the password is stored in PDFDocEncoding
def test_a_password_typed_in_latin1_opens_as_qpdf_opens_it(tmp_path: Path, sample: Path, revision: int) -> None:
    with pikepdf.open(sample) as pdf:
        pdf.save(tmp_path / "locked.pdf", encryption=pikepdf.Encryption(user="café", owner="owner", R=revision,
                                                                          aes=revision == 4, metadata=revision == 4))
    result = run(PDFTOOLS, "info", tmp_path / "locked.pdf", "--password", LATIN, "--json", cwd=tmp_path)
    assert result.returncode == 0, result
    assert json.loads(result.stdout)["encrypted"] is True
    if shutil.which("qpdf"):
        qpdf = run("qpdf", b"--password=" + LATIN, "--show-npages", tmp_path / "locked.pdf", cwd=tmp_path)
        assert qpdf.returncode == 0, qpdf
    wrong = run(PDFTOOLS, "info", tmp_path / "locked.pdf", "--password", b"caf\xe8", "--json", cwd=tmp_path)
    assert json.loads(wrong.stderr)["error"]["code"] == "BAD_PASSWORD", wrong


@pytest.mark.parametrize("given", [["--user-password", LATIN + b"-secret"], ["--user-password-file", "pw.txt"]])
def test_a_new_password_that_is_not_utf8_is_refused_unrepeated(tmp_path: Path, sample: Path,
                                                               given: list[object]) -> None:
    """A new password must be text (AES-256 takes UTF-8): refused, from the command line or a file, and never
    repeated in the error."""
    shutil.copy(sample, tmp_path / "doc.pdf")
    (tmp_path / "pw.txt").write_bytes(LATIN + b"-secret\n")
    result = run(PDFTOOLS, "protect", tmp_path / "doc.pdf", *given, "-o", tmp_path / "out.pdf", "--json",
                 cwd=tmp_path)
    assert result.returncode == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["message"] == "--user-password is not UTF-8 text", error
    assert b"secret" not in result.stderr and not (tmp_path / "out.pdf").exists(), result


def test_a_password_file_in_latin1_opens_as_the_option_does(tmp_path: Path, sample: Path) -> None:
    """`--password-file` read its file as UTF-8 only (`is not UTF-8 text`), where `--password`, standard input and
    qpdf's --password-file take the bytes."""
    with pikepdf.open(sample) as pdf:
        pdf.save(tmp_path / "locked.pdf", encryption=pikepdf.Encryption(user="café", owner="owner", R=4))
    (tmp_path / "pw.txt").write_bytes(LATIN + b"\n")
    result = run(PDFTOOLS, "info", tmp_path / "locked.pdf", "--password-file", "pw.txt", "--json", cwd=tmp_path)
    assert result.returncode == 0 and json.loads(result.stdout)["encrypted"] is True, result


@pytest.mark.parametrize("args", [["attachments", "extract", "{pdf}", "--name", LATIN, "-d", "out"],
                                  ["stamp", "{pdf}", "--text", "x", "--color", LATIN],
                                  ["bookmarks", "list", "{pdf}", "--pages", LATIN]])
def test_errors_quoting_such_a_value_show_its_byte_as_a_terminal_does(tmp_path: Path, sample: Path,
                                                                       args: list[object]) -> None:
    """An error that quotes the value (`no attachment named 'caf\\udce9'`) showed Python's escape of the byte;
    error lines show a file name's byte as `\\xe9`, and so these do."""
    shutil.copy(sample, tmp_path / "doc.pdf")
    argv = [tmp_path / "doc.pdf" if a == "{pdf}" else a for a in args]
    result = run(PDFTOOLS, *argv, cwd=tmp_path)
    assert result.returncode == 2, result
    assert b"caf\\xe9" in result.stderr and b"udce9" not in result.stderr, result
    error = json.loads(run(PDFTOOLS, *argv, "--json", cwd=tmp_path).stderr)["error"]
    assert "caf\\xe9" in error["message"] and "udce9" not in error["message"], error
