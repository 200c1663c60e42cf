"""Merging PDFs locked in different ways, as `qpdf --empty --pages a.pdf --password=A b.pdf --password=B --`
does. pdftools' one `--password` is for the inputs that need one: an input that opens without a password (its
permissions locked, its user password empty) opens so, as qpdf opens one given no password; it was refused
(BAD_PASSWORD) because the password was not its own. Two passwords, one given: the second input's error says the
password opened an earlier input and how to give its own too (`--password` again: test_passwords_several.py), and
doing that works; its hint was "check it", which sent the user to a password that is right."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import readback as rb


def _locked(path: Path, user: str) -> Path:
    """A copy of a corpus file locked with `user` (empty: it opens without one, its permissions locked)."""
    subprocess.run(["qpdf", "--encrypt", user, f"owner-{user}", "256", "--print=none", "--", str(rb.FOUR),
                    str(path)], check=True)
    return path


def test_an_input_that_needs_no_password_opens_without_it(cli: Any, tmp_path: Path) -> None:
    restricted, locked = _locked(tmp_path / "restricted.pdf", ""), _locked(tmp_path / "locked.pdf", "secret")
    theirs = tmp_path / "theirs.pdf"
    subprocess.run(["qpdf", "--empty", "--pages", str(restricted), str(locked), "--password=secret", "--",
                    str(theirs)], check=True)
    # (the output is encrypted as the first encrypted input: the first opens without a password, the second not)
    for order, needs in (([restricted, locked], None), ([locked, restricted], "secret")):
        out = tmp_path / "m.pdf"
        done = cli("merge", *order, "--password", "secret", "-o", out, "--force", "--json")
        assert done.exit_code == 0, done
        assert json.loads(done.stdout)["pages"] == 8 and json.loads(done.stdout)["encrypted"]
        assert rb.text(out, password=needs) == rb.text(theirs)  # both are copies of one file: the same text


def test_a_second_password_is_named(cli: Any, tmp_path: Path) -> None:
    one, two = _locked(tmp_path / "one.pdf", "first"), _locked(tmp_path / "two.pdf", "second")
    done = cli("merge", one, two, "--password", "first", "-o", tmp_path / "m.pdf", "--json")
    assert done.exit_code == 5, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "BAD_PASSWORD" and "two.pdf" in error["message"], error
    assert "which opened one.pdf" in error["message"], error
    assert "Give two.pdf's password too" in error["hint"] and "`--password A --password B`" in error["hint"], error
    # as the hint says: the second's password given too
    merged = cli("merge", one, two, "--password", "first", "--password", "second", "-o", tmp_path / "m.pdf", "--json")
    assert merged.exit_code == 0, merged
    assert json.loads(merged.stdout)["pages"] == 8 and json.loads(merged.stdout)["encrypted"]


def test_the_first_locked_input_keeps_the_plain_hint(cli: Any, tmp_path: Path) -> None:
    one = _locked(tmp_path / "one.pdf", "first")
    done = cli("merge", rb.FOUR, one, "--password", "wrong", "-o", tmp_path / "m.pdf", "--json")
    assert done.exit_code == 5, done
    assert "too" not in json.loads(done.stderr)["error"]["hint"]


def test_over_mcp(tmp_path: Path) -> None:
    _locked(tmp_path / "one.pdf", "first"), _locked(tmp_path / "two.pdf", "second")
    done = rb.mcp_call(tmp_path, "pdf_merge", {"inputs": ["one.pdf", "two.pdf"], "password": "first",
                                               "output": "m.pdf"})
    error = rb.mcp_error(done)
    assert error["code"] == "BAD_PASSWORD" and '`["A", "B"]`' in error["hint"], error
    assert "pdftools" not in error["hint"], error
