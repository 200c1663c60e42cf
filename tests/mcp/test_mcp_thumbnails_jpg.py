"""`pdf_thumbnails` takes `format: "jpg"` as `jpeg` (its schema's enum lists both), and JPEG thumbnails come back
inline as image/jpeg: they crashed the tool (`INTERNAL`, KeyError 'jpg') while only the name was looked at."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import readback as rb


def test_jpg_and_jpeg_thumbnails_come_back_inline(tmp_path: Path) -> None:
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")
    for fmt in ("jpg", "jpeg"):
        result = rb.mcp_call(tmp_path, "pdf_thumbnails", {"input": "four.pdf", "out_dir": fmt, "format": fmt,
                                                           "pages": "1-2", "width": 40})
        assert not result.is_error, result.content[0].text
        assert [Path(i["path"]).name for i in result.structured_content["images"]] == ["four-p001.jpg",
                                                                                       "four-p002.jpg"]
        assert [c.mime_type for c in result.content if c.type == "image"] == ["image/jpeg", "image/jpeg"]


def test_the_schema_lists_jpg(tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            tools = await client.list_tools()
            return next(t for t in tools.tools if t.name == "pdf_thumbnails").input_schema

    schema = anyio.run(go)
    assert "jpg" in schema["properties"]["format"]["enum"], schema["properties"]["format"]
