"""The tools as `tools/list` gives them, made ahead: `python -m pdftools.mcp.listed` writes `listed_tools.py`.

The first listing is what an agent waits for once the server has answered `initialize`. Made when asked, it
imported every operation's module and built two pydantic models per tool (its arguments and its result) and
their JSON schemas: 1.5 s of the agent's wait at load 8, against 26 ms for the official Node filesystem server
(benchmarks/mcp_start.py). The server lists these instead, the same bytes, and makes a tool only when it is
first called (server.py `_tool`). Each tool is one line per transport, so that changes to different tools merge
line by line. tests/mcp/test_mcp_listed.py fails when the file is stale (a description, a parameter or a result
changed): run the command above and commit the file with the change.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

from pdftools.ops import OPS

PATH = Path(__file__).with_name("listed_tools.py")
HEADER = '''"""The MCP tools as `tools/list` gives them on each transport, made ahead; written by `python -m
pdftools.mcp.listed` (see mcp/listed.py): do not edit, run it again."""
# ruff: noqa: E501
'''


def live(transport: str) -> dict[str, str]:
    """Every operation's tool made and listed now over `transport`, as JSON text by tool name."""
    from mcp.types import ListToolsResult

    from pdftools.mcp.server import PdftoolsServer, build_server
    from pdftools.mcp.store import FileStore

    with tempfile.TemporaryDirectory() as tmp:
        store = FileStore(Path(tmp) / "files", ttl=60) if transport == "http" else None
        server = build_server([Path(tmp)], tools=",".join(op.name for op in OPS), store=store)
        assert isinstance(server, PdftoolsServer)
        tools = asyncio.run(server.listed_live())
    dumped = ListToolsResult(tools=tools).model_dump(by_alias=True, mode="json", exclude_none=True)["tools"]
    return {tool["name"]: json.dumps(tool, ensure_ascii=False, separators=(",", ":")) for tool in dumped}


def render() -> str:
    """The text of listed_tools.py: STDIO by tool, and HTTP as STDIO but for the tools it lists otherwise."""
    stdio, http = live("stdio"), live("http")
    lines = [HEADER, "STDIO = {"]
    lines += [f"    {name!r}: {text!r}," for name, text in stdio.items()]
    lines += ["}", "HTTP = {", "    **STDIO,"]
    lines += [f"    {name!r}: {text!r}," for name, text in http.items() if stdio.get(name) != text]
    lines += ["}", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    PATH.write_text(render(), encoding="utf-8")
    print(PATH)
