"""`pdf_inspect` gave a page's boxes (and each image drawn) for every page: 500 pages made 100 kB, more than a
client keeps of one result (Claude Code: 25k tokens), for a question about fonts or standards. Over MCP it
lists the first pages' and says, in `warnings`, how many and that `pages` gives the others. Through a real
stdio server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import extreme_pdfs as extreme
import pikepdf
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_PAGES


def test_a_long_document_lists_its_first_pages_and_says_how_to_see_the_rest(tmp_path: Path) -> None:
    pdf = pikepdf.new()
    for _ in range(MOST_PAGES + 200):
        pdf.add_blank_page()
    pdf.save(tmp_path / "long.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_inspect", args) for args in (
                {"input": "long.pdf"}, {"input": "long.pdf", "pages": "250-260"})]

    whole, some = anyio.run(go)
    data = whole.structured_content
    assert not whole.is_error and data["pages"] == MOST_PAGES + 200, whole.content[0].text[:300]
    assert [b["page"] for b in data["page_boxes"]] == list(range(1, MOST_PAGES + 1))
    assert any(f"{MOST_PAGES} of {MOST_PAGES + 200}" in w and "`pages`" in w for w in data["warnings"]), data
    assert len(json.dumps(data)) < 30_000
    assert [b["page"] for b in some.structured_content["page_boxes"]] == list(range(250, 261))
    assert some.structured_content["warnings"] == []


def test_fonts_and_actions_of_a_long_document_are_those_of_its_first_pages(tmp_path: Path) -> None:
    """A 5,000-page book whose 5 fonts are on every page and whose pages each link to the web: each font listed
    its 5,000 pages (145 kB) and the actions were 1,000 links (the op's cap, unsaid), ~300 kB in one result, and
    `pages` did not narrow the actions. Over MCP the fonts and actions are those of the pages listed (the first
    MOST_PAGES), with a warning each that names `pages`; given `pages`, the actions are those of these pages.
    Found as an agent inspecting a 4,680-page book: 420 kB of text."""
    extreme.linked(tmp_path / "book.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_inspect", args) for args in (
                {"input": "book.pdf"}, {"input": "book.pdf", "pages": "4000-4002"})]

    whole, some = anyio.run(go)
    data = whole.structured_content
    assert not whole.is_error and data["pages"] == extreme.PAGES, whole.content[0].text[:300]
    assert len(json.dumps(data)) < 40_000 and len(whole.content[0].text) < 40_000, len(json.dumps(data))
    assert len(data["fonts"]) == 5 and all(f["pages"] == list(range(1, MOST_PAGES + 1)) for f in data["fonts"])
    assert [a["target"] for a in data["actions"]] == [f"https://example.com/{n}" for n in range(1, MOST_PAGES + 1)]
    for name in ("fonts", "actions"):
        assert any(w.startswith(f"{name}: ") and "`pages`" in w for w in data["warnings"]), (name, data["warnings"])
    got = some.structured_content
    assert all(f["pages"] == [4000, 4001, 4002] for f in got["fonts"]), got["fonts"]
    assert [a["where"] for a in got["actions"]] == ["page 4000 Link", "page 4001 Link", "page 4002 Link"]
    assert got["warnings"] == [], got["warnings"]
