"""Standard input and output, and pipes, as an operation's files: `-`, a FIFO or the shell's `<(...)` read into a
file first (refused past PDFTOOLS_MAX_INPUT_BYTES, and from a terminal), `/dev/stdout` and other descriptors
written into as the shell opened them, and when an output goes to standard output."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from pdftools.core import limits
from pdftools.core.foreign_errors import os_error
from pdftools.errors import EmptyInput, InvalidArgument, verbatim

DESCRIPTOR = re.compile(r"/dev/(stdout|stderr|fd/\d+)|/proc/(self|\d+)/fd/\d+")


def is_descriptor(path: Path) -> bool:
    """Whether `path` names an open descriptor (`/dev/stdout`, `/dev/fd/3`): written into as the shell opened
    it (a pipe, a terminal, a file `>` made), never resolved or replaced."""
    return DESCRIPTOR.fullmatch(str(path)) is not None


def names_stdout(raw: str) -> bool:
    """Whether `raw` names this process's standard output (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`), not a
    terminal: written as `-` is. Written into directly, the summary printed after the PDF went into the same
    stream: after it in a pipe, over its first bytes in a file the shell opened (`> out.pdf`)."""
    found = re.fullmatch(r"/dev/stdout|/dev/fd/1|/proc/(self|\d+)/fd/1", raw)
    if found is None or found.group(1) not in (None, "self", str(os.getpid())):
        return False
    return sys.stdout is None or not sys.stdout.isatty()  # (a terminal: written into, where a PDF is refused)


def to_pipe(input: str | None, output: str | None) -> bool:
    """The output is standard output: `-`, or no output given for an input from `-` or another pipe (`<(...)`,
    a FIFO), which has no folder to write beside (from a pipe, to a pipe)."""
    return output == "-" or (output is None and input is not None and (input == "-" or is_pipe(Path(input))))


def not_a_terminal() -> None:
    """Refuses `-` read from a terminal: a PDF is not typed in, and the command would wait for one."""
    if sys.stdin is not None and sys.stdin.isatty():
        raise InvalidArgument("`-` reads standard input, but standard input is a terminal: no PDF is piped in",
                              hint="Pipe the PDF into `-` (`< FILE`, `cat FILE |`), or give its file name.")


def copy_stdin(target: Path) -> None:
    """Standard input into `target`, refused past PDFTOOLS_MAX_INPUT_BYTES (a pipe has no size to check)."""
    copy_stream(_read_stdin, target, "standard input")


def copy_stream(read: Callable[[int], bytes], target: Path, label: str) -> None:
    """What `read` gives, into `target`, refused past PDFTOOLS_MAX_INPUT_BYTES."""
    limit, copied = limits.INPUT_BYTES.value(), 0
    try:
        with target.open("wb") as fh:
            while chunk := read(1 << 20):
                copied += len(chunk)
                if limit is not None and copied > limit:
                    raise limits.INPUT_BYTES.exceeded(f"{label} has more than {limit:,.0f} bytes")
                fh.write(chunk)
    except OSError as exc:
        raise os_error(exc, f"cannot keep {verbatim(label)} in a temporary file") from None


def is_pipe(path: Path) -> bool:
    """Whether `path` names a pipe (a FIFO, the shell's `<(...)`, /dev/stdin fed by `|`)."""
    import stat

    try:
        return stat.S_ISFIFO(path.stat().st_mode)
    except (OSError, ValueError):
        return False


def reader(fd: int) -> Callable[[int], bytes]:
    """The next bytes of the pipe (or file) `fd`, as many as are there (up to `size`), waited for a quarter of a
    second at a time. A signal that comes between two reads is only marked by Python's handler, and the next read
    would block on a pipe whose writer has stopped (`kill -INT` of a merge reading a stalled `curl |`): between the
    waits, Ctrl-C and SIGTERM are acted on."""
    from pdftools.core import descriptors

    def read(size: int) -> bytes:
        while not descriptors.ready(fd, 0.25):
            pass
        return os.read(fd, size)

    return read


def _read_stdin(size: int) -> bytes:
    """The next bytes of standard input; one that is closed (`<&-`) is EMPTY_INPUT, as one with nothing in it."""
    try:
        stream = sys.stdin.buffer
        try:
            fd = stream.fileno()
        except OSError:  # not a descriptor (io.UnsupportedOperation): a stream standing in for it, as a test's
            return stream.read(size)
        return reader(fd)(size)
    except OSError as exc:
        raise EmptyInput(f"cannot read standard input: {exc.strerror}",
                         hint="Standard input is closed (`<&-`): pipe the input into `-` (`< FILE`), or give its "
                              "file name.") from None
