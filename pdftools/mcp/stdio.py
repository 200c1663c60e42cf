"""`pdftools serve` over stdio (the default transport; `mcp/http.py` is the other): the server on this process's
standard input and output.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
from pathlib import Path
from typing import NoReturn

import anyio
from mcp.server.mcpserver import MCPServer

from pdftools.mcp.server import build_server

CLIENT_GONE = 141  # the exit status of a command whose reader went away (128 + SIGPIPE)


def serve_stdio(roots: list[Path], log_level: str = "WARNING", tools: str | None = None) -> NoReturn:
    """Serve over stdio, then end the process (`_ended`). The SDK's transport points fd 1 at stderr while serving,
    so a stray print or a child process cannot corrupt the protocol stream (tested in tests/mcp/test_mcp.py)."""
    server = build_server(roots, log_level, tools)
    if sys.stdin.isatty() and log_level.upper() != "ERROR":  # typed at a shell: say what it waits for
        sys.stderr.write(f"pdftools: serving MCP over stdio (roots: {', '.join(map(str, roots))}) to a client that "
                         "starts this program and speaks on its stdin and stdout; `pdftools mcp-config CLIENT` "
                         "configures one. Ctrl-C stops.\n")
        sys.stderr.flush()
    try:
        code = anyio.run(_run_stdio, server)
    except* BrokenPipeError:  # the client went away as the server wrote to it (a call's answer): as a command
        code = CLIENT_GONE  # whose reader went away, without a word; it printed the transport's traceback
    _ended(code)


async def _run_stdio(server: MCPServer) -> int:
    """The SDK's `run_stdio_async`, but a request it cannot parse for a lone surrogate is answered (mcp/wire.py),
    and a stop signal ends the process as soon as the calls have stopped: the transport reads standard input in a
    worker thread that no cancel ends, and waited for it, the server lived on until the client closed the pipe."""
    from mcp.server.stdio import stdio_server

    from pdftools.mcp.wire import Answering

    stopped_by: list[int] = []
    async with stdio_server() as (read, write):
        async with anyio.create_task_group() as group:
            calls = anyio.CancelScope()
            group.start_soon(_stop_on_signals, calls, stopped_by)
            with calls:
                lowlevel = server._lowlevel_server
                await lowlevel.run(Answering(read, write), write, lowlevel.create_initialization_options())
            group.cancel_scope.cancel()
        if stopped_by:
            _ended(128 + stopped_by[0])
    return 0


async def _stop_on_signals(calls: anyio.CancelScope, stopped_by: list[int]) -> None:
    """SIGTERM (a client shutting its server down: the spec's stdio shutdown closes stdin, then sends it), SIGHUP
    or Ctrl-C stops the calls under way as a client's cancel does, so that they kill their programs and remove
    their temporary files (each waits CANCEL_GRACE at most), then the server exits 143, 129 or 130; a second signal
    ends it at once. It died at once, and an OCR's folder stayed in TMPDIR. Ignored signals (nohup, a background
    job's Ctrl-C) stay ignored."""
    import signal

    wanted = [sig for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
              if signal.getsignal(sig) is not signal.SIG_IGN]
    with anyio.open_signal_receiver(*wanted) as received:
        async for sig in received:
            if stopped_by:
                _ended(128 + stopped_by[0])
            stopped_by.append(int(sig))
            calls.cancel()


def _ended(code: int) -> NoReturn:
    """End the process without Python's wait for every worker thread: the transport's reader of standard input
    blocks until the client closes it, and a call that heeds no cancel (busy inside a library) is left after
    CANCEL_GRACE; either held the server for as long. Exit handlers run first: logging's flush, and the temporary
    folders still held, a left call's among them, are removed."""
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):  # fd 1 is stderr's while serving: a stray print's last words
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)
