"""Bookmarks that open no page: a web link (`/A` a URI action) or a heading with no destination at all. `list`
shows them (`"page": null`), and `replace` takes back what `list --json` printed, but they vanished from the
output silently; `delete`, `select` and `merge`, which rebuild the outline, dropped them too, although they
never pointed at a page that went. They stay now: a title-only entry stays one, and a web link keeps its
address (through `replace` it comes back title-only: the JSON has no field for an address)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pikepdf
import pytest


def _book(tmp_path: Path, sample: Path) -> Path:
    """The sample with two bookmarks to pages, a web link and a title-only heading."""
    path = tmp_path / "links.pdf"
    with pikepdf.open(sample) as pdf:
        with pdf.open_outline() as tree:
            tree.root.clear()
            tree.root.append(pikepdf.OutlineItem("First", 0))
            tree.root.append(pikepdf.OutlineItem("Website", action=pikepdf.Dictionary(
                S=pikepdf.Name.URI, URI=pikepdf.String("https://example.com/"))))
            tree.root.append(pikepdf.OutlineItem("Heading"))
            tree.root.append(pikepdf.OutlineItem("Last", len(pdf.pages) - 1))
        pdf.save(path)
    return path


def _titles(path: Path) -> list[tuple[str, str | None]]:
    """Each top-level bookmark's title and, for a web link, its address."""
    with pikepdf.open(path) as pdf, pdf.open_outline() as tree:
        return [(str(item.title), str(item.action.URI) if item.action is not None and "/URI" in item.action
                 else None) for item in tree.root]


def test_replace_with_what_list_printed_keeps_bookmarks_without_a_page(cli: Any, tmp_path: Path,
                                                                        sample: Path) -> None:
    book = _book(tmp_path, sample)
    listed = cli("bookmarks", "list", book, "--json")
    assert listed.exit_code == 0, listed
    tree = json.loads(listed.stdout)
    assert [(b["title"], b["page"]) for b in tree["outline"]][1:3] == [("Website", None), ("Heading", None)]
    (tmp_path / "toc.json").write_text(listed.stdout)
    result = cli("bookmarks", "replace", book, "--data", tmp_path / "toc.json", "-o", tmp_path / "out.pdf",
                 "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["count"] == 4, result.stdout
    assert [t for t, _ in _titles(tmp_path / "out.pdf")] == ["First", "Website", "Heading", "Last"]


@pytest.mark.parametrize(("command", "kept"), [
    (["delete", "1"], ["Website", "Heading", "Last"]),  # First went with its page
    (["select", "1-3"], ["First", "Website", "Heading"]),  # Last went with its page
])
def test_removing_a_page_keeps_the_bookmarks_that_pointed_at_none(cli: Any, tmp_path: Path, sample: Path,
                                                                  command: list[str], kept: list[str]) -> None:
    book = _book(tmp_path, sample)
    result = cli(command[0], book, command[1], "-o", tmp_path / "out.pdf")
    assert result.exit_code == 0, result
    assert _titles(tmp_path / "out.pdf") == [(t, "https://example.com/" if t == "Website" else None) for t in kept]


def test_merge_keeps_an_inputs_bookmarks_without_a_page(cli: Any, tmp_path: Path, sample: Path) -> None:
    book = _book(tmp_path, sample)
    result = cli("merge", book, sample, "-o", tmp_path / "out.pdf")
    assert result.exit_code == 0, result
    with pikepdf.open(tmp_path / "out.pdf") as pdf, pdf.open_outline() as tree:
        kids = tree.root[0].children
        assert [str(k.title) for k in kids] == ["First", "Website", "Heading", "Last"]
        assert str(kids[1].action.URI) == "https://example.com/"
