"""A --pattern so long that the names are cut to the file system's limit (240 bytes kept) before the field that
tells them apart: the error said `the pattern gives several outputs the same name` and `Put {start}...` to a
pattern that had {start} in it. It says the names are cut, and to put the field earlier or shorten the pattern."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdftools import errors
from pdftools.ops.split import split


def test_names_cut_by_length_are_called_too_long(tmp_path: Path, sample: Path) -> None:
    with pytest.raises(errors.InvalidArgument) as caught:
        split(str(sample), out_dir=str(tmp_path / "parts"), pattern="b" * 300 + "{start}.pdf")
    assert "too long" in caught.value.message and "240" in caught.value.message, caught.value.message
    assert "earlier" in caught.value.hint, caught.value.hint
    assert not (tmp_path / "parts").exists()


def test_a_pattern_without_a_distinct_field_is_still_told_so(tmp_path: Path, sample: Path) -> None:
    with pytest.raises(errors.InvalidArgument, match="several outputs the same name"):
        split(str(sample), out_dir=str(tmp_path / "parts"), pattern="part.pdf")
