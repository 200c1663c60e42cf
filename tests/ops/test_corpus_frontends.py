"""The issue's acceptance check: every corpus PDF gives its files.json page count through `pdftools info
--json` and through the `pdf_info` MCP tool, and `text` works on each one that has text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS, load_corpus_files, password_for
from mcp import Client

from pdftools.mcp.server import build_server


def test_info_json_page_counts(corpus_item: tuple[Path, dict[str, Any], str | None], cli: Any) -> None:
    path, entry, password = corpus_item
    args = ["info", str(path), "--json", *(["--password", password] if password else [])]
    result = cli(*args)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["pages"] == entry["pages"]
    assert data["encrypted"] == entry["encrypted"]


def test_cli_text_works_on_every_file_with_text(corpus_item: tuple[Path, dict[str, Any], str | None],
                                                 cli: Any) -> None:
    path, entry, password = corpus_item
    result = cli("text", str(path), "--json", *(["--password", password] if password else []))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["page_count"] == entry["pages"]
    assert len(data["pages"]) == entry["pages"]


def test_mcp_pdf_info_page_counts_for_the_whole_corpus() -> None:
    files = load_corpus_files()

    async def go() -> dict[str, Any]:
        out = {}
        async with Client(build_server([CORPUS])) as client:
            for _path, entry in files:
                args = {"input": entry["path"]}
                if password_for(entry):
                    args["password"] = password_for(entry)
                out[entry["path"]] = await client.call_tool("pdf_info", args)
        return out

    results = anyio.run(go)
    for _path, entry in files:
        result = results[entry["path"]]
        assert not result.is_error, (entry["path"], result.content)
        assert result.structured_content["pages"] == entry["pages"], entry["path"]
