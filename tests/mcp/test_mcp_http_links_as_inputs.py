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


def test_a_link_whose_file_is_gone_says_so_not_to_check_a_path(tmp_path: Path, sample: Path) -> None:
    """A link of this server whose file was swept (expired; a restart loses them all the same way) was taken for a
    path: `no such file: http://...`, "Check the path". It says the file is gone and how to make it again; the
    download route's 404 and the uri's error say a restart loses files too."""
    import time
    import urllib.error
    import urllib.request

    from surface_servers import TOKEN

    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")

    def status(url: str) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, {}
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    async def make(server: Any) -> dict[str, Any]:
        async with server.client() as client:
            made = await client.call_tool("pdf_select_pages", {"input": "four.pdf", "pages": "1", "output": "one.pdf"})
            return dict(made.structured_content["files"][0])

    async def use(server: Any, stored: dict[str, Any]) -> list[Any]:
        async with server.client() as client:
            return [await client.call_tool("pdf_info", {"input": stored["download_url"]}),
                    await client.call_tool("pdf_info", {"input": stored["uri"]})]

    with http_server(root, files_dir=tmp_path, PDFTOOLS_FILE_TTL="1") as server:
        stored = anyio.run(make, server)
        for _ in range(600):  # until the sweep (every 0.5 s at this TTL) has removed it: the link answers 410
            if status(stored["download_url"])[0] == 410:
                break
            time.sleep(0.1)
        by_link, by_uri = anyio.run(use, server, stored)
        unknown = status(stored["download_url"][:-5] + "AAAAA")
    link_error, uri_error = (json.loads(r.content[0].text) for r in (by_link, by_uri))
    assert by_link.is_error and link_error["code"] == "FILE_NOT_FOUND", link_error
    assert "Check the path" not in link_error["hint"] and "gone" in link_error["message"], link_error
    assert "restart" in link_error["hint"] and "again" in link_error["hint"], link_error
    assert "restart" in uri_error["message"], uri_error
    assert unknown[0] == 404 and "restart" in unknown[1]["error"]["hint"], unknown
