"""`-o /dev/null`, `-o /dev/stdout` (a pipe, or a file the shell opened with `>`) and a FIFO, run as a person runs
them (a child process with real descriptors): every command writing a PDF writes into them, as `cp` does. repair
read its output back from the path (/dev/null: EMPTY_INPUT), and `/dev/stdout` was resolved to the pipe's
`/proc/PID/fd/pipe:[N]`, a name nothing can open (PERMISSION_DENIED)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pikepdf
import pytest
from terminal import run_at_terminal

PDFTOOLS = str(Path(sys.executable).with_name("pdftools"))
REPORT = Path(__file__).parents[2] / "samples" / "report.pdf"
COMMANDS = [["repair", "{pdf}"], ["rotate", "{pdf}", "-a", "90"], ["merge", "{pdf}", "{pdf}"], ["select", "{pdf}", "1"],
            ["compress", "{pdf}"], ["nup", "{pdf}"], ["stamp", "{pdf}", "--text", "hi"]]


def _argv(command: list[str], out: str) -> list[str]:
    return [PDFTOOLS, *(a.format(pdf=REPORT) for a in command), "-o", out, "-q"]


def _pages(data: bytes, tmp_path: Path) -> int:
    assert data.startswith(b"%PDF-"), data[:200]
    (tmp_path / "got.pdf").write_bytes(data)
    with pikepdf.open(tmp_path / "got.pdf") as pdf:
        return len(pdf.pages)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_dev_null_takes_the_pdf(tmp_path: Path, command: list[str]) -> None:
    proc = subprocess.run(_argv(command, "/dev/null"), capture_output=True, timeout=120, cwd=tmp_path, check=False)
    assert proc.returncode == 0, proc.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_dev_stdout_a_pipe_takes_the_pdf(tmp_path: Path, command: list[str]) -> None:
    proc = subprocess.run(_argv(command, "/dev/stdout"), capture_output=True, timeout=120, cwd=tmp_path, check=False)
    assert proc.returncode == 0, proc.stderr
    assert _pages(proc.stdout, tmp_path) >= 1


@pytest.mark.parametrize("command", COMMANDS[:2], ids=lambda c: c[0])
def test_dev_stdout_a_file_the_shell_opened_takes_the_pdf(tmp_path: Path, command: list[str]) -> None:
    """`-o /dev/stdout > out.pdf`: the shell made out.pdf (empty) first; it is written into, not refused as
    existing, and /dev/stdout is not replaced."""
    out = tmp_path / "out.pdf"
    with out.open("wb") as fh:
        proc = subprocess.run(_argv(command, "/dev/stdout"), stdout=fh, stderr=subprocess.PIPE, timeout=120,
                              cwd=tmp_path, check=False)
    assert proc.returncode == 0, proc.stderr
    assert _pages(out.read_bytes(), tmp_path) >= 1
    assert os.path.islink("/dev/stdout")


@pytest.mark.parametrize("command", COMMANDS[:1], ids=lambda c: c[0])
def test_a_fifo_takes_the_pdf(tmp_path: Path, command: list[str]) -> None:
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    proc = subprocess.run(_argv(command, str(fifo)), capture_output=True, timeout=120, cwd=tmp_path, check=False)
    reader.join(60)
    assert proc.returncode == 0, proc.stderr
    assert _pages(got[0], tmp_path) == 3
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("out", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
@pytest.mark.parametrize("piped", [True, False], ids=["pipe", "file"])
def test_dev_stdout_holds_the_pdf_alone_and_the_summary_goes_to_stderr(tmp_path: Path, out: str,
                                                                        piped: bool) -> None:
    """Without -q, standard output named by its path is `-o -`: the PDF alone on it, the summary on stderr. The
    summary was written on stdout as well: after the PDF into a pipe (`%%EOF` then `input ...`), and over the
    PDF's first bytes in a file the shell opened (`> out.pdf` began `input      report.pdf`, no PDF at all)."""
    argv = [PDFTOOLS, "rotate", str(REPORT), "-a", "90", "-o", out]
    target = tmp_path / "out.pdf"
    with target.open("wb") as fh:
        proc = subprocess.run(argv, stdout=subprocess.PIPE if piped else fh, stderr=subprocess.PIPE, timeout=120,
                              cwd=tmp_path, check=False)
    data = proc.stdout if piped else target.read_bytes()
    assert proc.returncode == 0, proc.stderr
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), data[-300:]
    assert _pages(data, tmp_path) == 3
    assert b"rotated" in proc.stderr and b"output" in proc.stderr, proc.stderr  # the summary, where `-o -` puts it


def test_dev_stdout_at_a_terminal_is_refused_as_dash_is(tmp_path: Path) -> None:
    """`-o /dev/stdout` with standard output a terminal: refused as `-o -` is, nothing written to it."""
    proc, shown = run_at_terminal([PDFTOOLS, "rotate", str(REPORT), "-a", "90", "-o", "/dev/stdout"], tmp_path, 120)
    assert proc.returncode == 2 and b"terminal" in proc.stderr, proc.stderr
    assert b"%PDF" not in shown
