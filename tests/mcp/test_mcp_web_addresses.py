"""A web address given as a file (`input: "https://example.com/report.pdf"`, an agent that found a link) was `no
such file` with `Check the path; pdf_list lists the PDFs in a folder`: the agent checked paths. The server reads
files and fetches nothing; the error says so and how to hand the file over on this transport: over stdio, saved
inside the roots; over HTTP, uploaded or sent as base64. This server's own download links are still taken (its
stored file). Over real `pdftools serve` processes, stdio and HTTP, with the official client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import http_server, stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
WEB = ["https://example.com/report.pdf", "http://example.com/a%20b.pdf?x=1"]


def _errors(client_cm: Any, calls: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    async def go() -> list[Any]:
        async with client_cm as client:
            return [await client.call_tool(tool, args) for tool, args in calls]

    results = anyio.run(go)
    assert all(r.is_error for r in results), [r.content[0].text for r in results]
    return [json.loads(r.content[0].text) for r in results]


CALLS = [("pdf_info", {"input": WEB[0]}), ("pdf_merge", {"inputs": [WEB[1], "four.pdf"], "output": "m.pdf"})]


def test_a_web_address_is_not_fetched_and_the_error_says_how_to_hand_the_file_over(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(FOUR, root / "four.pdf")
    for error in _errors(stdio_client(root), CALLS):
        assert error["code"] == "INVALID_ARGUMENT" and "web address" in error["message"], error
        assert "fetches no" in error["message"] and "inside the allowed roots" in error["hint"], error
    with http_server(root, files_dir=tmp_path) as server:
        for error in _errors(server.client(), CALLS):
            assert error["code"] == "INVALID_ARGUMENT" and "web address" in error["message"], error
            assert "POST /upload" in error["hint"] and "base64" in error["hint"], error
