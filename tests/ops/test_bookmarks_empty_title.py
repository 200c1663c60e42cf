"""Bookmarks without a title. `add` refuses an empty (or blank) title: nobody adds a bookmark that reads as
nothing on purpose (`--title "$UNSET"` is the usual way to get one). `replace` keeps the empty titles its JSON
has, so that what `list --json` printed of any PDF goes back in unchanged; `list` shows such a bookmark as `""`
(it showed a blank line with a page number), and `--json` as the empty string it is."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pikepdf
import pytest

from pdftools import errors
from pdftools.ops.bookmarks import bookmarks


@pytest.fixture
def book(tmp_path: Path, outline_pdf: Path) -> Path:
    return Path(shutil.copy(outline_pdf, tmp_path / "book.pdf"))


@pytest.mark.parametrize("title", ["", "   ", "\t"])
def test_add_refuses_a_title_that_reads_as_nothing(cli: Any, book: Path, title: str) -> None:
    before = book.read_bytes()
    result = cli("bookmarks", "add", book, "--title", title, "--page", "1", "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--title" in error["message"] and "empty" in error["message"]
    assert "--title" in error["hint"], error
    assert book.read_bytes() == before and not (book.parent / "book-bookmarks.pdf").exists()
    with pytest.raises(errors.InvalidArgument):  # the op itself, as MCP calls it
        bookmarks("add", str(book), title=title, page="1", output=str(book.parent / "x.pdf"))


def test_replace_keeps_empty_titles_and_list_shows_them(cli: Any, book: Path, tmp_path: Path) -> None:
    tree = [{"title": "", "page": 1, "children": [{"title": "", "page": 2, "children": []}]},
            {"title": "B", "page": 3, "children": []}]
    out = tmp_path / "out.pdf"
    assert cli("bookmarks", "replace", book, "--data", json.dumps(tree), "-o", out).exit_code == 0
    with pikepdf.open(out) as pdf, pdf.open_outline() as outline:
        assert [str(item.title) for item in outline.root] == ["", "B"]
    listed = json.loads(cli("bookmarks", "list", out, "--json").stdout)
    assert listed["outline"] == tree, listed  # the round trip holds
    again = tmp_path / "again.pdf"
    assert cli("bookmarks", "replace", out, "--data", json.dumps(listed), "-o", again).exit_code == 0
    plain = cli("bookmarks", "list", out).stdout.splitlines()
    assert [line for line in plain if "p.1" in line or "p.2" in line or "p.3" in line] == [
        'outline  ""  p.1', '         └── ""  p.2', "         B  p.3"], plain
