"""Server protection: a concurrency limit for heavy tools (BUSY), a circuit breaker per engine."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from pdftools import engines
from pdftools.errors import EngineUnavailable, ExternalToolFailed
from pdftools.mcp.server import build_server


def test_breaker_opens_after_repeated_crashes_then_fails_fast(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bindir, log = tmp_path / "bin", tmp_path / "runs"
    bindir.mkdir()
    crasher = bindir / "pdftools-test-crasher"
    crasher.write_text(f"#!/bin/sh\necho run >> {log}\nkill -9 $$\n")
    crasher.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bindir}:{os.environ['PATH']}")
    monkeypatch.setattr(engines.Breaker, "COOL_DOWN", 60.0)
    try:
        for _ in range(engines.Breaker.THRESHOLD):
            with pytest.raises(ExternalToolFailed):
                engines.run(["pdftools-test-crasher"])
        with pytest.raises(EngineUnavailable) as caught:
            engines.run(["pdftools-test-crasher"])
        assert caught.value.code == "ENGINE_UNAVAILABLE" and "Retry in" in caught.value.hint
        assert len(log.read_text().split()) == engines.Breaker.THRESHOLD  # the last call never started it
    finally:
        engines.BREAKERS.pop("pdftools-test-crasher", None)


def test_a_complaint_about_the_input_does_not_trip_the_breaker(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.4 nothing else")
    for _ in range(engines.Breaker.THRESHOLD + 1):
        with pytest.raises(ExternalToolFailed):
            engines.run(["pdftotext", str(bad), "-"])  # exits 1: not a crash


def test_heavy_tools_answer_busy_past_their_queue(tmp_path: Path, sample: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Three calls at once, one slot, a queue of one: one runs, one waits, one is turned away. The renderer holds
    until the BUSY answer is in (a gate, not a time: a renderer that slept 3 s while the calls were started 0.3 s
    apart let the first finish before the third came, on a loaded machine)."""
    bindir, gate = tmp_path / "bin", tmp_path / "gate"
    bindir.mkdir()
    real = shutil.which("pdftoppm")
    (bindir / "pdftoppm").write_text(  # a renderer held until the gate opens (a minute at most: no hang)
        f'#!/bin/sh\nfor i in $(seq 1200); do [ -e {gate} ] && break; sleep 0.05; done\nexec {real} "$@"\n')
    (bindir / "pdftoppm").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bindir}:{os.environ['PATH']}")
    monkeypatch.setenv("PDFTOOLS_HEAVY_SLOTS", "1")
    monkeypatch.setenv("PDFTOOLS_HEAVY_QUEUE", "1")
    root = tmp_path / "root"
    (root / "out").mkdir(parents=True)
    shutil.copy(sample, root / "s.pdf")
    results: list[Any] = []

    async def call(client: Client, n: int) -> None:
        results.append(await client.call_tool("pdf_thumbnails", {"input": "s.pdf", "out_dir": "out", "pages": "1",
                                                                 "pattern": f"{n}-{{page}}.{{ext}}"}))
        gate.touch()  # the first answer in is the one turned away: the others may go on

    async def go() -> None:
        async with Client(build_server([root])) as client, anyio.create_task_group() as group:
            for n in range(3):
                group.start_soon(call, client, n)

    anyio.run(go)
    codes = [json.loads(r.content[0].text)["code"] if r.is_error else "ok" for r in results]
    assert codes == ["BUSY", "ok", "ok"]


def test_calls_that_arrive_together_are_held_to_the_queue() -> None:
    """The limit holds for calls that arrive in the same moment: each took its place after a pause (the lock), so
    all of them passed the check before any was counted, and 4 calls with 1 slot and a queue of 1 all ran."""
    from pdftools.errors import Busy
    from pdftools.mcp.limiter import Limiter

    limiter, outcomes = Limiter(1, 1), []

    async def call(gate: anyio.Event) -> None:
        try:
            async with limiter("pdf_ocr"):
                await gate.wait()
            outcomes.append("ok")
        except Busy:
            outcomes.append("BUSY")
            gate.set()

    async def go() -> None:
        gate = anyio.Event()
        async with anyio.create_task_group() as group:
            for _ in range(4):
                group.start_soon(call, gate)
            with anyio.move_on_after(30):  # a guard: none turned away, nothing would open the gate
                await gate.wait()
            gate.set()

    anyio.run(go)
    assert outcomes == ["BUSY", "BUSY", "ok", "ok"]


def test_a_server_call_has_a_deadline_unless_told_otherwise(tmp_path: Path, sample: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Under `serve` a call on untrusted input stops at limits.SERVE_TIMEOUT when PDFTOOLS_TIMEOUT is unset
    (shortened here to 1 s), and `PDFTOOLS_TIMEOUT=0` lifts it; at the CLI there is no default."""
    from pdftools.core import limits

    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "pdftotext").write_text("#!/bin/sh\nexec sleep 2\n")  # hangs past the deadline
    (bindir / "pdftotext").chmod(0o755)
    monkeypatch.setenv("PATH", f"{bindir}:{os.environ['PATH']}")
    monkeypatch.delenv("PDFTOOLS_TIMEOUT", raising=False)
    monkeypatch.setattr(limits, "SERVE_TIMEOUT", 1.0)
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "s.pdf")

    async def text() -> Any:
        async with Client(build_server([root])) as client:
            return await client.call_tool("pdf_extract_text", {"input": "s.pdf"})

    stopped = anyio.run(text)
    assert stopped.is_error and json.loads(stopped.content[0].text)["code"] == "TIMEOUT"
    monkeypatch.setenv("PDFTOOLS_TIMEOUT", "0")
    unbounded = anyio.run(text)  # the fake finishes after 2 s, with no text: a result, not a timeout
    assert not unbounded.is_error, unbounded.content[0].text
    monkeypatch.delenv("PDFTOOLS_TIMEOUT")
    assert limits.timeout() is None and limits.timeout(limits.SERVE_TIMEOUT) == 1.0


def test_a_heavy_call_cancelled_gives_its_slot_back() -> None:
    """A call cancelled while it runs (an agent's notifications/cancelled, a client gone) frees its slot: the
    release took the lock with an await that the pending cancellation interrupted, so `running` stayed counted
    and, with 1 slot, every later heavy call waited for ever behind a call that had ended."""
    from pdftools.mcp.limiter import Limiter

    limiter, outcomes = Limiter(1, 4), []

    async def cancelled() -> None:
        with anyio.CancelScope() as scope:
            async with limiter("pdf_ocr"):
                scope.cancel()
                await anyio.sleep(0)

    async def later() -> None:
        with anyio.move_on_after(30):  # a guard: a slot never given back would hold this call for ever
            async with limiter("pdf_ocr"):
                outcomes.append("ran")

    async def go() -> None:
        await cancelled()
        await later()

    anyio.run(go)
    assert (outcomes, limiter.running) == (["ran"], 0)
