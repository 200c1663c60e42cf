"""`serve` on another address without a token is refused as every error is said (cli/render.report_error, the one
place the command line says an error): the host, a value the user gave, shown with its control characters as
escapes, and exit 2 even when standard error is closed. It was a line of its own: the host's escape sequence went to
the terminal as it was, and with `2>&-` the program ended 120 (Python failing to write the line)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PDFTOOLS = [sys.executable, "-m", "pdftools"]
ENV = {k: v for k, v in os.environ.items() if k != "PDFTOOLS_AUTH_TOKEN"}


def _serve(tmp_path: Path, host: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*PDFTOOLS, "serve", "--transport", "http", "--host", host, "--root", str(tmp_path)],
                          env=ENV, timeout=60, check=False, cwd=tmp_path, **kwargs)  # type: ignore[call-overload]


def test_the_host_is_shown_with_its_control_characters_as_escapes(tmp_path: Path) -> None:
    out = _serve(tmp_path, "0.0.0.0\x1b[31m", capture_output=True)
    assert out.returncode == 2
    said = b"error[INVALID_ARGUMENT]: refusing to serve on 0.0.0.0\\x1b[31m without a token"
    assert out.stderr.splitlines()[0] == said
    assert b"\x1b" not in out.stderr


def test_refused_with_standard_error_closed_it_still_exits_2(tmp_path: Path) -> None:
    out = _serve(tmp_path, "0.0.0.0", stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True,
                 preexec_fn=lambda: os.close(2))
    assert out.returncode == 2
