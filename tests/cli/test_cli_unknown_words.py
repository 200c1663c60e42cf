"""A word pdftools does not know says what was meant (`cli/group.py`): a misspelt command (`serach`), the
name another PDF tool gives it (`grep`, pdftk's `burst`, `encrypt`), an option of a sibling sub-command
(`metadata show --set`: it suggested `--quiet`). Exit 2, INVALID_ARGUMENT, as every usage error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize(("typed", "meant"), [("serach", "search"), ("mrege", "merge"), ("grep", "search"),
                                              ("burst", "split"), ("encrypt", "protect"), ("decrypt", "unprotect"),
                                              ("cat", "merge")])
def test_an_unknown_command_names_the_one_meant(cli: Any, pdf: Path, typed: str, meant: str) -> None:
    result = cli(typed, pdf, "--json")
    assert result.exit_code == 2 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and f"did you mean {meant}?" in error["message"], error


def test_an_unknown_command_far_from_any_says_only_that(cli: Any, pdf: Path) -> None:
    error = json.loads(cli("frobnicate", pdf, "--json").stderr)["error"]
    assert error["message"] == "unknown command 'frobnicate'", error


@pytest.mark.parametrize(("args", "owner"), [(["metadata", "show", "{pdf}", "--set", "title=x"], "metadata set"),
                                             (["bookmarks", "list", "{pdf}", "--title", "x"], "bookmarks add"),
                                             (["metadata", "{pdf}", "--set", "title=x"], "metadata set")])
def test_an_option_of_a_sibling_sub_command_names_it(cli: Any, pdf: Path, args: list[str], owner: str) -> None:
    result = cli(*[a.format(pdf=pdf) for a in args], "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert f"`pdftools {owner}` takes it" in error["message"] and "--quiet" not in error["message"], error
