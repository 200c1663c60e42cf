"""A tool that writes a file per page returned every one of them: `pdf_split` of 500 pages into single pages gave
219 kB of text, 231 kB of structured content and 501 content blocks over HTTP (a resource link per file), 54 kB
over stdio; `pdf_thumbnails` the same plus an inline image per page. A client keeps ~25k tokens of a result.
Over MCP such a result lists its first outputs and says, in `warnings`, how many it left out and where they all
are: over stdio the output folder; over HTTP a manifest (a stored file in `files`, readable as a resource or by
its link, with or without a session) that names every output by URI and link. Real servers, the official client."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import pytest
from surface_servers import http_server, stdio_client

from pdftools.mcp.results import MOST_FILES, MOST_INLINE

PAGES = MOST_FILES + 70
BUDGET = 40_000  # bytes of text, or of structured content: ~10k tokens, well within the ~25k a client keeps


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "root"
    folder.mkdir()
    with pikepdf.new() as pdf:
        for _ in range(PAGES):
            pdf.add_blank_page()
        pdf.save(folder / "long.pdf")
    return folder


def _sizes(result: Any) -> tuple[int, int]:
    text = sum(len(block.text) for block in result.content if block.type == "text")
    return text, len(json.dumps(result.structured_content))


@pytest.mark.parametrize("mode", ["legacy", "auto"])  # legacy: a session; auto: the sessionless protocol
def test_a_split_into_many_files_lists_some_and_a_manifest_reaches_every_one_over_http(root: Path,
                                                                                       mode: str) -> None:
    async def go() -> tuple[Any, dict[str, Any], bytes]:
        with http_server(root) as srv:
            async with srv.client(mode=mode) as client:
                result = await client.call_tool("pdf_split", {"input": "long.pdf", "out_dir": "parts"})
                assert not result.is_error, result.content[0].text
                manifests = [f for f in result.structured_content["files"] if f["mime"] == "application/json"]
                if len(manifests) != 1:
                    return result, {}, b""
                read = await client.read_resource(manifests[0]["uri"])
                listed = json.loads(read.contents[0].text)  # a text resource: a model can read it
                last = await client.read_resource(listed["files"][-1]["uri"])  # one no result listed
                return result, listed, last.contents[0].blob

    result, listed, last = anyio.run(go)
    data = result.structured_content
    assert len(data["parts"]) == MOST_FILES, len(data["parts"])
    parts = [f for f in data["files"] if f["mime"] == "application/pdf"]
    assert len(parts) == MOST_FILES and len(data["files"]) == MOST_FILES + 1, [f["name"] for f in data["files"]]
    links = [block for block in result.content if block.type == "resource_link"]
    assert len(links) == MOST_FILES + 1, len(links)
    warned = " ".join(data["warnings"])
    assert f"{MOST_FILES} of {PAGES}" in warned and next(f["uri"] for f in data["files"]
                                                          if f not in parts) in warned, data["warnings"]
    text, structured = _sizes(result)
    assert text < BUDGET and structured < BUDGET, (text, structured)
    assert [f["name"] for f in listed["files"]] == [f"long-{p:03}-{p:03}.pdf" for p in range(1, PAGES + 1)]
    assert all(f["uri"].startswith("pdftools://files/") and f["download_url"] for f in listed["files"])
    with pikepdf.open(io.BytesIO(base64.b64decode(last))) as part:  # the last page, as a PDF of one page
        assert len(part.pages) == 1


def test_a_split_into_many_files_lists_some_and_names_their_folder_over_stdio(root: Path) -> None:
    async def go() -> Any:
        async with stdio_client(root) as client:
            return await client.call_tool("pdf_split", {"input": "long.pdf", "out_dir": "parts"})

    result = anyio.run(go)
    data = result.structured_content
    assert not result.is_error and len(data["parts"]) == MOST_FILES, result.content[0].text[:300]
    warned = " ".join(data["warnings"])
    assert f"{MOST_FILES} of {PAGES}" in warned and str(root / "parts") in warned, data["warnings"]
    assert len(list((root / "parts").glob("*.pdf"))) == PAGES  # every part written, listed or not
    text, structured = _sizes(result)
    assert text < BUDGET and structured < BUDGET, (text, structured)


def test_thumbnails_of_many_pages_list_and_inline_only_some(root: Path) -> None:
    async def go() -> Any:
        async with stdio_client(root) as client:
            return await client.call_tool("pdf_thumbnails", {"input": "long.pdf", "out_dir": "thumbs", "width": 40})

    result = anyio.run(go)
    data = result.structured_content
    assert not result.is_error and len(data["images"]) == MOST_FILES, result.content[0].text[:300]
    assert len([block for block in result.content if block.type == "image"]) <= MOST_FILES
    assert any(f"{MOST_FILES} of {PAGES}" in w for w in data["warnings"]), data["warnings"]
    assert len(list((root / "thumbs").iterdir())) == PAGES


def _with_images_and_attachments(path: Path) -> None:
    """PAGES pages, each drawing its own 2x2 grey image, and PAGES attached files."""
    with pikepdf.new() as pdf:
        for i in range(PAGES):
            pdf.add_blank_page()
            image = pikepdf.Stream(pdf, bytes([i % 256]) * 4, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                                   Width=2, Height=2, ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=8)
            page = pdf.pages[-1]
            page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
            page.Contents = pdf.make_stream(b"q 100 0 0 100 0 0 cm /Im0 Do Q")
            pdf.attachments[f"note-{i:03}.txt"] = pikepdf.AttachedFileSpec(pdf, f"note {i}".encode(),
                                                                           filename=f"note-{i:03}.txt")
        pdf.save(path)


def test_extracting_many_images_and_attachments_lists_some_over_http(root: Path) -> None:
    _with_images_and_attachments(root / "many.pdf")

    async def go() -> list[Any]:
        with http_server(root) as srv:
            async with srv.client() as client:
                return [await client.call_tool(tool, args) for tool, args in (
                    ("pdf_extract_images", {"input": "many.pdf", "out_dir": "images"}),
                    ("pdf_attachments", {"action": "extract", "input": "many.pdf", "out_dir": "notes"}))]

    images, attachments = anyio.run(go)
    for result, listed in ((images, "images"), (attachments, "attachments")):
        data = result.structured_content
        assert not result.is_error and len(data[listed]) == MOST_FILES, result.content[0].text[:300]
        assert len(data["files"]) == MOST_FILES + 1 and any("files.json" in w for w in data["warnings"]), data
        assert max(_sizes(result)) < BUDGET, _sizes(result)  # an attachment's entry is long: 32 kB


def test_listing_many_attachments_lists_some_and_says_how_to_reach_all(root: Path) -> None:
    """A list of 500 attachments was uncapped (~250 bytes an entry, 125 kB): it lists as many as an extract does,
    and says that an extract writes every one (over HTTP its manifest names them all)."""
    _with_images_and_attachments(root / "many.pdf")

    async def go() -> Any:
        async with stdio_client(root) as client:
            return await client.call_tool("pdf_attachments", {"action": "list", "input": "many.pdf"})

    result = anyio.run(go)
    data = result.structured_content
    assert not result.is_error and len(data["attachments"]) == MOST_FILES, len(data["attachments"])
    assert data["remaining"] == PAGES  # the count is of all
    warned = " ".join(data["warnings"])
    assert f"{MOST_FILES} of {PAGES}" in warned and "extract" in warned, data["warnings"]
    assert max(_sizes(result)) < BUDGET, _sizes(result)


def _json_size(result: Any) -> int:
    return len(result.model_dump_json(by_alias=True, exclude_none=True))


def test_thumbnails_inline_no_more_images_than_clients_take(root: Path) -> None:
    """Clients count an inline image: Claude Code as ~1,600 tokens of the 25,000 it keeps of a result, MCPJam's
    inspector drops those past 16; 50 were inlined. The others are listed, and a text block says where."""
    async def go() -> Any:
        async with stdio_client(root) as client:
            return await client.call_tool("pdf_thumbnails", {"input": "long.pdf", "out_dir": "thumbs", "width": 40})

    result = anyio.run(go)
    inline = [block for block in result.content if block.type == "image"]
    assert len(inline) == MOST_INLINE, len(inline)
    notes = [block.text for block in result.content if block.type == "text"][1:]
    assert any(f"{MOST_FILES - MOST_INLINE} image(s) not inline" in note for note in notes), notes


def test_inline_thumbnails_keep_the_result_under_a_mebibyte(root: Path) -> None:
    """Claude Desktop refuses a result longer than 1,048,576 characters: images of ~150 kB each were inlined up
    to 1 MB of bytes, 1.3 MB as base64."""
    import random

    rnd = random.Random(1)
    with pikepdf.new() as pdf:
        for _ in range(8):
            pdf.add_blank_page()
            noise = bytes(rnd.getrandbits(8) for _ in range(300 * 300 * 3))
            image = pikepdf.Stream(pdf, noise, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=300,
                                   Height=300, ColorSpace=pikepdf.Name.DeviceRGB, BitsPerComponent=8)
            page = pdf.pages[-1]
            page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
            page.Contents = pdf.make_stream(b"q 612 0 0 792 0 0 cm /Im0 Do Q")
        pdf.save(root / "noise.pdf")

    async def go() -> Any:
        async with stdio_client(root) as client:
            return await client.call_tool("pdf_thumbnails", {"input": "noise.pdf", "out_dir": "noise", "width": 200})

    result = anyio.run(go)
    sizes = [image["bytes"] for image in result.structured_content["images"]]
    assert min(sizes) > 100_000, sizes  # each is big enough that a few fill the budget
    inline = [block for block in result.content if block.type == "image"]
    assert 1 <= len(inline) < len(sizes), len(inline)
    assert _json_size(result) < 1_048_576, _json_size(result)
