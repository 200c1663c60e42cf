"""Over HTTP with a token, the server's instructions tell an agent that a result's download_url needs that token
(the Authorization header its client already sends, or `?token=`), and both ways work: a link fetched bare is
refused (401). Without a token there is nothing to say. A real `pdftools serve --transport http` on 127.0.0.1."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import httpx2
import readback as rb
from surface_servers import TOKEN, http_server

from pdftools.mcp.listing import instructions


def test_instructions_say_download_links_need_the_token(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(rb.FOUR, root / "four.pdf")

    async def go() -> tuple[str, Any]:
        with http_server(root, files_dir=tmp_path) as server:
            async with server.client() as client:
                said = client.instructions or ""
                result = await client.call_tool("pdf_rotate", {"input": "four.pdf", "angle": 90})
            link = result.structured_content["files"][0]["download_url"]
            async with httpx2.AsyncClient(timeout=60) as http:
                bare = await http.get(link)
                header = await http.get(link, headers={"Authorization": f"Bearer {TOKEN}"})
                query = await http.get(link, params={"token": TOKEN})
            return said, (bare.status_code, header.status_code, query.status_code, query.content[:5]), bare.json()

    said, fetched, refused = anyio.run(go)
    assert "download_url" in said and "Authorization: Bearer" in said and "?token=" in said, said
    assert fetched == (401, 200, 200, b"%PDF-"), fetched
    assert "?token=" in refused["error"]["hint"], refused  # a link opened in a browser: the way it can send it
    assert "?token=" not in instructions("http") and "?token=" not in instructions("stdio")  # no token: nothing
