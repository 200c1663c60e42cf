"""convert into a pipe: a binary format (docx, odt, epub, PDF) with `-o -` (or no -o) goes to stdout when it is
piped, as every other command's PDF does, and is refused at a terminal (bytes there are no use)."""

from __future__ import annotations

import io
import json
import pty
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from convert_docs import write_docs
from terminal import run_at_terminal

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def md(tmp_path: Path) -> Path:
    return write_docs(tmp_path / "docs")["md"]


@pytest.mark.parametrize("args", [["-t", "docx", "-o", "-"], ["-t", "docx"], ["-t", "odt", "-o", "-"]])
def test_binary_format_into_a_pipe_is_written_to_stdout(tmp_path: Path, md: Path, args: list[str]) -> None:
    proc = subprocess.run([str(PDFTOOLS), "convert", str(md), *args], capture_output=True, timeout=120,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    with zipfile.ZipFile(io.BytesIO(proc.stdout)) as z:  # a whole document: a zip that opens and holds the text
        names = z.namelist()
        body = z.read("word/document.xml" if "docx" in args else "content.xml").decode()
    assert "Überblick" in body, names
    assert list(tmp_path.iterdir()) == [tmp_path / "docs"]  # no file was written instead


def test_pdf_into_a_pipe_with_json_keeps_the_summary_on_stderr(tmp_path: Path, md: Path) -> None:
    proc = subprocess.run([str(PDFTOOLS), "convert", str(md), "-t", "pdf", "-o", "-", "--json"],
                          capture_output=True, timeout=120, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"%PDF-") and proc.stdout.rstrip().endswith(b"%%EOF")
    summary = json.loads(proc.stderr)
    assert summary["output"] == "-" and summary["bytes"] == len(proc.stdout), summary


def test_binary_format_is_not_written_to_a_terminal(tmp_path: Path, md: Path) -> None:
    proc, written = run_at_terminal([str(PDFTOOLS), "convert", str(md), "-t", "docx"], tmp_path, 120)
    assert proc.returncode == 2, proc.stderr
    assert b"INVALID_ARGUMENT" in proc.stderr and b"-o FILE" in proc.stderr and b"terminal" in proc.stderr
    assert b"cat > out.docx" in proc.stderr and b".pdf" not in proc.stderr, proc.stderr  # it said `out.pdf`
    assert b"PK" not in written
    assert pty.STDOUT_FILENO == 1  # the test sets up its own terminal: none is assumed
