"""Over HTTP a tool that writes a folder of files (pdf_split, pdf_thumbnails, pdf_extract_images) returned
`out_dir: "pdftools://files/"`: no file, no folder, nothing an agent can read or give back (the outputs go into
the store, each under its own uri). Over HTTP such a result has no `out_dir` (nor does its output schema); each
output it lists is named by its uri, which `files` describes with its name and download link. pdf_attachments'
extract, which names no folder, lists its files the same way; pdf_batch's `out_dir` is a folder inside the roots
(its outputs stay there, as the instructions say) and stays. Over stdio `out_dir` is the folder written, as
before. Found using the server as an agent would; real servers, the SDK's client."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import http_server, stdio_client

CALLS = {
    "pdf_split": ({"input": "four.pdf", "out_dir": "parts"}, "parts"),
    "pdf_thumbnails": ({"input": "four.pdf", "out_dir": "thumbs", "pages": "1-2", "width": 40}, "images"),
    "pdf_extract_images": ({"input": "image.pdf", "out_dir": "imgs"}, "images"),
    "pdf_attachments": ({"action": "extract", "input": "attached.pdf", "out_dir": "att"}, "attachments"),
}


def _root(tmp_path: Path, sample: Path) -> Path:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    shutil.copy(CORPUS / "003-pdflatex-image" / "pdflatex-image.pdf", root / "image.pdf")
    shutil.copy(CORPUS / "025-attachment" / "with-attachment.pdf", root / "attached.pdf")
    return root


async def _calls(client: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    tools: dict[str, Any] = {tool.name: tool for tool in (await client.list_tools()).tools}
    tools["instructions"] = client.instructions or ""
    results = {name: await client.call_tool(name, args) for name, (args, _) in CALLS.items()}
    results["pdf_batch"] = await client.call_tool("pdf_batch", {"inputs": ["four.pdf"], "command": "thumbnails",
                                                                "options": {"pages": "1"}, "out_dir": "batch"})
    return results, tools


def test_over_http_a_folder_output_is_its_files_uris_not_a_folder(tmp_path: Path, sample: Path) -> None:
    root = _root(tmp_path, sample)

    async def go(server: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        async with server.client() as client:
            return await _calls(client)

    with http_server(root, files_dir=tmp_path) as server:
        results, tools = anyio.run(go, server)
    for name, (_, listed) in CALLS.items():
        result = results[name]
        assert not result.is_error, (name, result.content[0].text)
        data = result.structured_content
        assert "out_dir" not in data, (name, data.get("out_dir"))
        assert '"pdftools://files/"' not in result.content[0].text, name  # the bare prefix, anywhere
        stored = {f["uri"]: f for f in data["files"]}
        assert data[listed] and all(item["path"] in stored for item in data[listed]), (name, data)
        assert all(f["download_url"].startswith(server.url) for f in stored.values()), name
        assert "out_dir" not in (tools[name].output_schema or {}).get("properties", {}), name
    batch = results["pdf_batch"]
    assert not batch.is_error, batch.content[0].text
    assert Path(batch.structured_content["out_dir"]) == root / "batch" and (root / "batch" / "four").is_dir()
    assert "out_dir" in tools["pdf_batch"].output_schema["properties"]
    said = tools["instructions"]  # it said an output folder "counts only by its file name": it counts not at all
    assert "(file or folder) counts only by its file name" not in said and "`out_dir`" in said, said


def test_over_stdio_out_dir_is_the_folder_written(tmp_path: Path, sample: Path) -> None:
    root = _root(tmp_path, sample)

    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        async with stdio_client(root) as client:
            return await _calls(client)

    results, tools = anyio.run(go)
    for name in ("pdf_split", "pdf_thumbnails", "pdf_extract_images"):
        data = results[name].structured_content
        folder = Path(data["out_dir"])
        assert folder.is_dir() and all(Path(item["path"]).parent == folder for item in data[CALLS[name][1]]), data
        assert "out_dir" in tools[name].output_schema["properties"], name
