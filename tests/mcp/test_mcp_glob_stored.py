"""Over HTTP, a glob that matches no file in the roots but matches files this session made (kept in the store,
not the roots) says so, naming their uris: an agent that merged into `both.pdf` and then searched `both*.pdf`
was told `no files match` and to list the folder, where the file is not. Found using the server as an agent
would, through the SDK's client over HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from surface_servers import http_server


@pytest.fixture
def root(tmp_path: Path, sample: Path) -> Path:
    """The server's root, holding a 4-page PDF (four.pdf)."""
    (tmp_path / "root").mkdir()
    shutil.copy(sample, tmp_path / "root" / "four.pdf")
    return tmp_path / "root"


def test_a_glob_that_matches_only_stored_files_names_their_uris(tmp_path: Path, root: Path) -> None:

    async def go(server: Any) -> list[Any]:
        async with server.client() as client:
            merged = await client.call_tool("pdf_merge", {"inputs": ["four.pdf", "four.pdf"], "output": "both.pdf"})
            return [merged, await client.call_tool("pdf_search", {"inputs": ["both*.pdf"], "pattern": "Hello"}),
                    await client.call_tool("pdf_search", {"inputs": ["none*.pdf"], "pattern": "Hello"})]

    with http_server(root, files_dir=tmp_path) as server:
        merged, stored, none = anyio.run(go, server)
    assert not merged.is_error, merged.content[0].text
    uri = merged.structured_content["output"]
    error = json.loads(stored.content[0].text)
    assert stored.is_error and error["code"] == "NO_INPUTS", error
    assert uri in error["hint"] and "both.pdf" in error["hint"], error  # what to give instead
    assert "pdftools ls" not in error["hint"]
    other = json.loads(none.content[0].text)  # nothing stored matches either: the plain hint
    assert other["code"] == "NO_INPUTS" and "pdftools://" not in other["hint"], other


def test_a_batch_glob_that_matches_only_stored_files_names_their_uris(tmp_path: Path, root: Path) -> None:
    """pdf_batch gathers its inputs itself (batch/inputs.py), and said `no files match` with the plain hint."""

    async def go(server: Any) -> list[Any]:
        async with server.client() as client:
            merged = await client.call_tool("pdf_merge", {"inputs": ["four.pdf", "four.pdf"], "output": "both.pdf"})
            batch = {"command": "rotate", "options": {"angle": 90}, "out_dir": "turned"}
            return [merged, await client.call_tool("pdf_batch", {**batch, "inputs": ["both*.pdf"]}),
                    await client.call_tool("pdf_batch", {**batch, "inputs": ["none*.pdf"]})]

    with http_server(root, files_dir=tmp_path) as server:
        merged, stored, none = anyio.run(go, server)
    assert not merged.is_error, merged.content[0].text
    error = json.loads(stored.content[0].text)
    assert stored.is_error and error["code"] == "NO_INPUTS", error
    assert merged.structured_content["output"] in error["hint"] and "both.pdf" in error["hint"], error
    other = json.loads(none.content[0].text)
    assert other["code"] == "NO_INPUTS" and "pdftools://" not in other["hint"], other
    assert not (root / "turned").exists()
