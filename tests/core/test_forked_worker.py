"""`core.forked.Worker`: work in a child that a cancel or a deadline kills, from any thread, and a next call
after a failure gets a fresh child (a search that skips a file goes on with the next one)."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from pdftools.core import forked, task
from pdftools.errors import Interrupted, PdftoolsError, Timeout

CATASTROPHIC = re.compile("(a+)+b")


def stuck_or_pid(line: str) -> int:
    """The child's pid; first a match that runs for hours when `line` is a row of `a`s."""
    CATASTROPHIC.search(line)
    return os.getpid()


def _alive(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"


def _in_thread(fn: object) -> BaseException | object:
    """What `fn()` returns or raises, called in a worker thread (as the MCP server calls ops)."""
    out: list[BaseException | object] = []

    def run() -> None:
        try:
            out.append(fn())  # type: ignore[operator]
        except BaseException as exc:
            out.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)  # a bound for a broken build; the call itself ends in well under a second
    assert not thread.is_alive(), "the call did not end"
    return out[0]


def test_a_cancel_from_another_thread_stops_a_stuck_match() -> None:
    running = task.Task()
    worker = forked.Worker(stuck_or_pid)
    threading.Timer(0.3, running.cancel).start()

    def call() -> int:
        with task.running(running), worker as match:
            return match("a" * 40 + "!")

    assert isinstance(_in_thread(call), Interrupted)
    assert worker.pid == 0  # killed and reaped


def test_a_deadline_stops_it_and_a_later_call_gets_a_fresh_child() -> None:
    worker = forked.Worker(stuck_or_pid)
    with worker as match:
        with task.running(task.Task(timeout=0.3)), pytest.raises(Timeout):
            match("a" * 40 + "!")
        assert worker.pid == 0  # the stuck child is gone
        child = match("b")
        assert child != os.getpid() and _alive(child)
        assert match("ab") == child  # one child for the calls that follow
    assert not _alive(child)


def test_an_error_in_the_child_is_an_error_not_a_traceback() -> None:
    with forked.Worker(len) as size, pytest.raises(PdftoolsError, match="unexpected TypeError"):
        size(3)


def test_start_forks_the_child_before_the_first_call() -> None:
    """`search` forks its matcher before the threads that read pages ahead start programs: a child forked while
    a thread starts pdftotext holds pdftotext's output pipe open, and the thread reading it waited for ever."""
    with forked.Worker(stuck_or_pid) as call:
        worker = call.__self__  # type: ignore[attr-defined]
        worker.start()
        pid = worker.pid
        assert pid and _alive(pid)
        assert call("x") == pid  # the call is the started child's
        worker.start()  # a running child is kept
        assert worker.pid == pid
    assert not _alive(pid)


def test_the_child_holds_no_descriptor_of_the_parent_but_its_own_pipes() -> None:
    """A child forked while another thread has a program's output pipe open (the MCP server: one request's search
    forks as another's pdftotext starts) held the pipe's write end, so that thread's read of the program's output
    waited until the search ended. The child keeps only standard streams and its two pipes."""
    read_end, write_end = os.pipe()  # as a program's output pipe, open in the parent as the child is forked
    worker = forked.Worker(stuck_or_pid)
    try:
        with worker:
            worker.start()
            assert worker.call("ab") == worker.pid  # it works, and has done what it does before serving
            held = {int(fd) for fd in os.listdir(f"/proc/{worker.pid}/fd")}
            assert not held & {read_end, write_end}, held
            assert len(held - {0, 1, 2}) == 2, held  # its requests and its replies
    finally:
        os.close(read_end)
        os.close(write_end)
