"""Run the real CLI (`pdftools.main.main`, the console script's entry point) in child processes that a hang or a
blow-up cannot take the test run down with: each call has a wall-clock limit, an address-space cap and a
private TMPDIR, and reports its exit code, output, time and peak memory (its own or its largest child's).

Starting Python and importing pdftools costs ~0.4 s, more than most calls; so a few warm servers (`python
harness.py`, one per CPU) fork a fresh child per call. Each server is single-threaded and handles one call at
a time; the child runs `main()` with the call's argv, environment and working directory, as `pdftools` would.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import queue
import resource
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERMETIC = ("PDFTOOLS_PASSWORD", "PDFTOOLS_DEBUG", "PDFTOOLS_TIMEOUT", "PDFTOOLS_MAX_INPUT_BYTES",
            "PDFTOOLS_MAX_PAGES", "PDFTOOLS_MAX_STREAM_BYTES", "PDFTOOLS_MAX_PIXELS")
OUTPUT_CAP = 4 << 20  # bytes of stdout / stderr a call may hand back


@dataclass
class Outcome:
    argv: list[str]
    returncode: int
    stdout: bytes
    stderr: str
    seconds: float
    peak_rss: int  # bytes
    timed_out: bool
    leftovers: list[str]  # files left in the call's private TMPDIR

    def error(self) -> dict[str, Any] | None:
        """The `--json` error object on stderr, if there is exactly one."""
        try:
            return json.loads(self.stderr)["error"]  # type: ignore[no-any-return]
        except (ValueError, KeyError, TypeError):
            return None

    def __repr__(self) -> str:  # what pytest shows when an assertion fails
        return (f"Outcome(argv={self.argv}, returncode={self.returncode}, seconds={self.seconds:.2f}, "
                f"peak_rss={self.peak_rss >> 20} MB, timed_out={self.timed_out}, leftovers={self.leftovers}, "
                f"stderr={self.stderr[-1500:]!r}, stdout={self.stdout[:300]!r})")


def default_signals() -> None:
    """For `preexec_fn`: the child takes SIGINT and SIGHUP as a terminal would deliver them. A test run started in
    the background (`pytest &` in a script) inherits SIGINT as ignored, one under `nohup` SIGHUP, and so would
    every child (the SIGHUP tests then saw the command finish instead of stop). A run under `timeout` does not
    show it: `timeout` handles those signals, so its child starts with them at their defaults."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def base_env(**extra: str) -> dict[str, str]:
    """The test run's environment without the variables that change what pdftools does, plus `extra`."""
    env = {k: v for k, v in os.environ.items() if k not in HERMETIC}
    env.update(extra)
    return env


class Servers:
    """A pool of warm CLI servers; `run()` may be called from several threads at once."""

    def __init__(self, count: int) -> None:
        self._idle: queue.Queue[subprocess.Popen[str]] = queue.Queue()
        self._all = [subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True, env=base_env()) for _ in range(count)]
        for server in self._all:
            self._idle.put(server)

    def run(self, argv: list[Any], *, env: dict[str, str] | None = None, cwd: Path, timeout: float = 60,
            memory: int = 3 << 30) -> Outcome:
        """Run `pdftools ARGV` in a fresh child; a private TMPDIR is made under `cwd` and checked afterwards."""
        tmpdir = Path(tempfile.mkdtemp(prefix="tmp-", dir=cwd))
        request = {"argv": [str(a) for a in argv], "env": {**(env or base_env()), "TMPDIR": str(tmpdir)},
                   "cwd": str(cwd), "timeout": timeout, "memory": memory}
        server = self._idle.get()
        try:
            assert server.stdin is not None and server.stdout is not None
            server.stdin.write(json.dumps(request) + "\n")
            server.stdin.flush()
            reply = json.loads(server.stdout.readline())
        finally:
            self._idle.put(server)
        leftovers = sorted(str(p.relative_to(tmpdir)) for p in tmpdir.rglob("*"))
        return Outcome(argv=request["argv"], returncode=reply["returncode"],
                       stdout=base64.b64decode(reply["stdout"]), stderr=base64.b64decode(reply["stderr"]).decode(
                           errors="replace"), seconds=reply["seconds"], peak_rss=reply["peak_rss"],
                       timed_out=reply["timed_out"], leftovers=leftovers)

    def close(self) -> None:
        for server in self._all:
            assert server.stdin is not None
            server.stdin.close()
            server.wait(timeout=30)


# ------------------------------------------------------------------------------------------- the server


def _child(request: dict[str, Any], out: int, err: int) -> None:
    """In the forked child: become `pdftools ARGV` and never return."""
    code = 1
    try:
        resource.setrlimit(resource.RLIMIT_AS, (request["memory"], request["memory"]))
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(out, 1)
        os.dup2(err, 2)
        sys.stdin, sys.stdout, sys.stderr = (open(fd, mode, closefd=False) for fd, mode in  # noqa: SIM115
                                             ((0, "r"), (1, "w"), (2, "w")))
        os.environ.clear()
        os.environ.update(request["env"])
        tempfile.tempdir = None  # read TMPDIR again
        os.chdir(request["cwd"])
        sys.argv = ["pdftools", *request["argv"]]
        from pdftools.main import main

        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # what would reach a user as a traceback: the test sees it on stderr
        traceback.print_exc()
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(code)


def _wait(pid: int, timeout: float) -> tuple[int, Any, bool]:
    """Wait for `pid`, killing it at `timeout`; return (exit status, rusage, timed out)."""
    deadline = time.monotonic() + timeout
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return status, usage, False
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            return status, usage, True
        time.sleep(0.005)


def _serve_one(request: dict[str, Any]) -> dict[str, Any]:
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        pid = os.fork()
        if pid == 0:
            _child(request, out.fileno(), err.fileno())
        status, usage, timed_out = _wait(pid, request["timeout"])
        seconds = time.monotonic() - started
        out.seek(0)
        err.seek(0)
        return {"returncode": os.waitstatus_to_exitcode(status), "seconds": seconds,
                "peak_rss": usage.ru_maxrss * 1024, "timed_out": timed_out,
                "stdout": base64.b64encode(out.read(OUTPUT_CAP)).decode(),
                "stderr": base64.b64encode(err.read(OUTPUT_CAP)).decode()}


def serve(lines: Iterator[str]) -> None:
    import importlib

    for module in ("pdftools.cli.app", "pdftools.cli.render", "pdftools.main", "pikepdf", "typer._adapters",
                   "typer._click.decorators", "rich.console", "rich.table"):
        importlib.import_module(module)  # warm: what every child would import (some lazily)
    from pydantic.plugin._loader import get_plugins

    get_plugins()  # pydantic looks for plugins in every installed package's entry points once per process

    for line in lines:
        sys.stdout.write(json.dumps(_serve_one(json.loads(line))) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(iter(sys.stdin.readline, ""))
