"""One `--password` (or PDFTOOLS_PASSWORD) serves every file a command opens: the locked ones open with it, and a
file that opens without a password (its permissions locked, its user password empty: common in the wild) opens
without it, as qpdf opens a file given no password of its own (`qpdf locked.pdf --password=P --overlay
restricted.pdf --`). Such a file was refused (BAD_PASSWORD) in insert, stamp --pdf, a batch over a folder and
under PDFTOOLS_PASSWORD. A password that opens neither is still BAD_PASSWORD; `unprotect` and `info
--requires-password` still take the password as given (qpdf's answer: 0, another password is needed)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import readback as rb
from test_merge_collate import page_texts


def _locked(path: Path, user: str) -> Path:
    """A copy of a corpus file locked with `user` (empty: it opens without one, its permissions locked)."""
    subprocess.run(["qpdf", "--encrypt", user, f"owner-{user}", "256", "--print=none", "--", str(rb.FOUR),
                    str(path)], check=True)
    return path


@pytest.fixture
def restricted(tmp_path: Path) -> Path:
    return _locked(tmp_path / "restricted.pdf", "")


@pytest.fixture
def locked(tmp_path: Path) -> Path:
    return _locked(tmp_path / "locked.pdf", "secret")


def test_insert_either_way(cli: Any, tmp_path: Path, restricted: Path, locked: Path) -> None:
    for into, source in ((locked, restricted), (restricted, locked)):
        out = tmp_path / "o.pdf"
        done = cli("insert", into, f"{source}:1", "--after", "0", "--password", "secret", "-o", out, "--force",
                   "--json")
        assert done.exit_code == 0, done
        assert json.loads(done.stdout)["pages"] == 5


def test_stamp_as_qpdf_overlay(cli: Any, tmp_path: Path, restricted: Path, locked: Path) -> None:
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    subprocess.run(["qpdf", str(locked), "--password=secret", "--overlay", str(restricted), "--", "--decrypt",
                    str(theirs)], check=True)
    done = cli("stamp", locked, "--pdf", restricted, "--password", "secret", "--decrypt", "-o", ours)
    assert done.exit_code == 0, done
    assert page_texts(ours) == page_texts(theirs)


def test_a_batch_over_both(cli: Any, tmp_path: Path, restricted: Path, locked: Path) -> None:
    done = cli("batch", "text", restricted, locked, "-d", tmp_path / "out", "--password", "secret", "--json")
    assert done.exit_code == 0, done
    assert (tmp_path / "out" / "restricted.txt").read_text().strip()
    assert (tmp_path / "out" / "locked.txt").read_text().strip()


def test_under_the_environment_variable(cli: Any, restricted: Path) -> None:
    done = cli("text", restricted, "--pages", "1", env={"PDFTOOLS_PASSWORD": "secret"})
    assert done.exit_code == 0, done
    assert done.stdout.strip()


def test_a_password_that_opens_nothing_is_still_refused(cli: Any, tmp_path: Path, locked: Path) -> None:
    done = cli("text", locked, "--password", "wrong", "--json")
    assert done.exit_code == 5 and json.loads(done.stderr)["error"]["code"] == "BAD_PASSWORD", done


def test_unprotect_and_requires_password_take_it_as_given(cli: Any, tmp_path: Path, restricted: Path) -> None:
    done = cli("unprotect", restricted, "--password", "wrong", "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 5 and json.loads(done.stderr)["error"]["code"] == "BAD_PASSWORD", done
    theirs = subprocess.run(["qpdf", "--requires-password", "--password=wrong", str(restricted)], check=False)
    ours = cli("info", restricted, "--requires-password", "--password", "wrong")
    assert theirs.returncode == 0 and ours.exit_code == 0, ours
