"""A batch's `@list` that names no file (empty, or only blank lines and `#` comments, or `find -print0` finding
nothing) is NO_INPUTS naming the list and saying why; its hint said `Check the glob or folder; pdftools ls DIR shows
which PDFs are there`, about neither a list nor what to write in it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize(("content", "why"), [("", "it is empty"), ("\n  \n\r\n", "only blank lines"),
                                              ("# the scans\n\n  # none yet\n", "only blank lines and # comments"),
                                              ("\0\0", "it is empty")])
def test_a_list_that_names_no_file_says_so(cli: Any, tmp_path: Path, content: str, why: str) -> None:
    (tmp_path / "list.txt").write_text(content, newline="")
    result = cli("batch", "info", "@list.txt", "-d", tmp_path / "out", "--json")
    assert result.exit_code == 3 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "NO_INPUTS", error
    assert error["message"] == f"the list list.txt names no file: {why}", error
    assert "list.txt" in error["hint"] and "one path a line" in error["hint"], error
    assert "glob" not in error["hint"] and "pdftools ls" not in error["hint"], error
    assert not (tmp_path / "out").exists()


def test_an_empty_list_from_standard_input_is_named_so(cli: Any, tmp_path: Path) -> None:
    result = cli("batch", "info", "@-", "-d", tmp_path / "out", "--json", input="")
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "NO_INPUTS", error
    assert error["message"] == "the list from standard input names no file: it is empty", error
    assert "stdin.pdf" not in error["message"] + error["hint"], error
