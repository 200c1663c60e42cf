"""`pdf_inspect` gave a page's boxes (and each image drawn) for every page: 500 pages made 100 kB, more than a
client keeps of one result (Claude Code: 25k tokens), for a question about fonts or standards. Over MCP it
lists the first pages' and says, in `warnings`, how many and that `pages` gives the others. Through a real
stdio server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
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
