"""A batch on a Dask cluster that cannot go on says which of three things happened, and what to do for it. A
scheduler without workers at the start and one whose workers went mid-batch both said `has no workers (waited 3
s)`, each with the hint for a scheduler gone (`Files finished so far are kept ...: start the scheduler and its
workers again`), though at the start no file ran and the scheduler was there; a scheduler gone mid-batch said
`lost the Dask scheduler at ...`. Each runs on a real scheduler and workers on 127.0.0.1 (tests/batch's fixtures),
every wait bounded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from batch_files import rest_of, small_pdfs
from dask_cluster import Cluster

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FILES = 400  # enough that the batch is still running when the cluster fails under it (a row each ~0.1 s at best)


@pytest.fixture
def lone(tmp_path: Path) -> Iterator[Cluster]:
    (tmp_path / "dask").mkdir()
    running = Cluster(tmp_path / "dask")
    try:
        yield running
    finally:
        running.close()


def _started(tmp_path: Path, address: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
    return subprocess.Popen([str(PDFTOOLS), "batch", "text", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                             "--cluster", address, "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**env, "PDFTOOLS_CLUSTER_TIMEOUT": "3"})


def _error(proc: subprocess.Popen[str], lone: Cluster) -> dict[str, Any]:
    rest, err = rest_of(proc, timeout=120)
    assert proc.returncode == 9, (err, lone.logs())
    error: dict[str, Any] = json.loads(err)["error"]  # one object: no log line of Dask's beside it
    assert error["code"] == "CLUSTER_UNAVAILABLE", error
    return error


def test_a_scheduler_with_no_worker_at_the_start(lone: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    error = _error(_started(tmp_path, lone.address), lone)
    assert error["message"] == (f"the Dask scheduler at {lone.address} has no workers: none joined in 3 s, so no "
                                "file was run"), error
    assert error["hint"].startswith(f"Start workers: `dask worker {lone.address}` on machines"), error
    assert "again" in error["hint"] and "scheduler" not in error["hint"] and "journal" not in error["hint"], error
    assert not (tmp_path / "out").exists()


def test_a_scheduler_whose_workers_went_mid_batch(lone: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", FILES)
    lone.add_worker("w1")
    lone.wait_for(1)
    proc = _started(tmp_path, lone.address)
    assert proc.stdout is not None
    first = json.loads(proc.stdout.readline())
    lone.kill("w1")
    error = _error(proc, lone)
    assert first["status"] == "ok", first
    assert error["message"] == (f"the Dask scheduler at {lone.address} has no workers any more: they went "
                                "mid-batch, and none joined in 3 s"), error
    assert error["hint"].startswith(f"Start workers: `dask worker {lone.address}`"), error
    assert "run the same command again: the files finished so far are kept" in error["hint"], error
    assert "scheduler" not in error["hint"].replace("PDFTOOLS_CLUSTER", ""), error


def test_a_scheduler_gone_mid_batch(lone: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", FILES)
    lone.add_worker("w1")
    lone.wait_for(1)
    proc = _started(tmp_path, lone.address)
    assert proc.stdout is not None
    first = json.loads(proc.stdout.readline())
    lone.stop_scheduler()
    error = _error(proc, lone)
    assert first["status"] == "ok", first
    assert error["message"].startswith(f"the Dask scheduler at {lone.address} went away mid-batch"), error
    assert "no workers" not in error["message"], error
    assert error["hint"].startswith("Start the scheduler (`dask scheduler`) and its workers again, then run the "
                                    "same command again: the files finished so far are kept"), error
