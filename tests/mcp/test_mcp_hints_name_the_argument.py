"""A hint names the argument that mends the call. Outputs already in an `out_dir` (thumbnails, images, attachments
extracted, run twice) said `Choose another output path`: those tools take no output path, but a folder. A page
to insert after past the end (`after: 9` of a 3-page file) was given the hint of a page range (`1-3,7,10-`):
`after` takes one page, 0 to the page count, or `last`. Over a real `pdftools serve` on stdio, with the official
client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
IMAGE = CORPUS / "003-pdflatex-image" / "pdflatex-image.pdf"


def test_hints_name_the_argument_that_mends_the_call(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    shutil.copy(IMAGE, tmp_path / "image.pdf")
    twice = [("pdf_thumbnails", {"input": "four.pdf", "out_dir": "thumbs", "pages": "1", "width": 20}),
             ("pdf_extract_images", {"input": "image.pdf", "out_dir": "images"})]
    past = [("pdf_insert_blank", {"input": "four.pdf", "after": 9, "output": "b.pdf"}),
            ("pdf_insert_pages", {"input": "four.pdf", "source": "four.pdf", "after": 5, "output": "i.pdf"})]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            for tool, args in twice:
                assert not (await client.call_tool(tool, args)).is_error
            return [await client.call_tool(tool, args) for tool, args in [*twice, *past]]

    errors = [json.loads(result.content[0].text) for result in anyio.run(go)]
    for error in errors[:2]:
        assert error["code"] == "OUTPUT_EXISTS", error
        assert "another out_dir" in error["hint"] and "give force" in error["hint"], error
        assert "output path" not in error["hint"], error
    for error in errors[2:]:
        assert error["code"] == "INVALID_PAGE_RANGE", error
        assert "after takes one page, from 0 (at the start) to 4" in error["hint"], error
        assert "1-3,7" not in error["hint"], error


def test_crop_without_what_to_crop_shows_both_ways(tmp_path: Path) -> None:
    """pdf_crop with neither `margins` nor `to_content` got the generic `Check the argument values` hint."""
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_crop", {"input": "four.pdf", "output": "c.pdf"})

    error = json.loads(anyio.run(go).content[0].text)
    assert error["code"] == "INVALID_ARGUMENT" and "Check the argument values" not in error["hint"], error
    assert "margins `36`" in error["hint"] and "to_content true" in error["hint"], error
