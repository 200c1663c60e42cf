"""A client's cancel over Streamable HTTP stops the work and kills its child processes, as over stdio: with a
session (a 2025 client's `notifications/cancelled`, a 2026 client's closed stream) and on a `--stateless` server
(a 2026 client closes the call's stream). The tesseract the OCR starts records its pid and sleeps for a minute
instead of reading the page (`--list-langs` and `--version` go to the real one), so a call that is not stopped
keeps it alive long after the test's wait."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import anyio
import pytest
from scans import gray_scan
from surface_servers import http_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from processes import alive, wait_for  # noqa: E402

REAL = shutil.which("tesseract")
pytestmark = pytest.mark.skipif(REAL is None, reason="tesseract is not installed")


def _sleeping_tesseract(bindir: Path, pidfile: Path) -> None:
    bindir.mkdir()
    shim = bindir / "tesseract"
    shim.write_text("#!/bin/sh\n"
                    'case " $* " in *" --list-langs "*|*" --version "*) exec ' + str(REAL) + ' "$@";; esac\n'
                    f"echo $$ >> {pidfile}\nexec sleep 60\n")
    shim.chmod(0o755)


CASES = [("legacy", ()), ("2026-07-28", ()), ("2026-07-28", ("--stateless",)),
         pytest.param("legacy", ("--stateless",), marks=pytest.mark.xfail(
             strict=True, reason="a 2025 client's cancel is a POST of its own; without a session, nothing ties it "
                                 "to the call (README: the call stops when the client disconnects)"))]


@pytest.mark.parametrize(("mode", "extra"), CASES, ids=["session-2025", "session-2026", "stateless-2026",
                                                        "stateless-2025"])
def test_a_clients_cancel_over_http_kills_the_ocr(tmp_path: Path, mode: str, extra: tuple[str, ...]) -> None:
    _cancelled_ocr(tmp_path, mode, extra, connected=True)


def test_a_2025_client_on_a_stateless_server_stops_the_ocr_by_going_away(tmp_path: Path) -> None:
    _cancelled_ocr(tmp_path, "legacy", ("--stateless",), connected=False)


def _cancelled_ocr(tmp_path: Path, mode: str, extra: tuple[str, ...], connected: bool) -> None:
    """An OCR call cancelled once its tesseract runs; then, with the client still connected (`connected`: a
    client that goes away is another signal) or after it closed, every tesseract it started ends: at once, or
    after the call's grace (the shim sleeps 60 s when nothing kills it)."""
    import os
    root, bindir, pidfile = tmp_path / "root", tmp_path / "bin", tmp_path / "tesseract.pids"
    root.mkdir()
    gray_scan(root / "scan.pdf", last=2)
    _sleeping_tesseract(bindir, pidfile)

    def stopped() -> bool:
        pids = [int(p) for p in pidfile.read_text().split()]
        return bool(pids) and bool(wait_for(lambda: not any(alive(p) for p in pids), 30))

    with http_server(root, *extra, PATH=f"{bindir}:{os.environ['PATH']}") as server:
        async def go() -> bool | None:
            async with server.client(mode=mode) as client:
                with anyio.CancelScope() as scope:
                    async def cancel_once_running() -> None:
                        while not pidfile.exists():
                            await anyio.sleep(0.05)
                        scope.cancel()

                    async with anyio.create_task_group() as group:
                        group.start_soon(cancel_once_running)
                        await client.call_tool("pdf_ocr", {"input": "scan.pdf", "output": "o.pdf", "jobs": 1})
                        group.cancel_scope.cancel()
                assert scope.cancelled_caught  # the call was cancelled, not answered
                return await anyio.to_thread.run_sync(stopped) if connected else None

        ended = anyio.run(go)
        assert ended if connected else stopped(), f"tesseract still runs ({mode} {extra})"
