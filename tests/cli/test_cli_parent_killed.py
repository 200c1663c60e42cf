"""A command killed outright (SIGKILL: the OOM killer, `kill -9`, a container's stop after its grace period) takes
no step to stop its children, so they must die with it by themselves: the matcher `search` forks was left on a
catastrophic match, a core busy for hours with nobody to read its answer.

Each command runs in its own session, so the test can kill whatever it left (`finally`); the bound waited for the
children to go is generous (a loaded machine), and one left running stays past any wait."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import broken_pdfs
import processes
import pytest
from harness import base_env

PDFTOOLS = Path(sys.executable).with_name("pdftools")
STARTING = 120.0  # seconds for the command to reach its child (Python, pdftotext, a loaded machine)
ENDING = 20.0  # seconds for an orphan to notice its parent is gone (it takes a few milliseconds)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_matcher_dies_with_a_killed_search(tmp_path: Path) -> None:
    pdf = tmp_path / "redos.pdf"
    pdf.write_bytes(broken_pdfs.catastrophic_line())
    env = {k: v for k, v in base_env().items() if k != "PDFTOOLS_TIMEOUT"}
    proc = subprocess.Popen([str(PDFTOOLS), "search", "(a+)+b", str(pdf)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        child = processes.wait_for(lambda: processes.matcher(proc.pid), STARTING)
        assert child, "the matcher was never forked"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert processes.wait_for(lambda: not processes.alive(child), ENDING), "the matcher outlived its parent"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the matcher left on its endless match would hold a core
        proc.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_forked_half_of_a_split_dies_with_it(tmp_path: Path) -> None:
    """split writes half of its parts in a forked child (core.parallel): killed outright, the split left it
    writing the rest of its half for nobody. Without the child killed, its half's last part gets written."""
    import pikepdf

    pages = 4000
    pdf = pikepdf.new()
    for _ in range(pages):
        pdf.add_blank_page(page_size=(100, 100))
    pdf.save(tmp_path / "big.pdf")
    proc = subprocess.Popen([str(PDFTOOLS), "split", str(tmp_path / "big.pdf"), "-d", str(tmp_path / "parts")],
                            env=base_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        child = processes.wait_for(lambda: next(iter(processes.children(proc.pid)), None), STARTING)
        assert child, "split forked no child"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert processes.wait_for(lambda: not processes.alive(child), STARTING), "the child never ended"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    last = [p.name for p in tmp_path.rglob(f"*-{pages}-{pages}.pdf")]
    assert last == [], "the child wrote its half to the end after its parent was killed"
