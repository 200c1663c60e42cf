"""Over stdio a file argument is a path; an agent used to servers that take a file's content sent the PDF as base64
(or a `data:` URL) and read back `no such file: JVBERi0xLjcK...` (4 kB of its own data) with the hint to check the
path. It is told that this server takes paths and what to do instead, in a short message. Over HTTP the same
arguments are files (tests/mcp/test_mcp_http.py). Over a real `pdftools serve` on stdio, with the official client."""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client

SAMPLE = Path(__file__).parents[2] / "samples" / "report.pdf"


def test_a_files_content_given_for_a_path_is_told_to_give_a_path(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "report.pdf")
    data = base64.b64encode(SAMPLE.read_bytes()).decode()
    inputs = [data, "data:application/pdf;base64," + data]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_info", {"input": given}) for given in inputs]

    for result in anyio.run(go):
        assert result.is_error, result
        error = json.loads(result.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT", error
        assert len(error["message"]) < 300, error["message"][:400]
        assert ("base64" in error["message"] or "data: URL" in error["message"]) and "path" in error["hint"], error
