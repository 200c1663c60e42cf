"""The MCP server answers `initialize` before it loads an operation; listing the tools loads them. The real
stdio server runs with an import hook that writes every module it imports to a file: counted, not timed."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

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


def test_initialize_loads_no_operation_and_listing_does(tmp_path: Path) -> None:
    log = tmp_path / "imports.txt"
    params = StdioServerParameters(command=sys.executable, args=["-c", SERVER, str(log), str(tmp_path)])

    async def go() -> tuple[list[str], list[str], int]:
        async with Client(params, mode="legacy") as client:  # the `initialize` handshake
            before = log.read_text().split()
            tools = (await client.list_tools()).tools
            return before, log.read_text().split(), len(tools)

    before, after, count = anyio.run(go)
    assert "pdftools.mcp.server" in before  # the hook sees the server's own imports
    assert not [m for m in before if m.startswith(("pdftools.ops.", "pdftools.invoice", "pdftools.convert"))]
    assert "pdftools.ops.merge" in after and count > 20
