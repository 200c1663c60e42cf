"""A PDF given as a pipe's name: the shell's process substitution (`pdftools info <(curl ...)`, `merge <(a) <(b)`),
`/dev/stdin`, a named pipe (mkfifo). Each was `EMPTY_INPUT: /dev/fd/63 is empty` (a pipe has no size); it is read
as `-` is, into a temporary file, and named as it was given."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def bash(script: str, cwd: Path, **names: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **{k: str(v) for k, v in names.items()}, "PDFTOOLS": str(PDFTOOLS)}
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True, env=env, cwd=cwd, timeout=120,
                          check=False)


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash for process substitution")
def test_process_substitution_is_read_as_a_pdf(tmp_path: Path, sample: Path) -> None:
    info = bash('"$PDFTOOLS" info <(cat "$PDF") --json', tmp_path, PDF=sample)
    assert info.returncode == 0, info.stderr
    data = json.loads(info.stdout)
    assert data["pages"] == 4 and data["path"].startswith("/dev/fd/"), data["path"]
    merged = bash('"$PDFTOOLS" merge <(cat "$PDF") <(cat "$PDF") -o out.pdf --json', tmp_path, PDF=sample)
    assert merged.returncode == 0 and json.loads(merged.stdout)["pages"] == 8, merged.stderr
    text = bash('"$PDFTOOLS" text <(cat "$PDF") | head -c 20', tmp_path, PDF=sample)
    assert text.returncode == 0 and text.stdout.strip(), text


def test_dev_stdin_from_a_pipe(tmp_path: Path, sample: Path) -> None:
    shown = bash('cat "$PDF" | "$PDFTOOLS" info /dev/stdin --show-npages', tmp_path, PDF=sample)
    assert (shown.returncode, shown.stdout) == (0, "4\n"), shown


def test_a_named_pipe(tmp_path: Path, sample: Path) -> None:
    fifo = tmp_path / "in.pdf"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(sample.read_bytes()))
    writer.start()
    try:
        done = subprocess.run([PDFTOOLS, "info", fifo, "--show-npages"], capture_output=True, text=True,
                              timeout=120, check=False)
    finally:
        if writer.is_alive():  # never opened by the reader: let the writer go
            with open(fifo, "rb") as fh:
                fh.read()
        writer.join(10)
    assert (done.returncode, done.stdout) == (0, "4\n"), done


def test_an_edit_of_a_pipe_without_output_goes_to_standard_output(tmp_path: Path, sample: Path) -> None:
    """As an edit of `-` does: there is no folder beside a pipe to write `63-rotated.pdf` into (it was written into
    a temporary folder and deleted, reported as written)."""
    rotated = subprocess.run(["bash", "-c", '"$PDFTOOLS" rotate <(cat "$PDF") --angle 90 | "$PDFTOOLS" info - '
                              '--json'], capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False,
                             env={**os.environ, "PDFTOOLS": str(PDFTOOLS), "PDF": str(sample)})
    assert rotated.returncode == 0, rotated.stderr
    assert json.loads(rotated.stdout)["page_sizes"][0]["rotation"] == 90
    assert "pdftools-" not in rotated.stderr, rotated.stderr  # no temporary folder named


def test_a_document_from_a_pipe_keeps_its_name_for_its_format(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Title\n\nSome *text*.\n")
    html = bash('"$PDFTOOLS" convert <(cat notes.md) -t html', tmp_path)
    assert html.returncode == 0 and "<em>text</em>" in html.stdout, html


def test_a_batch_refuses_a_pipe_as_it_refuses_standard_input(tmp_path: Path, sample: Path) -> None:
    done = bash('"$PDFTOOLS" batch info <(cat "$PDF") -d out --json', tmp_path, PDF=sample)
    assert done.returncode == 2 and "not a pipe" in json.loads(done.stderr)["error"]["message"], done.stderr
