"""External programs, one place for each: found once, run with a timeout and capped memory and output, killed on
cancel, rested after repeated crashes (`Breaker`), failures mapped to the error tree. `doctor` reads `PROGRAMS`.

One module per program family says how to find and call it: `poppler` (pdftotext, pdftoppm, pdfinfo),
`tesseract`, `pandoc`, `weasyprint`, `typst`. What is done with them lives with its domain (`document.text`,
`convert`, `invoice`, the ops). `tether`: every program dies with pdftools, even killed outright.
"""

from __future__ import annotations

import contextlib
import os
import re
import resource
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Generator
from functools import cache
from pathlib import Path
from typing import IO, Any

from pdftools.core import descriptors, limits, task
from pdftools.engines import tether
from pdftools.errors import DependencyMissing, DiskFull, EngineUnavailable, ExternalToolFailed, PdftoolsError

INSTALL = {
    "pdftotext": "apt-get install poppler-utils",
    "pdftoppm": "apt-get install poppler-utils",
    "pdfinfo": "apt-get install poppler-utils",
    "pdftocairo": "apt-get install poppler-utils",
    "tesseract": "apt-get install tesseract-ocr",
    "pandoc": "apt-get install pandoc",
    "qpdf": "apt-get install qpdf",
    "setpriv": "apt-get install util-linux",
    "fc-match": "apt-get install fontconfig",
    "fc-list": "apt-get install fontconfig",
}
PROGRAMS = (  # program, version flag, what it is used for (commands as `{ocr}`), required (doctor checks each)
    ("pdftotext", "-v", "{text}", True),
    ("pdftoppm", "-v", "{thumbnails}, {ocr}, {crop} (to the content)", True),
    ("pdfinfo", "-v", "reading damaged files", True),
    ("pdftocairo", "-v", "{repair} (where qpdf gives up)", False),
    ("tesseract", "--version", "{ocr}", True),
    ("qpdf", "--version", "benchmarks (pikepdf bundles libqpdf)", False),
    ("setpriv", "--version", "programs end with a pdftools killed outright (kill -9)", False),  # `tether`
    ("fc-match", "--version", "{stamp}: fonts for the characters Helvetica lacks, and fonts named by family", False),
)


PIECE = 65536  # bytes read at a time from a program's output pipe (`streamed`): a pipe's whole buffer on Linux


def which(program: str) -> str:
    """The program's path on PATH (looked up once per PATH: a server or a test may change it)."""
    return _which(program, os.environ.get("PATH", ""))


@cache
def _which(program: str, _path: str) -> str:
    found = shutil.which(program)
    if found is None:
        raise DependencyMissing(
            f"{program} is not installed", hint=f"Install it: `{INSTALL.get(program, program)}` (Debian/Ubuntu)."
        )
    return found


class Breaker:
    """Fails fast for a while after an engine crashed (killed by a signal) or hung several times in a row,
    so a server does not queue work behind a broken tesseract or pandoc."""

    THRESHOLD = 5
    COOL_DOWN = 30.0

    def __init__(self, program: str) -> None:
        self.program, self.failures, self.open_until = program, 0, 0.0
        self._lock = threading.Lock()

    def check(self) -> None:
        if time.monotonic() < self.open_until:
            left = self.open_until - time.monotonic()
            raise EngineUnavailable(f"{self.program} failed {self.THRESHOLD} times in a row; resting {left:.0f} s",
                                    hint=f"Retry in {left:.0f} s; `pdftools doctor` checks the installation.")

    def failed(self) -> None:
        with self._lock:
            self.failures += 1
            if self.failures >= self.THRESHOLD:
                self.open_until, self.failures = time.monotonic() + self.COOL_DOWN, 0

    def succeeded(self) -> None:
        with self._lock:
            self.failures = 0


BREAKERS: dict[str, Breaker] = {}


def run(args: list[str], *, timeout: float = 300, env: dict[str, str] | None = None,
        stdin: bytes | None = None, writes: Path | None = None) -> bytes:
    """Run a program (never through a shell) under the current task: a cancel or the task's deadline kills
    it. Its memory is capped (`limits.child_memory()`), and so is its output (PDFTOOLS_MAX_STREAM_BYTES): it
    goes to an unnamed temporary file, not into memory. Return its stdout; on failure, its last stderr line
    goes into the error. `writes`: a folder outside TMPDIR the program writes its files into (a full disk
    there, as in TMPDIR, is DISK_FULL)."""
    current = task.current()
    current.check()
    breaker = BREAKERS.setdefault(args[0], Breaker(args[0]))
    breaker.check()
    cmd = [which(args[0]), *args[1:]]
    limit = min(timeout, current.remaining() or timeout)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        try:  # tethered: a pdftools killed outright (SIGKILL) takes the program with it
            proc = subprocess.Popen([*tether.prefix(), *cmd], stdout=out, stderr=err, env=env,
                                    stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL)
        except OSError as exc:  # found, but it cannot be run: its `#!` interpreter is gone, a noexec mount
            raise _cannot_start(args[0], cmd[0], exc.strerror) from None
        capped_fsize = _cap(proc.pid)
        with current.child(proc):
            try:
                proc.communicate(stdin, timeout=limit) if stdin is not None else _wait(proc, limit)
            except subprocess.TimeoutExpired:
                raise _timed_out(args[0], proc, current, breaker, timeout) from None
            except BaseException:  # Ctrl-C or a cancel: never leave the child behind
                proc.kill()
                proc.wait()
                raise
        current.check()  # a cancel kills the child: report the cancel, not the kill
        if proc.returncode in tether.FAILED and (why := tether.exec_failed(cmd[0], proc.returncode, _tail(err))):
            raise _cannot_start(args[0], cmd[0], why)
        _check_room(args[0], out, writes)
        breaker.failed() if proc.returncode < 0 else breaker.succeeded()  # a crash, not a complaint about input
        return _result(args[0], proc.returncode, out, err, capped_fsize)


def _timed_out(name: str, proc: subprocess.Popen[Any], current: task.Task, breaker: Breaker,
               timeout: float) -> PdftoolsError:
    """A program past its time (`run`'s and `streamed`'s): killed, then the task's deadline said if it is the
    task's (TIMEOUT), else the program's failure, counted by its breaker."""
    proc.kill()
    proc.wait()
    current.check()  # the task's deadline: TIMEOUT
    breaker.failed()
    return ExternalToolFailed(f"{name} took longer than {timeout:.0f} s")


def streamed(args: list[str], *, timeout: float = 300) -> Generator[bytes, None, None]:
    """`run`, the program's standard output read as it is written (a pipe), in pieces, rather than once it ended:
    a long pdftotext's first pages while it reads the next. Its caps, deadline, cancel and errors are `run`'s:
    output reaching PDFTOOLS_MAX_STREAM_BYTES kills it (STREAM_TOO_LARGE), a failure is raised after the output
    that came before it. The program starts at the first piece asked for, in the thread that asks (which must
    outlive it: `tether`); closing the generator before its end kills the program (`contextlib.closing`)."""
    current = task.current()
    current.check()
    breaker = BREAKERS.setdefault(args[0], Breaker(args[0]))
    breaker.check()
    cmd = [which(args[0]), *args[1:]]
    ends = time.monotonic() + min(timeout, current.remaining() or timeout)
    with tempfile.TemporaryFile() as err:
        try:
            proc = subprocess.Popen([*tether.prefix(), *cmd], stdout=subprocess.PIPE, stderr=err,
                                    stdin=subprocess.DEVNULL)
        except OSError as exc:
            raise _cannot_start(args[0], cmd[0], exc.strerror) from None
        capped_fsize = _cap(proc.pid)
        size = 0
        try:
            with current.child(proc), proc.stdout:  # type: ignore[union-attr]
                fd = proc.stdout.fileno()  # type: ignore[union-attr]
                while descriptors.ready(fd, ends - time.monotonic()):
                    piece = os.read(fd, PIECE)
                    if not piece:
                        break
                    size += len(piece)
                    _too_much(args[0], size)
                    yield piece
                else:
                    raise subprocess.TimeoutExpired(cmd, timeout)
                _wait(proc, max(0.0, ends - time.monotonic()))
        except subprocess.TimeoutExpired:
            raise _timed_out(args[0], proc, current, breaker, timeout) from None
        finally:  # a failure, a reader gone (the generator closed), Ctrl-C: never leave the child behind
            if proc.returncode is None:
                proc.kill()
                proc.wait()
        current.check()  # a cancel kills the child: report the cancel, not the kill
        if proc.returncode in tether.FAILED and (why := tether.exec_failed(cmd[0], proc.returncode, _tail(err))):
            raise _cannot_start(args[0], cmd[0], why)
        breaker.failed() if proc.returncode < 0 else breaker.succeeded()
        _verdict(args[0], proc.returncode, size, err, capped_fsize)


def _cannot_start(program: str, path: str, why: str | None) -> DependencyMissing:
    return DependencyMissing(
        f"cannot start {program} ({path}): {why}",
        hint=f"{program} is there but cannot be run: its interpreter (its first line, `#!...`) or a library it "
             "needs is missing, or its file system is mounted noexec. Reinstall it; `pdftools doctor` checks the "
             "programs.")


def _tail(err: IO[bytes]) -> bytes:
    """The last 4 kB a program wrote to stderr."""
    err.seek(max(0, err.seek(0, os.SEEK_END) - 4096))
    return err.read()


def _check_room(program: str, out: IO[bytes], writes: Path | None) -> None:
    """DISK_FULL when TMPDIR (where the program's output went) or the folder it wrote into has no room left:
    poppler's programs and tesseract do not check their writes. pdftotext exits 0 with its output cut short
    (which read as pages without text), pdftoppm exits 1 without a word, or crashes. A disk with no free block
    after the program ran is taken as the cause (a read-only one never is)."""
    places = [(os.fstatvfs(out.fileno()), tempfile.gettempdir())]
    if writes is not None:
        with contextlib.suppress(OSError):
            places.append((os.statvfs(writes), str(writes)))
    for fs, where in places:
        free = fs.f_bfree if os.geteuid() == 0 else fs.f_bavail  # (root may write into the reserved blocks)
        if fs.f_blocks and not free and not fs.f_flag & os.ST_RDONLY:
            raise DiskFull(f"{program} could not write all its output: the disk holding {where} is full")


def _wait(proc: subprocess.Popen[bytes], limit: float) -> None:
    """Wait for the child to end, at most `limit` seconds, without polling: `Popen.wait(timeout)` sleeps in
    doubling steps (up to 50 ms) and so added ~40% to a 10 ms program (pdftotext of a small file: 7.5 ms a
    call measured by batch runs over 1,000 files). A pidfd becomes readable when the process ends (Linux 5.3);
    elsewhere, Popen's own wait."""
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):
        proc.wait(timeout=limit)
        return
    try:
        ready = descriptors.ready(fd, limit)
    finally:
        os.close(fd)
    if not ready:
        raise subprocess.TimeoutExpired(proc.args, limit)
    proc.wait()


def _cap(pid: int) -> bool:
    """Lower the child's data-memory and file-size limits (never raise them). Set just after the start,
    before the program has read its input: `preexec_fn` would be unsafe in a threaded process. RLIMIT_DATA
    counts the writable memory a program uses, not what it reserves: pandoc's runtime reserves a terabyte of
    address space at start, so RLIMIT_AS would stop it before it did anything. True when the file-size limit
    is ours (PDFTOOLS_MAX_STREAM_BYTES), not a lower one the user set."""
    caps = {resource.RLIMIT_DATA: limits.child_memory(), resource.RLIMIT_FSIZE: limits.STREAM_BYTES.value()}
    ours = False
    for kind, value in caps.items():
        if value is None:
            continue
        with contextlib.suppress(OSError, ValueError):  # the child may be gone already
            soft, hard = resource.prlimit(pid, kind)
            lowered = min([int(value), *(v for v in (soft, hard) if v != resource.RLIM_INFINITY)])
            resource.prlimit(pid, kind, (lowered, hard))
            ours = ours or kind == resource.RLIMIT_FSIZE and lowered == int(value)
    return ours


def _result(program: str, returncode: int, out: IO[bytes], err: IO[bytes], capped_fsize: bool = False) -> bytes:
    _verdict(program, returncode, out.seek(0, os.SEEK_END), err, capped_fsize)
    out.seek(0)
    return out.read()


def _too_much(program: str, size: int) -> None:
    """STREAM_TOO_LARGE when a program's output reached PDFTOOLS_MAX_STREAM_BYTES."""
    cap = limits.STREAM_BYTES.value()
    if cap is not None and size >= cap:
        raise limits.STREAM_BYTES.exceeded(f"the output of {program} reached {size:,} bytes")


def _verdict(program: str, returncode: int, size: int, err: IO[bytes], capped_fsize: bool) -> None:
    """The error a program's end means, if any: its output (`size` bytes) or a file it wrote past the cap, a
    full disk, a failure or a crash (with its last stderr line)."""
    cap = limits.STREAM_BYTES.value()
    _too_much(program, size)
    if returncode == -signal.SIGXFSZ and capped_fsize:  # a file it wrote (an image, a text) reached our cap
        raise limits.STREAM_BYTES.exceeded(f"{program} wrote a file of more than {cap:,.0f} bytes")
    if returncode == -signal.SIGXFSZ:  # below our cap: the user's file-size limit, or a full disk
        raise DiskFull(f"{program} could not write its output ({size:,} bytes written): the disk or the "
                       "file-size limit (ulimit -f) is full")
    if returncode != 0:
        said = _tail(err).decode(errors="replace").strip()
        detail = said.splitlines()[-1:] or ["no message"]
        if returncode < 0:
            failed = ExternalToolFailed(f"{program} was killed by {signal.Signals(-returncode).name}: {detail[0]}")
        else:
            failed = ExternalToolFailed(f"{program} failed (exit {returncode}): {detail[0]}")
        failed.output, failed.returncode = said, returncode
        raise failed


def version(program: str, flag: str = "--version") -> str | None:
    """The first version-looking token a program prints (on stdout or stderr), or None if it is missing."""
    found = shutil.which(program)
    if found is None:
        return None
    try:
        proc = subprocess.run([found, flag], capture_output=True, timeout=20, check=False,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    match = re.search(rb"\d+\.\d+(?:\.\d+)?", proc.stdout + proc.stderr)
    return match.group(0).decode() if match else "unknown"


def locate(name: str, variable: str, install: str, *beside: Path) -> str:
    """A program: the one $variable names (a path, or a name on PATH), else `name` in one of the `beside`
    folders, else `name` on PATH; DEPENDENCY_MISSING with `install` when there is none."""
    return _locate(name, variable, os.environ.get(variable, "").strip(), os.environ.get("PATH", ""), beside,
                   install)


@cache
def _locate(name: str, variable: str, wanted: str, _path: str, beside: tuple[Path, ...], install: str) -> str:
    if wanted:
        found = shutil.which(wanted)
        if found is None:
            raise DependencyMissing(f"{variable} names {wanted!r}, which is not installed",
                                    hint=f"Install {name}: {install}.")
        return found
    for folder in beside:
        if os.access(folder / name, os.X_OK):
            return str(folder / name)
    found = shutil.which(name)
    if found is None:
        raise DependencyMissing(f"{name} is not installed", hint=f"Install it: {install}.")
    return found
