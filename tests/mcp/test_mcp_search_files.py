"""`pdf_search` over a folder listed every file searched in `files`, matching or not: a search of 300 PDFs that
found nothing answered `no match` in its text and 26 kB of `{"matches": 0}` in its structured content (what
some clients give the model instead), and `count` printed a line per file past `max_chars`. Over MCP `files`
holds the files that match. Through a real stdio server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"  # its pages say Foo; FOUR's do not


def test_files_that_do_not_match_are_left_out(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    for i in range(100):
        shutil.copy(FOUR, docs / f"doc-{i:03}.pdf")
    shutil.copy(OUTLINE, docs / "outline.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_search", args) for args in (
                {"pattern": "Foo", "inputs": ["docs"]},
                {"pattern": "Foo", "inputs": ["docs"], "count": True},
                {"pattern": "no such words", "inputs": ["docs"]},
                {"pattern": "no such words", "inputs": ["docs"], "count": True})]

    lines, counted, nothing, none_counted = anyio.run(go)
    for result in (lines, counted):
        assert not result.is_error, result.content[0].text
        data = result.structured_content
        assert [Path(f["path"]).name for f in data["files"]] == ["outline.pdf"], data["files"][:3]
        assert data["matches"] == data["files"][0]["matches"] > 0, data
    assert counted.content[0].text.splitlines() == [f"{docs / 'outline.pdf'}: {counted.structured_content['matches']}"
                                                    " matches"], counted.content[0].text[:300]
    for result in (nothing, none_counted):
        assert not result.is_error and result.structured_content["files"] == [], result.structured_content
        assert result.content[0].text == "no match" and len(json.dumps(result.structured_content)) < 500
