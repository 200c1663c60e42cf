"""pdf_list of a folder whose PDFs are all in its subfolders (the server's root, as the instructions tell an agent
to call it first) came back `files: [], total: 0` and no warning: an agent read that there are no PDFs. The result
says the folder has subfolders and that `recursive` lists theirs. Over a real `pdftools serve` on stdio, with the
official client."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_an_empty_listing_says_the_subfolders_recursive_would_search(tmp_path: Path) -> None:
    for sub in ("2024", "2025", ".cache"):
        (tmp_path / "docs" / sub).mkdir(parents=True)
    shutil.copy(FOUR, tmp_path / "docs" / "2024" / "four.pdf")
    (tmp_path / "empty").mkdir()

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [(await client.call_tool("pdf_list", args)).structured_content for args in (
                {"folder": "docs"}, {"folder": "docs", "recursive": True}, {"folder": "empty"})]

    flat, deep, empty = anyio.run(go)
    assert flat["total"] == 0 and flat["warnings"] == [
        "no file here matches *.pdf, but the folder has 2 subfolders: give recursive true to list theirs"], flat
    assert deep["total"] == 1 and deep["warnings"] == [], deep
    assert empty["total"] == 0 and empty["warnings"] == [], empty
