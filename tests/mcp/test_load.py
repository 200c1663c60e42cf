"""benchmarks/load.py, small: concurrent sessions against the real HTTP server on 127.0.0.1, every call's
result checked, and the file store empty after the TTL. The full run (20 sessions, 60 s) is by hand; see
benchmarks/README.md. No timing is asserted here, only what must hold at any speed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

LOAD = Path(__file__).resolve().parents[2] / "benchmarks" / "load.py"


def test_a_short_load_run_fails_no_call_and_leaves_an_empty_store() -> None:
    out = subprocess.run([sys.executable, LOAD, "--sessions", "4", "--duration", "6", "--ttl", "2", "--json"],
                         capture_output=True, text=True, timeout=180)
    figures = json.loads(out.stdout)
    assert figures["failed"] == 0, figures["failures"]
    kinds = figures["by_kind"]
    assert set(kinds) >= {"info", "text", "merge", "split", "rotate", "thumbnails", "upload_and_info",
                          "download", "resources"}  # every kind was called, and each call was checked
    assert figures["store_empty"], figures["store_left"]
    assert figures["server_tracebacks"] == 0
    assert figures["fds"][2] <= figures["fds"][0] + 12, figures["fds"]  # descriptors come back after the sweep
    assert out.returncode == 0, out.stdout
