"""The task's deadline (PDFTOOLS_TIMEOUT, MCP's limit) and a cancel reach work done inside qpdf: a merge stops
between its files, and a save stops at qpdf's next progress report (pikepdf holds the GIL while qpdf copies
or writes, so no timer can interrupt it; the progress callback and the checks between files are where Python
runs again). Before, a merge of 40 books with PDFTOOLS_TIMEOUT=2 ran its full 25 s and wrote its output.

The deadlines here have passed before the work starts: no timing is measured."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pikepdf
import pytest

from pdftools import errors
from pdftools.core import task
from pdftools.core.pdf import save_pdf
from pdftools.ops.merge import merge

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def expired() -> task.Task:
    running = task.Task(timeout=60)
    running.deadline = time.monotonic() - 1  # its time is up
    return running


def test_a_save_past_the_deadline_stops_inside_qpdf_and_leaves_nothing(tmp_path: Path, sample: Path) -> None:
    out = tmp_path / "out.pdf"
    with pikepdf.open(sample) as pdf, task.running(expired()), pytest.raises(errors.Timeout):
        save_pdf(pdf, out)
    assert list(tmp_path.iterdir()) == []  # neither the output nor its temporary part


def test_a_cancelled_save_reports_the_cancel(tmp_path: Path, sample: Path) -> None:
    cancelled = task.Task()
    cancelled.cancel(errors.Interrupted("cancelled by the client"))
    with pikepdf.open(sample) as pdf, task.running(cancelled), pytest.raises(errors.Interrupted):
        save_pdf(pdf, tmp_path / "out.pdf")
    assert list(tmp_path.iterdir()) == []


def test_a_merge_past_the_deadline_stops_between_files(tmp_path: Path, sample: Path, outline_pdf: Path) -> None:
    with task.running(expired()), pytest.raises(errors.Timeout):
        merge([str(sample), str(outline_pdf)], output=str(tmp_path / "m.pdf"))
    assert list(tmp_path.iterdir()) == []


def test_pdftools_timeout_bounds_a_merge_at_the_shell(tmp_path: Path, sample: Path, outline_pdf: Path) -> None:
    env = {**os.environ, "PDFTOOLS_TIMEOUT": "0.000001"}  # over before the first file is copied
    proc = subprocess.run([str(PDFTOOLS), "merge", str(sample), str(outline_pdf), "-o", "m.pdf"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == errors.Timeout.exit_code and "error[TIMEOUT]" in proc.stderr, proc
    assert not (tmp_path / "m.pdf").exists()
