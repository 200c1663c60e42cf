"""`batch --send-files` on a worker: the folders a killed worker of this machine left are removed by its next file,
never a live worker's, nor another machine's when the temporary folder is shared (`remote.sweep`)."""

from __future__ import annotations

import os
import socket
import subprocess

from pdftools.batch import remote, sending


def _dead_pid() -> int:
    child = subprocess.Popen(["true"])
    child.wait()  # reaped: no process has its number (until the system hands it out again, far later)
    return child.pid


def test_sweep_removes_a_killed_workers_folder_only(tmp_path):
    host, dead = socket.gethostname(), _dead_pid()
    killed = tmp_path / f"{sending.PREFIX}{host}-{dead}-abcd1234"
    live = tmp_path / f"{sending.PREFIX}{host}-{os.getpid()}-efgh5678"
    # another machine sharing the folder, whose name starts with this one's: `worker` and `worker-<n>`; its own
    # worker (this process's number, which is alive there as far as this machine can tell) is mid-file
    other = tmp_path / f"{sending.PREFIX}{host}-{dead}-{os.getpid()}-ijkl9012"
    for folder in (killed, live, other):
        (folder / "in").mkdir(parents=True)
    remote.sweep(str(tmp_path), sending.PREFIX)  # (the worker's temporary folder, this test's own)
    assert not killed.exists()
    assert live.is_dir()
    assert other.is_dir()
