"""How long an agent waits for `pdftools serve` to be usable: spawn -> `initialize`, the first and second
`tools/list`, and the first and second call of a tool, over stdio with the SDK's real client; beside a floor (the
SDK's own MCPServer with one tool, in the same Python: what any Python MCP server pays) and, when installed, a
native peer (the official `@modelcontextprotocol/server-filesystem`, Node).

    .venv/bin/python benchmarks/mcp_start.py [--runs 7] [--tools all] [--filesystem PATH]

Each round starts every server once, one after the other, the order rotating every round (paired.py's rule for
a shared machine: load falls on each side alike); it prints each step's median per server and the median of
the per-round ratios of pdftools to each other server (above 1 is slower). The first round warms the page
cache and is not counted. pdftools' modules are compiled to bytecode first, as an install compiles them.

What an agent waits for before its first call is `spawn -> first list` (the client starts the server, shakes
hands, lists the tools). The tool called: `pdf_info` on a small corpus file; the floor's one tool (the file's
size); the filesystem server's `get_file_info` on the same file. The filesystem server is found as
`mcp-server-filesystem` on PATH or at `--filesystem` (npm: `npm install --prefix DIR
@modelcontextprotocol/server-filesystem`, then DIR/node_modules/.bin/mcp-server-filesystem); without it, its
column is left out. Before timing, every listing and call is checked for an answer (a failed call is no timing).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from corpus import CORPUS  # noqa: E402  # found as the tests find it
from paired import compiled

PDFTOOLS = str(Path(sys.executable).parent / "pdftools")
SMALL = CORPUS / "001-trivial" / "minimal-document.pdf"
STEPS = ("initialize", "first list", "second list", "first call", "second call", "spawn -> first list")

FLOOR = """
import os, sys
from mcp.server.mcpserver import MCPServer

server = MCPServer("floor")

@server.tool()
def file_size(path: str) -> int:
    '''The size of a file, in bytes.'''
    return os.path.getsize(os.path.join(sys.argv[1], path))

server.run("stdio")
"""


@dataclass(frozen=True)
class Side:
    name: str  # a column's heading
    command: str
    args: list[str]
    tool: str
    arguments: dict[str, object]


def sides(tools: str, filesystem: str | None) -> list[Side]:
    root = str(SMALL.parent)
    found = [
        Side("pdftools", PDFTOOLS, ["serve", "--transport", "stdio", "--tools", tools, "--root", root],
             "pdf_info", {"input": SMALL.name}),
        Side("floor", sys.executable, ["-c", FLOOR, root], "file_size", {"path": SMALL.name}),
    ]
    if filesystem:
        found.append(Side("filesystem", filesystem, [root], "get_file_info", {"path": str(SMALL)}))
    return found


async def session(side: Side) -> dict[str, float]:
    """One server started and used as an agent does: its steps' times, in seconds."""
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=side.command, args=side.args)
    times: dict[str, float] = {}
    with open(os.devnull, "w") as quiet:  # the servers' stderr (the filesystem server's greeting)
        start = time.perf_counter()
        # legacy: the `initialize` handshake clients use
        async with Client(stdio_client(params, errlog=quiet), mode="legacy") as client:
            times["initialize"] = time.perf_counter() - start
            for step in ("first list", "second list"):
                began = time.perf_counter()
                listed = (await client.list_tools()).tools
                times[step] = time.perf_counter() - began
                if side.tool not in {tool.name for tool in listed}:
                    raise SystemExit(f"{side.name}: {side.tool} is not listed")
            times["spawn -> first list"] = times["initialize"] + times["first list"]
            for step in ("first call", "second call"):
                began = time.perf_counter()
                result = await client.call_tool(side.tool, side.arguments)
                times[step] = time.perf_counter() - began
                if result.is_error:
                    raise SystemExit(f"{side.name}: {side.tool} failed: {result.content}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="rounds counted (one more warms up)")
    parser.add_argument("--tools", default="all", help="the pdftools tools served (a profile: read, edit, all)")
    parser.add_argument("--filesystem", default=shutil.which("mcp-server-filesystem"),
                        help="the official filesystem MCP server's program (default: found on PATH)")
    args = parser.parse_args()
    compiled()
    servers = sides(args.tools, args.filesystem)
    load = os.getloadavg()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load[0]:.1f} at the start; "
          f"pdftools --tools {args.tools}; {args.runs} rounds (+1 warm-up), order rotating")
    if not args.filesystem:
        print("server-filesystem: not found (npm install --prefix DIR @modelcontextprotocol/server-filesystem, "
              "then --filesystem DIR/node_modules/.bin/mcp-server-filesystem): left out")
    runs: dict[str, list[dict[str, float]]] = {side.name: [] for side in servers}
    for index in range(args.runs + 1):
        turn = index % len(servers)
        for side in servers[turn:] + servers[:turn]:
            times = asyncio.run(session(side))
            if index:
                runs[side.name].append(times)
    print("floor: the SDK's MCPServer with one tool (python); filesystem: @modelcontextprotocol/server-filesystem "
          "(node); x NAME: the median of the per-round ratios, pdftools / NAME")
    print()
    print(f"{'median':<20}" + "".join(f"{side.name:>12}" for side in servers)
          + "".join(f"{'x ' + side.name:>14}" for side in servers[1:]))
    for step in STEPS:
        cells = [f"{statistics.median(r[step] for r in runs[side.name]) * 1000:>9.1f} ms" for side in servers]
        ratios = [statistics.median(a[step] / b[step] for a, b in zip(runs["pdftools"], runs[side.name],
                                                                        strict=True)) for side in servers[1:]]
        print(f"{step:<20}" + "".join(cells) + "".join(f"{r:>13.2f}x" for r in ratios))
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
