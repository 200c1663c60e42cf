"""`batch --cluster` as a cluster is really deployed: workers in environments of their own (without pdftools, or
with another version of it), a scheduler that speaks TLS, the addresses people type. Real `dask scheduler` and
`dask worker` processes on 127.0.0.1."""

from __future__ import annotations

import json
import os
import shutil
import site
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from batch_files import rest_of, scans, small_pdfs
from dask_cluster import Cluster, given_by, require_dask, with_german, without_german
from harness import default_signals

import pdftools

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def batch(*args: Any, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
    full |= {"PDFTOOLS_CLUSTER_TIMEOUT": "5", **(env or {})}
    return subprocess.run([str(PDFTOOLS), "batch", *map(str, args), "--json"], capture_output=True, text=True,
                          env=full, timeout=timeout, check=False)


def rows(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def environment_without_pdftools(folder: Path) -> Path:
    """A Python environment with Dask and not pdftools (as `pip install distributed` alone makes): a venv that
    sees this one's site-packages as a plain folder, so the editable install's finder is never installed."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    inner = subprocess.run([str(python), "-c", "import site; print(site.getsitepackages()[0])"], capture_output=True,
                           text=True, check=True).stdout.strip()
    Path(inner, "dask-only.pth").write_text(site.getsitepackages()[0] + "\n")
    found = subprocess.run([str(python), "-c", "import distributed, importlib.util as u; "
                            "print(u.find_spec('pdftools') is None)"], capture_output=True, text=True, cwd=folder)
    assert found.stdout.strip() == "True", found  # Dask is there, pdftools is not
    return python


def test_a_worker_without_pdftools_fails_its_files_in_words_and_stays_up(bare: Cluster, tmp_path: Path) -> None:
    """Dask unpickles a task before it runs it: a worker without pdftools could not read the file's work, its
    connection to the scheduler broke and it ended (and so on every worker of the batch), and the batch said
    the scheduler had no workers."""
    small_pdfs(tmp_path / "in", 2)
    bare.add_worker("no-pdftools", python=environment_without_pdftools(tmp_path / "venv"))
    try:
        bare.wait_for(1)
        out = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", bare.address)
        assert bare.procs["no-pdftools"].poll() is None, bare.logs()  # still running, still in the cluster
        bare.wait_for(1)
    finally:
        bare.kill("no-pdftools")
    assert out.returncode == 16, (out.stderr, bare.logs())
    found = rows(out.stdout)
    assert len(found) == 2 and {r["status"] for r in found} == {"failed"}, found
    for row in found:
        error = row["error"]
        assert error["code"] == "WORKER_MISMATCH", row
        assert f"worker {row['worker']}" in error["message"] and "no pdftools" in error["message"], row
        assert str(tmp_path / "venv") in error["message"], row  # which Python: where to install it
        assert f"pdftools[cluster]=={pdftools.__version__}" in error["hint"], row
        assert "run the same command again" in error["hint"] and "{{" not in error["hint"], row  # a shell's words


@pytest.mark.parametrize("sent", [False, True], ids=["shared", "send-files"])
def test_files_go_around_a_worker_without_pdftools_to_those_with_it(bare: Cluster, tmp_path: Path,
                                                                    sent: bool) -> None:
    """A worker that cannot run the files fails them at once, so it took most of the batch (17 files of 20 beside
    one good worker): once a worker is known to differ, the files go to the others, and the summary names it.
    With --send-files, the bytes of the files it was sent go again, to the others."""
    small_pdfs(tmp_path / "in", 12)
    bare.add_worker("good")
    bare.add_worker("no-pdftools-2", python=environment_without_pdftools(tmp_path / "venv"))
    try:
        bare.wait_for(2)
        out = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", bare.address,
                    *(["--send-files"] * sent))
    finally:
        bare.kill("good")
        bare.kill("no-pdftools-2")
    assert out.returncode == 0, (out.stdout, out.stderr)
    assert [r["status"] for r in rows(out.stdout)] == ["ok"] * 12
    summary = json.loads(out.stderr)
    assert summary["succeeded"] == 12 and "without this pdftools" in summary["engine"], summary


def test_a_worker_running_another_pdftools_is_named(bare: Cluster, tmp_path: Path) -> None:
    """A stale checkout on a worker's PYTHONPATH ran the files with other code than the client's (other
    outputs, old bugs, fields of the work it did not know), and nothing said so."""
    small_pdfs(tmp_path / "in", 2)
    stale = tmp_path / "stale"
    shutil.copytree(Path(pdftools.__file__).parent, stale / "pdftools",
                    ignore=shutil.ignore_patterns("__pycache__"))
    init = stale / "pdftools" / "__init__.py"
    init.write_text(init.read_text().replace(f'__version__ = "{pdftools.__version__}"', '__version__ = "0.0.9"'))
    bare.add_worker("stale", env={"PYTHONPATH": str(stale)})
    try:
        bare.wait_for(1)
        out = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", bare.address)
    finally:
        bare.kill("stale")
    assert out.returncode == 16, (out.stderr, bare.logs())
    found = rows(out.stdout)
    assert len(found) == 2 and {r["error"]["code"] for r in found} == {"WORKER_MISMATCH"}, found
    for row in found:
        message = row["error"]["message"]
        assert f"worker {row['worker']}" in message and "pdftools 0.0.9" in message, row
        assert str(stale / "pdftools") in message and pdftools.__version__ in message, row


def test_a_scheduler_file_names_the_cluster(bare: Cluster, tmp_path: Path) -> None:
    """`dask scheduler --scheduler-file F` and `dask worker --scheduler-file F` (HPC: dask-jobqueue, dask-mpi) share
    the address through a file on shared storage: `--cluster F` was "missing port number"."""
    small_pdfs(tmp_path / "in", 2)
    bare.add_worker("by-file")
    try:
        bare.wait_for(1)
        given = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", bare.work / "scheduler.json")
        (tmp_path / "home").mkdir()  # `~/`: as a service's or an MCP client's settings write it (no shell expands it)
        shutil.copy(bare.work / "scheduler.json", tmp_path / "home" / "scheduler.json")
        home = batch("text", tmp_path / "in", "-d", tmp_path / "o3",
                     env={"PDFTOOLS_CLUSTER": "~/scheduler.json", "HOME": str(tmp_path / "home")})
    finally:
        bare.kill("by-file")
    missing = batch("text", tmp_path / "in", "-d", tmp_path / "o2", "--cluster", tmp_path / "nowhere.json")
    assert given.returncode == 0 and home.returncode == 0, (given.stderr, home.stderr)
    assert [r["status"] for r in rows(given.stdout)] == ["ok", "ok"]
    assert f"cluster {bare.address}" in json.loads(given.stderr)["engine"], given.stderr
    error = json.loads(missing.stderr)["error"]
    assert missing.returncode == 9 and error["code"] == "CLUSTER_UNAVAILABLE", missing.stderr
    assert f"no scheduler file {tmp_path / 'nowhere.json'}" in error["message"], error


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", "/CN=127.0.0.1", "-addext",
                    "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    return cert, key


def test_a_tls_scheduler_needs_certificates_and_says_how_to_give_them(certificate: tuple[Path, Path],
                                                                      tmp_path: Path) -> None:
    """`tls://` without certificates was INTERNAL ("TLS expects a `ssl_context` argument"); the README told how
    to give the scheduler and the workers theirs, not the batch."""
    small_pdfs(tmp_path / "in", 2)
    (tmp_path / "dask").mkdir()
    secure = Cluster(tmp_path / "dask", tls=certificate)
    try:
        secure.add_worker("tls-worker")
        secure.wait_for(1)
        assert secure.address.startswith("tls://")
        refused = batch("text", tmp_path / "in", "-d", tmp_path / "o1", "--cluster", secure.address)
        cert, key = map(str, certificate)
        given = batch("text", tmp_path / "in", "-d", tmp_path / "o2", "--cluster", secure.address,
                      env={"DASK_DISTRIBUTED__COMM__TLS__CA_FILE": cert,
                           "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT": cert,
                           "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY": key})
    finally:
        secure.close()
    error = json.loads(refused.stderr)["error"]
    assert refused.returncode == 9 and error["code"] == "CLUSTER_UNAVAILABLE", refused.stderr
    assert "TLS" in error["message"] and "certificate" in error["message"], error
    for name in ("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT",
                 "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY"):
        assert name in error["hint"], error
    assert given.returncode == 0, given.stderr
    assert [r["status"] for r in rows(given.stdout)] == ["ok", "ok"]


@pytest.mark.parametrize("address", ["127.0.0.1", "http://127.0.0.1:8787"])
def test_an_address_that_is_no_schedulers_says_what_one_looks_like(address: str, tmp_path: Path) -> None:
    """A host without its port, or the dashboard's web address, said "no Dask scheduler answered ... start
    one": there was one; the address was not written as Dask takes it."""
    require_dask()
    small_pdfs(tmp_path / "in", 1)
    out = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", address)
    error = json.loads(out.stderr)["error"]
    assert out.returncode == 9 and error["code"] == "CLUSTER_UNAVAILABLE", out.stderr
    assert f"{address} is not a Dask scheduler's address" in error["message"], error
    assert "tcp://HOST:8786" in error["hint"] and "start one" not in error["hint"], error


class Answering(socketserver.ThreadingTCPServer):
    """A server on 127.0.0.1 that is no Dask scheduler: a web server (the dashboard's port, 8787, typed for the
    scheduler's) that waits for a request line Dask never sends, or one that answers with bytes of its own."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, says: bytes | None) -> None:
        class Handler(socketserver.BaseRequestHandler):
            def handle(self) -> None:
                if says is None:  # a web server waiting for the end of a request line
                    while (data := self.request.recv(4096)) and b"\n" not in data:
                        pass
                    return
                self.request.sendall(says)
                time.sleep(30)  # and keeps the connection

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def __exit__(self, *args: object) -> None:
        self.shutdown()
        super().__exit__(*args)


@pytest.mark.parametrize("says", [None, b"SSH-2.0-OpenSSH_9.2\r\n"], ids=["web", "other"])
def test_a_server_that_is_no_scheduler_is_said_in_time(says: bytes | None, tmp_path: Path) -> None:
    """`--cluster HOST:8787` (the dashboard's port, as a browser shows it) waited for ever, whatever
    PDFTOOLS_CLUSTER_TIMEOUT said: Dask's handshake waits for the scheduler's answer without a limit. A server that
    answers with other bytes was `MemoryError: ` (Dask read them as a frame's length)."""
    require_dask()
    small_pdfs(tmp_path / "in", 1)
    with Answering(says) as server:
        address = f"127.0.0.1:{server.server_address[1]}"
        out = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", address, timeout=60,
                    env={"PDFTOOLS_CLUSTER_TIMEOUT": "2"})  # the web server never answers: the whole wait
    error = json.loads(out.stderr)["error"]
    assert out.returncode == 9 and error["code"] == "CLUSTER_UNAVAILABLE", out.stderr
    assert f"something answers at {address}, but not as a Dask scheduler" in error["message"], error
    assert "MemoryError" not in error["message"] and "tcp://HOST:8786" in error["hint"], error


def test_workers_that_join_mid_batch_are_given_files(bare: Cluster, tmp_path: Path) -> None:
    """The files in flight were counted once, from the workers at the start (4 per worker thread): workers that
    joined later (an adaptive cluster scaling up, a machine added to speed a long batch up) got at most what
    the first ones left, and an autoscaler saw no queue to grow for."""
    from distributed import Client

    from pdftools.batch.cluster import DaskExecutor
    from pdftools.batch.executors import WINDOW_PER_WORKER

    gate = tmp_path / "gate"  # every item waits for it: the items in flight stay in flight
    items = [["sh", "-c", f'while [ ! -e "{gate}" ]; do sleep 0.05; done; exit {i % 7}'] for i in range(40)]
    bare.add_worker("first")
    late = ["late-1", "late-2", "late-3"]
    got: list[Any] = []
    try:
        bare.wait_for(1)
        executor = DaskExecutor(bare.address)
        runner = threading.Thread(target=lambda: got.extend(executor.run(subprocess.call, items, lambda: None)))
        runner.start()
        for name in late:
            bare.add_worker(name)
        bare.wait_for(4)
        with Client(bare.address, timeout=30) as watcher:
            deadline = time.monotonic() + 30
            count = lambda dask_scheduler: len(dask_scheduler.tasks)  # noqa: E731 - by value, to the scheduler
            while (in_flight := watcher.run_on_scheduler(count)) < 4 * WINDOW_PER_WORKER:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.2)
        gate.touch()
        runner.join(timeout=60)
        label = executor.label  # the summary's engine: it said the 1 thread of the start
        executor.close()
    finally:
        gate.touch()
        for name in ["first", *late]:
            bare.kill(name)
    assert in_flight == 4 * WINDOW_PER_WORKER, f"{in_flight} files in flight on 4 workers"
    assert label == f"cluster {bare.address}: 4 worker threads (1 at the start)", label
    assert sorted(outcome for _, outcome in got) == sorted(i % 7 for i in range(40))


def test_jobs_with_a_cluster_is_refused_not_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--jobs 32 --cluster ...` ran as many files at once as the cluster's worker threads, saying nothing: the
    user believed 32 ran."""
    small_pdfs(tmp_path / "in", 1)
    nowhere = "tcp://127.0.0.1:1"  # refused before any connection
    flagged = batch("text", tmp_path / "in", "-d", tmp_path / "out", "--jobs", "8", "--cluster", nowhere)
    from_env = batch("text", tmp_path / "in", "-d", tmp_path / "out", "-j", "8", env={"PDFTOOLS_CLUSTER": nowhere})
    for out in (flagged, from_env):
        error = json.loads(out.stderr)["error"]
        assert out.returncode == 2 and error["code"] == "INVALID_ARGUMENT", out.stderr
        assert "--jobs" in error["message"] and "nthreads" in error["hint"], error
        assert "PDFTOOLS_CLUSTER=" in error["hint"], error  # how to run on this machine instead
    assert not (tmp_path / "out").exists()

    import anyio
    from mcp import Client as McpClient

    from pdftools.mcp.server import build_server

    monkeypatch.setenv("PDFTOOLS_CLUSTER", nowhere)  # the server's setting

    async def go() -> Any:
        async with McpClient(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_batch", {"command": "text", "inputs": ["in"], "out_dir": "o",
                                                        "jobs": 2})

    result = anyio.run(go)
    error = json.loads(result.content[0].text)
    assert result.is_error and error["code"] == "INVALID_ARGUMENT", error
    assert "--" not in error["message"] + error["hint"] and "leave out jobs" in error["hint"], error


@pytest.mark.parametrize("sent", [False, True], ids=["shared", "send-files"])
def test_a_scheduler_restarted_mid_batch_is_survived_within_the_timeout(tmp_path: Path, sample: Path,
                                                                        sent: bool) -> None:
    """A scheduler killed and started again (a supervisor, an upgrade) drops every task it had: the batch
    stopped at once with CLUSTER_UNAVAILABLE "has no workers (waited 10 s)" after a few seconds. The files it
    had in flight are sent again once a scheduler with workers is back within PDFTOOLS_CLUSTER_TIMEOUT; with
    --send-files their bytes too (they were on the workers, which ended with the old scheduler)."""
    pages = scans(sample, tmp_path / "pages", dpi=72, pages=4)
    (tmp_path / "in").mkdir()
    for copy in range(4):  # enough files that the batch is still running when the scheduler goes
        for page in pages:
            shutil.copy(page, tmp_path / "in" / f"{copy}-{page.name}")
    (tmp_path / "dask").mkdir()
    restarted = Cluster(tmp_path / "dask")
    try:
        restarted.add_worker("before")
        restarted.wait_for(1)
        env = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
        env["PDFTOOLS_CLUSTER_TIMEOUT"] = "60"
        proc = subprocess.Popen([str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                                 "--cluster", restarted.address, "--set", "dpi=72", "--json",
                                 *(["--send-files"] * sent)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        restarted.stop_scheduler()
        restarted.restart_scheduler()
        restarted.add_worker("after")
        rest, err = rest_of(proc, timeout=180)
    finally:
        restarted.close()
    assert proc.returncode == 0, (err, restarted.logs())
    done = [first, *rows(rest)]
    assert sorted(Path(r["input"]).name for r in done) == sorted(p.name for p in (tmp_path / "in").iterdir())
    assert {r["status"] for r in done} == {"ok"}, done
    journal = [json.loads(line) for line in (tmp_path / "out" / ".pdftools-batch.jsonl").read_text().splitlines()]
    assert sorted(e["output"] for e in journal) == sorted(r["output"] for r in done)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(
        [".pdftools-batch.jsonl", *(Path(r["output"]).name for r in done)])


def through_a_move(tmp_path: Path, sample: Path, join: Callable[[Cluster], None], timeout: str = "60",
                   moved: bool = True) -> tuple[int, list[dict[str, Any]], str, list[str], str, str]:
    """A batch of scans to OCR in German on a cluster named by its scheduler file, whose one worker has the
    language; its scheduler is killed once the first row is in, and started again at another address (`moved`;
    else at the same one, as a supervisor restarts it), where `join` adds workers. The batch's exit code, its
    rows, its stderr, the files the worker "english" was given (none when it is not there), the cluster's logs
    and its scheduler's address."""
    pages = scans(sample, tmp_path / "pages", dpi=72, pages=4)
    (tmp_path / "in").mkdir()
    for copy in range(4):  # enough files that the batch is still running when the scheduler goes
        for page in pages:
            shutil.copy(page, tmp_path / "in" / f"{copy}-{page.name}")
    (tmp_path / "dask").mkdir()
    moving = Cluster(tmp_path / "dask")
    proc: subprocess.Popen[str] | None = None
    try:
        moving.add_worker("before", env=with_german(tmp_path / "models-1"))
        moving.wait_for(1)
        env = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
        env["PDFTOOLS_CLUSTER_TIMEOUT"] = timeout
        proc = subprocess.Popen([str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                                 "--cluster", str(moving.work / "scheduler.json"), "--set", "dpi=72", "--set",
                                 "language=deu", "--json"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                                preexec_fn=default_signals)
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        moving.stop_scheduler()
        moving.restart_scheduler(moved=moved)
        join(moving)
        rest, err = rest_of(proc, timeout=180)
        given = given_by(moving, "english") if "english" in moving.procs else []
        logs = moving.logs()
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        moving.close()
    return proc.returncode, [first, *rows(rest)], err, given, logs, moving.address


def assert_followed(tmp_path: Path, done: list[dict[str, Any]], err: str, given: list[str], address: str,
                    moved: bool = True) -> None:
    """Every file once, every output once and whole; the summary names the move (`moved`) and the worker
    avoided, which was given no file."""
    assert sorted(Path(r["input"]).name for r in done) == sorted(p.name for p in (tmp_path / "in").iterdir())
    assert {r["status"] for r in done} == {"ok"}, done
    engine = json.loads(err)["engine"]
    assert address in engine and ("followed" in engine) == moved and "not installed: deu" in engine, engine
    assert given == [], given
    journal = [json.loads(line) for line in (tmp_path / "out" / ".pdftools-batch.jsonl").read_text().splitlines()]
    assert sorted(e["output"] for e in journal) == sorted(r["output"] for r in done)  # each once
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(
        [".pdftools-batch.jsonl", *(Path(r["output"]).name for r in done)])
    for path in (tmp_path / "out").glob("*.pdf"):  # whole, searchable
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 1


def test_a_scheduler_that_comes_back_elsewhere_is_followed_through_its_file(tmp_path: Path, sample: Path) -> None:
    """A cluster named by its scheduler file, whose scheduler is started again at another address (a batch
    system's job on another node, another port) writing the same file: the batch ended with CLUSTER_UNAVAILABLE
    and had to be run again. It reads the file again, reconnects within PDFTOOLS_CLUSTER_TIMEOUT and sends what
    was not done: every file once, every output once. The new cluster's workers are asked for the language
    before they get a file, as the first ones were: the one without it gets none."""
    def join(moving: Cluster) -> None:
        moving.add_worker("after", env=with_german(tmp_path / "models-2"))
        moving.wait_for(1)
        moving.add_worker("english", env=without_german(tmp_path / "english"))

    code, done, err, given, logs, address = through_a_move(tmp_path, sample, join)
    assert code == 0, (err, logs)
    assert_followed(tmp_path, done, err, given, address)


@pytest.mark.parametrize("moved", [True, False], ids=["elsewhere", "same-address"])
def test_a_scheduler_back_whose_first_worker_cannot_run_the_files_waits_for_one_that_can(
        tmp_path: Path, sample: Path, moved: bool) -> None:
    """The new scheduler's first worker lacks the language, and the one with it joins a few seconds later (as
    workers start in any order): the re-check of a moved cluster's workers ended the batch at once with
    OCR_LANGUAGE_MISSING (exit 8), as a batch none of whose workers can run it does at the start (and at the same
    address, the files went to that worker, each failing). After a reconnection, workers that cannot run the
    files are avoided, and the batch waits for one that can within PDFTOOLS_CLUSTER_TIMEOUT, as it waits for a
    worker at all."""
    def join(moving: Cluster) -> None:
        moving.add_worker("english", env=without_german(tmp_path / "english"))
        moving.wait_for(1)
        time.sleep(5)  # the batch has asked the one without the language alone (it looks every second)
        moving.add_worker("after", env=with_german(tmp_path / "models-2"))

    code, done, err, given, logs, address = through_a_move(tmp_path, sample, join, moved=moved)
    assert code == 0, ([r for r in done if r["status"] != "ok"], err, logs)
    assert_followed(tmp_path, done, err, given, address, moved)


def test_a_moved_scheduler_with_only_workers_that_cannot_run_the_files_ends_the_batch_in_words(
        tmp_path: Path, sample: Path) -> None:
    """The new scheduler's only worker lacks the language and none that has it comes: within the timeout the
    batch ends as at the start, with the check's error (OCR_LANGUAGE_MISSING, exit 8) naming the worker, and
    says how long it waited; the worker was given no file, and the files done before are kept."""
    def join(moving: Cluster) -> None:
        moving.add_worker("english", env=without_german(tmp_path / "english"))

    code, done, err, given, logs, _ = through_a_move(tmp_path, sample, join, timeout="15")
    assert code == 8, (err, logs)
    error = json.loads(err.strip().splitlines()[-1])["error"]
    assert error["code"] == "OCR_LANGUAGE_MISSING", error
    assert "deu" in error["message"] and "on worker" in error["message"], error
    assert "waited 15 s" in error["message"], error
    assert given == [], given
    assert {r["status"] for r in done} == {"ok"}, done
    journal = [json.loads(line) for line in (tmp_path / "out" / ".pdftools-batch.jsonl").read_text().splitlines()]
    assert len(journal) == len(done)


def test_a_scheduler_named_by_a_host_name_is_followed_to_its_new_address(tmp_path: Path, sample: Path) -> None:
    """A cluster named by a host name (`tcp://scheduler:8786`, as Docker Compose and Kubernetes name a service),
    whose scheduler comes back on another machine or container: the name is looked up again at each reconnection
    (Dask's), so the batch goes on there within PDFTOOLS_CLUSTER_TIMEOUT; an address given as numbers has nothing
    to follow (the scheduler file does that). The name is this test's: the batch runs in a mount namespace whose
    /etc/hosts names 127.0.0.1, then 127.0.0.2 once the scheduler is started again there."""
    pages = scans(sample, tmp_path / "pages", dpi=72, pages=4)
    (tmp_path / "in").mkdir()
    for copy in range(4):  # enough files that the batch is still running when the scheduler goes
        for page in pages:
            shutil.copy(page, tmp_path / "in" / f"{copy}-{page.name}")
    hosts = tmp_path / "hosts"
    hosts.write_text("127.0.0.1 pdftools-scheduler.test\n")
    (tmp_path / "dask").mkdir()
    moving = Cluster(tmp_path / "dask")
    proc: subprocess.Popen[str] | None = None
    try:
        moving.add_worker("before")
        moving.wait_for(1)
        port = moving.address.rsplit(":", 1)[1]
        env = {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}
        env["PDFTOOLS_CLUSTER_TIMEOUT"] = "60"
        user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]
        proc = subprocess.Popen(["unshare", *user, "--mount", "sh", "-c", f'mount --bind {hosts} /etc/hosts && '
                                 'exec "$@"', "sh", str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d",
                                 str(tmp_path / "out"), "--cluster", f"tcp://pdftools-scheduler.test:{port}", "--set",
                                 "dpi=72", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env=env, preexec_fn=default_signals)
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        moving.stop_scheduler()
        with hosts.open("r+") as named:  # written in place: the file mounted over /etc/hosts is this one
            named.write("127.0.0.2")
        moving.restart_scheduler(host="127.0.0.2")
        moving.add_worker("after")
        rest, err = rest_of(proc, timeout=180)
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        moving.close()
    assert moving.address == f"tcp://127.0.0.2:{port}"
    assert proc.returncode == 0, (err, moving.logs())
    done = [first, *rows(rest)]
    assert sorted(Path(r["input"]).name for r in done) == sorted(p.name for p in (tmp_path / "in").iterdir())
    assert {r["status"] for r in done} == {"ok"}, done
    journal = [json.loads(line) for line in (tmp_path / "out" / ".pdftools-batch.jsonl").read_text().splitlines()]
    assert sorted(e["output"] for e in journal) == sorted(r["output"] for r in done)  # each once
