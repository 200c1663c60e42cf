"""Load the HTTP server: N concurrent MCP sessions calling mixed tools for D seconds, then check the store.

    .venv/bin/python benchmarks/load.py                       # 20 sessions, 60 s (the issue's figures)
    .venv/bin/python benchmarks/load.py --sessions 4 --duration 5 --json   # what the test suite runs

It starts the real server (`pdftools serve --transport http`) on a free port of 127.0.0.1 with a bearer token,
a short file TTL and its own file store folder, and runs the official SDK's Streamable HTTP client: each
session is one `Client` (most with an `Mcp-Session-Id` session, every fourth one speaking the sessionless
protocol) that loops over a weighted mix of calls until the time is up. Every call's result is checked (an
`isError` result, a wrong page count or a download whose hash differs from the one announced is a failed
call). While it runs, the server's resident memory, threads and open descriptors are sampled from /proc.
After the sessions close it waits for the TTL and the store's sweep, then checks that the store holds nothing.

Printed: calls and failures per kind, p50/p95/max latency, throughput, the server's memory (after warm-up,
peak, at the end: "flat" when the last tenth of the run is within 3% + 5 MB of the first tenth after
every session has made each kind of call once), threads
and descriptors before and after, and the store check. Exit status 1 when a call failed, memory was not
flat or the store was not empty; 0 otherwise. Timings depend on the machine; the checks do not.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from corpus import FOUR_PAGES, OUTLINE  # noqa: E402  # found as the tests find it

PDFTOOLS = str(Path(sys.executable).parent / "pdftools")
TOKEN = "load-" + "x" * 32
MB = 1_000_000


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    failures: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)

    def record(self, kind: str, seconds: float, error: str | None) -> None:
        self.latencies[kind].append(seconds)
        if error:
            self.failures[kind] += 1
            self.examples.setdefault(kind, error[:300])


@dataclass
class Memory:
    samples: list[tuple[float, int]] = field(default_factory=list)
    peak: int = 0


def status(pid: int) -> dict[str, int]:
    """VmRSS / VmHWM (bytes) and Threads of a process, from /proc."""
    out: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0]) * 1024
        elif key == "Threads":
            out[key] = int(value)
    out["fds"] = len(os.listdir(f"/proc/{pid}/fd"))
    return out


def sample_memory(pid: int, memory: Memory, stop: threading.Event, start: float) -> None:
    while not stop.wait(0.25):
        try:
            rss = status(pid)["VmRSS"]
        except (OSError, KeyError):
            return
        memory.samples.append((time.monotonic() - start, rss))
        memory.peak = max(memory.peak, rss)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def http(url: str, method: str = "GET", data: bytes | None = None) -> tuple[int, bytes]:
    req = urllib.request.Request(url, data=data, method=method, headers={"Authorization": f"Bearer {TOKEN}"})
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as err:
        return err.code, err.read()


# ---------------------------------------------------------------- one session


class Session:
    """One client session: the calls of the mix, each checking its own result."""

    def __init__(self, client: Any, base: str, rng: random.Random) -> None:
        self.client, self.base, self.rng = client, base, rng
        self.produced: list[dict[str, Any]] = []  # files this session was given (uri, sha256, ...)

    async def tool(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        result = await self.client.call_tool(name, args)
        if result.is_error:
            raise AssertionError(result.content[0].text if result.content else "isError without content")
        return dict(result.structured_content or {})

    async def info(self) -> None:
        got = await self.tool("pdf_info", {"input": "four.pdf"})
        assert got["pages"] == 4, got["pages"]

    async def text(self) -> None:
        got = await self.tool("pdf_extract_text", {"input": "four.pdf", "max_chars": 3000})
        assert got["pages"] and sum(len(p["text"]) for p in got["pages"]) > 100

    async def merge(self) -> None:
        got = await self.tool("pdf_merge", {"inputs": ["four.pdf", "outline.pdf", "four.pdf"], "output": "m.pdf"})
        self.produced += got["files"]

    async def split(self) -> None:
        got = await self.tool("pdf_split", {"input": "four.pdf", "every": 2})
        assert [p["pages"] for p in got["parts"]] == [2, 2], got["parts"]
        self.produced += got["files"]

    async def rotate(self) -> None:
        got = await self.tool("pdf_rotate", {"input": "four.pdf", "angle": 90, "pages": "1-2", "output": "r.pdf"})
        self.produced += got["files"]

    async def thumbnails(self) -> None:
        got = await self.tool("pdf_thumbnails", {"input": "four.pdf", "pages": "1", "width": 120})
        assert len(got["images"]) == 1
        self.produced += got["files"]

    async def upload_and_info(self) -> None:
        status, body = await _in_thread(http, f"{self.base}/upload?name=up.pdf", "POST", OUTLINE.read_bytes())
        assert status == 200, body[:200]
        uri = json.loads(body)["uri"]
        got = await self.tool("pdf_info", {"input": uri})
        assert got["pages"] > 0

    def live(self) -> list[dict[str, Any]]:
        """The files this session was given that have not expired yet (with a second to spare)."""
        self.produced = [f for f in self.produced if f["expires_at"] > time.time() + 1]
        return self.produced

    async def download(self) -> None:
        if not self.live():
            return await self.merge()
        stored = self.rng.choice(self.produced)
        status, body = await _in_thread(http, stored["download_url"])
        assert status == 200, (status, body[:200])
        assert hashlib.sha256(body).hexdigest() == stored["sha256"], "download differs from what was announced"

    async def resources(self) -> None:
        listed = {str(r.uri) for r in (await self.client.list_resources()).resources}
        mine = {f["uri"] for f in self.live()}  # after the listing: what expired meanwhile is not expected
        assert mine <= listed, f"{len(mine - listed)} of this session's {len(mine)} live files not listed"
        if self.produced:
            read = await self.client.read_resource(self.rng.choice(self.produced)["uri"])
            assert read.contents and getattr(read.contents[0], "blob", None)


async def _in_thread(fn: Callable[..., Any], *args: Any) -> Any:
    import anyio

    return await anyio.to_thread.run_sync(fn, *args)


MIX: list[tuple[str, int]] = [("info", 4), ("text", 4), ("merge", 2), ("split", 1), ("rotate", 2),
                              ("thumbnails", 1), ("upload_and_info", 2), ("download", 2), ("resources", 1)]


async def run_session(index: int, url: str, deadline: float, stats: Stats, warmed: list[float]) -> None:
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    rng = random.Random(index)
    kinds, weights = [k for k, _ in MIX], [w for _, w in MIX]
    mode = "auto" if index % 4 == 3 else "legacy"  # every fourth session speaks the sessionless protocol
    client_http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {TOKEN}"}, timeout=120)
    try:
        async with Client(streamable_http_client(url + "/mcp", http_client=client_http), mode=mode) as client:
            session = Session(client, url, rng)
            # sessionless clients share the files not bound to a session; their own listing check is skipped
            warm_up = list(kinds)  # every kind once first, so that memory is measured with all code loaded;
            while warm_up or time.monotonic() < deadline:  # ... even past the deadline on a slow or busy machine
                kind = warm_up.pop(0) if warm_up else rng.choices(kinds, weights)[0]
                if not warm_up and len(warmed) <= index:
                    warmed.append(time.monotonic())
                if kind == "resources" and mode == "auto":
                    kind = "info"
                call: Callable[[], Awaitable[None]] = getattr(session, kind)
                began = time.perf_counter()
                error = None
                try:
                    await call()
                except Exception as exc:  # a failed call is counted, never fatal to the run
                    error = f"{type(exc).__name__}: {exc}"
                stats.record(kind, time.perf_counter() - began, error)
    except Exception as exc:
        stats.record("session", 0.0, f"{type(exc).__name__}: {exc}")


# ---------------------------------------------------------------- the run


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def store_contents(files_dir: Path) -> list[str]:
    """What the store still holds: files, their metadata, the trash (tombstones of swept files, and `.owner`, the
    running server's lock on its store, do not count)."""
    left = []
    for store in files_dir.glob("pdftools-files-*"):
        for path in store.iterdir():
            if path.name in (".meta", ".trash"):
                left += [str(p.relative_to(files_dir)) for p in path.iterdir()]
            elif path.name not in (".expired", ".owner"):
                left.append(str(path.relative_to(files_dir)))
    return left


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of calls")
    parser.add_argument("--ttl", type=float, default=5.0, help="the server's file TTL (seconds)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args()

    import anyio

    work = Path(tempfile.mkdtemp(prefix="pdftools-load-"))
    root, files_dir = work / "root", work / "files"
    root.mkdir()
    files_dir.mkdir()
    shutil.copy(FOUR_PAGES, root / "four.pdf")
    shutil.copy(OUTLINE, root / "outline.pdf")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [PDFTOOLS, "serve", "--transport", "http", "--port", str(port), "--root", str(root)],
        env={**os.environ, "PDFTOOLS_AUTH_TOKEN": TOKEN, "PDFTOOLS_FILE_TTL": str(args.ttl),
             "PDFTOOLS_FILES_DIR": str(files_dir)},
        stdout=subprocess.DEVNULL, stderr=(work / "server.log").open("wb"))
    stats, memory, stop, warmed = Stats(), Memory(), threading.Event(), list[float]()
    try:
        for _ in range(400):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        before = status(server.pid)
        start = time.monotonic()
        sampler = threading.Thread(target=sample_memory, args=(server.pid, memory, stop, start), daemon=True)
        sampler.start()
        deadline = start + args.duration

        async def all_sessions() -> None:
            async with anyio.create_task_group() as group:
                for index in range(args.sessions):
                    group.start_soon(run_session, index, url, deadline, stats, warmed)

        anyio.run(all_sessions)
        elapsed = time.monotonic() - start
        stop.set()
        sampler.join()
        after_calls = status(server.pid)
        time.sleep(args.ttl + min(args.ttl / 2, 60) + 2)  # the TTL, then the sweep (every TTL/2, at most 60 s)
        left = store_contents(files_dir)
        listing_status, listing = http(f"{url}/files")
        after = status(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=60)
    server_log = (work / "server.log").read_text(errors="replace")
    shutil.rmtree(work, ignore_errors=True)

    calls = sum(len(v) for v in stats.latencies.values())
    failed = sum(stats.failures.values())
    every = [x for v in stats.latencies.values() for x in v]
    # memory once every session has made each kind of call (first tenth after that) vs the last tenth
    warm_at = max(warmed, default=start) - start
    after_warm = [r for t, r in memory.samples if t >= warm_at] or [r for _, r in memory.samples] or [0]
    tenth = max(1, len(after_warm) // 10)
    warm, end = statistics.median(after_warm[:tenth]), statistics.median(after_warm[-tenth:])
    flat = end <= warm * 1.03 + 5 * MB
    store_empty = not left and listing_status == 200 and json.loads(listing)["files"] == []
    figures = {
        "sessions": args.sessions, "duration_s": round(elapsed, 1), "calls": calls, "failed": failed,
        "calls_per_s": round(calls / elapsed, 1) if elapsed else 0,
        "p50_ms": round(pct(every, 0.50) * 1000, 1), "p95_ms": round(pct(every, 0.95) * 1000, 1),
        "max_ms": round(max(every, default=0) * 1000, 1),
        "by_kind": {k: {"calls": len(v), "failed": stats.failures[k], "p50_ms": round(pct(v, 0.5) * 1000, 1),
                        "p95_ms": round(pct(v, 0.95) * 1000, 1)} for k, v in sorted(stats.latencies.items())},
        "failures": dict(stats.examples),
        "rss_start_mb": round(before["VmRSS"] / MB, 1), "rss_warm_mb": round(warm / MB, 1),
        "warm_after_s": round(warm_at, 1),
        "rss_end_mb": round(end / MB, 1), "rss_peak_mb": round(memory.peak / MB, 1),
        "rss_after_sweep_mb": round(after["VmRSS"] / MB, 1), "memory_flat": flat,
        "rss_series_mb": [round(statistics.median(after_warm[i:i + tenth]) / MB, 1)
                          for i in range(0, len(after_warm) - tenth + 1, tenth)],
        "threads": [before["Threads"], after_calls["Threads"], after["Threads"]],
        "fds": [before["fds"], after_calls["fds"], after["fds"]],
        "store_left": left, "store_empty": store_empty,
        "server_tracebacks": server_log.count("Traceback"),
    }
    ok = failed == 0 and flat and store_empty and figures["server_tracebacks"] == 0
    if args.json:
        print(json.dumps(figures))
    else:
        report(figures, ok)
    return 0 if ok else 1


def report(f: dict[str, Any], ok: bool) -> None:
    print(f"{f['sessions']} sessions for {f['duration_s']} s: {f['calls']} calls ({f['calls_per_s']}/s), "
          f"{f['failed']} failed; latency p50 {f['p50_ms']} ms, p95 {f['p95_ms']} ms, max {f['max_ms']} ms")
    print(f"{'call':<16}{'calls':>7}{'failed':>8}{'p50 ms':>9}{'p95 ms':>9}")
    for kind, k in f["by_kind"].items():
        print(f"{kind:<16}{k['calls']:>7}{k['failed']:>8}{k['p50_ms']:>9}{k['p95_ms']:>9}")
    for kind, example in f["failures"].items():
        print(f"  first failure of {kind}: {example}")
    print(f"server RSS: start {f['rss_start_mb']} MB, warm (at {f['warm_after_s']} s) {f['rss_warm_mb']} MB, "
          f"peak {f['rss_peak_mb']} MB, end {f['rss_end_mb']} MB, after the sweep {f['rss_after_sweep_mb']} MB -> "
          f"{'flat' if f['memory_flat'] else 'GROWING'}")
    print(f"server RSS by tenth of the run after warm-up (MB): {' '.join(map(str, f['rss_series_mb']))}")
    print(f"threads start/end/after sweep {f['threads']}, open descriptors {f['fds']}")
    print(f"store after the TTL: {'empty' if f['store_empty'] else 'NOT EMPTY: ' + ', '.join(f['store_left'][:5])}; "
          f"tracebacks in the server log: {f['server_tracebacks']}")
    print("ok" if ok else "FAILED")


if __name__ == "__main__":
    sys.exit(main())
