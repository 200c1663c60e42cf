"""A result's list of sentences (what qpdf repaired while reading a damaged input: `recovered`, repair's `fixed`)
is shown a sentence a line. Joined by commas, as a list of pages is, `rotate` of a damaged file printed one line
`the input was damaged ... lists what was lost, file is damaged, (offset 123): xref not found, Attempting to
reconstruct ...`, where no one could tell where one note ended and the next began. A list of pages or names stays
on one line; --json is unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from conftest import CORPUS


def _damaged(tmp_path: Path) -> Path:
    data = (CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf").read_bytes()
    cut = data.rfind(b"startxref")
    target = tmp_path / "bx.pdf"
    target.write_bytes(data[:cut] + b"startxref\n123\n%%EOF\n")  # the cross-reference table is not where it says
    return target


def test_what_was_recovered_is_a_note_a_line(cli: Callable[..., Any], tmp_path: Path) -> None:
    src = _damaged(tmp_path)
    done = cli("rotate", src, "-a", "90", "-o", tmp_path / "r.pdf")
    assert done.exit_code == 0, done
    lines = done.stdout.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("recovered"))
    assert lines[first].rstrip().endswith("lists what was lost"), lines
    assert lines[first + 1].strip() == "file is damaged", lines  # qpdf's notes, each on its own line
    assert lines[first + 2].strip() == "(offset 123): xref not found", lines
    assert lines[first + 1].startswith(" " * len("recovered")), lines  # under the first, in its column
    assert next(line for line in lines if line.startswith("rotated")).split()[1:] == ["1,", "2,", "3,", "4"]
    data = json.loads(cli("rotate", src, "-a", "90", "-o", tmp_path / "j.pdf", "--json").stdout)
    assert len(data["recovered"]) > 2 and data["rotated"] == [1, 2, 3, 4]
