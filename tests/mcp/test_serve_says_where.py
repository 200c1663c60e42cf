"""`pdftools serve` tells the person who started it where it serves: over HTTP the endpoint's URL (a newcomer
following the README saw nothing at all, and could not tell a running server from a hung one), at a terminal
over stdio that it waits for a client on stdin and stdout. `-q` says nothing; neither line holds the token.
Real processes; each line is awaited with a generous bound, not timed."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from surface_servers import _listens, free_port

PDFTOOLS = Path(sys.executable).with_name("pdftools")
TOKEN = "said-nowhere-" + "t" * 20


def _first_line(stream: int, bound: float = 60.0) -> str:
    ready, _, _ = select.select([stream], [], [], bound)
    assert ready, "serve said nothing on stderr"
    data = b""
    while not data.endswith(b"\n"):
        chunk = os.read(stream, 4096)
        if not chunk:
            break
        data += chunk
    return data.decode()


def _run(args: list[str], cwd: Path, stdin: int | None) -> tuple[subprocess.Popen[bytes], int]:
    proc = subprocess.Popen([str(PDFTOOLS), "serve", *args], cwd=cwd, stdin=stdin, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, env={**os.environ, "PDFTOOLS_AUTH_TOKEN": TOKEN})
    assert proc.stderr is not None
    return proc, proc.stderr.fileno()


def test_http_names_its_url(tmp_path: Path) -> None:
    port = free_port()
    proc, err = _run(["--transport", "http", "--port", str(port), "--root", str(tmp_path)], tmp_path,
                     subprocess.DEVNULL)
    try:
        line = _first_line(err)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert f"http://127.0.0.1:{port}/mcp" in line and str(tmp_path) in line, line
    assert "mcp-config" in line and TOKEN not in line, line


def test_stdio_at_a_terminal_says_it_waits_for_a_client(tmp_path: Path) -> None:
    parent, child = pty.openpty()
    try:
        proc, err = _run(["--root", str(tmp_path)], tmp_path, child)
        try:
            line = _first_line(err)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    finally:
        os.close(parent)
        os.close(child)
    assert "stdio" in line and "mcp-config" in line, line


def test_quiet_says_nothing(tmp_path: Path) -> None:
    port = free_port()
    proc, err = _run(["--transport", "http", "--port", str(port), "--root", str(tmp_path), "-q"], tmp_path,
                     subprocess.DEVNULL)
    for _ in range(1200):  # until it serves, when it would have spoken (a bound, not a timing)
        if _listens(proc.pid, port) or proc.poll() is not None:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the quiet server did not start"
    proc.terminate()
    proc.wait(timeout=30)
    assert os.read(err, 4096) == b""
