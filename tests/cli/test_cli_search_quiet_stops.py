"""`search -q` is grep's and pdfgrep's: it stops at the first match. The inputs after it are never opened: a
missing file there says nothing (pdfgrep says nothing either), a FIFO nobody writes to is not waited for. It
read every page of every input, then printed nothing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"


def test_an_input_after_the_match_is_not_opened(cli: Callable[..., Any], tmp_path: Path) -> None:
    done = cli("search", "-q", "Hello", FOUR, tmp_path / "missing.pdf")
    assert (done.exit_code, done.stdout, done.stderr) == (0, "", ""), done
    if shutil.which("pdfgrep"):  # the same silence
        theirs = subprocess.run(["pdfgrep", "-q", "Hello", FOUR, tmp_path / "missing.pdf"], capture_output=True)
        assert (theirs.returncode, theirs.stderr) == (0, b"")


def test_an_input_before_the_match_is_reported(cli: Callable[..., Any], tmp_path: Path) -> None:
    done = cli("search", "-q", "Hello", tmp_path / "missing.pdf", FOUR)
    assert done.exit_code == 0 and done.stdout == "", done
    assert done.stderr.startswith("error[FILE_NOT_FOUND]"), done


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_after_the_match_is_not_waited_for(tmp_path: Path) -> None:
    fifo = tmp_path / "never-written.pdf"
    os.mkfifo(fifo)
    try:
        done = subprocess.run([PDFTOOLS, "search", "-q", "Hello", FOUR, fifo], capture_output=True, text=True,
                              timeout=120)  # a guard: opened, the FIFO waits for a writer for ever
    except subprocess.TimeoutExpired:
        pytest.fail("search -q opened the FIFO after its match and waited for a writer")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", ""), done


def test_json_quiet_still_reports_what_could_not_be_searched(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`search -q --json`: nothing on stdout (grep's -q), and each input that could not be searched is an error
    object on stderr, a line each, as `--json` says errors (it was silent: exit 2 and not a word)."""
    done = cli("search", "-q", "--json", "no such words", tmp_path / "missing.pdf", FOUR, tmp_path / "gone.pdf")
    assert (done.exit_code, done.stdout) == (2, ""), done
    errors = [json.loads(line)["error"] for line in done.stderr.splitlines()]
    assert [e["code"] for e in errors] == ["FILE_NOT_FOUND"] * 2, done
    assert "missing.pdf" in errors[0]["message"] and "gone.pdf" in errors[1]["message"] and errors[0]["hint"]
