"""pdfgrep beside `pdftools search`: both commands run the same way, for the tests that compare their bytes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def run(*argv: object, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """A command's output as bytes, whatever its exit status; `env` is added to this process's environment."""
    return subprocess.run([str(a) for a in argv], capture_output=True, check=False,
                          env={**os.environ, **(env or {})})


def pdfgrep() -> str:
    found = shutil.which("pdfgrep")
    assert found, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    return found
