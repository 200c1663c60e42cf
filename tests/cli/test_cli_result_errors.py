"""Errors a command carries in its result (the inputs a search skipped, the invoices a rename could not read) are
in the command line's words: a search showed `{{cli: (a relative path starts in the current folder)}}` as it
was written for the front ends to choose from."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_a_skipped_inputs_hint_is_the_command_lines(cli: Any, tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    result = cli("search", "text", tmp_path / "four.pdf", tmp_path / "nope.txt", "--json")
    (skipped,) = json.loads(result.stdout)["skipped"]
    assert skipped["code"] == "FILE_NOT_FOUND" and "{{" not in skipped["hint"], skipped
    assert "(a relative path starts in the current folder)" in skipped["hint"], skipped
    shown = cli("search", "text", tmp_path / "four.pdf", tmp_path / "nope.txt")  # the note on stderr
    assert "{{" not in shown.stderr and "current folder" in shown.stderr, shown.stderr
