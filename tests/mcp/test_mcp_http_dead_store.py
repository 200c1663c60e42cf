"""A server killed outright (SIGKILL, the OOM killer, a power cut of its container) cannot remove its private file
store: every upload and output stayed in TMPDIR (or PDFTOOLS_FILES_DIR) for ever. The next server started on this
machine in the same folder removes the stores whose server is dead; a live server's store is left alone. Real
servers on 127.0.0.1."""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import anyio
import pytest
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


def test_a_live_server_in_another_pid_namespace_keeps_its_store(tmp_path: Path) -> None:
    """Two containers of one host name (a compose service's replicas, a pod's containers given one hostname)
    sharing a TMPDIR volume: each sees the other's pid as not running (another pid namespace), and the sweep took
    the other's live store for dead and removed it, every upload and output under way with it."""
    import os
    import subprocess
    import time

    from surface_servers import PDFTOOLS, TOKEN, free_port

    root, files = tmp_path / "root", tmp_path / "files"
    root.mkdir()
    files.mkdir()
    if subprocess.run(["unshare", "-p", "-f", "--mount-proc", "true"], capture_output=True).returncode:
        pytest.skip("no pid namespace here (unshare -p needs root)")
    pid = next(p for p in range(30000, 20000, -1) if not any(Path(f"/proc/{n}").exists() for n in (p, p - 1)))
    serve = f"{PDFTOOLS} serve --transport http --port {free_port()} --root {root}"
    # the server is the namespace's pid `pid`, one no process outside it has
    script = f"echo {pid - 1} > /proc/sys/kernel/ns_last_pid; {serve} & wait"
    env = {**os.environ, "PDFTOOLS_AUTH_TOKEN": TOKEN, "PDFTOOLS_FILES_DIR": str(files)}
    other = subprocess.Popen(["unshare", "-p", "-f", "--mount-proc", "sh", "-c", script], env=env,
                             start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            theirs = [s for s in files.glob("pdftools-files-*")
                      if (s / ".owner").is_file() and (s / ".owner").read_text()]
            if theirs:
                break
            time.sleep(0.05)
        assert theirs and other.poll() is None, "the server in its pid namespace did not start"
        with http_server(root, files_dir=files):
            now = sorted(files.glob("pdftools-files-*"))
        assert theirs[0] in now, now  # the other container's live store stays
    finally:
        os.killpg(other.pid, signal.SIGTERM)
        other.wait(timeout=30)
