"""The two real transports for the MCP-surface tests: `pdftools serve` over stdio, and over HTTP on 127.0.0.1,
each reached through the official SDK client."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import httpx2
from mcp import Client
from mcp.client import stdio
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

PDFTOOLS = Path(sys.executable).with_name("pdftools")
TOKEN = "surface-token-" + "y" * 20


@dataclass
class Http:
    url: str
    proc: subprocess.Popen[bytes]

    def client(self, mode: str = "legacy", **kwargs: Any) -> Client:
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=60,
                                  **kwargs.pop("http_args", {}))
        return Client(streamable_http_client(self.url + "/mcp", http_client=http), mode=mode, **kwargs)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_http(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    """`pdftools serve --transport http --port PORT *args` on a free port of 127.0.0.1, once it accepts
    connections. The port is free when picked, not reserved: when another process takes it first, the server
    ends (its port is in use) and it starts again on another, so a test never talks to someone else's server."""
    for _ in range(5):
        port = free_port()
        proc = subprocess.Popen([PDFTOOLS, "serve", "--transport", "http", "--port", str(port), *args],
                                env={**os.environ, **env}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            if proc.poll() is not None:
                break  # it could not listen: the port was taken
            if _listens(proc.pid, port):
                return proc, port
            time.sleep(0.05)
        proc.kill()
        proc.wait(timeout=30)
    raise RuntimeError("pdftools serve --transport http did not start on five free ports")


def _listens(pid: int, port: int) -> bool:
    """Does process `pid` itself listen on `port` of 127.0.0.1 (not another process that took the port)?"""
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(f":{port:04X}") and fields[3] == "0A":  # the local address; LISTEN
            inodes.add(f"socket:[{fields[9]}]")
    try:
        return any(os.readlink(fd) in inodes for fd in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False


@contextlib.contextmanager
def http_server(root: Path, *extra: str, files_dir: Path | None = None, **env: str) -> Iterator[Http]:
    proc, port = start_http(["--root", str(root), *extra],
                            {"PDFTOOLS_AUTH_TOKEN": TOKEN, "PDFTOOLS_FILES_DIR": str(files_dir or root.parent), **env})
    try:
        yield Http(f"http://127.0.0.1:{port}", proc)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def stdio_client(root: Path, *extra: str, mode: str = "legacy", errlog: TextIO | None = None,
                 **kwargs: Any) -> Client:
    """A client of `pdftools serve --root ROOT *extra` over stdio; the server's stderr goes to `errlog`."""
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root), *extra],
                                   env={k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")},
                                   cwd=str(root))
    if errlog is not None:
        return Client(stdio.stdio_client(params, errlog=errlog), mode=mode, **kwargs)
    return Client(params, mode=mode, **kwargs)
