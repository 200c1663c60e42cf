"""A command that opens one PDF refuses its password given twice (click kept the last one, silently), where
merge, insert, stamp --pdf, search and batch take one for each of their inputs. On a file qpdf encrypted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PDFTOOLS = str(Path(sys.executable).with_name("pdftools"))


@pytest.fixture
def locked(tmp_path: Path, sample: Path) -> Path:
    out = tmp_path / "locked.pdf"
    subprocess.run(["qpdf", "--encrypt", "two words", "owner", "256", "--", str(sample), str(out)], check=True)
    return out


def _run(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PDFTOOLS, *map(str, args)], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("passwords", [["wrong", "two words"], ["two words", "wrong"], ["two words"] * 2])
def test_a_password_given_twice_to_one_pdf_is_refused_naming_it(locked: Path, passwords: list[str]) -> None:
    given = [word for password in passwords for word in ("--password", password)]
    done = _run("info", locked, *given, "--json")
    error = json.loads(done.stderr)["error"]
    assert done.returncode == 2 and error["code"] == "INVALID_ARGUMENT", done
    assert "--password" in error["message"] and "2 times" in error["message"], error
    assert "two words" not in done.stderr and "wrong" not in done.stderr  # a secret is never repeated
    assert done.stdout == ""


def test_a_new_password_given_twice_is_refused(locked: Path, tmp_path: Path, sample: Path) -> None:
    done = _run("protect", sample, "-o", tmp_path / "p.pdf", "--user-password", "a", "--user-password", "b",
                "--json")
    assert done.returncode == 2 and "--user-password" in json.loads(done.stderr)["error"]["message"], done
    assert not (tmp_path / "p.pdf").exists()


def test_one_password_opens_as_before(locked: Path, tmp_path: Path) -> None:
    assert _run("info", locked, "--password", "two words", "--json").returncode == 0
    # the environment's and a file's password are one value, spaces kept (not split as a list's would be)
    assert _run("info", locked, "--json", env={"PDFTOOLS_PASSWORD": "two words"}).returncode == 0
    (tmp_path / "pw").write_text("two words\nsecond line\n")
    assert _run("info", locked, "--password-file", tmp_path / "pw", "--json").returncode == 0
    # commands that open several PDFs still take several
    done = _run("merge", locked, locked, "-o", tmp_path / "m.pdf", "--password", "wrong", "--password", "two words")
    assert done.returncode == 0, done
