"""A batch cancelled by its client (MCP's notifications/cancelled) stops its workers and leaves no temporary
files: the workers, killed mid-file, left each OCR's folder (`pdftools-ocr-*`: the page's image, its text and
PDF) in the server's TMPDIR, one per worker per cancel, for ever. Each worker now works in a folder of the
batch's, removed once the workers are stopped. The real server over HTTP, the official SDK's client."""

from __future__ import annotations

import shutil
from pathlib import Path

import anyio
import pytest
from scans import gray_scan
from surface_servers import http_server

pytestmark = pytest.mark.slow


def _scans(folder: Path) -> None:
    """Four scans of 8 pages each (the 4 pages twice, as gray images): long enough to be cancelled mid-file."""
    gray_scan(folder / "scan1.pdf", times=2)
    for n in (2, 3, 4):
        shutil.copy(folder / "scan1.pdf", folder / f"scan{n}.pdf")


def _left(tmp: Path) -> list[str]:
    """What is in TMPDIR but the server's own: its file store, and the forkserver's socket (it stays for the
    next batch)."""
    return sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*")
                  if not p.relative_to(tmp).parts[0].startswith(("pdftools-files-", "pymp-")))


def test_a_cancelled_batch_leaves_no_temporary_files(tmp_path: Path) -> None:
    root, tmp = tmp_path / "root", tmp_path / "tmp"
    (root / "scans").mkdir(parents=True)
    tmp.mkdir()
    _scans(root / "scans")

    async def go(server: object) -> tuple[list[str], bool]:
        async with server.client() as client:  # type: ignore[attr-defined]
            await client.list_tools()
            with anyio.move_on_after(120):  # a guard: cancelled once a worker is OCR-ing a page
                async with anyio.create_task_group() as group:
                    group.start_soon(client.call_tool, "pdf_batch", {"command": "ocr", "inputs": ["scans"],
                                                                     "out_dir": "out", "options": {"dpi": 100}})
                    while not list(tmp.glob("**/pdftools-ocr-*/*.pgm")):
                        await anyio.sleep(0.05)
                    group.cancel_scope.cancel()
            during = _left(tmp)
            for _ in range(600):  # the server stops the workers and cleans up after the cancel: until then
                if not list(tmp.glob("**/pdftools-ocr-*")):
                    break
                await anyio.sleep(0.1)
            after = await client.call_tool("pdf_batch", {"command": "info", "inputs": ["scans"], "out_dir": "out"})
            return during, after.is_error

    with http_server(root, files_dir=tmp_path, TMPDIR=str(tmp)) as server:
        during, failed = anyio.run(go, server)
        left = _left(tmp)
    assert any("pdftools-ocr-" in p for p in during), during  # the cancel came mid-OCR: something to clean up
    assert left == [], left
    assert not failed  # the next batch runs
