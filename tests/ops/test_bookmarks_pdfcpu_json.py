"""`bookmarks replace --data` takes the JSON `pdfcpu bookmarks export` writes (`{"header": ..., "bookmarks":
[{"title", "page", "color": {"R", "G", "B"}, "bold", "italic", "kids"}]}`, pdfcpu.io's example): a pdfcpu user's
export, edited, replaces the outline. It said `bookmarks JSON must be a list of {title, page, children}`."""

from __future__ import annotations

import json
from pathlib import Path

import pikepdf
from conftest import CORPUS

from pdftools.ops.bookmarks import bookmarks

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
EXPORT = {
    "header": {"source": "bookmarkTree.pdf", "version": "pdfcpu v0.5.0 dev", "creation": "2023-08-19 12:53:28 CEST",
               "title": "The Center of Why?"},
    "bookmarks": [
        {"title": "Page 1: Level 1", "page": 1, "color": {"R": 0, "G": 1, "B": 0}, "bold": True,
         "kids": [{"title": "Page 2: Level 1.1", "page": 2},
                  {"title": "Page 3: Level 1.2", "page": 3, "kids": [{"title": "Page 4: Level 1.2.1", "page": 4}]}]},
        {"title": "Ünïcode 日本", "page": 4, "italic": True},
    ],
}


def test_a_pdfcpu_export_replaces_the_outline(tmp_path: Path) -> None:
    data, out = tmp_path / "out.json", tmp_path / "out.pdf"
    data.write_text(json.dumps(EXPORT, ensure_ascii=False), encoding="utf-8")
    result = bookmarks("replace", str(FOUR), data=str(data), output=str(out))

    def tree(nodes: list) -> list:
        return [(n.title, n.page, tree(n.children)) for n in nodes]

    assert tree(result.outline) == [
        ("Page 1: Level 1", 1, [("Page 2: Level 1.1", 2, []),
                                ("Page 3: Level 1.2", 3, [("Page 4: Level 1.2.1", 4, [])])]),
        ("Ünïcode 日本", 4, [])]
    with pikepdf.open(out) as pdf:
        first, last = pdf.Root.Outlines.First, pdf.Root.Outlines.Last
        assert [float(c) for c in first.C] == [0, 1, 0] and int(first.F) == 2  # green, bold
        assert int(last.F) == 1  # italic
