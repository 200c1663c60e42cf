"""A file given as base64 over HTTP has a name a person would give it, never the server's: attached to a PDF, a
`data:text/plain;base64,...` file was named `.input-8675a482` (the workspace's file) with no MIME type. The name
is the data: URL's own (`name=` or `filename=`, RFC 2397 parameters), else `upload` and the extension of its type
(the URL's, else its bytes'). Found trying every tool as an agent new to them; the real server, the SDK's
client."""

from __future__ import annotations

import base64
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import http_server

from pdftools.mcp.server import instructions


def _encoded(data: bytes, head: str = "") -> str:
    return head + base64.b64encode(data).decode()


def test_base64_files_are_named_as_a_person_would(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    pdf = sample.read_bytes()
    given = [_encoded(b"hello\n", "data:text/plain;base64,"),
             _encoded(b"# Notes\n", "data:text/markdown;name=my%20notes.md;base64,"),
             _encoded(b"a,b\n", "data:text/csv;filename=table.csv;base64,"),
             _encoded(pdf),  # plain base64: the type from its bytes
             _encoded(b"\x89PNG\r\n\x1a\n" + bytes(600), "data:application/octet-stream;base64,")]

    async def go(server: Any) -> Any:
        async with server.client() as client:
            return await client.call_tool("pdf_attachments", {"action": "add", "input": "four.pdf", "files": given,
                                                              "output": "attached.pdf"})

    with http_server(root, files_dir=tmp_path) as server:
        result = anyio.run(go, server)
    assert "`;name=notes.txt` before `;base64`" in instructions("http")  # where an agent learns of it
    assert not result.is_error, result.content[0].text
    attached = {a["name"]: a["mime_type"] for a in result.structured_content["attachments"]}
    assert set(attached) == {"upload.txt", "my notes.md", "table.csv", "upload.pdf", "upload.png"}, attached
    assert {attached[n] for n in ("upload.txt", "upload.pdf", "upload.png")} == {"text/plain", "application/pdf",
                                                                                 "image/png"}, attached
