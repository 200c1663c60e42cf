"""An output that exists and is not a regular file (a FIFO here; a device such as /dev/null alike) is written
into, as `cp` and a shell's `>` do: it was replaced by a regular file through the atomic rename (with --force;
as root, `-o /dev/null --force` turned the machine's /dev/null into a PDF), and without --force it was
OUTPUT_EXISTS although nothing would be overwritten. A FIFO stands for every special file because making one
needs no root. The output is still written whole first (into a temporary file) and then copied in."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

import pikepdf
import pytest

REPORT = Path(__file__).parents[2] / "samples" / "report.pdf"  # small: the whole PDF fits in a pipe's buffer


def _read_all(fd: int) -> bytes:
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize("force", [(), ("--force",)])
@pytest.mark.parametrize("command", [("rotate", str(REPORT), "--angle", "90"), ("merge", str(REPORT), str(REPORT))])
def test_a_special_file_as_output_is_written_into_not_replaced(cli: Any, tmp_path: Path, command: tuple[str, ...],
                                                               force: tuple[str, ...]) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # so that the writer's open does not wait
    try:
        result = cli(*command, "-o", fifo, *force, "--json")
        got = _read_all(reader)
    finally:
        os.close(reader)
    assert result.exit_code == 0, result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)  # still the FIFO
    assert got.startswith(b"%PDF-") and got.rstrip().endswith(b"%%EOF"), got[:40]
    (tmp_path / "got.pdf").write_bytes(got)
    with pikepdf.open(tmp_path / "got.pdf") as pdf:
        assert len(pdf.pages) == (3 if command[0] == "rotate" else 6)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["got.pdf", "out.fifo"]  # no part left beside it


def test_a_terminal_as_output_is_refused_as_stdout_at_a_terminal_is(cli: Any, tmp_path: Path) -> None:
    """`-o /dev/tty` (or `/dev/stdout` at a shell): a PDF is never written to a terminal, as with `-o -`."""
    import pty

    parent, child = pty.openpty()
    try:
        os.set_blocking(parent, False)
        result = cli("rotate", REPORT, "--angle", "90", "-o", os.ttyname(child), "--json")
        try:
            shown = os.read(parent, 65536)
        except BlockingIOError:
            shown = b""
    finally:
        os.close(parent)
        os.close(child)
    assert result.exit_code == 2, result
    error = __import__("json").loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "terminal" in error["message"], error
    assert b"%PDF" not in shown and os.listdir(tmp_path) == []


def test_a_socket_or_block_device_as_output_is_refused_and_kept(cli: Any, tmp_path: Path) -> None:
    """Writing into a block device would overwrite a disk, and a socket cannot be written by opening it: both
    are refused (a socket stands for both: making a block device needs root). The rename replaced them."""
    import socket

    path = tmp_path / "out.sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        result = cli("rotate", REPORT, "--angle", "90", "-o", path, "--force", "--json")
    assert result.exit_code == 2, result
    error = __import__("json").loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "not a regular file" in error["message"], error
    assert stat.S_ISSOCK(os.lstat(path).st_mode) and os.listdir(tmp_path) == ["out.sock"]
