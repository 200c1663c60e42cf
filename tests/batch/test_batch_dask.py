"""`pdftools batch --cluster` on a real Dask cluster: a `dask scheduler` and two `dask worker` processes on
127.0.0.1. Outputs are byte-identical to the local run's; a worker killed mid-batch has its files finished by
the other, nothing partial; a resumed run sends no work at all. Without the extra these tests fail, saying
how to install it."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from batch_files import one_scan, rest_of, scans, small_pdfs
from dask_cluster import Cluster, free_port, require_dask
from harness import default_signals

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    running = Cluster(tmp_path_factory.mktemp("dask"))
    try:
        running.add_worker("w1")
        running.add_worker("w2")
        running.wait_for(2)
        yield running
    finally:
        running.close()


def own_env() -> dict[str, str]:
    """The test run's environment without a cluster or debug setting of its own."""
    return {k: v for k, v in os.environ.items() if k not in ("PDFTOOLS_CLUSTER", "PDFTOOLS_DEBUG")}


def ocr_started(folder: Path, address: str, dpi: int, wait: str | None = None,
                sent: bool = False) -> subprocess.Popen[str]:
    """`batch ocr folder/in -d folder/out` on the cluster at `address`, running (rows on stdout as they come);
    `wait`: its PDFTOOLS_CLUSTER_TIMEOUT; `sent`: --send-files. SIGINT as a terminal delivers it, even in a run
    started in the background."""
    env = own_env() | ({"PDFTOOLS_CLUSTER_TIMEOUT": wait} if wait is not None else {})
    return subprocess.Popen([str(PDFTOOLS), "batch", "ocr", str(folder / "in"), "-d", str(folder / "out"), "--set",
                             f"dpi={dpi}", "--cluster", address, "--json", *(["--send-files"] * sent)],
                            stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, preexec_fn=default_signals)


def batch(*args: Any, cluster: str | None = None, timeout: float = 120,
          cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = own_env()
    if cluster:
        env["PDFTOOLS_CLUSTER"] = cluster
    return subprocess.run([str(PDFTOOLS), "batch", *map(str, args), "--json"], capture_output=True, text=True,
                          env=env, timeout=timeout, check=False, cwd=cwd)


def rows(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def tree_bytes(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.name.startswith(".")}


def test_cluster_outputs_are_byte_identical_to_local_ones_and_a_rerun_sends_nothing(
        cluster: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in" / "a", 6)
    small_pdfs(tmp_path / "in" / "b", 4, pages=3, prefix="long")
    for command, extra in (("rotate", ["--set", "angle=90"]), ("text", [])):
        local = batch(command, tmp_path / "in", "-r", "-d", tmp_path / f"{command}-local", *extra)
        remote = batch(command, tmp_path / "in", "-r", "-d", tmp_path / f"{command}-cluster", *extra,
                       "--cluster", cluster.address)
        assert local.returncode == 0 and remote.returncode == 0, (local.stderr, remote.stderr, cluster.logs())
        assert "cluster tcp://127.0.0.1" in json.loads(remote.stderr)["engine"]
        assert len(rows(remote.stdout)) == 10
        mine, theirs = tree_bytes(tmp_path / f"{command}-local"), tree_bytes(tmp_path / f"{command}-cluster")
        assert len(mine) == 10 and mine == theirs, command
    again = batch("rotate", tmp_path / "in", "-r", "-d", tmp_path / "rotate-cluster", "--set", "angle=90",
                  cluster=cluster.address)  # PDFTOOLS_CLUSTER names it too
    summary = json.loads(again.stderr)
    assert again.returncode == 0 and summary["skipped"] == 10 and summary["engine"] == "none needed"
    assert {r["status"] for r in rows(again.stdout)} == {"skipped"}


def test_files_options_name_relative_to_this_folder_are_found_by_the_workers(cluster: Cluster,
                                                                            tmp_path: Path) -> None:
    """`--set pdf=logo.pdf` (stamp), `--set css=style.css` (convert): relative to the folder the batch runs in, as
    the inputs are. The workers, in working folders of their own, looked for them there: every file failed with
    `no such file: logo.pdf`, where the same batch on this machine worked."""
    small_pdfs(tmp_path / "in", 2)
    small_pdfs(tmp_path, 1, prefix="logo")
    (tmp_path / "md").mkdir()
    (tmp_path / "md" / "a.md").write_text("# Title\n\nText.\n")
    (tmp_path / "style.css").write_text("h1 { color: red }\n")
    stamped = batch("stamp", "in", "-d", "stamped", "--set", "pdf=logo-0000.pdf", "--cluster", cluster.address,
                    cwd=tmp_path)
    styled = batch("convert", "md", "-d", "styled", "--set", "to=html", "--set", "css=style.css",
                   "--cluster", cluster.address, cwd=tmp_path)
    for out in (stamped, styled):
        assert out.returncode == 0, (out.stdout, out.stderr)
    assert [r["status"] for r in rows(stamped.stdout)] == ["ok", "ok"]
    text = subprocess.run(["pdftotext", str(tmp_path / "stamped" / "doc-0000.pdf"), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "logo" in text, text  # the stamp's page, drawn over the document's
    assert "color: red" in (tmp_path / "styled" / "a.html").read_text()


def test_rows_from_the_workers_carry_their_warnings(cluster: Cluster, tmp_path: Path) -> None:
    """`annotations remove` where nothing matched: each row says so in `warnings`, as a local batch's does, with
    the files sent too (named as the batch named them, never the worker's copy)."""
    small_pdfs(tmp_path / "in", 2)
    for sent in (False, True):
        out = batch("annotations", tmp_path / "in", "-d", tmp_path / f"out-{sent}", "--set", "action=remove",
                    "--cluster", cluster.address, *(["--send-files"] * sent))
        assert out.returncode == 0, (out.stdout, out.stderr)
        assert {r["input"]: r["warnings"] for r in rows(out.stdout)} == {
            str(tmp_path / "in" / f"doc-000{i}.pdf"): [f"{tmp_path / 'in' / f'doc-000{i}.pdf'} has no annotations: "
                                                        "none removed"] for i in range(2)}, out.stdout


def test_one_long_scan_is_cut_across_workers_and_put_back_together(cluster: Cluster, tmp_path: Path,
                                                                   sample: Path) -> None:
    (tmp_path / "in").mkdir()
    long = one_scan(scans(sample, tmp_path / "pages", dpi=72, pages=3), tmp_path / "in" / "long.pdf")
    with pikepdf.open(long) as pdf:
        with pdf.open_outline() as outline:
            outline.root.append(pikepdf.OutlineItem("Second page", 1))
        pdf.save(tmp_path / "in" / "book.pdf")
    long.unlink()
    whole = batch("ocr", tmp_path / "in", "-d", tmp_path / "whole", "--set", "dpi=72")
    cut = batch("ocr", "in", "-d", "cut", "--set", "dpi=72", "--pages-per-task", "1",  # relative: the workers'
                "--cluster", cluster.address, cwd=tmp_path)  # working folders are others (the parts were not found)
    assert whole.returncode == 0 and cut.returncode == 0, (cut.stderr, cluster.logs())
    (row,) = rows(cut.stdout)  # one row for the file, from its three parts
    assert row["status"] == "ok" and row["pages"] == 3 and len(row["worker"].split(",")) == 2
    assert [p.name for p in (tmp_path / "cut").iterdir() if not p.name.startswith(".")] == ["book.pdf"]
    assert not (tmp_path / "cut" / ".pdftools-staging").exists()
    texts = [subprocess.run(["pdftotext", str(folder / "book.pdf"), "-"], capture_output=True, text=True,
                            check=True).stdout for folder in (tmp_path / "whole", tmp_path / "cut")]
    assert texts[0] == texts[1] and len(texts[1].split("\f")) == 4 and texts[1].split("\f")[1].strip()
    with pikepdf.open(tmp_path / "cut" / "book.pdf") as pdf, pdf.open_outline() as outline:  # the rest is kept
        assert [item.title for item in outline.root] == ["Second page"]


def test_a_worker_killed_mid_batch_has_its_files_finished_by_the_other(cluster: Cluster, tmp_path: Path,
                                                                      sample: Path) -> None:
    scans(sample, tmp_path / "in", dpi=72, pages=4)
    out = tmp_path / "out"
    argv = [str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(out), "--cluster", cluster.address,
            "--set", "dpi=72", "--json"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    first = json.loads(proc.stdout.readline())  # one worker finished a file: the other is mid-way in its own
    victim = "w2" if first["worker"].split(":")[1] in map(str, cluster.worker_pids("w1")) else "w1"
    lost = {str(pid) for pid in cluster.worker_pids(victim)}
    cluster.kill(victim)
    rest, err = rest_of(proc)
    done = [first, *rows(rest)]
    assert proc.returncode == 0, (err, cluster.logs())
    assert sorted(Path(r["output"]).name for r in done) == [f"pg-{i}.pdf" for i in range(1, 5)]
    assert all(r["status"] == "ok" for r in done)
    survivor = [r for r in done if r["worker"].split(":")[1] not in lost]
    assert len(survivor) >= 3  # the file the victim had in hand was done again by the other
    for path in out.glob("*.pdf"):  # every output whole and searchable
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 1
        found = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
        assert found.strip(), path
    assert sorted(p.name for p in out.iterdir()) == sorted([".pdftools-batch.jsonl",
                                                           *(f"pg-{i}.pdf" for i in range(1, 5))])


def programs(cluster: Cluster, name: str) -> list[str]:
    """The programs a worker runs now (tesseract, pdftoppm: in its session)."""
    found = []
    for pid in cluster.worker_pids(name):
        with contextlib.suppress(OSError):
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if Path(argv[0].decode()).name in ("tesseract", "pdftoppm"):
                found.append(b" ".join(argv).decode())
    return found


@pytest.mark.parametrize("sent", [False, True], ids=["shared", "send-files"])
def test_a_stopped_batch_stops_the_file_in_hand_on_its_worker(bare: Cluster, tmp_path: Path, sample: Path,
                                                              sent: bool) -> None:
    """Ctrl-C (a client's cancel, SIGTERM) stopped the batch and Dask cancelled its files, but Dask cannot stop a
    file that runs: the worker went on OCRing the whole document for nobody (minutes for a long one, beside the
    next batch). The worker stops its programs once the batch has let the file go; with --send-files it removes
    the folder the file was sent into."""
    pages = scans(sample, tmp_path / "pages", dpi=150, pages=4)
    (tmp_path / "in").mkdir()
    one_scan(pages * 10, tmp_path / "in" / "long.pdf")  # 40 pages: far longer to OCR than the wait below
    (tmp_path / "wtmp").mkdir()
    bare.add_worker("busy", env={"TMPDIR": str(tmp_path / "wtmp")})
    proc: subprocess.Popen[str] | None = None
    try:
        bare.wait_for(1)
        proc = ocr_started(tmp_path, bare.address, 150, sent=sent)
        deadline = time.monotonic() + 60
        while not programs(bare, "busy"):  # the worker is at work on the document
            assert time.monotonic() < deadline and proc.poll() is None, bare.logs()
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        _, err = rest_of(proc, timeout=60)
        deadline = seen = time.monotonic()
        deadline += 15
        while time.monotonic() - seen < 3 and time.monotonic() < deadline:  # quiet for 3 s: it stopped
            if running := programs(bare, "busy"):  # (between pages the programs are gone for a moment)
                seen = time.monotonic()
            time.sleep(0.05)
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        bare.kill("busy")
    assert proc.returncode == 130 and json.loads(err)["error"]["code"] == "INTERRUPTED", err
    assert time.monotonic() - seen >= 3, running
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    assert [p.name for p in (tmp_path / "wtmp").iterdir() if p.name.startswith("pdftools-sent-")] == []


def test_a_named_cluster_that_does_not_answer_is_an_error(tmp_path: Path) -> None:
    require_dask()
    small_pdfs(tmp_path / "in", 1)
    env = {**os.environ, "PDFTOOLS_CLUSTER_TIMEOUT": "1"}
    out = subprocess.run([str(PDFTOOLS), "batch", "info", str(tmp_path / "in"), "-d", str(tmp_path / "out"),
                          "--cluster", f"tcp://127.0.0.1:{free_port()}", "--json"],
                         capture_output=True, text=True, env=env, timeout=60, check=False)
    assert out.returncode == 9 and json.loads(out.stderr)["error"]["code"] == "CLUSTER_UNAVAILABLE", out.stderr


def test_without_the_extra_a_cluster_batch_says_how_to_install_it(tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 1)
    code = ("import sys; sys.modules['distributed'] = None\n"  # as if Dask were not installed
            "from pdftools.main import main\n"
            f"sys.argv = ['pdftools', 'batch', 'info', {str(tmp_path / 'in')!r}, '-d', {str(tmp_path / 'o')!r}, "
            "'--cluster', 'tcp://127.0.0.1:1', '--json']\n"
            "main()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    error = json.loads(out.stderr)["error"]
    assert out.returncode == 8 and error["code"] == "CLUSTER_EXTRA_MISSING"
    assert "pip install 'pdftools[cluster]'" in error["hint"]


def quick(*args: Any, timeout: str = "3") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PDFTOOLS_CLUSTER_TIMEOUT": timeout}
    env.pop("PDFTOOLS_DEBUG", None)
    return subprocess.run([str(PDFTOOLS), "batch", *map(str, args), "--json"], capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def without_tesseract(folder: Path) -> Path:
    """A folder for a worker's PATH with poppler's programs and qpdf, not tesseract: a machine that lacks it."""
    folder.mkdir()
    for name in ("pdftoppm", "pdftotext", "pdfinfo", "qpdf"):
        (folder / name).symlink_to(shutil.which(name) or name)
    return folder


def test_a_scheduler_without_workers_is_an_error_not_a_wait_forever(bare: Cluster, tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    out = quick("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", bare.address)
    error = json.loads(out.stderr)["error"]  # one object: no log line of Dask's beside it
    assert out.returncode == 9 and error["code"] == "CLUSTER_UNAVAILABLE", out.stderr
    assert "no workers" in error["message"] and "dask worker" in error["hint"], error
    assert out.stdout == "" and not (tmp_path / "out").exists()


def test_a_worker_that_cannot_see_the_files_says_so_and_nothing_counts_as_done(bare: Cluster,
                                                                               tmp_path: Path) -> None:
    small_pdfs(tmp_path / "in", 2)
    small_pdfs(tmp_path / "seen", 2, prefix="seen")
    hidden_out = tmp_path / "out"  # the worker writes into a folder of that name that is not this one
    hidden_out.mkdir()
    bare.add_worker("blind", hidden=(tmp_path / "in", hidden_out))
    try:
        bare.wait_for(1)
        unseen = quick("text", tmp_path / "in", "-d", tmp_path / "out2", "--cluster", bare.address)
        unwritten = quick("text", tmp_path / "seen", "-d", hidden_out, "--cluster", bare.address)
        unstamped = quick("stamp", tmp_path / "seen", "-d", tmp_path / "out3", "--set",  # a file an option names
                          f"pdf={tmp_path / 'in' / 'doc-0000.pdf'}", "--cluster", bare.address)
    finally:
        bare.kill("blind")
    assert len(rows(unstamped.stdout)) == 2, unstamped.stderr
    for row in rows(unstamped.stdout):  # "no such file" and "check the path", for a file this machine sees
        assert row["error"]["code"] == "FILE_NOT_FOUND" and f"on worker {row['worker']}" in row["error"]["message"]
        assert "same path" in row["error"]["hint"], row
    for out, folder in ((unseen, tmp_path / "in"), (unwritten, hidden_out)):
        assert out.returncode == 16, (out.stderr, bare.logs())
        found = rows(out.stdout)
        assert len(found) == 2 and {r["status"] for r in found} == {"failed"}, found
        for row in found:
            assert row["error"]["code"] == "NOT_SHARED", row
            assert str(folder) in row["error"]["message"] and row["worker"] in row["error"]["message"], row
            assert "same path" in row["error"]["hint"] and "{{" not in row["error"]["hint"], row
    journal = hidden_out / ".pdftools-batch.jsonl"  # nothing was recorded as done: a re-run does them all
    assert not journal.exists() or journal.read_text() == ""
    assert [p.name for p in hidden_out.iterdir()] in ([], [".pdftools-batch.jsonl"])


def test_files_go_around_a_worker_that_cannot_see_them(bare: Cluster, tmp_path: Path) -> None:
    """A machine whose share is not mounted (its NFS mount failed at boot) fails each file at once with
    NOT_SHARED, so it took half the batch or more beside workers that see the files: they go to those."""
    small_pdfs(tmp_path / "in", 12)
    bare.add_worker("unmounted", hidden=(tmp_path / "in",))
    bare.add_worker("mounted")
    try:
        bare.wait_for(2)
        out = quick("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", bare.address)
    finally:
        bare.kill("unmounted")
        bare.kill("mounted")
    found = rows(out.stdout)
    assert out.returncode == 0 and [r["status"] for r in found] == ["ok"] * 12, (json.dumps(found), out.stderr)
    engine = json.loads(out.stderr)["engine"]
    assert "avoided" in engine and f"cannot see {tmp_path / 'in'}" in engine, engine


def test_files_kept_to_a_worker_that_went_go_to_one_that_came(bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """Files kept to the workers that can run them waited for ever once those went while another came (a worker
    killed and started again by its nanny has another address): they go to the one that came."""
    for page in scans(sample, tmp_path / "in", dpi=100, pages=4):
        for copy in range(2):
            shutil.copy(page, page.with_name(f"{copy}-{page.name}"))
    programs = without_tesseract(tmp_path / "bin")
    bare.add_worker("without", path=str(programs))
    bare.add_worker("going")
    proc: subprocess.Popen[str] | None = None
    try:
        bare.wait_for(2)
        proc = ocr_started(tmp_path, bare.address, 100, wait="30")
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())  # the worker with tesseract did one: the rest are kept to it
        bare.add_worker("coming")
        bare.wait_for(3)
        bare.kill("going")
        try:
            rest, err = rest_of(proc, timeout=180)  # ~8 s alone; OCR of 11 pages on one worker beside a loaded CI
        except subprocess.TimeoutExpired:  # it waited for ever: what it had done, and the cluster's logs, say where
            proc.kill()
            rest, err = rest_of(proc, timeout=30)
            pytest.fail(f"the batch waited past 180 s: {len(rows(rest)) + 1} rows of 12\n{err}\n{bare.logs()}")
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        for name in ("without", "going", "coming"):
            bare.kill(name)
    found = [first, *rows(rest)]
    assert proc.returncode == 0 and len(found) == 12, (err, found)


def test_a_scheduler_stopped_mid_batch_is_a_cluster_error_and_what_finished_stays(tmp_path: Path,
                                                                                  sample: Path) -> None:
    (tmp_path / "dask").mkdir()
    lone = Cluster(tmp_path / "dask")
    try:
        lone.add_worker("w1")
        lone.wait_for(1)
        pages = scans(sample, tmp_path / "pages", dpi=72, pages=4)
        (tmp_path / "in").mkdir()
        for copy in range(5):  # enough files that the batch is still running when the scheduler goes
            for page in pages:
                shutil.copy(page, tmp_path / "in" / f"{copy}-{page.name}")
        proc = ocr_started(tmp_path, lone.address, 150, wait="2")
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        lone.stop_scheduler()
        rest, err = rest_of(proc, timeout=90)
    finally:
        lone.close()
    error = json.loads(err)["error"]  # one object: no log line of Dask's beside it
    assert proc.returncode == 9 and error["code"] == "CLUSTER_UNAVAILABLE", (err, lone.logs())
    assert "run the same command again" in error["hint"], error
    done = [first, *rows(rest)]
    assert 1 <= len(done) < 20 and {r["status"] for r in done} == {"ok"}, done
    journal = [json.loads(line) for line in (tmp_path / "out" / ".pdftools-batch.jsonl").read_text().splitlines()]
    assert sorted(e["output"] for e in journal) == sorted(r["output"] for r in done)
    written = sorted((tmp_path / "out").glob("*.pdf"))  # and the file the worker had in hand, if it finished it
    assert {r["output"] for r in done} <= set(map(str, written)) and len(written) <= len(done) + 1, written
    for path in written:  # whole, never partial
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) == 1


def test_a_worker_without_a_program_is_named(bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """A cluster's workers are other machines: "tesseract is not installed" alone sent the user to install it
    where it already was. Its tesseract is asked before any file (for the language): with no other worker, the
    batch is refused once, as on a machine without tesseract (it was a failed row per file)."""
    scans(sample, tmp_path / "in", dpi=72, pages=2)
    programs = without_tesseract(tmp_path / "bin")
    bare.add_worker("bare-bones", path=str(programs))
    try:
        bare.wait_for(1)
        pids = bare.worker_pids("bare-bones")
        out = quick("ocr", tmp_path / "in", "-d", tmp_path / "out", "--cluster", bare.address)
    finally:
        bare.kill("bare-bones")
    error = json.loads(out.stderr)["error"]
    assert out.returncode == 8 and error["code"] == "DEPENDENCY_MISSING", (out, bare.logs())
    named = re.search(r"tesseract is not installed on worker [^:]+:(\d+)", error["message"])
    assert named and int(named[1]) in pids, error
    assert "apt-get install tesseract-ocr" in error["hint"] and out.stdout == "", out


def test_files_go_around_a_worker_without_a_program_to_those_with_it(bare: Cluster, tmp_path: Path,
                                                                     sample: Path) -> None:
    """A worker without tesseract fails each file at once, so it took half a batch (or more) beside workers that
    have it, each a failed row to run again: once a worker lacks a program, the files go to the others, and the
    summary names it and what it lacks."""
    for page in scans(sample, tmp_path / "in", dpi=72, pages=4):  # more files than the good worker takes at once
        shutil.copy(page, page.with_name(f"again-{page.name}"))
    programs = without_tesseract(tmp_path / "bin")
    bare.add_worker("no-tesseract", path=str(programs))
    bare.add_worker("tesseract")
    try:
        bare.wait_for(2)
        out = quick("ocr", tmp_path / "in", "-d", tmp_path / "out", "--set", "dpi=72", "--cluster", bare.address)
    finally:
        bare.kill("no-tesseract")
        bare.kill("tesseract")
    found = rows(out.stdout)
    assert out.returncode == 0 and [r["status"] for r in found] == ["ok"] * 8, (json.dumps(found), out.stderr)
    engine = json.loads(out.stderr)["engine"]
    assert "avoided" in engine and "tesseract is not installed" in engine, engine
    assert len(list((tmp_path / "out").glob("*.pdf"))) == 8


def test_files_kept_to_workers_that_went_go_to_those_left(bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """Files kept to the workers that can run them (see above) would wait for ever once those have all gone:
    they go to the workers left, whose rows say what they lack, and the batch ends."""
    for page in scans(sample, tmp_path / "in", dpi=72, pages=4):
        shutil.copy(page, page.with_name(f"again-{page.name}"))
    programs = without_tesseract(tmp_path / "bin")
    bare.add_worker("lacking", path=str(programs))
    bare.add_worker("leaving")
    proc: subprocess.Popen[str] | None = None
    try:
        bare.wait_for(2)
        proc = ocr_started(tmp_path, bare.address, 72, wait="5")
        assert proc.stdout is not None
        first = json.loads(proc.stdout.readline())
        while first["status"] != "ok":  # the worker that has tesseract is at work: it goes
            first = json.loads(proc.stdout.readline())
        bare.kill("leaving")
        rest, err = rest_of(proc, timeout=60)
    finally:
        if proc is not None and proc.poll() is None:  # it waited for ever: stop it
            proc.kill()
            proc.wait()
        bare.kill("lacking")
        bare.kill("leaving")
    found = [first, *rows(rest)]
    assert proc.returncode == 15 and json.loads(err)["failed"] >= 1, (err, bare.logs())
    assert {r["error"]["code"] for r in found if r["status"] == "failed"} == {"DEPENDENCY_MISSING"}, found


def test_a_cluster_timeout_that_is_not_a_number_is_refused_in_words(tmp_path: Path) -> None:
    """PDFTOOLS_CLUSTER_TIMEOUT=abc was `INTERNAL` ("unexpected ValueError: could not convert string to float")."""
    require_dask()
    small_pdfs(tmp_path / "in", 1)
    out = quick("text", tmp_path / "in", "-d", tmp_path / "out", "--cluster", f"tcp://127.0.0.1:{free_port()}",
                timeout="abc")
    error = json.loads(out.stderr)["error"]
    assert out.returncode == 2 and error["code"] == "INVALID_ARGUMENT", out.stderr
    assert "PDFTOOLS_CLUSTER_TIMEOUT" in error["message"] and "seconds" in error["hint"], error


FLAG = re.compile(r"(?<![^\s`(\[/])--?[A-Za-z][\w-]*(?!\.\w)")  # as tests/mcp/test_mcp_error_words.py reads


def mcp_batches(root: Path, cluster: str, calls: list[dict[str, Any]]) -> list[Any]:
    """`pdf_batch` calls through a real `pdftools serve` over stdio whose environment names a cluster (over
    MCP the cluster is the server's setting: an agent has no `cluster` argument)."""
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")}
    env |= {"PDFTOOLS_CLUSTER": cluster, "PDFTOOLS_CLUSTER_TIMEOUT": "3"}
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(root)], env=env,
                                   cwd=str(root))

    async def go() -> list[Any]:
        async with Client(params) as client:
            return [await client.call_tool("pdf_batch", args) for args in calls]

    return anyio.run(go)


def test_cluster_errors_over_mcp_speak_of_the_servers_setting_not_of_flags(bare: Cluster, tmp_path: Path) -> None:
    """An agent has no `--cluster` (nor a `cluster` argument: the server's PDFTOOLS_CLUSTER names the cluster);
    the hints said `leave out cluster / PDFTOOLS_CLUSTER`. At a shell they still name the flag."""
    small_pdfs(tmp_path / "in", 1)
    hidden_out = tmp_path / "hidden"
    hidden_out.mkdir()
    nobody = f"tcp://127.0.0.1:{free_port()}"
    unreachable, = mcp_batches(tmp_path, nobody, [{"command": "text", "inputs": ["in"], "out_dir": "o1"}])
    no_workers, = mcp_batches(tmp_path, bare.address, [{"command": "text", "inputs": ["in"], "out_dir": "o2"}])
    bare.add_worker("blind-mcp", hidden=(hidden_out,))
    try:
        bare.wait_for(1)
        unshared, = mcp_batches(tmp_path, bare.address, [{"command": "text", "inputs": ["in"], "out_dir": "hidden"}])
    finally:
        bare.kill("blind-mcp")
    errors = [json.loads(r.content[0].text) for r in (unreachable, no_workers)]
    assert [e["code"] for e in errors] == ["CLUSTER_UNAVAILABLE"] * 2, errors
    assert not unshared.is_error, unshared
    (row,) = unshared.structured_content["rows"]
    assert row["error"]["code"] == "NOT_SHARED", row
    for error in [*errors, row["error"]]:
        for text in (error["message"], error["hint"]):
            assert not FLAG.search(text) and "leave out cluster" not in text, error
        assert "server" in error["hint"] and "PDFTOOLS_CLUSTER" in error["hint"], error
    cli = quick("text", tmp_path / "in", "-d", tmp_path / "o3", "--cluster", nobody)
    hint = json.loads(cli.stderr)["error"]["hint"]
    assert "leave out --cluster" in hint and "server" not in hint, hint


def _ocr_folders(folder: Path) -> list[Path]:
    """The OCR folders (a file's page images) anywhere under `folder`; one removed while it is read: looked at again."""
    for _ in range(100):
        with contextlib.suppress(OSError):
            return [p for p in folder.rglob("pdftools-ocr-*") if p.is_dir()]
    return []


def test_a_worker_killed_mid_file_leaves_no_temporary_folder_once_its_machine_runs_another(
        bare: Cluster, tmp_path: Path, sample: Path) -> None:
    """A Dask worker killed outright mid-OCR (the OOM killer, kill -9) left the file's OCR folder, its page images,
    in the worker's TMPDIR for good (a local batch's workers have a TMPDIR of their own, removed after them). Each
    worker process's temporary folders now go into one of its own, named by host and process, which the next file
    that machine runs removes once that process is gone. The worker is held (SIGSTOP) while its folder is looked
    for, then killed: it dies mid-file, whatever the timing."""
    scans(sample, tmp_path / "in", dpi=150, pages=4)
    wtmp = tmp_path / "wtmp"
    wtmp.mkdir()
    bare.add_worker("doomed", env={"TMPDIR": str(wtmp)})
    proc: subprocess.Popen[str] | None = None
    try:
        bare.wait_for(1)
        proc = ocr_started(tmp_path, bare.address, 150, wait="120")
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline and proc.poll() is None, bare.logs()
            os.killpg(bare.procs["doomed"].pid, signal.SIGSTOP)
            if [f for f in _ocr_folders(wtmp) if any(f.iterdir())]:  # mid-file: its page images are there
                break
            os.killpg(bare.procs["doomed"].pid, signal.SIGCONT)
            time.sleep(0.05)
        bare.kill("doomed")
        bare.add_worker("next", env={"TMPDIR": str(wtmp)})  # the same machine's next worker
        rest, err = rest_of(proc, timeout=120)
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
            proc.wait()
        for name in ("doomed", "next"):
            if name in bare.procs:
                bare.kill(name)
    assert proc.returncode == 0, (err, bare.logs())
    assert sorted(r["status"] for r in rows(rest)) == ["ok"] * 4, rest
    assert _ocr_folders(wtmp) == []
