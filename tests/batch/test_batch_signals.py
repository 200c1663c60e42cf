"""A batch stopped from outside: SIGTERM (`timeout`, a CI job cancelled, `docker stop`) stops it as Ctrl-C does,
exit 143, the finished outputs kept and said so; a coordinator killed outright (SIGKILL, the OOM killer) leaves
no worker behind. Before, SIGTERM left the lock file, the staging folder and the worker processes, which went
on publishing outputs the journal never heard of, then hung for ever."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pikepdf
from batch_files import rest_of, scans

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def start(tmp_path: Path, sample: Path) -> tuple[subprocess.Popen[str], dict[str, object]]:
    pages = scans(sample, tmp_path / "in", dpi=72, pages=4)
    for page in pages:  # enough files that the batch is still running when it is stopped
        for copy in range(2):
            (tmp_path / "in" / f"{page.stem}-{copy}.pdf").write_bytes(page.read_bytes())
    argv = [str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"), "--jobs", "2",
            "--json", "--set", "dpi=150"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    return proc, json.loads(proc.stdout.readline())


def gone(pids: set[int], within: float = 30) -> bool:
    """Whether the processes have all ended (a bounded wait: a worker notices its coordinator's end itself)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in pids):
            return True
        time.sleep(0.1)
    return False


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return "X"


def workers_of(coordinator: int) -> set[int]:
    """The processes started for this batch: the coordinator's descendants (forkserver, pool workers)."""
    found: set[int] = set()
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
    for pid in parents:
        up = pid
        while up > 1:
            up = parents.get(up, 0)
            if up == coordinator:
                found.add(pid)
                break
    return found


def test_sigterm_stops_a_batch_as_ctrl_c_does(tmp_path: Path, sample: Path) -> None:
    proc, first = start(tmp_path, sample)
    workers = workers_of(proc.pid)
    proc.send_signal(signal.SIGTERM)
    rest, err = rest_of(proc, timeout=60)
    assert proc.returncode == 143, err
    error = json.loads(err)["error"]
    assert error["code"] == "TERMINATED", error
    done = [first, *(json.loads(line) for line in rest.splitlines())]
    assert f"{len(done)} of 12 files finished" in error["message"], error
    assert "run the same command again" in error["hint"].lower(), error
    out = tmp_path / "out"
    left = {p.name for p in out.iterdir()}  # no lock file, nothing staged; an output a worker published as it
    assert ".pdftools-batch.jsonl" in left and not {n for n in left if n.startswith(".")} - {  # was stopped is whole
        ".pdftools-batch.jsonl"}, left
    assert {Path(str(r["output"])).name for r in done} <= left and len(left) <= len(done) + 3, left
    for path in out.glob("*.pdf"):
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 1
    assert gone(workers), "the batch's workers outlived it"


def test_a_coordinator_killed_outright_leaves_no_worker_behind(tmp_path: Path, sample: Path) -> None:
    proc, first = start(tmp_path, sample)
    workers = workers_of(proc.pid) | {int(str(first["worker"]).split(":")[1])}
    proc.kill()
    rest_of(proc, timeout=60)
    assert gone(workers), "the batch's workers outlived it"
