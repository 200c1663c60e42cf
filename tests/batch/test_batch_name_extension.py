"""`batch --name`: a pattern that ends in no extension of its own gets the output's (`{stem}-r` writes
`a-r.pdf` for a PDF, `a-r.txt` for text), as a pdfcpu or qpdf user expects; it wrote `a-r`, a file no viewer
or double click opens. A pattern with its own extension (`.pdf`, `{name}`, `.{ext}`) is taken as written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from batch_files import small_pdfs


@pytest.mark.parametrize(("command", "sets", "pattern", "written"), [
    ("rotate", ["--set", "angle=90"], "{stem}-r", "doc-0000-r.pdf"),
    ("text", [], "{stem}-r", "doc-0000-r.txt"),
    ("info", [], "{stem}-r", "doc-0000-r.json"),
    ("text", [], "{stem}-{ext}", "doc-0000-pdf.txt"),
    ("rotate", ["--set", "angle=90"], "{stem}-r.pdf", "doc-0000-r.pdf"),
    ("text", [], "{stem}.md", "doc-0000.md"),
    ("text", [], "{stem}.{ext}", "doc-0000.pdf"),
    ("rotate", ["--set", "angle=90"], "small-{name}", "small-doc-0000.pdf"),
    ("thumbnails", [], "{stem}-r", "doc-0000-r"),  # a folder: no extension
])
def test_a_pattern_without_an_extension_gets_the_outputs(cli: Any, tmp_path: Path, command: str, sets: list[str],
                                                         pattern: str, written: str) -> None:
    small_pdfs(tmp_path / "in", 1)
    result = cli("batch", command, tmp_path / "in", "-d", tmp_path / "out", "--name", pattern, *sets, "--json")
    assert result.exit_code == 0, result
    row = json.loads(result.stdout.splitlines()[0])
    assert Path(row["output"]).name == written, row
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == [written]


def test_the_help_says_the_extension_is_added(cli: Any) -> None:
    text = " ".join(cli("batch", "--help").stdout.split())
    assert "the output's extension added when it has none" in text, text
