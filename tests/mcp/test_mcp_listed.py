"""The listing made ahead (pdftools/mcp/listed_tools.py) is the listing made now, byte for byte, for every profile
on both transports; listing the tools makes none of them (no operation imported, no model built), and a call
makes its own tool only. Compared and counted, never timed."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.types import ListToolsResult

from pdftools.mcp import listed
from pdftools.mcp.server import PdftoolsServer, build_server
from pdftools.mcp.store import FileStore


def _wire(tools: list[Any]) -> bytes:
    """The tools as the SDK puts them on the wire (mcp/server/runner.py)."""
    dumped = ListToolsResult(tools=tools).model_dump(by_alias=True, mode="json", exclude_none=True)
    return json.dumps(dumped, ensure_ascii=False, separators=(",", ":")).encode()


def _server(profile: str, transport: str, tmp_path: Path) -> PdftoolsServer:
    store = FileStore(tmp_path / "files", ttl=60) if transport == "http" else None
    server = build_server([tmp_path], tools=profile, store=store)
    assert isinstance(server, PdftoolsServer)
    return server


def test_the_listing_made_ahead_is_fresh() -> None:
    assert listed.PATH.read_text(encoding="utf-8") == listed.render(), (
        "pdftools/mcp/listed_tools.py is stale (a tool's description, parameters or result changed): "
        "run `.venv/bin/python -m pdftools.mcp.listed` and commit it")


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("profile", ["read", "edit", "all"])
def test_each_profile_lists_the_bytes_made_now_and_makes_no_tool(profile: str, transport: str,
                                                                 tmp_path: Path) -> None:
    served = _server(profile, transport, tmp_path)
    listing = asyncio.run(served.list_tools())
    assert served._tool_manager.list_tools() == []  # nothing made to list them
    now = asyncio.run(_server(profile, transport, tmp_path).listed_live())
    assert [t.name for t in listing] == [t.name for t in now] and len(now) >= 4
    assert _wire(listing) == _wire(now), "stale listing: run `.venv/bin/python -m pdftools.mcp.listed`"


def test_a_call_makes_its_own_tool_only(tmp_path: Path) -> None:
    server = _server("all", "stdio", tmp_path)

    async def go() -> Any:
        async with Client(server) as client:
            await client.list_tools()
            return await client.call_tool("pdf_list", {})

    result = anyio.run(go)
    assert not result.is_error, result.content
    assert [tool.name for tool in server._tool_manager.list_tools()] == ["pdf_list"]


def test_a_tool_not_made_ahead_is_made_and_listed_now(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An operation added since the file was written (a branch merged before it was written again) is still
    listed, the same bytes, made now; the others come from the file."""
    from pdftools.mcp import listed_tools

    monkeypatch.delitem(listed_tools.STDIO, "pdf_rotate")
    served = _server("edit", "stdio", tmp_path)
    listing = asyncio.run(served.list_tools())
    assert [tool.name for tool in served._tool_manager.list_tools()] == ["pdf_rotate"]
    assert _wire(listing) == _wire(asyncio.run(_server("edit", "stdio", tmp_path).listed_live()))
