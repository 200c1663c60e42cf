"""Long work can be stopped: a deadline (PDFTOOLS_TIMEOUT), Ctrl-C, an MCP client's cancel; progress flows.

A fake `pdftotext` that hangs stands in for a stuck external program; the tests check that it is killed,
not merely abandoned, and that no output is left behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from harness import default_signals
from mcp import Client
from mcp.client.stdio import StdioServerParameters

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def hanging_pdftotext(tmp_path: Path) -> tuple[Path, Path]:
    """A bin folder whose `pdftotext` records its pid and sleeps; and the pid file."""
    bindir, pidfile = tmp_path / "bin", tmp_path / "fake.pid"
    bindir.mkdir()
    fake = bindir / "pdftotext"
    fake.write_text(f"#!/bin/sh\necho $$ >> {pidfile}\nexec sleep 60\n")
    fake.chmod(0o755)
    return bindir, pidfile


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except FileNotFoundError:
        return False
    return status != "Z"


def _wait_dead(pidfile: Path, seconds: float = 5.0) -> list[int]:
    deadline = time.monotonic() + seconds
    pids = [int(p) for p in pidfile.read_text().split()] if pidfile.exists() else []
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return [p for p in pids if _alive(p)]


def _env(bindir: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "PATH": f"{bindir}:{os.environ['PATH']}", **extra}


# The deadline (PDFTOOLS_TIMEOUT) against a hanging program: tests/test_faults.py, FAKES["hangs"].


def test_ctrl_c_kills_children_and_exits_130(hanging_pdftotext: tuple[Path, Path], sample: Path) -> None:
    bindir, pidfile = hanging_pdftotext
    proc = subprocess.Popen([PDFTOOLS, "text", sample], env=_env(bindir), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=default_signals)
    for _ in range(200):
        if pidfile.exists():
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=15)
    assert proc.returncode == 130 and "error[INTERRUPTED]" in err
    assert _wait_dead(pidfile) == []


def test_mcp_cancel_kills_the_child(hanging_pdftotext: tuple[Path, Path], tmp_path: Path, sample: Path) -> None:
    bindir, pidfile = hanging_pdftotext
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "s.pdf")
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root)],
                                   env={"PATH": f"{bindir}:{os.environ['PATH']}"})

    async def go() -> list[int]:
        async with Client(params) as client:
            with anyio.move_on_after(60):  # a guard: cancelled (notifications/cancelled) once the program runs
                async with anyio.create_task_group() as group:
                    group.start_soon(client.call_tool, "pdf_extract_text", {"input": "s.pdf"})
                    while not (pidfile.exists() and pidfile.read_text().strip()):  # not a time (3 s): under load
                        await anyio.sleep(0.05)  # the call had not always started the program by then
                    group.cancel_scope.cancel()
            still = _wait_dead(pidfile)
            ok = await client.call_tool("pdf_list", {})  # the server lives on
            assert not ok.is_error
            return still

    assert anyio.run(go) == []
    assert pidfile.exists()  # the hanging program did start, and is gone


def test_mcp_progress_notifications_reach_the_client(tmp_path: Path, sample: Path) -> None:
    from pdftools.ops.merge import merge

    root = tmp_path / "root"
    root.mkdir()
    merge([str(sample)] * 30, output=str(root / "big.pdf"))  # 120 pages: several chunks
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root)],
                                   env={"PATH": os.environ["PATH"]})
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total))

    async def go() -> None:
        async with Client(params) as client:
            result = await client.call_tool("pdf_extract_text", {"input": "big.pdf", "max_chars": 10_000_000},
                                            progress_callback=on_progress)
            assert not result.is_error

    anyio.run(go)
    assert seen and seen[-1] == (120, 120)
    assert [p for p, _ in seen] == sorted(p for p, _ in seen)
