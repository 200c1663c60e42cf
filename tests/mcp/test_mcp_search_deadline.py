"""Over MCP a catastrophic pattern (`(a+)+b` on a line of `a`s) ends at the time limit with TIMEOUT, and the
server answers the next call: the matching runs in a child process that the deadline kills, not in the worker
thread, where `re` would hold the GIL (and so the whole server) until it finished, hours later."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import anyio
import broken_pdfs
import readback as rb
from mcp import Client
from mcp.client.stdio import StdioServerParameters

PDFTOOLS = Path(sys.executable).with_name("pdftools")
LIMIT = 2.0
MARGIN = 10.0  # a shared, loaded machine: starting the server and pdftotext; a hang runs for hours


def test_a_catastrophic_pattern_times_out_and_the_server_goes_on(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "redos.pdf").write_bytes(broken_pdfs.catastrophic_line())
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root)],
                                   env={"PATH": os.environ["PATH"], "PDFTOOLS_TIMEOUT": str(LIMIT)})

    async def go() -> tuple[float, object, object]:
        async with Client(params) as client:
            await client.list_tools()  # the server is up: time the call only
            start = time.monotonic()
            with anyio.fail_after(LIMIT + MARGIN):
                stuck = await client.call_tool("pdf_search", {"pattern": "(a+)+b", "inputs": ["redos.pdf"]})
            elapsed = time.monotonic() - start
            with anyio.fail_after(MARGIN):
                after = await client.call_tool("pdf_search", {"pattern": "a!", "inputs": ["redos.pdf"]})
            return elapsed, stuck, after

    elapsed, stuck, after = anyio.run(go)
    assert elapsed < LIMIT + MARGIN
    assert stuck.is_error  # type: ignore[attr-defined]
    error = rb.mcp_error(stuck)
    assert error["code"] == "TIMEOUT" and error["hint"], error
    assert not after.is_error, after.content  # type: ignore[attr-defined]
    assert after.structured_content["matches"] == 1  # type: ignore[attr-defined]
