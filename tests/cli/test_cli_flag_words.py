"""At a shell an error names options as they are typed (`--start-page`), never by their MCP argument names
(`start_page`) or a result field an agent reads (`next_page`); and a hint written for one front end leaves no
stray brace of the other's (`{{mcp:...}}`) behind."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import readback as rb

# Parameter and result-field names with an underscore: what an agent sees, not what a shell user types.
SNAKE = re.compile(r"(?<![\w{-])[a-z]+_[a-z_]+\b")

FAILING = [
    (["text", "four.pdf", "--start-page", "9"], "--start-page"),
    (["text", "four.pdf", "--format", "words", "--start-page", "9"], "--start-page"),
    (["ocr", "four.pdf", "--mode", "text", "--start-page", "9"], "--start-page"),
    (["search", "Hello", "four.pdf", "--start-page", "2"], "--start-file"),
    (["search", "Hello", "four.pdf", "--skip", "2"], "--start-file"),
    (["search", "Hello", "four.pdf", "--start-file", "other.pdf"], "--start-file"),
    (["search", "Hello", "four.pdf", "--start-file", "four.pdf", "--start-page", "9"], "--start-page"),
    (["batch", "rotate", "four.pdf", "-d", "out", "--set", "angle=90", "--pages-per-task", "2"], "--pages-per-task"),
    (["forms", "fill", "four.pdf"], "--set"),
    (["attachments", "add", "four.pdf"], "add needs FILES"),
    (["attachments", "remove", "four.pdf"], "--name"),
]


@pytest.mark.parametrize(("argv", "named"), FAILING, ids=[" ".join(a[:3]) for a, _ in FAILING])
def test_errors_at_a_shell_name_options_as_typed(cli: Any, tmp_path: Path, argv: list[str], named: str) -> None:
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")
    shutil.copy(rb.FOUR, tmp_path / "other.pdf")
    result = cli(*argv, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    text = f"{error['message']} {error['hint']}"
    assert named in text, error
    assert not SNAKE.search(text), error
    assert text.count("{") == text.count("}") and "}}" not in text, error
