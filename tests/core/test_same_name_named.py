"""Outputs a pattern names alike are refused naming one of them and how many share it: `split --bookmarks -p
'{title}.pdf'` of the corpus's outline (Foo, Bar, Baz, each thrice) said only `the pattern gives several outputs
the same name`, which a person had to find among the bookmarks."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS

from pdftools.errors import InvalidArgument
from pdftools.ops.split import split

OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"


def test_the_name_given_twice_is_named(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument) as caught:
        split(str(OUTLINE), out_dir=str(tmp_path / "parts"), bookmarks=True, pattern="{title}.pdf")
    assert "'Bar.pdf' (2 of them)" in caught.value.message, caught.value.message
    assert not (tmp_path / "parts").exists()
