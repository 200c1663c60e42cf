"""`--password-file -` with standard input a terminal asks for the password without echoing it (as getpass
does), on the terminal the command runs at (a pseudo-terminal the test opens, its controlling terminal): it read
the line with echo on, so the password stood on the screen."""

from __future__ import annotations

import os
import pty
import select
import sys
import termios
import time
from pathlib import Path

from conftest import CORPUS, ENCRYPTED_REL, PASSWORDS

PDFTOOLS = str(Path(sys.executable).with_name("pdftools"))


def _at_terminal(argv: list[str], typed: bytes) -> tuple[int, bytes]:
    """The exit status and everything shown at the terminal, once `typed` was typed after the first prompt."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, with the terminal as its controlling one
        os.execv(argv[0], argv)
    shown, sent, start = b"", False, time.monotonic()  # (deadlines against a hang only)
    try:
        while time.monotonic() < start + 120:
            # typed once echo is off after the prompt (or, never asked, after a while: typed to be echoed)
            asked = b"assword" in shown and not termios.tcgetattr(fd)[3] & termios.ECHO
            if not sent and (asked or time.monotonic() > start + 20):
                os.write(fd, typed)
                sent = True
            if select.select([fd], [], [], 1)[0]:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                shown += chunk
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    return os.waitstatus_to_exitcode(status), shown


def test_password_file_dash_at_a_terminal_is_asked_hidden() -> None:
    secret = PASSWORDS[ENCRYPTED_REL]
    code, shown = _at_terminal([PDFTOOLS, "info", str(CORPUS / ENCRYPTED_REL), "--password-file", "-"],
                               secret.encode() + b"\n")
    assert code == 0, shown
    assert b"assword" in shown
    assert secret.encode() not in shown, shown
