"""A batch stopped from outside: SIGTERM (`timeout`, a CI job cancelled, `docker stop`) stops it as Ctrl-C does,
exit 143, the finished outputs kept and said so; a coordinator killed outright (SIGKILL, the OOM killer) leaves
no worker behind. Before, SIGTERM left the lock file, the staging folder and the worker processes, which went
on publishing outputs the journal never heard of, then hung for ever."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pikepdf
import pytest
from batch_files import one_scan, rest_of, scans
from harness import default_signals
from processes import alive, children, cmdline, wait_for

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def start(tmp_path: Path, sample: Path, env: dict[str, str] | None = None, *, jobs: int = 2,
          under: tuple[str, ...] = (), long: bool = False) -> tuple[subprocess.Popen[str], dict[str, object]]:
    """A batch OCR of 12 scans, its first row read; `under`: the program that starts it (argv before the batch's);
    `long`: a 13th file of 40 pages first, so that the batch is still running, however long the test takes."""
    pages = scans(sample, tmp_path / "in", dpi=72, pages=4)
    for page in pages:  # enough files that the batch is still running when it is stopped
        for copy in range(2):
            (tmp_path / "in" / f"{page.stem}-{copy}.pdf").write_bytes(page.read_bytes())
    if long:
        one_scan(pages * 10, tmp_path / "in" / "a-long.pdf")
    argv = [*under, str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(tmp_path / "out"), "--jobs",
            str(jobs), "--json", "--set", "dpi=150"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
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
    # A process killed outright cannot remove multiprocessing's own folder (`pymp-*`, its forkserver's socket):
    # the batch gets a temporary folder of its own, removed here (short, as the machine's: a long one would
    # change how the batch starts its workers).
    own_tmp = tempfile.mkdtemp(prefix="kill-")
    try:
        proc, first = start(tmp_path, sample, env={**os.environ, "TMPDIR": own_tmp})
        workers = workers_of(proc.pid) | {int(str(first["worker"]).split(":")[1])}
        proc.kill()
        rest_of(proc, timeout=60)
        assert gone(workers), "the batch's workers outlived it"
    finally:
        shutil.rmtree(own_tmp, ignore_errors=True)


def test_a_coordinator_killed_outright_leaves_no_temporary_folder_of_its_workers(tmp_path: Path, sample: Path) -> None:
    """The workers' TMPDIR (`pdftools-batch-*`, each file's OCR folder in it) is removed by the coordinator once
    they are stopped; killed outright, it cannot, and the workers that end with it removed nothing: the page
    images stayed in TMPDIR, one folder per killed batch."""
    own_tmp = tempfile.mkdtemp(prefix="kill-")
    try:
        proc, first = start(tmp_path, sample, env={**os.environ, "TMPDIR": own_tmp})
        workers = workers_of(proc.pid) | {int(str(first["worker"]).split(":")[1])}
        assert list(Path(own_tmp).glob("pdftools-batch-*"))
        proc.kill()
        rest_of(proc, timeout=60)
        assert gone(workers), "the batch's workers outlived it"
        deadline = time.monotonic() + 30  # (a bounded wait: the folder goes after the workers)
        while list(Path(own_tmp).glob("pdftools-*")) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not list(Path(own_tmp).glob("pdftools-*"))  # (the workers' marks, `pdftools-workers-*`, too)
    finally:
        shutil.rmtree(own_tmp, ignore_errors=True)


# Starts a command and reaps every process of it, the orphans too (a child subreaper: a process whose parent
# ended is handed to it), and writes down each one's pid and session as it ends (argv[1], JSON). A process that
# ran for a moment is counted as surely as one that waits: each stays a zombie here until it is read.
_REAPER = ("import ctypes, json, os, sys\n"
           "ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER\n"
           "os.posix_spawn(sys.argv[2], sys.argv[2:], os.environ)\n"
           "ended = []\n"
           "while True:\n"
           "    try:\n"
           "        pid = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOWAIT).si_pid\n"
           "    except ChildProcessError:\n"
           "        break\n"
           "    with open(f'/proc/{pid}/stat') as stat:\n"
           "        name, fields = stat.read().rsplit(')', 1)\n"
           "    ended.append({'pid': pid, 'name': name.split('(', 1)[1], 'session': int(fields.split()[3])})\n"
           "    os.waitpid(pid, 0)\n"
           "with open(sys.argv[1], 'w') as out:\n"
           "    json.dump(ended, out)\n")


def _in_own_group(pids: set[int]) -> set[int]:
    """The local workers among a batch's processes: each is a process group of its own."""
    found = set()
    for pid in pids:
        with contextlib.suppress(OSError):
            if os.getpgid(pid) == pid:
                found.add(pid)
    return found


def _waiting_on_a_lock(folder: Path) -> list[int]:
    """The processes that wait (blocked, in the kernel) for a file lock, and that name `folder` in their argv."""
    waiting = []
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if len(fields) > 4 and fields[1] == "->":
            pid = int(fields[5])
            if str(folder).encode() in cmdline(pid):
                waiting.append(pid)
    return waiting


def _members(folder: Path) -> set[int]:
    """The processes that hold a (granted) lock on the workers' file in `folder` (`/proc/locks`)."""
    inode = os.stat(folder / ".workers").st_ino
    held = set()
    for line in Path("/proc/locks").read_text().splitlines():
        fields = line.split()
        if fields[1] != "->" and fields[5].endswith(f":{inode}"):
            held.add(int(fields[4]))
    return held


def _open_under(pid: int, folder: Path) -> list[str]:
    """The files process `pid` has open inside `folder` (a removed one reads `PATH (deleted)`)."""
    found = []
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(fd)
            if target.startswith(f"{folder}/"):
                found.append(target)
    return found


def test_a_killed_coordinators_workers_have_one_remover_that_waits_for_them_all(tmp_path: Path,
                                                                                sample: Path) -> None:
    """Killed outright, the coordinator cannot remove its workers' TMPDIR; each of the 3 workers started a remover
    of its own (3 interpreters for one folder), each waiting for its own worker only: the first removed the
    folder while a sibling still ran (here one held stopped, its files open in it). Now one remover, started by
    the first worker to see the coordinator gone, waits for every worker, then removes the folder."""
    own_tmp = Path(tempfile.mkdtemp(prefix="kill-"))  # (short, as the machine's: see above)
    report = tmp_path / "ended.json"
    try:
        proc, _ = start(tmp_path, sample, env={**os.environ, "TMPDIR": str(own_tmp)}, jobs=3,
                        under=(sys.executable, "-c", _REAPER, str(report)), long=True)
        (coordinator,) = children(proc.pid)
        # The coordinator is held first, so that the batch cannot end (and remove the folder itself) however long
        # this test takes on a busy machine: its workers go on, and are killed with it (SIGKILL ends a held process)
        os.kill(coordinator, signal.SIGSTOP)
        try:
            workers = wait_for(lambda: len(found := _in_own_group(workers_of(coordinator))) == 3 and found, 60)
            assert workers, "the batch did not start its 3 workers"
            (scratch,) = own_tmp.glob("pdftools-batch-*")
            held = min(workers)  # type: ignore[type-var]
            os.kill(held, signal.SIGSTOP)  # a worker that has not ended yet when the others have
            kept = [f for f in _open_under(held, scratch) if not f.endswith(" (deleted)")]  # (not TemporaryFile's)
            assert kept, "the held worker has no file open in its TMPDIR"
            members = _members(scratch)
            assert members == workers, f"the workers holding their lock on {scratch}/.workers: {members} of {workers}"
        finally:
            os.kill(coordinator, signal.SIGKILL)
        try:
            state = wait_for(lambda: ("removed" if not scratch.exists() else
                                      "waits" if _waiting_on_a_lock(scratch) else None), 60)
            assert state == "waits", "the workers' TMPDIR was removed while one of them still ran"
            assert wait_for(lambda: not any(alive(pid) for pid in workers - {held}), 60), (  # type: ignore[operator]
                "the workers not held did not end")
            assert _members(scratch) == {held} and _waiting_on_a_lock(scratch), "the remover waits for the held worker"
            assert [f for f in kept if not Path(f).exists()] == []
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(held, signal.SIGCONT)
        rest_of(proc, timeout=60)  # (the reaper ends once every process of the batch has)
        ended = json.loads(report.read_text())
        removers = [p for p in ended if p["session"] == p["pid"]]  # (only a remover starts a session of its own)
        assert len(removers) == 1, ended
        assert not list(own_tmp.glob("pdftools-*"))  # TMPDIR and the marks, once the last worker has ended
    finally:
        shutil.rmtree(own_tmp, ignore_errors=True)



def _staged_by(out: Path, within: float = 60) -> int:
    """The pid of the worker that has started a file: its folder in the staging folder is named
    `HOST-PID-RANDOM` (a bounded wait)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        for folder in (out / ".pdftools-staging").glob("*-*-*"):
            return int(folder.name.rsplit("-", 2)[1])
        time.sleep(0.05)
    raise AssertionError("no worker started the file")


def _waits_for_work(pid: int) -> bool:
    """The worker has finished what it was given: no program of its own running, and it waits on a pipe (its
    pool's queue of files) in the kernel."""
    try:
        wchan = Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False
    return not children(pid) and "pipe" in wchan


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["sigterm", "sigint"])
def test_a_file_finished_as_the_batch_stops_is_in_the_journal_or_not_published(tmp_path: Path, sample: Path,
                                                                               stop: signal.Signals) -> None:
    """A worker published its output itself and the coordinator wrote the journal line when the row came
    back: stopped in between, the output was whole on disk and unknown to the journal (a re-run did it again).
    The coordinator is held (SIGSTOP) while its worker finishes the file, then stopped: every output in the
    folder must be in the journal, and a re-run must skip it."""
    scans(sample, tmp_path / "in", dpi=72, pages=1)
    out = tmp_path / "out"
    argv = [str(PDFTOOLS), "batch", "ocr", str(tmp_path / "in"), "-d", str(out), "--jobs", "1", "--json"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_signals)
    try:
        worker = _staged_by(out)
        os.kill(proc.pid, signal.SIGSTOP)
        deadline = time.monotonic() + 60
        while not _waits_for_work(worker):
            assert time.monotonic() < deadline, "the worker did not finish its file"
            time.sleep(0.05)
    finally:
        os.kill(proc.pid, stop)
        os.kill(proc.pid, signal.SIGCONT)
    rest, err = rest_of(proc, timeout=60)
    assert proc.returncode in (128 + stop, 0), err
    published = sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) if out.exists() else []
    journal = out / ".pdftools-batch.jsonl"
    entries = [json.loads(line) for line in journal.read_text().splitlines()] if journal.exists() else []
    assert published == sorted(Path(e["output"]).name for e in entries), (published, entries)
    again = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    (row,) = [json.loads(line) for line in again.stdout.splitlines()]
    assert row["status"] == ("skipped" if published else "ok"), row
