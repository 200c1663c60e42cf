"""pdf_list shows each PDF's title, and a title can be as long as a PDF likes: a folder of them made a result
larger than a client keeps (one 133,000-character title alone: 134 kB). Over MCP each title is cut to its first
100 characters, ending in `…`, and a warning names the call that gets one whole: pdf_metadata with the file as
input and `key` Title (the way pdf_info's and pdf_metadata's cut values go on). Over a real `pdftools serve` on
stdio, with the official client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import extreme_pdfs as extreme
import pikepdf
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_TITLE


def _titled(path: Path, title: str) -> None:
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.docinfo["/Title"] = title
        pdf.save(path)


def test_long_titles_are_cut_and_the_warning_names_the_call_for_one_whole(tmp_path: Path) -> None:
    extreme.metadata(tmp_path / "meta.pdf")
    for index in range(60):
        _titled(tmp_path / f"long-{index:02}.pdf", f"{index} " + "word " * 2_000)
    _titled(tmp_path / "short.pdf", "A short title")

    async def go() -> tuple[Any, list[Any]]:
        async with stdio_client(tmp_path) as client:
            listed = await client.call_tool("pdf_list", {})
            data = listed.structured_content
            calls = [json.loads(w[w.index("pdf_metadata ") + 13:]) for w in data["warnings"] if "pdf_metadata " in w]
            return listed, [await client.call_tool("pdf_metadata", args) for args in calls]

    listed, followed = anyio.run(go)
    assert not listed.is_error, listed
    text = listed.content[0].text
    assert len(text.encode()) < 50_000, len(text.encode())  # as tests/mcp/test_mcp_results_bounded.py bounds them
    titles = {f["path"]: f["title"] for f in listed.structured_content["files"]}
    assert titles["short.pdf"] == "A short title"
    assert all(len(titles[f"long-{i:02}.pdf"]) == MOST_TITLE + 1 for i in range(60))
    assert titles["long-07.pdf"].startswith("7 word word") and titles["long-07.pdf"].endswith("…")
    assert len(followed) == 1 and not followed[0].is_error, followed
    whole = followed[0].structured_content["info"]
    with pikepdf.open(tmp_path / "long-00.pdf") as pdf:
        assert whole == {"Title": str(pdf.docinfo["/Title"])}
