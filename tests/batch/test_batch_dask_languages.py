"""`batch ocr --cluster ... --set language=deu` asks the workers' tesseract before any file: no worker has the
language, one error before any file (as a local batch refuses it); some have it, the files go to those only and
the summary names the others. A real scheduler and workers on 127.0.0.1; a worker "has" `deu` through a
TESSDATA_PREFIX of its own (this machine's models, `eng` copied as `deu`), as another machine would."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from batch_files import rest_of, scans
from dask_cluster import Cluster, given_by, with_german, without_german
from harness import default_signals

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def batch(*args: Any) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
    env["PDFTOOLS_CLUSTER_TIMEOUT"] = "10"
    return subprocess.run([str(PDFTOOLS), "batch", *map(str, args), "--json"], capture_output=True, text=True,
                          env=env, timeout=180, check=False)


def rows(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def test_a_language_no_worker_has_is_refused_once_before_any_file(bare: Cluster, tmp_path: Path,
                                                                  sample: Path) -> None:
    """It was one failed row per file, each with the same error (exit 16), where a local batch refuses it once."""
    scans(sample, tmp_path / "in", dpi=72, pages=3)
    english = without_german(tmp_path / "english")  # whatever language packs this machine has
    bare.add_worker("english-1", env=english)
    bare.add_worker("english-2", env=english)
    try:
        bare.wait_for(2)
        out = batch("ocr", tmp_path / "in", "-d", tmp_path / "out", "--set", "language=deu", "--cluster",
                    bare.address)
    finally:
        bare.kill("english-1")
        bare.kill("english-2")
    local = subprocess.run([str(PDFTOOLS), "ocr", str(tmp_path / "in" / "pg-1.pdf"), "-l", "deu", "--json"],
                           capture_output=True, text=True, check=False, env={**os.environ, **english})
    error, alone = json.loads(out.stderr)["error"], json.loads(local.stderr)["error"]
    assert (out.returncode, error["code"]) == (local.returncode, alone["code"]) == (8, "OCR_LANGUAGE_MISSING"), out
    assert out.stdout == "" and not (tmp_path / "out").exists(), out.stdout  # one error, no row, nothing made
    assert "not installed: deu" in error["message"] and "2 workers" in error["message"], error
    assert error["hint"] == alone["hint"], error


def test_files_go_only_to_the_workers_that_have_the_language(bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """The worker without it was found out by failing a file (then avoided): it never gets one now, and the
    summary names it and why."""
    for page in scans(sample, tmp_path / "in", dpi=72, pages=3):
        shutil.copy(page, page.with_name(f"again-{page.name}"))
    bare.add_worker("english", env={"PDFTOOLS_DEBUG": "", **without_german(tmp_path / "english")})
    bare.add_worker("german", env=with_german(tmp_path / "tessdata"))
    try:
        bare.wait_for(2)
        out = batch("ocr", tmp_path / "in", "-d", tmp_path / "out", "--set", "language=deu", "--set", "dpi=72",
                    "--cluster", bare.address)
        given = given_by(bare, "english")
    finally:
        bare.kill("english")
        bare.kill("german")
    found = rows(out.stdout)
    assert out.returncode == 0 and [r["status"] for r in found] == ["ok"] * 6, (out.stderr, found)
    assert len({r["worker"] for r in found}) == 1, found
    assert given == [], given
    engine = json.loads(out.stderr)["engine"]
    assert "1 worker avoided" in engine and "not installed: deu" in engine, engine


def test_a_worker_that_joins_without_the_language_gets_no_file(bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """A worker that joins mid-batch is asked too, before it gets a file: it took queued files at once and failed
    the first (then was avoided)."""
    for page in scans(sample, tmp_path / "in", dpi=100, pages=4):
        for copy in range(3):
            shutil.copy(page, page.with_name(f"{copy}-{page.name}"))
    bare.add_worker("german", env=with_german(tmp_path / "tessdata"))
    proc: subprocess.Popen[str] | None = None
    try:
        bare.wait_for(1)
        env = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
        proc = subprocess.Popen([str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                                 "--set", "language=deu", "--set", "dpi=100", "--cluster", bare.address, "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                preexec_fn=default_signals)
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        bare.add_worker("late", env=without_german(tmp_path / "english"))
        bare.wait_for(2)
        running = proc.poll() is None  # the late worker was there while files were left
        rest, err = rest_of(proc, timeout=180)
        given = given_by(bare, "late")
        late = {str(pid) for pid in bare.worker_pids("late")}
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        bare.kill("german")
        bare.kill("late")
    found = [first, *rows(rest)]
    assert proc.returncode == 0 and [r["status"] for r in found] == ["ok"] * 16, (err, found)
    engine = json.loads(err)["engine"]
    assert running and "1 worker avoided" in engine and "not installed: deu" in engine, engine
    assert any(f":{pid}: " in engine for pid in late), (engine, late)  # the one that came
    assert given == [], given
