"""A real Dask cluster on 127.0.0.1 for the tests: `dask scheduler` and `dask worker` processes (each in its own
session, so a test can kill a worker with its nanny, and the cleanup kills everything it started)."""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import session

DASK = Path(sys.executable).with_name("dask")
INSTALL = "the cluster tests need Dask distributed: pip install 'pdftools[cluster]' (.ci/setup installs it)"


def require_dask() -> None:
    """Fail (never skip) when the extra is missing."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        pytest.fail(INSTALL)
    if not DASK.exists():
        pytest.fail(INSTALL)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Cluster:
    def __init__(self, work: Path, tls: tuple[Path, Path] | None = None) -> None:
        """`tls`: a certificate and its key (self-signed: also the authority), for a scheduler and workers that
        speak TLS only."""
        require_dask()
        self.work = work
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.tls = [] if tls is None else ["--tls-ca-file", str(tls[0]), "--tls-cert", str(tls[0]), "--tls-key",
                                           str(tls[1])]
        protocol = ["--protocol", "tls"] if tls else []
        found = work / "scheduler.json"  # the port it took (port 0: no other process can take it in between)
        self._start("scheduler", [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                  "--scheduler-file", str(found), *protocol, *self.tls])
        self.address = self._address(found)

    def _address(self, found: Path, timeout: float = 60) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError, KeyError):
                return str(json.loads(found.read_text())["address"])
            if self.procs["scheduler"].poll() is not None:
                break
            time.sleep(0.1)
        self.close()
        raise AssertionError(f"the scheduler did not start:\n{self.logs()}")

    def _start(self, name: str, argv: list[str], path: str | None = None, env: dict[str, str] | None = None) -> None:
        log = (self.work / f"{name}.log").open("wb")
        env = {**os.environ, "PDFTOOLS_DEBUG": "", **({"PATH": path} if path is not None else {}), **(env or {})}
        self.procs[name] = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, cwd=self.work,
                                            start_new_session=True, env=env)

    def add_worker(self, name: str, hidden: tuple[Path, ...] = (), path: str | None = None,
                   python: Path | None = None, env: dict[str, str] | None = None) -> None:
        """A worker; `hidden`: folders it sees empty (each under an empty file system of its own, in a mount
        namespace: as a worker on another machine sees a folder of the same name that is not shared); `path`:
        its PATH (the programs it has); `python`: the Python it runs in (another environment), `env` more of
        its environment (PYTHONPATH)."""
        folder = self.work / name
        folder.mkdir(exist_ok=True)
        dask = [str(python), "-m", "dask"] if python is not None else [str(DASK)]
        argv = [*dask, "worker", self.address, "--nworkers", "1", "--nthreads", "1", "--host", "127.0.0.1",
                "--no-dashboard", "--name", name, "--local-directory", str(folder), *self.tls]
        if hidden:
            mounts = " && ".join(f"mount -t tmpfs none {shlex.quote(str(p))}" for p in hidden)
            user = [] if os.geteuid() == 0 else ["--user", "--map-root-user"]  # root or not, a namespace of its own
            argv = ["unshare", *user, "--mount", "sh", "-c", f'{mounts} && exec "$@"', "sh", *argv]
        self._start(name, argv, path, env)

    def stop_scheduler(self) -> None:
        """Kill the scheduler at once (SIGKILL: its clients and workers lose it mid-work)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.procs["scheduler"].pid, signal.SIGKILL)
        self.procs["scheduler"].wait(timeout=10)

    def restart_scheduler(self, moved: bool = False, host: str = "127.0.0.1") -> None:
        """A new scheduler at the same address (as a supervisor restarts a killed one), or with `moved` at
        another port writing the same scheduler file (as a batch system's job starts it again elsewhere), or on
        another `host` at the same port (another machine, or a container that came back with another address);
        its workers ended with the old one (Dask's workers do not wait for another): add them again."""
        port = "0" if moved else self.address.rsplit(":", 1)[1]
        self.procs.pop("scheduler")
        for name in [n for n, p in self.procs.items() if p.poll() is not None]:
            self.procs.pop(name)
        (self.work / "scheduler.json").unlink(missing_ok=True)
        self._start("scheduler", [str(DASK), "scheduler", "--host", host, "--port", port, "--no-dashboard",
                                  "--scheduler-file", str(self.work / "scheduler.json"), *self.tls])
        before, self.address = self.address, self._address(self.work / "scheduler.json")
        assert (self.address != before) if moved or host != "127.0.0.1" else (self.address == before)

    def wait_for(self, count: int, timeout: float = 60) -> None:
        from distributed import Client
        from distributed.security import Security

        security = Security(tls_ca_file=self.tls[1], tls_client_cert=self.tls[3], tls_client_key=self.tls[5],
                            require_encryption=True) if self.tls else None
        with Client(self.address, timeout=timeout, security=security) as client:
            client.wait_for_workers(count, timeout=timeout)
            deadline = time.monotonic() + timeout
            while len(client.scheduler_info()["workers"]) != count:  # a killed one may take a moment to go
                assert time.monotonic() < deadline, f"the cluster did not settle at {count} workers"
                time.sleep(0.2)

    def worker_pids(self, name: str) -> set[int]:
        """The worker's processes (its nanny and the worker itself)."""
        return {int(p.name) for p in Path("/proc").glob("[0-9]*") if session(int(p.name)) == self.procs[name].pid}

    def kill(self, name: str) -> None:
        """Kill a worker and its nanny at once (SIGKILL: no goodbye to the scheduler)."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.procs[name].pid, signal.SIGKILL)
        self.procs[name].wait(timeout=10)

    def close(self) -> None:
        for name in reversed(list(self.procs)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.procs[name].pid, signal.SIGKILL)
            self.procs[name].wait(timeout=10)

    def logs(self) -> str:
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-2000:]}" for p in self.work.glob("*.log"))


def with_german(folder: Path) -> dict[str, str]:
    """A worker's environment whose tesseract lists `deu` (this machine's models in `folder`, the `eng` model also
    under that name: it reads the scans), as another machine with that language pack would."""
    shutil.copytree(_models(), folder)
    shutil.copy(folder / "eng.traineddata", folder / "deu.traineddata")
    return {"TESSDATA_PREFIX": str(folder)}


def without_german(folder: Path) -> dict[str, str]:
    """A worker's (or a command's) environment whose tesseract lacks `deu` whatever this machine has: its models in
    `folder` but for `deu` (a machine with tesseract-ocr-deu installed gave its workers the language the tests
    say they lack)."""
    if not folder.exists():
        shutil.copytree(_models(), folder, ignore=shutil.ignore_patterns("deu.*"))
    return {"TESSDATA_PREFIX": str(folder)}


def _models() -> Path:
    """The folder of this machine's tesseract models, as `tesseract --list-langs` names it."""
    found = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, check=True).stdout
    return Path(found.splitlines()[0].split('"')[1])


def given_by(cluster: Cluster, name: str) -> list[str]:
    """The batch files (`run_one-...` tasks) the worker `name` was given, from its own task log."""
    from distributed import Client

    with Client(cluster.address, timeout=30) as client:
        names = {info["name"]: address for address, info in client.scheduler_info(n_workers=-1)["workers"].items()}
        log = client.run(lambda dask_worker: [str(entry[0]) for entry in dask_worker.state.log],
                         workers=[names[name]])[names[name]]
    return sorted({key for key in log if key.startswith("run_one-")})

