"""The MCP server answers `initialize` before it loads an operation, lists the tools without loading one either
(the listing is made ahead: pdftools/mcp/listed_tools.py), and a call loads its own operation only. The real stdio
server runs with an import hook that writes every module it imports to a file: counted, not timed."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.types import ListToolsResult

from pdftools.mcp.server import PdftoolsServer, build_server

SERVER = """
import sys
log = open(sys.argv[1], "a", buffering=1)

class Spy:
    def find_spec(self, name, path=None, target=None):
        log.write(name + "\\n")
        return None

sys.meta_path.insert(0, Spy())
sys.argv = ["pdftools", "serve", "--transport", "stdio", "--root", sys.argv[2]]
from pdftools.main import main
main()
"""
OPERATIONS = ("pdftools.ops.", "pdftools.invoice", "pdftools.convert")


def _wire(tools: list[Any]) -> str:
    dumped = ListToolsResult(tools=tools).model_dump(by_alias=True, mode="json", exclude_none=True)
    return json.dumps(dumped, ensure_ascii=False, separators=(",", ":"))


def test_initialize_and_listing_load_no_operation_and_a_call_its_own(tmp_path: Path) -> None:
    log = tmp_path / "imports.txt"
    params = StdioServerParameters(command=sys.executable, args=["-c", SERVER, str(log), str(tmp_path)])

    async def go() -> tuple[list[str], list[Any], list[str], list[str]]:
        async with Client(params, mode="legacy") as client:  # the `initialize` handshake
            before = log.read_text().split()
            tools = (await client.list_tools()).tools
            listed = log.read_text().split()
            result = await client.call_tool("pdf_list", {})
            assert not result.is_error, result.content
            return before, tools, listed, log.read_text().split()

    before, tools, listed, called = anyio.run(go)
    assert "pdftools.mcp.server" in before  # the hook sees the server's own imports
    assert not [m for m in before if m.startswith(OPERATIONS)]
    assert "pdftools.mcp.listed_tools" in listed and not [m for m in listed if m.startswith(OPERATIONS)]
    assert "pdftools.ops.ls" in called and "pdftools.ops.merge" not in called
    made_now = build_server([tmp_path])  # the listing received is the one made now, every tool made
    assert isinstance(made_now, PdftoolsServer)
    assert len(tools) > 20 and _wire(tools) == _wire(anyio.run(made_now.listed_live))
