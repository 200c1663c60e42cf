"""External programs: found once, run with a timeout, failures mapped to the error tree."""

from __future__ import annotations

import shutil
import subprocess
from functools import cache

from pdftools.errors import DependencyMissing, ExternalToolFailed

INSTALL = {
    "pdftotext": "apt-get install poppler-utils",
    "pdftoppm": "apt-get install poppler-utils",
    "qpdf": "apt-get install qpdf",
}


@cache
def which(program: str) -> str:
    found = shutil.which(program)
    if found is None:
        raise DependencyMissing(
            f"{program} is not installed", hint=f"Install it: `{INSTALL.get(program, program)}` (Debian/Ubuntu)."
        )
    return found


def run(args: list[str], *, timeout: float = 300) -> bytes:
    """Run a program (never through a shell), return its stdout; stderr goes into the error on failure."""
    cmd = [which(args[0]), *args[1:]]
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout, check=False, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise ExternalToolFailed(f"{args[0]} took longer than {timeout:.0f} s") from None
    if proc.returncode != 0:
        detail = proc.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        raise ExternalToolFailed(f"{args[0]} failed (exit {proc.returncode}): {detail[0]}")
    return proc.stdout
