"""A file whose name is not UTF-8 (`café.pdf` written in Latin-1 by an old system: the bytes `caf\\xe9.pdf`, which
Linux allows and Python holds as a surrogate escape): every command that opened it stopped with INTERNAL
(`unexpected TypeError: _open(): incompatible function arguments`: pikepdf hands qpdf the name as text). It is
read like any other file, and its name is printed with the byte escaped, never a crash on stdout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")
NAME = b"caf\xe9.pdf"


@pytest.fixture
def latin(tmp_path: Path, sample: Path) -> Path:
    path = Path(os.fsdecode(bytes(tmp_path) + b"/" + NAME))
    shutil.copy(sample, path)
    return path


def run(*argv: object, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LC_ALL": "C.UTF-8"}
    return subprocess.run([os.fsencode(a) if isinstance(a, (str, Path)) else a for a in argv], capture_output=True,
                          check=False, cwd=cwd, env=env)


@pytest.mark.parametrize("args", [["info"], ["info", "--json"], ["text"], ["check"], ["rotate", "-a", "90"],
                                  ["search", "-H", "-c", "Hello"], ["thumbnails", "--pages", "1", "-d", "th"]])
def test_a_name_that_is_not_utf8_is_read_like_any_other(latin: Path, tmp_path: Path, args: list[str]) -> None:
    command, *rest = args
    if command == "search":
        argv = [PDFTOOLS, command, *rest[:-1], rest[-1], latin]
    else:
        argv = [PDFTOOLS, command, latin, *rest]
    result = run(*argv, cwd=tmp_path)
    assert result.returncode == 0, result
    assert b"INTERNAL" not in result.stderr and b"Traceback" not in result.stderr, result
    if "--json" in args:
        assert json.loads(result.stdout)["pages"] == 4, result.stdout


def test_a_folder_holding_such_a_name_lists_and_searches_it(latin: Path, tmp_path: Path) -> None:
    listed = run(PDFTOOLS, "ls", tmp_path, "--json", cwd=tmp_path)
    assert listed.returncode == 0, listed
    (row,) = json.loads(listed.stdout)["files"]
    assert row["pages"] == 4 and row["error"] is None, row
    found = run(PDFTOOLS, "search", "-c", "Hello", tmp_path, cwd=tmp_path)
    assert found.returncode == 0 and found.stdout.count(b".pdf:") == 1, found


@pytest.mark.parametrize("command", ["info", "text", "rotate"])
def test_a_batch_over_such_a_name_writes_its_output(latin: Path, tmp_path: Path, command: str) -> None:
    options = ["--set", "angle=90"] if command == "rotate" else []
    result = run(PDFTOOLS, "batch", command, latin, "-d", tmp_path / "out", *options, "--json", cwd=tmp_path)
    assert result.returncode == 0, result
    (row,) = [json.loads(line) for line in result.stdout.splitlines()]
    assert row["status"] == "ok" and os.fsencode(row["input"]) == os.fsencode(latin), row
    assert Path(row["output"]).exists(), row
    again = run(PDFTOOLS, "batch", command, latin, "-d", tmp_path / "out", *options, "--json", cwd=tmp_path)
    assert json.loads(again.stdout)["status"] == "skipped", again  # the journal read back names it
