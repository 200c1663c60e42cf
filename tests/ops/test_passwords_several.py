"""Inputs locked with different passwords, as qpdf takes them (`qpdf --empty --pages a.pdf --password=A b.pdf
--password=B --`): `--password` given once for each (or `--password-file` with one a line, or PDFTOOLS_PASSWORD
with one a line), each input opening with the first that works, whatever the order. One password was all a command
took, so a merge of two such files needed `unprotect` first. Over MCP `password` takes a list as well as one
string. A password file holds no names of files, nothing is visible in `ps`, and the order of the passwords does
not matter (qpdf's positional `--password` after each file cannot be had from a file or the environment)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import readback as rb
from test_merge_collate import page_texts


def _locked(source: Path, path: Path, user: str) -> Path:
    subprocess.run(["qpdf", "--encrypt", user, f"owner-{user}", "256", "--", str(source), str(path)], check=True)
    return path


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    return (_locked(rb.FOUR, tmp_path / "one.pdf", "kiwi"), _locked(rb.THREE, tmp_path / "two.pdf", "plum"))


def _qpdf_merge(pair: tuple[Path, Path], out: Path) -> Path:
    one, two = pair
    subprocess.run(["qpdf", "--empty", "--pages", str(one), "--password=kiwi", str(two), "--password=plum", "--",
                    str(out)], check=True)
    return out


@pytest.mark.parametrize("order", [("kiwi", "plum"), ("plum", "kiwi")])
def test_merge_as_qpdf_pages(cli: Any, tmp_path: Path, pair: tuple[Path, Path], order: tuple[str, str]) -> None:
    theirs, ours = _qpdf_merge(pair, tmp_path / "theirs.pdf"), tmp_path / "ours.pdf"
    done = cli("merge", *pair, "--password", order[0], "--password", order[1], "-o", ours, "--json")
    assert done.exit_code == 0, done
    assert json.loads(done.stdout)["encrypted"]  # as the first encrypted input: its password opens it
    assert rb.text(ours, password="kiwi") == rb.text(theirs)
    with pytest.raises(subprocess.CalledProcessError):
        rb.text(ours, password="plum")


def test_a_password_file_one_a_line(cli: Any, tmp_path: Path, pair: tuple[Path, Path]) -> None:
    theirs, ours = _qpdf_merge(pair, tmp_path / "theirs.pdf"), tmp_path / "ours.pdf"
    keys = tmp_path / "keys.txt"
    keys.write_text("plum\r\n\nkiwi\n")  # a blank line is no password; Windows line ends are line ends
    done = cli("merge", *pair, "--password-file", keys, "-o", ours)
    assert done.exit_code == 0, done
    assert rb.text(ours, password="kiwi") == rb.text(theirs)
    piped = cli("merge", *pair, "--password-file", "-", "-o", tmp_path / "piped.pdf", input="plum\nkiwi\n")
    assert piped.exit_code == 0, piped


def test_the_environment_one_a_line(cli: Any, tmp_path: Path, pair: tuple[Path, Path]) -> None:
    theirs, ours = _qpdf_merge(pair, tmp_path / "theirs.pdf"), tmp_path / "ours.pdf"
    done = cli("merge", *pair, "-o", ours, env={"PDFTOOLS_PASSWORD": "kiwi\nplum"})
    assert done.exit_code == 0, done
    assert rb.text(ours, password="kiwi") == rb.text(theirs)


def test_a_password_with_spaces_from_the_environment(cli: Any, tmp_path: Path) -> None:
    locked = _locked(rb.FOUR, tmp_path / "spaced.pdf", "two words")
    done = cli("merge", locked, rb.THREE, "-o", tmp_path / "m.pdf", env={"PDFTOOLS_PASSWORD": "two words"})
    assert done.exit_code == 0, done  # one line: one password, spaces and all


def test_insert_and_stamp(cli: Any, tmp_path: Path, pair: tuple[Path, Path]) -> None:
    one, two = pair
    theirs = tmp_path / "theirs.pdf"
    subprocess.run(["qpdf", str(one), "--password=kiwi", "--overlay", str(two), "--password=plum", "--",
                    "--decrypt", str(theirs)], check=True)
    stamped = tmp_path / "stamped.pdf"
    done = cli("stamp", one, "--pdf", two, "--password", "plum", "--password", "kiwi", "--decrypt", "-o", stamped)
    assert done.exit_code == 0, done
    assert page_texts(stamped) == page_texts(theirs)
    inserted = tmp_path / "inserted.pdf"
    done = cli("insert", one, f"{two}:1", "--after", "1", "--password", "plum", "--password", "kiwi",
               "-o", inserted, "--json")
    assert done.exit_code == 0, done
    assert json.loads(done.stdout)["pages"] == 5
    assert rb.first_line(inserted, 2, "kiwi") == rb.first_line(rb.THREE, 1)


def test_a_missing_password_says_how_to_give_it(cli: Any, tmp_path: Path, pair: tuple[Path, Path]) -> None:
    done = cli("merge", *pair, "--password", "kiwi", "-o", tmp_path / "m.pdf", "--json")
    assert done.exit_code == 5, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "BAD_PASSWORD" and "two.pdf" in error["message"], error
    assert "--password" in error["hint"] and "unprotect" not in error["hint"], error
    assert "kiwi" not in done.stderr  # a password is never repeated
    wrong = cli("merge", *pair, "--password", "x", "--password", "y", "-o", tmp_path / "m.pdf", "--json")
    assert wrong.exit_code == 5, wrong
    assert "one.pdf" in json.loads(wrong.stderr)["error"]["message"]


def test_over_mcp(tmp_path: Path, pair: tuple[Path, Path]) -> None:
    theirs = _qpdf_merge(pair, tmp_path / "theirs.pdf")
    done = rb.mcp_call(tmp_path, "pdf_merge", {"inputs": ["one.pdf", "two.pdf"], "password": ["plum", "kiwi"],
                                               "output": "m.pdf"})
    assert not done.is_error, done
    assert rb.text(tmp_path / "m.pdf", password="kiwi") == rb.text(theirs)
    one = rb.mcp_call(tmp_path, "pdf_merge", {"inputs": ["one.pdf", "two.pdf"], "password": "kiwi",
                                              "output": "n.pdf"})
    error = rb.mcp_error(one)
    assert error["code"] == "BAD_PASSWORD" and "list" in error["hint"] and "--password" not in error["hint"], error
    stamped = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "one.pdf", "pdf": "two.pdf", "output": "s.pdf",
                                                  "password": ["kiwi", "plum"]})
    assert not stamped.is_error, stamped
    inserted = rb.mcp_call(tmp_path, "pdf_insert_pages", {"input": "one.pdf", "source": "two.pdf", "output": "i.pdf",
                                                          "password": "kiwi"})
    error = rb.mcp_error(inserted)
    assert error["code"] == "BAD_PASSWORD" and "list" in error["hint"] and "--password" not in error["hint"], error


def test_a_batch_over_files_locked_differently(cli: Any, tmp_path: Path, pair: tuple[Path, Path]) -> None:
    """`batch` tries every password on every file, as pdfgrep does (each op then gets the one that opens it)."""
    out = tmp_path / "out"
    done = cli("batch", "text", *pair, "-d", out, "--password", "plum", "--password", "kiwi", "--json")
    assert done.exit_code == 0, done
    assert (out / "one.txt").read_text() == rb.text(pair[0], password="kiwi")
    assert (out / "two.txt").read_text() == rb.text(pair[1], password="plum")
    pdfs = tmp_path / "pdfs"
    done = cli("batch", "rotate", *pair, "-d", pdfs, "--set", "angle=90", "--password", "plum", "--password", "kiwi")
    assert done.exit_code == 0, done
    assert rb.pages(pdfs / "one.pdf", password="kiwi") == 4 and rb.pages(pdfs / "two.pdf", password="plum") == 3
    wrong = cli("batch", "text", *pair, "-d", tmp_path / "none", "--password", "x", "--password", "y", "--json")
    assert wrong.exit_code != 0 and "BAD_PASSWORD" in wrong.stdout + wrong.stderr, wrong


def test_a_missing_password_for_the_first_input_says_how_to_give_it(cli: Any, tmp_path: Path,
                                                                       pair: tuple[Path, Path]) -> None:
    """The password given opens a later input, not the first: the error says to give the first one's too, as it
    does the other way round (it said to check the password, which is right for the file it opens)."""
    done = cli("merge", *pair, "--password", "plum", "-o", tmp_path / "m.pdf", "--json")
    assert done.exit_code == 5, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "BAD_PASSWORD" and error["message"].endswith("one.pdf, which opens two.pdf")
    assert "one.pdf's password too" in error["hint"], error
    assert "plum" not in done.stderr


@pytest.mark.parametrize("command", ["insert", "stamp"])
def test_insert_and_stamp_given_the_input_s_password_only_say_how_to_give_the_other(
        cli: Any, tmp_path: Path, pair: tuple[Path, Path], command: str) -> None:
    """As merge says it: the one password given opened the input, not the pages to insert or the stamp."""
    one, two = pair
    args = [one, two] if command == "insert" else [one, "--pdf", two]
    done = cli(command, *args, "--password", "kiwi", "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 5, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "BAD_PASSWORD" and error["message"].endswith("two.pdf, which opened one.pdf"), error
    assert "two.pdf's password too" in error["hint"], error


def test_the_input_from_standard_input_is_named_so(cli: Any, tmp_path: Path, pair: tuple[Path, Path]) -> None:
    one, two = pair
    done = cli("insert", "-", two, "--password", "kiwi", "-o", tmp_path / "o.pdf", "--json", input=one.read_bytes())
    assert done.exit_code == 5, done
    assert json.loads(done.stderr)["error"]["message"].endswith("two.pdf, which opened standard input")
