"""The suite finds the corpus through PDFTOOLS_CORPUS, else ../shared/corpus, and refuses to run without it,
saying where it looked and how to get it (a missing corpus must never shrink the suite in silence)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import CORPUS

TESTS = Path(__file__).resolve().parents[1]
PROBE = "from conftest import CORPUS\n\ndef test_where():\n    print('CORPUS=' + str(CORPUS))\n"


def _pytest(tmp_path: Path, corpus: str) -> subprocess.CompletedProcess[str]:
    """A one-test run outside the tree, with the suite's conftest loaded as a plugin."""
    probe = tmp_path / "test_probe.py"
    probe.write_text(PROBE)
    env = {**os.environ, "PDFTOOLS_CORPUS": corpus, "PYTHONPATH": str(TESTS)}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-p", "conftest",
                           "--rootdir", str(tmp_path), str(probe)],
                          env=env, capture_output=True, text=True, timeout=120, cwd=tmp_path)


def test_the_corpus_comes_from_pdftools_corpus(tmp_path: Path) -> None:
    elsewhere = tmp_path / "my corpus"
    elsewhere.mkdir()
    (elsewhere / "sample-files").symlink_to(CORPUS)
    run = _pytest(tmp_path, str(elsewhere))
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"CORPUS={elsewhere / 'sample-files'}" in run.stdout


def test_a_missing_corpus_stops_the_run_saying_how_to_get_it(tmp_path: Path) -> None:
    run = _pytest(tmp_path, str(tmp_path / "nowhere"))
    said = run.stdout + run.stderr
    assert run.returncode != 0 and "passed" not in said
    assert str(tmp_path / "nowhere") in said and "PDFTOOLS_CORPUS" in said
    assert "git clone https://github.com/py-pdf/sample-files" in said
