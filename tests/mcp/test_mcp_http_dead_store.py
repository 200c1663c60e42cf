"""A server killed outright (SIGKILL, the OOM killer, a power cut of its container) cannot remove its private file
store: every upload and output stayed in TMPDIR (or PDFTOOLS_FILES_DIR) for ever. The next server started on this
machine in the same folder removes the stores whose server is dead; a live server's store is left alone. Real
servers on 127.0.0.1."""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import anyio
from surface_servers import http_server


def test_a_killed_server_s_store_is_removed_by_the_next_one(tmp_path: Path, sample: Path) -> None:
    root, files = tmp_path / "root", tmp_path / "files"
    root.mkdir()
    files.mkdir()
    shutil.copy(sample, root / "four.pdf")

    async def make(server: object) -> None:
        async with server.client() as client:  # type: ignore[attr-defined]
            made = await client.call_tool("pdf_rotate", {"input": "four.pdf", "angle": 90, "output": "r.pdf"})
            assert not made.is_error, made.content[0].text

    with http_server(root, files_dir=files) as killed:
        anyio.run(make, killed)
        killed.proc.send_signal(signal.SIGKILL)
        killed.proc.wait()
        left = sorted(files.glob("pdftools-files-*"))
        assert len(left) == 1 and list(left[0].rglob("r.pdf")), left  # what it could not remove
        with http_server(root, files_dir=files) as live:
            anyio.run(make, live)
            with http_server(root, files_dir=files):
                now = sorted(files.glob("pdftools-files-*"))
    assert left[0] not in now, now  # the dead server's store is gone
    assert len(now) == 2, now  # the live one's (and the newest's) stay
