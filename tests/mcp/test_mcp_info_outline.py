"""`pdf_info`, an agent's first look at a PDF, returned the whole outline: a book with 2,000 bookmarks made a
100 kB result, more than a client keeps of one (Claude Code: 25k tokens), for a question about the file as a
whole. Over MCP it gives the outline's top levels that fit (or the first top-level bookmarks) and a warning that
says how many there are and which tool lists them all; a small outline comes whole. Through a real stdio
server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from conftest import CORPUS
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_BOOKMARKS, MOST_LISTED

OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"


def _book(path: Path, chapters: int, sections: int) -> None:
    with pikepdf.open(OUTLINE) as pdf:  # its 4 pages, its 9 bookmarks replaced
        with pdf.open_outline() as outline:
            outline.root.clear()
            for c in range(chapters):
                chapter = pikepdf.OutlineItem(f"Chapter {c + 1}", c % 4)
                chapter.children.extend(pikepdf.OutlineItem(f"Section {c + 1}.{s + 1}", c % 4)
                                        for s in range(sections))
                outline.root.append(chapter)
        pdf.save(path)


def _count(tree: list[dict[str, Any]]) -> int:
    return sum(1 + _count(node["children"]) for node in tree)


def _info(root: Path, names: list[str]) -> list[Any]:
    async def go() -> list[Any]:
        async with stdio_client(root) as client:
            return [await client.call_tool("pdf_info", {"input": name}) for name in names]

    return anyio.run(go)


def test_a_big_outline_comes_as_its_top_levels_with_a_warning(tmp_path: Path) -> None:
    _book(tmp_path / "huge.pdf", 500, 3)  # 2,000 bookmarks, 500 at the top
    _book(tmp_path / "book.pdf", 30, 10)  # 330 bookmarks: the 30 chapters fit
    shutil.copy(OUTLINE, tmp_path / "small.pdf")
    huge, book, small = _info(tmp_path, ["huge.pdf", "book.pdf", "small.pdf"])
    for result in (huge, book, small):
        assert not result.is_error, result.content[0].text

    data = huge.structured_content
    assert len(json.dumps(data)) < 30_000 and len(huge.content[0].text) < 30_000, len(json.dumps(data))
    assert _count(data["outline"]) == MOST_BOOKMARKS and data["outline"][0]["title"] == "Chapter 1", data["outline"][0]
    assert any("2000 bookmarks" in w and "pdf_bookmarks" in w for w in data["warnings"]), data["warnings"]

    chapters = book.structured_content["outline"]
    assert [c["title"] for c in chapters] == [f"Chapter {c + 1}" for c in range(30)]
    assert all(c["children"] == [] for c in chapters), chapters[0]
    assert any("330 bookmarks" in w for w in book.structured_content["warnings"]), book.structured_content

    assert _count(small.structured_content["outline"]) == 9 and small.structured_content["warnings"] == []


def test_the_whole_outline_pdf_info_points_to_comes_in_parts_by_pages(tmp_path: Path) -> None:
    """pdf_info's warning sends an agent to pdf_bookmarks (action list) for all the bookmarks: 2,000 came back as
    96 kB of text and 108 kB of structured content. The list keeps the top levels that fit, says how many there
    are, and `pages` lists the bookmarks that open those pages (with the bookmarks above them)."""
    _book(tmp_path / "huge.pdf", 500, 3)

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_bookmarks", {"action": "list", "input": "huge.pdf", **extra})
                    for extra in ({}, {"pages": "3"})]

    whole, third = anyio.run(go)
    for result in (whole, third):
        assert not result.is_error, result.content[0].text[:300]
        assert max(len(json.dumps(result.structured_content)), len(result.content[0].text)) < 40_000
    data = whole.structured_content
    assert data["count"] == 2000 and _count(data["outline"]) == MOST_LISTED == 500, _count(data["outline"])
    assert all(c["children"] == [] for c in data["outline"])  # the chapters: the top level fits
    assert any("2000 bookmarks" in w and "`pages`" in w for w in data["warnings"]), data["warnings"]
    chapters = third.structured_content["outline"]
    assert {c["page"] for c in chapters} == {3} and len(chapters) == 125, len(chapters)
    assert [s["title"] for s in chapters[0]["children"]] == ["Section 3.1", "Section 3.2", "Section 3.3"]
    assert _count(chapters) == 500 and third.structured_content["count"] == 2000
