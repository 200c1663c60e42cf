"""`pdftools serve` over stdio ends soon after SIGTERM, SIGHUP or Ctrl-C while its client still holds its standard
input open (a supervisor, `docker stop`, a client that hangs or kills without closing the pipe): the calls under
way stop, their programs are killed, their temporary files removed, and it exits 143, 129 or 130. It stopped the
calls, then waited for a line on standard input for good: the SDK's transport reads it in a worker thread that no
cancel ends, and Python waits for every such thread at exit. The same when the client closes standard input (exit
0), also while a call that does not heed its cancel holds a worker thread: the server waited for the call to end.

A client of raw JSON-RPC lines, because the SDK's client closes the server's standard input as it leaves, the very
thing that hid this. Each wait is a bound (LIMIT, far below the work's length), not a timing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from scans import gray_scan
from surface_servers import PDFTOOLS

pytestmark = pytest.mark.slow

LIMIT = 30  # seconds: a stuck call's own CANCEL_GRACE (10 s) and a loaded machine fit; the work takes minutes
STUCK = 600  # seconds the stand-in op below sleeps, heeding no cancel


class Server:
    """`pdftools serve` (or `command`) over pipes, with SIGINT and SIGHUP at their defaults (a background job
    or a `nohup` run ignores them, and a child keeps an ignored signal ignored)."""

    def __init__(self, root: Path, tmp: Path, command: list[str] | None = None) -> None:
        self.stderr = tmp.parent / "server-stderr.txt"
        with self.stderr.open("wb") as err:
            self.proc = subprocess.Popen(command or [str(PDFTOOLS), "serve", "--root", str(root)],
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, cwd=root,
                                         env={"PATH": os.environ["PATH"], "TMPDIR": str(tmp)},
                                         preexec_fn=_default_signals)
        _started.append(self.proc)
        self.ids = iter(range(1, 1000))
        first = self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                            "clientInfo": {"name": "test", "version": "1"}})
        assert "result" in self.answer(first)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> int:
        number = next(self.ids)
        self.send({"jsonrpc": "2.0", "id": number, "method": method, "params": params})
        return number

    def answer(self, number: int) -> dict[str, Any]:
        assert self.proc.stdout is not None
        while True:
            message = json.loads(self.proc.stdout.readline())
            if message.get("id") == number:
                return message

    def children(self) -> list[int]:
        found = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout
        return [int(pid) for pid in found.split()]

    def ended(self) -> int:
        """The exit status, once it has exited (within LIMIT), or a failure saying it had not."""
        try:
            return self.proc.wait(LIMIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            pytest.fail(f"the server was still running {LIMIT} s after it was told to stop")


_started: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def _no_server_left() -> Iterator[None]:
    """A test that failed before its server stopped kills it."""
    yield
    while _started:
        proc = _started.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _default_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


@pytest.fixture
def folders(tmp_path: Path) -> tuple[Path, Path]:
    root, tmp = tmp_path / "root", tmp_path / "tmp"
    root.mkdir()
    tmp.mkdir()
    return root, tmp


def _mid_ocr(root: Path, tmp: Path) -> tuple[Server, list[int]]:
    """A server OCRing 12 pages (over a minute of tesseract on 2 cores), caught with its programs running."""
    gray_scan(root / "scan.pdf", times=3)
    server = Server(root, tmp)
    server.request("tools/call", {"name": "pdf_ocr", "arguments": {"input": "scan.pdf", "dpi": 100}})
    deadline = time.monotonic() + LIMIT * 2
    while not (programs := [pid for pid in server.children() if _name(pid) == "tesseract"]):
        assert time.monotonic() < deadline and server.proc.poll() is None, "the OCR started no tesseract"
        time.sleep(0.05)
    return server, programs


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:  # gone meanwhile
        return ""


def _running(pid: int) -> bool:
    """Alive, not a zombie that init has yet to reap."""
    try:
        return "\tZ" not in Path(f"/proc/{pid}/status").read_text().split("State:", 1)[1].split("\n", 1)[0]
    except (OSError, IndexError):
        return False


def _clean(server: Server, tmp: Path, programs: Sequence[int] = ()) -> None:
    alive = [pid for pid in programs if _running(pid)]
    assert not alive, f"programs outlived the server: {alive}"
    assert not list(tmp.iterdir()), sorted(str(p.relative_to(tmp)) for p in tmp.rglob("*"))
    said = server.stderr.read_text()
    assert "Traceback" not in said, said


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129), (signal.SIGINT, 130)],
                         ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_signal_mid_call_ends_the_server_with_stdin_open(folders: tuple[Path, Path], sig: signal.Signals,
                                                           status: int) -> None:
    root, tmp = folders
    server, programs = _mid_ocr(root, tmp)
    server.proc.send_signal(sig)
    assert server.ended() == status
    _clean(server, tmp, programs)


def test_sigterm_after_a_call_ends_an_idle_server_with_stdin_open(folders: tuple[Path, Path]) -> None:
    root, tmp = folders
    gray_scan(root / "scan.pdf", last=1)
    server = Server(root, tmp)
    done = server.answer(server.request("tools/call", {"name": "pdf_info", "arguments": {"input": "scan.pdf"}}))
    assert not done["result"].get("isError"), done
    server.proc.send_signal(signal.SIGTERM)
    assert server.ended() == 143
    _clean(server, tmp)


def test_stdin_closed_mid_call_ends_the_server(folders: tuple[Path, Path]) -> None:
    root, tmp = folders
    server, programs = _mid_ocr(root, tmp)
    assert server.proc.stdin is not None
    server.proc.stdin.close()
    assert server.ended() == 0
    _clean(server, tmp, programs)


def test_a_client_gone_mid_call_ends_the_server_without_a_word(folders: tuple[Path, Path]) -> None:
    """A client that dies (both its pipes close) mid-call: the server answers the call `Connection closed` into a
    pipe no one reads. It printed a BrokenPipeError traceback to stderr (the client's log) and exited 1; it ends as
    a command whose reader went away, without a word, 141."""
    root, tmp = folders
    server, programs = _mid_ocr(root, tmp)
    assert server.proc.stdout is not None and server.proc.stdin is not None
    server.proc.stdout.close()
    server.proc.stdin.close()
    assert server.ended() == 141
    _clean(server, tmp, programs)
    assert not server.stderr.read_text()


@pytest.mark.parametrize("how", ["SIGTERM", "stdin closed"])
def test_a_call_that_ignores_its_cancel_does_not_hold_the_server(folders: tuple[Path, Path], how: str) -> None:
    """An op busy where it cannot see its cancel (inside a library) is left after CANCEL_GRACE: the server exits
    without it, and the temporary folder it holds is removed at that exit. A stand-in op: `pdf_info` made to sleep
    STUCK seconds in its folder, heeding nothing."""
    root, tmp = folders
    gray_scan(root / "scan.pdf", last=1)
    script = root.parent / "stuck_server.py"
    script.write_text(textwrap.dedent(f"""
        import functools, tempfile, time
        from pathlib import Path
        import pdftools.ops.info as info_mod
        real = info_mod.info
        @functools.wraps(real)
        def stuck(*args, **kwargs):
            with tempfile.TemporaryDirectory(prefix="pdftools-stuck-") as folder:
                (Path(folder) / "held").write_text("busy")
                time.sleep({STUCK})
            return real(*args, **kwargs)
        info_mod.info = stuck
        from pdftools.mcp.stdio import serve_stdio
        serve_stdio([Path({str(root)!r})])
    """))
    server = Server(root, tmp, [sys.executable, str(script)])
    server.request("tools/call", {"name": "pdf_info", "arguments": {"input": "scan.pdf"}})
    deadline = time.monotonic() + LIMIT
    while not list(tmp.glob("pdftools-stuck-*/held")) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert list(tmp.glob("pdftools-stuck-*/held")), "the stand-in op did not start"
    if how == "SIGTERM":
        server.proc.send_signal(signal.SIGTERM)
    else:
        assert server.proc.stdin is not None
        server.proc.stdin.close()
    assert server.ended() == (143 if how == "SIGTERM" else 0)
    _clean(server, tmp)
