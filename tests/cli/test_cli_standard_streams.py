"""Standard streams as scripts, cron and daemons leave them: standard output on a full disk (`> /dev/full`) or
closed (`>&-`), standard error closed (`2>&-`), standard input closed (`<&-`). Each was an INTERNAL error ("a bug
in pdftools") or a Python traceback, and a closed stderr turned every exit code into 1. Now a result that cannot
be written is an error that says so (DISK_FULL for a full disk), the exit code is the command's, and a closed
descriptor is never handed to a file pdftools opens. Run as users run it: the installed program in a child."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FULL = Path("/dev/full")

pytestmark = pytest.mark.skipif(not FULL.exists(), reason="needs Linux's /dev/full")


def _run(*argv: object, cwd: Path, stdout: object = subprocess.PIPE, close: tuple[int, ...] = (),
         stdin: object = subprocess.DEVNULL) -> subprocess.CompletedProcess[bytes]:
    """The program with the descriptors in `close` closed, as a shell's `>&-` leaves them."""
    return subprocess.run([str(PDFTOOLS), *map(str, argv)], stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                          cwd=cwd, timeout=120, check=False, preexec_fn=lambda: [os.close(fd) for fd in close],
                          env={**os.environ, "TMPDIR": str(cwd)})


@pytest.mark.parametrize("argv", [["info", "{pdf}"], ["text", "{pdf}"], ["search", "-c", "Hello", "{pdf}"],
                                  ["ls", "."], ["--version"], ["--help"], ["info", "--help"]])
def test_standard_output_on_a_full_disk_is_disk_full(tmp_path: Path, pdf: Path, argv: list[str]) -> None:
    with FULL.open("wb") as full:
        done = _run(*[a.format(pdf=pdf) for a in argv], cwd=tmp_path, stdout=full)
    assert done.returncode == 6, done.stderr
    assert done.stderr.startswith(b"error[DISK_FULL]: cannot write to standard output"), done.stderr
    assert done.stderr.count(b"error[") == 1, done.stderr
    assert b"Traceback" not in done.stderr and b"INTERNAL" not in done.stderr, done.stderr


def test_with_json_the_error_is_one_json_object(tmp_path: Path, pdf: Path) -> None:
    with FULL.open("wb") as full:
        done = _run("info", pdf, "--json", cwd=tmp_path, stdout=full)
    assert done.returncode == 6
    assert json.loads(done.stderr)["error"]["code"] == "DISK_FULL", done.stderr


def test_a_pdf_written_to_a_full_standard_output_is_disk_full(tmp_path: Path, pdf: Path) -> None:
    with FULL.open("wb") as full:
        done = _run("rotate", pdf, "-a", "90", "-o", "-", cwd=tmp_path, stdout=full)
    assert done.returncode == 6 and b"error[DISK_FULL]" in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]  # nothing left in TMPDIR


@pytest.mark.parametrize("argv", [["info", "{pdf}"], ["info", "{pdf}", "--json"], ["text", "{pdf}"],
                                  ["--version"]])
def test_a_closed_standard_output_is_an_error_not_a_crash(tmp_path: Path, pdf: Path, argv: list[str]) -> None:
    done = _run(*[a.format(pdf=pdf) for a in argv], cwd=tmp_path, stdout=None, close=(1,))
    assert done.returncode == 6, done.stderr
    assert done.stderr.count(b"cannot write to standard output") == 1, done.stderr  # reported once
    assert b"Traceback" not in done.stderr and b"INTERNAL" not in done.stderr, done.stderr


def test_quiet_needs_no_standard_output(tmp_path: Path, pdf: Path) -> None:
    done = _run("rotate", pdf, "-a", "90", "-o", "out.pdf", "-q", cwd=tmp_path, stdout=None, close=(1,))
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-")


def test_a_closed_descriptor_is_not_given_to_a_file(tmp_path: Path, pdf: Path) -> None:
    """With fd 1 closed, the first file opened would become fd 1, where anything written to standard output (a
    child program's, a stray print) lands in it. The output must be the PDF alone, as with fd 1 open."""
    done = _run("rotate", pdf, "-a", "90", "-o", "out.pdf", cwd=tmp_path, stdout=None, close=(1,))
    assert b"Traceback" not in done.stderr and b"INTERNAL" not in done.stderr, done.stderr
    out = tmp_path / "out.pdf"
    assert out.read_bytes().startswith(b"%PDF-") and out.read_bytes().rstrip().endswith(b"%%EOF")
    check = subprocess.run(["qpdf", "--check", str(out)], capture_output=True, check=False)
    assert check.returncode == 0, check.stdout


def test_a_closed_standard_error_keeps_the_exit_code(tmp_path: Path) -> None:
    done = subprocess.run([str(PDFTOOLS), "info", "missing.pdf"], capture_output=False, stdout=subprocess.PIPE,
                          cwd=tmp_path, timeout=120, check=False, preexec_fn=lambda: os.close(2))
    assert done.returncode == 3 and done.stdout == b""


@pytest.mark.parametrize("argv", [["text", "-"], ["info", "{pdf}", "--password-file", "-"],
                                  ["merge", "-", "{pdf}", "-o", "out.pdf"]])
def test_a_closed_standard_input_is_an_error_not_a_crash(tmp_path: Path, pdf: Path, argv: list[str]) -> None:
    done = _run(*[a.format(pdf=pdf) for a in argv], cwd=tmp_path, stdin=None, close=(0,))
    assert done.returncode not in (0, 1), done.stderr
    assert b"standard input" in done.stderr, done.stderr
    assert b"Traceback" not in done.stderr and b"INTERNAL" not in done.stderr, done.stderr
    assert not (tmp_path / "out.pdf").exists()


def test_batch_rows_on_a_full_standard_output_stop_the_batch(tmp_path: Path, pdf: Path) -> None:
    with FULL.open("wb") as full:
        done = _run("batch", "text", pdf, "-d", "out", cwd=tmp_path, stdout=full)
    assert done.returncode == 6 and done.stderr.startswith(b"error[DISK_FULL]: cannot write to standard output"), \
        done.stderr
    assert done.stderr.count(b"error[") == 1, done.stderr


@pytest.mark.parametrize("argv", [["--version"], ["info", "{pdf}"]])
def test_a_reader_gone_before_the_first_write_gives_141(tmp_path: Path, pdf: Path, argv: list[str]) -> None:
    """`pdftools --version | true`, the reader already gone: SIGPIPE's 141 and nothing on stderr, as for a
    command's result (`--version` printed a traceback and exited 120). (`--help` exits 1 there: Typer's own
    handling of EPIPE, around the help it prints.)"""
    r, w = os.pipe()
    os.close(r)
    try:
        done = subprocess.run([str(PDFTOOLS), *[a.format(pdf=pdf) for a in argv]], stdout=w, stderr=subprocess.PIPE,
                              cwd=tmp_path, timeout=120, check=False)
    finally:
        os.close(w)
    assert done.returncode == 141 and done.stderr == b"", (done.returncode, done.stderr)
