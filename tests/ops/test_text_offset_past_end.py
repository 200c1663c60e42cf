"""`--offset` goes on inside `--start-page` where a cut read stopped: one past the end of that page cannot come
from a cut, so it is refused (INVALID_ARGUMENT naming it) rather than answered with an empty page that is not
even listed as empty. Every offset a cut gives still goes on, to the same text as one read."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import readback as rb


@pytest.fixture
def four(tmp_path: Path) -> Path:
    return Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))


@pytest.mark.parametrize("fmt", ["text", "words"])
def test_an_offset_past_the_page_is_refused(cli: Any, four: Path, fmt: str) -> None:
    result = cli("text", four, "--format", fmt, "--start-page", "2", "--offset", "100000", "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--offset" in error["message"], error
    assert "page 2" in error["message"], error


@pytest.mark.parametrize("fmt", ["text", "words"])
def test_cut_reads_go_on_to_the_whole_text(cli: Any, four: Path, fmt: str) -> None:
    whole = json.loads(cli("text", four, "--format", fmt, "--json").stdout)
    pieces: list[Any] = []
    argv: list[str] = []
    while True:
        result = cli("text", four, "--format", fmt, "--max-chars", "2999", *argv, "--json")
        assert result.exit_code == 0, result
        piece = json.loads(result.stdout)
        pieces.append(piece)
        if not piece["truncated"]:
            break
        argv = ["--start-page", str(piece["next_page"]), "--offset", str(piece["next_offset"] or 0)]
    if fmt == "words":
        assert [b for p in pieces for b in p["boxes"]] == whole["boxes"]
    else:
        joined: dict[int, str] = {}
        for piece in pieces:
            for page in piece["pages"]:
                joined[page["page"]] = joined.get(page["page"], "") + page["text"]
        assert joined == {page["page"]: page["text"] for page in whole["pages"]}
