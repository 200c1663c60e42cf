"""`ocr` of a PDF whose pages all have text does nothing and exits 14, by design (OCRmyPDF's "page already has
text", exit 6). At a shell it said nothing about it on stderr: `pdftools ocr in.pdf -o out.pdf` exited 14 with no
out.pdf and no word why, leaving a script's log empty. A warning now says so and names --force-ocr, in both
modes, with --json too (stdout unchanged: the result's `already_text`); the exit code stays 14."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize("mode", ["pdf", "text"])
def test_nothing_done_says_why(cli: Any, pdf: Path, tmp_path: Path, mode: str) -> None:
    extra = ["-o", tmp_path / "out.pdf"] if mode == "pdf" else []
    done = cli("ocr", pdf, "--mode", mode, *extra)
    assert done.exit_code == 14, done
    notes = [line for line in done.stderr.splitlines() if line.startswith("warning: ")]
    assert len(notes) == 1 and "already" in notes[0] and "--force-ocr" in notes[0], done.stderr
    assert not (tmp_path / "out.pdf").exists()
    as_json = cli("ocr", pdf, "--mode", mode, *extra, "--json")
    assert as_json.exit_code == 14 and json.loads(as_json.stdout)["already_text"] is True
    assert as_json.stderr == notes[0] + "\n", as_json.stderr
