"""At a terminal, `unprotect` asks for the password only when the input needs one. It asked before opening the file,
so `pdftools unprotect plain.pdf -o out.pdf`, which needs none (a file that is not encrypted is written as it is,
as `qpdf --decrypt` does, and qpdf never asks), waited at `Password:`. A locked file still gets the prompt (hidden),
and the password typed opens it. Standard input and standard error are a pseudo-terminal the test opens itself."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pikepdf
import readback as rb


def _at_terminal(args: list[str], cwd: Path, typed: bytes = b"") -> tuple[int, bytes]:
    """Run pdftools with stdin and stderr on a terminal, `typed` written to it once it asks (a hidden prompt
    discards what was typed before it); its exit code and what it wrote there. The deadline is a guard against a
    prompt nobody answers, never a measure."""
    leader, follower = os.openpty()
    written = b""
    try:
        proc = subprocess.Popen([sys.executable, "-m", "pdftools", *args], stdin=follower, stderr=follower,
                                stdout=subprocess.DEVNULL, cwd=cwd)
        os.close(follower)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # the terminal's other end is closed: all read
                    break
                if not chunk:
                    break
                written += chunk
                if typed and b"Password: " in written:  # (the blank: written once echo is off and input flushed)
                    os.write(leader, typed)
                    typed = b""
            elif proc.poll() is not None:
                break
        else:
            proc.kill()
        code = proc.wait()
    finally:
        os.close(leader)
    assert code != -9, f"pdftools waited at the terminal: {written!r}"
    return code, written


def test_a_plain_file_asks_nothing(tmp_path: Path) -> None:
    code, written = _at_terminal(["unprotect", str(rb.FOUR), "-o", "out.pdf"], tmp_path)
    assert code == 0 and b"Password" not in written, written
    with pikepdf.open(tmp_path / "out.pdf") as pdf:
        assert len(pdf.pages) == 4


def test_a_locked_file_still_asks(tmp_path: Path, encrypted_pdf: Path, encrypted_password: str) -> None:
    code, written = _at_terminal(["unprotect", str(encrypted_pdf), "-o", "out.pdf"], tmp_path,
                                 typed=encrypted_password.encode() + b"\n")
    assert code == 0 and b"Password" in written, written
    assert encrypted_password.encode() not in written  # hidden
    with pikepdf.open(tmp_path / "out.pdf") as pdf:
        assert not pdf.is_encrypted
