"""The README's `Rows.` paragraph is what a batch's `--json` rows hold (a stable contract): every field of a row,
named, and the paths as they are written (absolute, as the journal records them). It left out `key` and said
nothing of the absolute paths, which a person sees in every row (`ok /home/me/in/a.pdf -> /home/me/out/a.pdf`)."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

from pdftools.batch.work import BatchRow

README = Path(__file__).parents[2] / "README.md"


def _rows_paragraph() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("- **Rows.**")
    return text[start:text.index("\n- **", start + 1)]


def test_the_readme_names_every_field_of_a_row() -> None:
    said = set(re.findall(r"`([a-z_]+)`", _rows_paragraph()))
    shown = {f.name for f in dataclasses.fields(BatchRow) if "omit" not in f.metadata}  # (`staged`: never shown)
    assert shown <= said, _rows_paragraph()


def test_a_row_s_paths_are_absolute_as_the_readme_says(cli: Callable[..., Any], tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in").mkdir()
    shutil.copyfile(CORPUS / "001-trivial" / "minimal-document.pdf", tmp_path / "in" / "a.pdf")
    done = cli("batch", "info", "in/a.pdf", "-d", "out", "--json")
    assert done.exit_code == 0, done
    row = json.loads(done.stdout.splitlines()[0])
    assert os.path.isabs(row["input"]) and os.path.isabs(row["output"]), row
    assert "absolute" in _rows_paragraph()
