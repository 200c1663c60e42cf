"""`batch --send-files` on a real Dask cluster: each input's bytes go to a worker as data beside its task, not
inside the task. Inside it, the bytes were pickled into the task graph, which the scheduler unpickles, holds and
pickles again for the worker (the CPU seconds of each process: benchmarks/send_files.py). Sent beside, the bytes live
on the worker that runs the file, so a worker killed mid-batch takes them with it: its files are sent again to the
workers left (a file whose workers keep dying is WORKER_LOST, as with shared storage)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pikepdf
from batch_files import rest_of, scans, small_pdfs
from dask_cluster import Cluster

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def env() -> dict[str, str]:
    full = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
    return full | {"PDFTOOLS_CLUSTER_TIMEOUT": "30"}


def rows(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def scheduler_record(cluster: Cluster) -> list[tuple[str, set[str]]]:
    """The scheduler's own record of its keys' transitions: (key, the states it left and reached)."""
    from distributed import Client

    with Client(cluster.address, timeout=30, set_as_default=False) as client:
        return [(key, set(states)) for key, *states in client.run_on_scheduler(
            lambda dask_scheduler: [(str(e[0]), str(e[1]), str(e[2])) for e in dask_scheduler.transition_log])]


def test_each_input_goes_to_its_worker_as_data_beside_its_task(bare: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 3)
    (tmp_path / "out").mkdir()  # (a worker sees it empty: it must be there)
    bare.add_worker("beside", hidden=(tmp_path / "in", tmp_path / "out"))
    try:
        bare.wait_for(1)
        before = {key for key, _ in scheduler_record(bare)}
        done = subprocess.run([str(PDFTOOLS), "batch", "rotate", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                               "--set", "angle=90", "--cluster", bare.address, "--send-files", "--json"],
                              capture_output=True, text=True, env=env(), timeout=300, check=False)
        record = [(key, state) for key, state in scheduler_record(bare) if key not in before]
    finally:
        bare.kill("beside")
    assert done.returncode == 0 and {r["status"] for r in rows(done.stdout)} == {"ok"}, (done.stderr, bare.logs())
    tasks = {key for key, _ in record if key.startswith("run_sent-") and not key.endswith("-files")}
    beside = {key for key, states in record if key.endswith("-files") and "memory" in states}  # data, not run
    assert len(tasks) == 3 and beside == {f"{key}-files" for key in tasks}, record
    for path in (tmp_path / "out").glob("*.pdf"):
        with pikepdf.open(path) as pdf:
            assert pdf.pages[0].Rotate == 90


def test_a_worker_killed_mid_batch_has_the_files_sent_to_it_sent_again_to_the_other(
        bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """Its files' bytes went with it (held beside their tasks on it): they are sent again, not failed, and each
    output is written once."""
    scans(sample, tmp_path / "in", dpi=72, pages=4)
    (tmp_path / "out").mkdir()
    hidden = (tmp_path / "in", tmp_path / "out")
    bare.add_worker("w1", hidden=hidden)
    bare.add_worker("w2", hidden=hidden)
    proc: subprocess.Popen[str] | None = None
    try:
        bare.wait_for(2)
        proc = subprocess.Popen([str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                                 "--set", "dpi=72", "--cluster", bare.address, "--send-files", "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())  # one worker finished a file: the other is mid-way in its own
        victim = "w2" if first["worker"].split(":")[1] in map(str, bare.worker_pids("w1")) else "w1"
        lost = {str(pid) for pid in bare.worker_pids(victim)}
        bare.kill(victim)
        rest, err = rest_of(proc, timeout=180)
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        for name in ("w1", "w2"):
            bare.kill(name)
    done = [first, *rows(rest)]
    assert proc.returncode == 0, (err, bare.logs())
    assert sorted(Path(r["output"]).name for r in done) == [f"pg-{i}.pdf" for i in range(1, 5)], done
    assert {r["status"] for r in done} == {"ok"}, done
    assert len([r for r in done if r["worker"].split(":")[1] not in lost]) >= 3, done
    journal = [json.loads(line) for line in (tmp_path / "out" / ".pdftools-batch.jsonl").read_text().splitlines()]
    assert sorted(e["output"] for e in journal) == sorted(r["output"] for r in done)  # each once
    for path in (tmp_path / "out").glob("*.pdf"):
        found = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
        assert found.strip(), path


def test_two_batches_at_once_into_one_folder_one_is_refused_and_waits_for_nothing(
        bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """Two people (or a script run twice) starting the same cluster batch into one folder: the second is refused at
    once, OUT_DIR_BUSY, before any file is sent (each output is written once, by the first); run again after the
    first has ended, it skips every file the first did."""
    pages = scans(sample, tmp_path / "pages", dpi=72, pages=4)
    (tmp_path / "in").mkdir()
    for copy in range(3):  # enough files that the first batch is still at work when the second starts
        for page in pages:
            shutil.copy(page, tmp_path / "in" / f"{copy}-{page.name}")
    (tmp_path / "out").mkdir()
    bare.add_worker("only", hidden=(tmp_path / "in", tmp_path / "out"))
    argv = [str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"), "--set", "dpi=72",
            "--cluster", bare.address, "--send-files", "--json"]
    proc: subprocess.Popen[str] | None = None
    try:
        bare.wait_for(1)
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env())
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())  # at work (its lock taken before any file)
        second = subprocess.run(argv, capture_output=True, text=True, env=env(), timeout=120, check=False)
        rest, err = rest_of(proc, timeout=180)
        again = subprocess.run(argv, capture_output=True, text=True, env=env(), timeout=120, check=False)
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        bare.kill("only")
    assert second.returncode == 6 and second.stdout == "", second
    assert json.loads(second.stderr)["error"]["code"] == "OUT_DIR_BUSY", second.stderr
    assert proc.returncode == 0, (err, bare.logs())
    done = [first, *rows(rest)]
    assert {r["status"] for r in done} == {"ok"} and len(done) == 12, done
    assert again.returncode == 0 and [r["status"] for r in rows(again.stdout)] == ["skipped"] * 12, again
    journal = (tmp_path / "out" / ".pdftools-batch.jsonl").read_text().splitlines()
    assert len(journal) == 12  # each output once
