"""`pdftools serve` over stdio stopped by SIGTERM or SIGHUP while a tool call is under way (a client that shuts
its server down: the spec's stdio shutdown closes stdin, then sends SIGTERM) stops the call and removes its
temporary files before it exits: it died at once, and the OCR's folder (page images, text, PDF) stayed in TMPDIR
on every such stop. The official SDK's client starts the real server."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
from pathlib import Path

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from scans import gray_scan
from surface_servers import PDFTOOLS

pytestmark = pytest.mark.slow


def _scan(folder: Path) -> None:
    gray_scan(folder / "scan.pdf", times=2)


def _server_pid(root: Path) -> int:
    found = subprocess.run(["pgrep", "-f", f"serve --root {root}$"], capture_output=True, text=True).stdout.split()
    assert len(found) == 1, found
    return int(found[0])


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_stopped_stdio_server_leaves_no_temporary_files(tmp_path: Path, sig: signal.Signals) -> None:
    root, tmp = tmp_path / "root", tmp_path / "tmp"
    root.mkdir()
    tmp.mkdir()
    _scan(root)
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root)],
                                   env={"PATH": os.environ["PATH"], "TMPDIR": str(tmp)}, cwd=str(root))

    pids: list[int] = []

    async def go() -> list[str]:
        async with Client(params) as client:
            await client.list_tools()
            async with anyio.create_task_group() as group:
                group.start_soon(client.call_tool, "pdf_ocr", {"input": "scan.pdf", "dpi": 100})
                while not list(tmp.glob("pdftools-ocr-*/*.pgm")):  # mid-OCR: something to clean up
                    await anyio.sleep(0.05)
                during = [p.name for p in tmp.iterdir()]
                pid = _server_pid(root)
                pids.append(pid)
                os.kill(pid, sig)
                with anyio.fail_after(60):  # a guard
                    while Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid):
                        await anyio.sleep(0.1)
                group.cancel_scope.cancel()
        return during

    # A suite's worker under nohup ignores SIGHUP, and a child keeps an ignored signal ignored (the server keeps it
    # so, as nohup asks); a handled one is reset to its default in the child. Handled here, the server's is default.
    before = signal.signal(signal.SIGHUP, lambda *_: None)
    try:
        with contextlib.suppress(Exception):  # the client may see its server gone, or not; how is the SDK's affair
            anyio.run(go)
    finally:
        signal.signal(signal.SIGHUP, before)
    assert pids and "zombie" in _state(pids[0]), "the server did not stop"  # not the guard's timeout
    assert not list(tmp.iterdir()), sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*"))


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:", 1)[1].split("\n", 1)[0].lower()
    except (OSError, IndexError):
        return "zombie"
