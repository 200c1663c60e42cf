"""`text --max-chars` at a terminal, standard output and standard error on the same one (as a person sees them,
on a pseudo-terminal the test opens): the cut text ends its line and comes before the note saying where to go
on (the note came first, the line-buffered text's last part after it, and the prompt was left on that line)."""

from __future__ import annotations

import os
import pty
import select
import sys
import time
from pathlib import Path

PDFTOOLS = str(Path(sys.executable).with_name("pdftools"))
REPORT = Path(__file__).parents[2] / "samples" / "report.pdf"


def _shown(argv: list[str]) -> bytes:
    """Everything `argv` shows at a terminal that is both its standard output and its standard error."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(argv[0], argv)
    shown, deadline = b"", time.monotonic() + 120  # against a hang only
    try:
        while time.monotonic() < deadline and select.select([fd], [], [], 1)[0] is not None:
            try:
                chunk = os.read(fd, 65536) if select.select([fd], [], [], 1)[0] else b""
            except OSError:
                break
            if not chunk and os.waitpid(pid, os.WNOHANG)[0]:
                return shown
            shown += chunk
    finally:
        os.close(fd)
    os.waitpid(pid, 0)
    return shown


def test_max_chars_text_ends_its_line_before_the_note() -> None:
    shown = _shown([PDFTOOLS, "text", str(REPORT), "--max-chars", "50"]).replace(b"\r\n", b"\n")
    text, note, rest = shown.partition(b"(stopped by --max-chars")
    assert note, shown
    assert b"Introduction" in text and text.endswith(b"\n"), shown
    assert rest.endswith(b"\n") and b"Introduction" not in rest, shown
