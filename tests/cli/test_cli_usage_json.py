"""Issue 12 item 7: with `--json`, a usage error (bad option value, missing argument, unknown option or
command) is the same one JSON error object on stderr as every other error: INVALID_ARGUMENT, exit 2, in our
own words. Without `--json` it stays one `error[INVALID_ARGUMENT]` line with a hint."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

CASES = {
    "bad value": (["split", "x.pdf", "--every", "abc"], ("--every", "abc")),
    "missing argument": (["rotate", "--angle", "90"], ("missing argument",)),
    "unknown option": (["info", "x.pdf", "--bogus"], ("--bogus",)),
    "unknown command": (["nosuch"], ("nosuch",)),
    "bad choice": (["text", "x.pdf", "--mode", "weird"], ("--mode", "weird", "plain")),
}


@pytest.mark.parametrize("case", CASES)
def test_usage_errors_are_one_json_object(cli: Callable[..., Any], tmp_path: Path, case: str) -> None:
    argv, mentions = CASES[case]
    result = cli(*argv, "--json")
    assert result.exit_code == 2, result
    assert result.stdout == ""
    error = json.loads(result.stderr)["error"]  # the whole of stderr is one JSON object
    assert error["code"] == "INVALID_ARGUMENT"
    for word in mentions:
        assert word in error["message"], error
    assert "Value error" not in error["message"] and "Input should be" not in error["message"]
    assert error["hint"] and "-h" in error["hint"], error


@pytest.mark.parametrize("case", CASES)
def test_usage_errors_read_like_our_errors(cli: Callable[..., Any], case: str) -> None:
    argv, mentions = CASES[case]
    result = cli(*argv)
    assert result.exit_code == 2, result
    assert result.stderr.startswith("error[INVALID_ARGUMENT]: "), result
    assert "\n  hint: " in result.stderr


def test_json_after_a_double_dash_is_a_file_name(cli: Callable[..., Any]) -> None:
    result = cli("info", "--bogus", "--", "--json")
    assert result.exit_code == 2
    assert result.stderr.startswith("error[INVALID_ARGUMENT]")


def test_a_required_options_value_given_alone_is_shown_where_it_goes(cli: Callable[..., Any]) -> None:
    """`reorder a.pdf reverse` said only `missing option --mode`: the word given is one of its values."""
    result = cli("reorder", "a.pdf", "reverse", "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["message"].startswith("missing option --mode") and "`--mode reverse`" in error["hint"], error
    other = json.loads(cli("reorder", "a.pdf", "--json").stderr)["error"]  # nothing given: as before
    assert other["message"] == "missing option --mode" and "--mode reverse" not in other["hint"], other
