"""Waiting on a file descriptor: a program's output pipe, a pidfd (readable once its process has ended), a pipe
given as input, standard output that would block.

`select.select` refuses a descriptor past FD_SETSIZE (1,024: "filedescriptor out of range in select()"), which a
process holding many files reaches (the MCP HTTP server with many clients and uploads open): every program it ran
then failed. `poll` has no such limit.
"""

from __future__ import annotations

import errno
import os
import select
import time

LONGEST = 2**31 - 1  # milliseconds: the most one poll(2) waits (a longer wait is several)


def ready(fd: int, seconds: float | None = None, *, write: bool = False) -> bool:
    """Whether `fd` can be read (or written, `write`) without blocking, waited for up to `seconds` (None: until
    it can; 0: not at all). Its end (EOF, the other end closed) and its errors count as ready, as with `select`:
    the next read or write says which. A closed descriptor is EBADF."""
    poller = select.poll()
    poller.register(fd, select.POLLOUT if write else select.POLLIN)
    ends = None if seconds is None else time.monotonic() + max(0.0, seconds)
    while True:
        left = None if ends is None else min(max(0.0, ends - time.monotonic()) * 1000, LONGEST)
        events = poller.poll(left)  # (milliseconds, rounded up: never back before `ends`)
        if events:
            if events[0][1] & select.POLLNVAL:
                raise OSError(errno.EBADF, os.strerror(errno.EBADF))
            return True
        if ends is not None and time.monotonic() >= ends:
            return False
