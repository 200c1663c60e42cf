"""A file given as base64 over HTTP has a name a person would give it, never the server's: attached to a PDF, a
`data:text/plain;base64,...` file was named `.input-8675a482` (the workspace's file) with no MIME type. The name
is the data: URL's own (`name=` or `filename=`, RFC 2397 parameters), else `upload` and the extension of its type
(the URL's, else its bytes'). Found trying every tool as an agent new to them; the real server, the SDK's
client."""

from __future__ import annotations

import base64
import json
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


def test_text_names_a_named_base64_input_by_its_name(tmp_path: Path, sample: Path, outline_pdf: Path,
                                                     encrypted_pdf: Path) -> None:
    """A data: URL's `;name=` names its file in text, as a stored file's name does: a search's lines read
    `min.pdf:1:1: ...` and an error `locked.pdf is encrypted`, not `base64:f723638db6e763cf` (a name the agent
    never gave, which it could not tell from another's). Without a name, or two inputs sharing one, the text keeps
    the `base64:` label that tells them apart; a value field (`path`) keeps it too. Found as an agent: an uploaded
    `locked.pdf` came back as `base64:3e333bff0196d0c5 is encrypted`. (pdf_search resolved its inputs three
    times, decoding each payload three times; each is now decoded once a call, so the name was its alone.)"""
    root = tmp_path / "root"
    root.mkdir()
    named = _encoded(sample.read_bytes(), "data:application/pdf;name=min.pdf;base64,")
    other = _encoded(outline_pdf.read_bytes(), "data:application/pdf;name=min.pdf;base64,")  # another min.pdf
    bare = _encoded(sample.read_bytes(), "data:application/pdf;base64,")
    locked = _encoded(encrypted_pdf.read_bytes(), "data:application/pdf;name=locked.pdf;base64,")

    async def go(server: Any) -> dict[str, Any]:
        async with server.client() as client:
            return {"one": await client.call_tool("pdf_search", {"inputs": [named], "pattern": "Huardest"}),
                    "two": await client.call_tool("pdf_search", {"inputs": [named, other, bare],
                                                                 "pattern": "Huardest|Foo"}),
                    "locked": await client.call_tool("pdf_info", {"input": locked}),
                    "range": await client.call_tool("pdf_extract_text", {"input": named, "pages": "99"})}

    with http_server(root, files_dir=tmp_path) as server:
        got = anyio.run(go, server)
    one, two = got["one"], got["two"]
    assert not one.is_error and not two.is_error, (one.content[0].text, two.content[0].text)
    lines = one.content[0].text.splitlines()
    assert lines and all(line.startswith("min.pdf:") for line in lines), lines
    assert one.structured_content["hits"][0]["path"].startswith("base64:"), one.structured_content  # a value
    both = two.content[0].text.splitlines()  # two files of one name, and one of none: each told by its label
    assert both and all(line.startswith("base64:") for line in both), both
    assert len({line.split(":")[1] for line in both}) == 2, both  # the same bytes, the same label
    assert json.loads(got["locked"].content[0].text)["message"] == "locked.pdf is encrypted"
    message = json.loads(got["range"].content[0].text)["message"]
    assert message == "page 99 is out of range: min.pdf has 4 pages", message


def test_a_data_url_without_base64_is_its_percent_encoded_text(tmp_path: Path) -> None:
    """RFC 2397's other form, `data:text/markdown,%23%20Notes` (text, percent-encoded, no `;base64`), which an agent
    writes for a short text: refused as `not valid base64: Only base64 data is allowed` (Python's words), with a
    hint that did not say what was wrong. Taken as the text it spells; a data: URL without its comma is refused
    saying how one is written."""
    root = tmp_path / "root"
    root.mkdir()

    async def go(server: Any) -> list[Any]:
        async with server.client() as client:
            return [await client.call_tool("doc_convert", {"input": url, "to_format": "html"})
                    for url in ("data:text/markdown;name=notes.md,%23%20Notes%0A%0AA line, with a comma.",
                                "data:text/markdown;charset=utf-8,%23 Caf%C3%A9", "data:text/markdown")]

    with http_server(root, files_dir=tmp_path) as server:
        notes, cafe, broken = anyio.run(go, server)
    assert not notes.is_error, notes.content[0].text
    assert notes.content[0].text == '<h1 id="notes">Notes</h1>\n<p>A line, with a comma.</p>\n', notes.content[0].text
    assert not cafe.is_error and "Café</h1>" in cafe.content[0].text, cafe.content[0].text
    error = json.loads(broken.content[0].text)
    assert broken.is_error and error["code"] == "INVALID_ARGUMENT", error
    assert "data:text/plain;base64,SGk=" in error["hint"] and "Only base64" not in error["message"], error
