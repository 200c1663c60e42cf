"""`bookmarks add` adds one item to the outline as it is: it went through pikepdf's outline model, which
rewrote every bookmark from its own reading (a /Count 0 on every bookmark without children, a web link or a
view it does not model at risk). Now the new item is linked in, its parent's and ancestors' /Count and its
previous sibling's /Next updated, and every other bookmark's dictionary is left as it was."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from outlines import described, rich_outline


@pytest.fixture
def rich(tmp_path: Path, sample: Path) -> Path:
    return rich_outline(sample, tmp_path / "rich.pdf")


def _items(path: Path) -> list[dict[str, Any]]:
    """Every outline item as its entries (links shown as titles), in reading order, with its depth."""
    with pikepdf.open(path) as pdf:
        out: list[dict[str, Any]] = []

        def walk(item: Any, depth: int) -> None:
            while item is not None:
                entry: dict[str, Any] = {"depth": depth, "title": str(item.get("/Title", ""))}
                for key, value in item.items():
                    if key in ("/Parent", "/Prev", "/Next", "/First", "/Last"):
                        entry[key] = str(value.get("/Title", "(root)"))
                    else:
                        entry[key] = repr(value)
                out.append(entry)
                if "/First" in item:
                    walk(item.First, depth + 1)
                item = item.get("/Next")

        walk(pdf.Root.Outlines.First, 0)
        out.append({"root Count": int(pdf.Root.Outlines.Count)})
        return out


def _check(path: Path) -> None:
    check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert check.returncode == 0 and "WARNING" not in check.stdout + check.stderr, check.stdout + check.stderr


@pytest.mark.parametrize(("parent", "count_changes"), [
    (None, {"root Count": (9, 10)}),
    ("Intro", {"Intro": (2, 3), "root Count": (9, 10)}),  # open: one more shown, here and at the top
    ("Closed", {"Closed": (-2, -3)}),  # closed: one more hidden, nothing more shown above it
])
def test_add_links_one_item_and_leaves_the_others_as_they_were(cli: Any, rich: Path, tmp_path: Path,
                                                               parent: str | None,
                                                               count_changes: dict[str, tuple[int, int]]) -> None:
    out = tmp_path / "out.pdf"
    args = ["--parent", parent] if parent else []
    result = cli("bookmarks", "add", rich, "--title", "New", "--page", "3", *args, "-o", out)
    assert result.exit_code == 0, result.stderr
    _check(out)
    before, after = _items(rich), _items(out)
    new = [item for item in after if item.get("title") == "New"]
    assert len(new) == 1 and "/Count" not in new[0]
    assert new[0]["/Parent"] == (parent or "(root)") and new[0]["depth"] == (1 if parent else 0)
    kept = [item for item in after if item is not new[0]]
    assert len(kept) == len(before)
    for old, now in zip(before, kept, strict=True):  # the same entries, but for the links to the new item
        name = old.get("title", "root Count")
        if name in count_changes:
            key = "root Count" if name == "root Count" else "/Count"
            assert (old[key], now[key]) == tuple(x if key == "root Count" else repr(x) for x in count_changes[name])
            old, now = {k: v for k, v in old.items() if k != key}, {k: v for k, v in now.items() if k != key}
        changed = {k for k in old.keys() | now.keys() if old.get(k) != now.get(k)}
        assert changed <= {"/Next", "/Last", "/First"}, (name, changed)
        assert all(now[k] == "New" for k in changed), (name, changed)
    leaves = [item for item in after if "depth" in item and "/First" not in item]
    assert not [item for item in leaves if "/Count" in item]  # pikepdf's model wrote /Count 0 on each
    # the new bookmark opens page 3 whole; the others as before (views, colours, the web link, named dests)
    shown = described(out)
    flat = [i for item in shown for i in [item, *item.get("children", [])]]
    assert [i for i in flat if i["title"] == "New"] == [{"title": "New", "page": 3, "view": ["/Fit"]}]
    web = next(i for i in flat if i["title"] == "Web")
    assert web["action"] == "/URI" and web["action_data"] == {"/URI": "https://example.com/"}
    intro = next(i for i in flat if i["title"] == "Intro")
    assert intro["view"] == ["/XYZ", 72.0, 700.0, 1.5] and intro["C"] == [1.0, 0.0, 0.0] and intro["F"] == 2


def test_add_to_a_file_without_bookmarks_makes_the_outline(cli: Any, sample: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    assert cli("bookmarks", "add", sample, "--title", "Only", "--page", "2", "-o", out).exit_code == 0
    _check(out)
    assert described(out) == [{"title": "Only", "page": 2, "view": ["/Fit"]}]
    with pikepdf.open(out) as pdf:
        assert int(pdf.Root.Outlines.Count) == 1 and "/Count" not in pdf.Root.Outlines.First


def test_add_under_a_leaf_makes_it_an_open_parent(cli: Any, rich: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    assert cli("bookmarks", "add", rich, "--title", "Sub", "--page", "1", "--parent", "Detail", "-o", out
               ).exit_code == 0
    _check(out)
    with pikepdf.open(out) as pdf:
        detail = pdf.Root.Outlines.First.First
        assert str(detail.Title) == "Detail" and int(detail.Count) == 1 and str(detail.First.Title) == "Sub"
        assert int(pdf.Root.Outlines.First.Count) == 3 and int(pdf.Root.Outlines.Count) == 10


def test_a_parent_not_found_names_the_titles_near_it_and_the_command_that_lists_them(cli: Any, tmp_path: Path,
                                                                                     corpus: Path) -> None:
    """`bookmarks add book.pdf --title A --page 4 --parent 'Fundamentalgruppe'` said only "`bookmarks list` shows
    the titles", a command that does not run as typed (no `pdftools`, no file); it names the titles near the one
    given, and the whole command."""
    import json

    book = corpus / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"
    done = cli("bookmarks", "add", book, "--title", "A", "--page", "4", "--parent", "3 Fundamentalgruppe",
               "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 2 and not (tmp_path / "o.pdf").exists(), done
    error = json.loads(done.stderr)["error"]
    assert "'3 Fundamentalgruppe und Überlagerungen'" in error["hint"], error
    assert f"pdftools bookmarks list {book}" in error["hint"], error
