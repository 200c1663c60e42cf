"""qpdf's and pdftotext's output given as a second argument (`qpdf in.pdf out.pdf`, `pdftotext in.pdf out.txt`)
gets a hint naming `-o` or a redirect. An output name with a space in it (`"rotated copy.pdf"`, one argument)
was taken for several files and got the batch hint, `takes one file; to run it on each of several`. One
argument is one name, spaces and all, quoted in the command the hint gives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def _hint(cli: Any, *args: Any) -> str:
    done = cli(*args, "--json")
    assert done.exit_code == 2, done
    return str(json.loads(done.stderr)["error"]["hint"])


def test_an_output_with_a_space_is_named_with_o(cli: Any, pdf: Path) -> None:
    hint = _hint(cli, "rotate", pdf, "rotated copy.pdf", "-a", "90")
    assert hint == "Name the output with -o: `pdftools rotate FILE ... -o 'rotated copy.pdf'`.", hint


def test_a_text_file_with_a_space_is_a_redirect(cli: Any, pdf: Path) -> None:
    hint = _hint(cli, "text", pdf, "my text.txt")
    assert hint == "`pdftools text` prints its result: redirect it, `pdftools text FILE > 'my text.txt'`.", hint


def test_several_files_still_get_the_batch_hint(cli: Any, pdf: Path, tmp_path: Path) -> None:
    other = tmp_path / "my copy.pdf"
    other.write_bytes(pdf.read_bytes())
    assert "pdftools batch rotate" in _hint(cli, "rotate", pdf, other, tmp_path / "x y.pdf", "-a", "90")
