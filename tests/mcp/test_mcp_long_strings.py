"""A PDF's own strings may be as long as it likes: 50 bookmarks titled with 20,000 characters each made pdf_info's
and pdf_bookmarks' results 1 MB, twenty times what a client keeps, though both cap how many bookmarks they list
(tests/mcp/test_mcp_results_bounded.py counts, this measures). Over MCP every string of a result longer than
2,000 characters, and the longest of them until all fit in 30,000, are cut in their middle, each saying how many
characters it lost, and a warning says how many were;
text a tool returns in budgeted pieces (pdf_extract_text's pages, under max_chars) is never cut so. Over a real
`pdftools serve` on stdio, with the official client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_STRING

BOUND = 50_000  # bytes of a result's text, as tests/mcp/test_mcp_results_bounded.py bounds them


def _long_titles(path: Path) -> None:
    with pikepdf.new() as pdf:
        for _ in range(3):
            pdf.add_blank_page()
        with pdf.open_outline() as outline:
            outline.root.extend(pikepdf.OutlineItem(f"{i} " + "T" * 20_000 + " end", 0) for i in range(50))
        pdf.save(path)


def _long_line(path: Path) -> None:
    """One page whose text is one line of 25,000 characters."""
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(14_000, 200))
        font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                     BaseFont=pikepdf.Name.Courier))
        page = pdf.pages[0]
        page.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        page.Contents = pdf.make_stream(b"BT /F1 0.5 Tf 10 100 Td (" + b"word " * 5_000 + b") Tj ET")
        pdf.save(path)


def test_a_documents_long_strings_are_cut_and_budgeted_text_is_not(tmp_path: Path) -> None:
    _long_titles(tmp_path / "titles.pdf")
    _long_line(tmp_path / "line.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(tool, args) for tool, args in
                    (("pdf_info", {"input": "titles.pdf"}),
                     ("pdf_bookmarks", {"action": "list", "input": "titles.pdf"}),
                     ("pdf_extract_text", {"input": "line.pdf"}))]

    info, listed, text = anyio.run(go)
    for result in (info, listed):
        assert not result.is_error, result.content[0].text[:300]
        assert len(result.content[0].text.encode()) < BOUND, len(result.content[0].text.encode())
        title = result.structured_content["outline"][7]["title"]
        assert title.startswith("7 TTT") and title.endswith("TTT end") and "characters cut]" in title, title[-100:]
        assert len(title) < MOST_STRING + 100, len(title)
        warnings = result.structured_content["warnings"]
        assert any("50 long text value(s)" in w for w in warnings), warnings
    page = text.structured_content["pages"][0]["text"]
    assert len(page) > 24_000 and "characters cut" not in page, len(page)
    assert json.loads(json.dumps(text.structured_content))["truncated"] is False
