"""pdfgrep -P takes PCRE; `search` takes Python's regular expressions. The PCRE spellings Python lacks (`\\p{L}`,
`\\Q...\\E`, `(?<name>...)`, `\\h`) were refused with Python's own message (`bad escape \\p`) and a hint to escape
brackets: the hint now says what Python spells instead, in the same words on the command line and over MCP."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CORPUS

from pdftools.errors import InvalidArgument, unmarked
from pdftools.ops.search import search

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


@pytest.mark.parametrize(("pattern", "python"), [
    (r"\p{L}+", r"[^\W\d_]"), (r"\P{Lu}", r"[^\W\d_]"), (r"\Qa.b\E", "escape each"), (r"(?<year>\d{4})", "(?P<name>"),
    (r"a\hb", r"[ \t]"),
])
def test_pcre_spellings_get_pythons(tmp_path: Path, pattern: str, python: str) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    with pytest.raises(InvalidArgument) as caught:
        search(pattern, [str(tmp_path / "four.pdf")])
    assert python in (caught.value.hint or ""), caught.value.hint
    assert repr(pattern) in unmarked(str(caught.value))  # (the pattern said as it is, braces and all)


@pytest.mark.parametrize("said", [r"(?P<word>[a-z]+) (?P=word)", r"[^\W\d_]+"])
def test_the_python_spellings_work(tmp_path: Path, said: str) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    assert search(said, [str(tmp_path / "four.pdf")], count=True).files
