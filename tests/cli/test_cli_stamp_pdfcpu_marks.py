"""pdfcpu numbers pages with `%p` and `%P` (`pdfcpu stamp add -mode text -- "Page %p of %P"`); pdftools with `{page}`
and `{pages}`. `pdftools stamp in.pdf --text 'Page %p of %P'` stamped `Page %p of %P` on every page without a
word. The text is still stamped as given (a `%p` may be meant), and a warning on stderr names the placeholders,
with `--json` too (its stdout unchanged); `-q` silences it, and text with `{page}` gets none."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize("text", ["Page %p of %P", "%p"])
def test_pdfcpu_marks_are_named(cli: Any, pdf: Path, tmp_path: Path, text: str) -> None:
    out = tmp_path / "s.pdf"
    done = cli("stamp", pdf, "--text", text, "-o", out)
    assert done.exit_code == 0, done
    notes = [line for line in done.stderr.splitlines() if line.startswith("warning: ")]
    assert len(notes) == 1 and "{page}" in notes[0] and "{pages}" in notes[0] and "pdfcpu" in notes[0], done.stderr
    shown = subprocess.run(["pdftotext", "-l", "1", out, "-"], capture_output=True, text=True, check=True).stdout
    assert "%p" in shown, shown  # stamped as given (the centre line may run into the page's own text)
    assert cli("stamp", pdf, "--text", text, "-o", out, "--force", "-q").stderr == ""
    as_json = cli("stamp", pdf, "--text", text, "-o", out, "--force", "--json")
    assert as_json.stderr == notes[0] + "\n" and json.loads(as_json.stdout)["first"] == text, as_json


@pytest.mark.parametrize("text", ["Page {page} of {pages}", "100%", "50% off"])
def test_no_note_without_them(cli: Any, pdf: Path, tmp_path: Path, text: str) -> None:
    done = cli("stamp", pdf, "--text", text, "-o", tmp_path / "s.pdf")
    assert done.exit_code == 0 and "warning:" not in done.stderr, done
