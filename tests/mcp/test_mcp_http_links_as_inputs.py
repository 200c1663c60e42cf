"""What an agent gives back over HTTP for a stored file: the result's `download_url` (the link it was handed, next
to the uri) was `no such file: http://...` with a hint to check the path, and the file's `name` (`m.pdf`) was `no
such file` pointing to pdf_list, which lists the roots, not the store. A download link of this server is taken as
the file's uri; a name that is one of this session's stored files is refused naming its uri. Found trying every
tool over HTTP as an agent new to them; the real server, the SDK's client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import http_server


def test_a_download_link_is_the_file_and_a_stored_name_names_its_uri(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")

    async def go(server: Any) -> list[Any]:
        async with server.client() as client:
            made = await client.call_tool("pdf_select_pages", {"input": "four.pdf", "pages": "1-2",
                                                               "output": "two.pdf"})
            stored = made.structured_content["files"][0]
            return [stored,
                    await client.call_tool("pdf_info", {"input": stored["download_url"]}),
                    await client.call_tool("pdf_info", {"input": stored["download_url"] + "?token=abc"}),
                    await client.call_tool("pdf_info", {"input": f" {stored['uri']}\n"}),
                    await client.call_tool("pdf_info", {"input": "two.pdf"}),
                    await client.call_tool("pdf_info", {"input": stored["download_url"].replace("127.0.0.1",
                                                                                                "example.org")})]

    with http_server(root, files_dir=tmp_path) as server:
        stored, linked, with_query, spaced, named, elsewhere = anyio.run(go, server)
    for result in (linked, with_query, spaced):
        assert not result.is_error, result.content[0].text
        assert result.structured_content["pages"] == 2 and result.structured_content["path"] == stored["uri"]
    error = json.loads(named.content[0].text)
    assert error["code"] == "FILE_NOT_FOUND" and stored["uri"] in error["hint"], error
    assert json.loads(elsewhere.content[0].text)["code"] == "FILE_NOT_FOUND"  # another server's link is not ours
