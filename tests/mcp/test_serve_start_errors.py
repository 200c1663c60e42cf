"""`pdftools serve` that cannot start says why as every error does (`error[CODE]`, a hint, the table's exit
code): a root that is missing or is a file, and an HTTP port something else holds (uvicorn printed its own
`ERROR: [Errno 98]` line and exited 3, FILE_NOT_FOUND's code)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import readback as rb

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def serve(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PDFTOOLS), "serve", *args], cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=60, check=False)


def test_a_root_that_is_missing_or_a_file(tmp_path: Path) -> None:
    missing = serve("--root", str(tmp_path / "nope"), cwd=tmp_path)
    assert missing.returncode == 3, missing
    lines = missing.stderr.splitlines()
    assert lines[0].startswith("error[FILE_NOT_FOUND]: ") and "nope" in lines[0] and lines[1].startswith("  hint: ")
    (tmp_path / "four.pdf").write_bytes(rb.FOUR.read_bytes())
    a_file = serve("--root", str(tmp_path / "four.pdf"), cwd=tmp_path)
    assert a_file.returncode == 2, a_file
    lines = a_file.stderr.splitlines()
    assert lines[0].startswith("error[INVALID_ARGUMENT]: ") and "not a folder" in lines[0], lines
    assert lines[1].startswith("  hint: "), lines


def test_a_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = serve("--transport", "http", "--port", str(port), "--root", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2, result
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error[INVALID_ARGUMENT]: ") and str(port) in lines[0] and "in use" in lines[0], lines
    assert lines[1].startswith("  hint: ") and "--port" in lines[1], lines
    assert "Errno" not in result.stderr and "ERROR" not in result.stderr, result.stderr


def test_every_address_without_a_public_url(tmp_path: Path) -> None:
    """Bound to every address (`--host 0.0.0.0`), the server knew no name clients reach it by: it refused each
    client that came by the machine's address (421, the Host check), wrote download links to http://0.0.0.0:PORT,
    and told the person who started it to configure clients with that URL. It refuses to start without
    `--public-url`, saying why."""
    for host in ("0.0.0.0", "::"):
        result = serve("--transport", "http", "--host", host, "--port", "18999", "--auth-token", "t" * 24,
                       "--root", str(tmp_path), cwd=tmp_path)
        assert result.returncode == 2, result
        lines = result.stderr.splitlines()
        assert lines[0].startswith("error[INVALID_ARGUMENT]: ") and host in lines[0], lines
        assert lines[1].startswith("  hint: ") and "--public-url" in lines[1], lines
