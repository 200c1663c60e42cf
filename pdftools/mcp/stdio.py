"""`pdftools serve` over stdio (the default transport; `mcp/http.py` is the other): the server on this process's
standard input and output.
"""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
from mcp.server.mcpserver import MCPServer

from pdftools.mcp.server import build_server


def serve_stdio(roots: list[Path], log_level: str = "WARNING", tools: str | None = None) -> None:
    """Serve over stdio. The SDK's transport points fd 1 at stderr while serving, so a stray print or a
    child process cannot corrupt the protocol stream (tested in tests/mcp/test_mcp.py)."""
    server = build_server(roots, log_level, tools)
    if sys.stdin.isatty() and log_level.upper() != "ERROR":  # typed at a shell: say what it waits for
        sys.stderr.write(f"pdftools: serving MCP over stdio (roots: {', '.join(map(str, roots))}) to a client that "
                         "starts this program and speaks on its stdin and stdout; `pdftools mcp-config CLIENT` "
                         "configures one. Ctrl-C stops.\n")
        sys.stderr.flush()
    anyio.run(_run_stdio, server)


async def _run_stdio(server: MCPServer) -> None:
    """The SDK's `run_stdio_async`, but a request it cannot parse for a lone surrogate is answered (mcp/wire.py)."""
    from mcp.server.stdio import stdio_server

    from pdftools.mcp.wire import Answering

    stopped_by: list[int] = []
    async with stdio_server() as (read, write), anyio.create_task_group() as group:
        group.start_soon(_stop_on_signals, group.cancel_scope, stopped_by)
        lowlevel = server._lowlevel_server
        await lowlevel.run(Answering(read, write), write, lowlevel.create_initialization_options())
        group.cancel_scope.cancel()
    if stopped_by:
        sys.exit(128 + stopped_by[0])


async def _stop_on_signals(scope: anyio.CancelScope, stopped_by: list[int]) -> None:
    """SIGTERM (a client shutting its server down: the spec's stdio shutdown closes stdin, then sends it) or
    SIGHUP stops the calls under way as a client's cancel does, so that they remove their temporary files (each
    waits CANCEL_GRACE at most), then the server exits 143 or 129. It died at once, and an OCR's folder stayed in
    TMPDIR. Ignored signals (nohup) stay ignored."""
    import signal

    wanted = [sig for sig in (signal.SIGTERM, signal.SIGHUP) if signal.getsignal(sig) is not signal.SIG_IGN]
    with anyio.open_signal_receiver(*wanted) as received:
        async for sig in received:
            stopped_by.append(int(sig))
            scope.cancel()
            return
