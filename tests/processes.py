"""Processes as /proc shows them, for the tests that find a command's children (the matcher `search` forks, the
programs an op runs) and check what becomes of them: a race with a process that ends between a listing and a
reading is a process gone, never an error; and what a child's pipe gives, read without taking more."""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from pathlib import Path


def cmdline(pid: int) -> bytes:
    """A process's command line; a pdftotext that ended between the listing and the reading has none (the race
    made a test fail under load: FileNotFoundError on /proc/PID/cmdline)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b"pdftotext (ended)"


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (state first); none once the process has ended."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return []


def session(pid: int) -> int | None:
    """The session a process belongs to (its leader's pid); None once it has ended."""
    fields = _stat(pid)
    return int(fields[3]) if len(fields) > 3 else None  # state, ppid, pgrp, session


def cpu_ticks(pid: int) -> int:
    """The CPU time a process has used, in clock ticks (0 once it has ended)."""
    fields = _stat(pid)
    return int(fields[11]) + int(fields[12]) if fields else 0  # utime, stime


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        fields = _stat(int(entry.name)) if entry.name.isdigit() else []
        if fields and int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Running (or stopped): not ended, not a zombie waiting for a parent (a container's init may never reap
    one that was handed to it)."""
    fields = _stat(pid)
    return bool(fields) and fields[0] not in ("Z", "X")


def matcher(pid: int) -> int | None:
    """`search`'s matcher child at work: not a pdftotext (a child forked for pdftotext shows search's own command
    line until it execs, and killing it instead left the matcher on its endless match), and busy (20 ticks)."""
    busy = [c for c in children(pid) if b"pdftotext" not in cmdline(c) and cpu_ticks(c) >= 20]
    return busy[0] if busy else None


def wait_for(find: object, seconds: float) -> object:
    """`find()`'s first true value, polled until `seconds` have passed (None when there was none)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if found := find():  # type: ignore[operator]
            return found
        time.sleep(0.05)
    return None


def read_until(stream: object, end: bytes, guard: float) -> bytes:
    """What a child's pipe gives up to and including `end` (a byte), read one byte at a time so that nothing past
    it is taken from the pipe; or all it gave before it closed, or before `guard` seconds passed with nothing."""
    got = b""
    selector = selectors.DefaultSelector()
    selector.register(stream, selectors.EVENT_READ)  # type: ignore[arg-type]
    while not got.endswith(end) and selector.select(guard):
        chunk = os.read(stream.fileno(), 1)  # type: ignore[attr-defined]
        if not chunk:
            break
        got += chunk
    selector.close()
    return got


def head_one(command: list[object], guard: float, env: dict[str, str] | None = None) -> tuple[bytes, int, bytes]:
    """A command read as `command | head -1` reads it: its first line, then its output closed; (the line, its exit
    status, its standard error). Killed if it has not ended `guard` seconds after."""
    proc = subprocess.Popen([str(part) for part in command], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        first = read_until(proc.stdout, b"\n", guard)
        proc.stdout.close()  # type: ignore[union-attr]  # as `head -1` does once it has its line
        _, err = proc.communicate(timeout=guard)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return first, proc.returncode, err
