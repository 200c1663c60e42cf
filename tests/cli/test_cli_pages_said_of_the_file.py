"""A page count in an error names the file it is the count of, as `select book.pdf 9` says `book.pdf has 3 pages`:
`insert --after`, `insert-blank --after`, `labels --set` and `reorder --mode interleave` said `the document has`,
which of two files (insert's) left open."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


@pytest.mark.parametrize(("argv", "code"), [
    (["insert", "report.pdf", "letter.pdf", "--after", "9"], "INVALID_PAGE_RANGE"),
    (["insert-blank", "report.pdf", "--after", "9"], "INVALID_PAGE_RANGE"),
    (["labels", "report.pdf", "--set", "9:1"], "INVALID_PAGE_RANGE"),
    (["reorder", "report.pdf", "--mode", "interleave"], "INVALID_ARGUMENT"),
])
def test_the_count_names_its_file(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str],
                                  code: str) -> None:
    for name in ("report.pdf", "letter.pdf"):
        shutil.copy(SAMPLES / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    done = cli(*argv, "-o", "out.pdf")
    assert done.exit_code != 0 and done.stderr.startswith(f"error[{code}]"), done
    message = done.stderr.splitlines()[0]
    assert "report.pdf has 3" in message and "the document" not in message, message
