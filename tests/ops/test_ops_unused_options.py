"""An option that would do nothing in the call it is given to is refused (INVALID_ARGUMENT naming it), never
ignored in silence: `crop --padding` without `--to-content` (margins cut exactly what they say), `text --mode
layout` with `--format words|lines` (boxes come in poppler's reading order, whatever the mode)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import readback as rb

CASES = [
    (["crop", "{four}", "--margins", "10", "--padding", "5", "-o", "out.pdf"], "--padding"),
    (["text", "{four}", "--format", "words", "--mode", "layout"], "--mode"),
    (["text", "{four}", "--format", "lines", "--mode", "layout"], "--mode"),
]


@pytest.mark.parametrize(("argv", "named"), CASES, ids=[" ".join(a[:1] + a[2:6]) for a, _ in CASES])
def test_an_option_that_would_do_nothing_is_refused(cli: Any, tmp_path: Path, argv: list[str], named: str) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli(*[a.format(four=four) for a in argv], "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and named in error["message"], error
    assert result.stdout == "" and sorted(p.name for p in tmp_path.iterdir()) == ["four.pdf"]


def test_the_same_options_where_they_do_something(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    assert cli("crop", four, "--to-content", "--padding", "5", "-o", tmp_path / "c.pdf").exit_code == 0
    assert cli("text", four, "--format", "words", "--mode", "plain", "--pages", "1").exit_code == 0
    assert cli("text", four, "--mode", "layout", "--pages", "1").exit_code == 0
