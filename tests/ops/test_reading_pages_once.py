"""Commands that read pages read each page once, in the order given, however often the spec names it
(`1,1`, `1-3,2`): repeats are kept only where they build a document (select, merge). `search b.pdf:1,1`
counted every match twice, `text --pages 1,1` printed the page twice, and a cut read of such a spec went on
from the first of the two (`next_page` named a page the spec held twice)."""

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


def run_json(cli: Any, *args: Any) -> Any:
    result = cli(*args, "--json")
    assert result.exit_code in (0, 1), result
    return json.loads(result.stdout)


def test_text_reads_each_page_once(cli: Any, four: Path) -> None:
    twice = run_json(cli, "text", four, "--pages", "2,1,2,1-2")
    assert [p["page"] for p in twice["pages"]] == [2, 1]
    words = run_json(cli, "text", four, "--pages", "1,1", "--format", "words")
    assert words["boxes"] == run_json(cli, "text", four, "--pages", "1", "--format", "words")["boxes"]


def test_search_counts_each_page_once(cli: Any, four: Path) -> None:
    assert run_json(cli, "search", "Hello", f"{four}:1,1")["matches"] == run_json(cli, "search", "Hello",
                                                                                 f"{four}:1")["matches"]
    assert run_json(cli, "search", "Hello", four, "--pages", "1-2,2")["matches"] == \
        run_json(cli, "search", "Hello", four, "--pages", "1-2")["matches"]


def test_info_and_inspect_list_each_page_once(cli: Any, four: Path) -> None:
    assert [p["page"] for p in run_json(cli, "info", four, "--pages", "3,1,3")["page_details"]] == [3, 1]
    once, twice = (run_json(cli, "inspect", four, "--pages", spec) for spec in ("1", "1,1"))
    assert twice["fonts"] == once["fonts"] and twice["images"] == once["images"]
