"""Over HTTP a stored file (an upload, an earlier output, a base64 input) never changes: `in_place` on one rewrote
it under its token, so its download no longer matched the sha256 and size the result and the resource listing
had given out. It is refused, saying that the result of the same call without `in_place` is a new stored file.
Found trying every tool over HTTP as an agent new to them; the real server, the SDK's client."""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import urllib.request
from pathlib import Path
from typing import Any

import anyio
from surface_servers import TOKEN, http_server

from pdftools.mcp.server import instructions


def test_in_place_never_changes_a_stored_file(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")

    async def go(server: Any) -> tuple[Any, ...]:
        async with server.client() as client:
            made = await client.call_tool("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "turned.pdf"})
            stored = made.structured_content["files"][0]
            again = await client.call_tool("pdf_rotate", {"input": stored["uri"], "angle": 90, "in_place": True})
            given = await client.call_tool("pdf_delete_pages", {"input": base64.b64encode(sample.read_bytes())
                                                                .decode(), "pages": "1", "in_place": True})
            fresh = await client.call_tool("pdf_rotate", {"input": stored["uri"], "angle": 90})
            return stored, again, given, fresh

    with http_server(root, files_dir=tmp_path) as server:
        stored, again, given, fresh = anyio.run(go, server)
        request = urllib.request.Request(stored["download_url"], headers={"Authorization": f"Bearer {TOKEN}"})
        with urllib.request.urlopen(request, timeout=60) as response:
            body = response.read()
    assert hashlib.sha256(body).hexdigest() == stored["sha256"] and len(body) == stored["size"]
    for refused in (again, given):
        assert refused.is_error, refused.content[0].text[:300]
        error = json.loads(refused.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT" and "in_place" in error["message"], error
        assert "never changes" in error["message"] and "new stored file" in error["hint"], error
    assert stored["uri"] in json.loads(again.content[0].text)["message"]
    assert not fresh.is_error and fresh.structured_content["files"][0]["uri"] != stored["uri"]
    assert "a stored file never changes" in instructions("http")  # what an agent reads of in_place over HTTP
