"""A limit variable that is not a number is refused with an example of its own kind: seconds for
PDFTOOLS_TIMEOUT, a page count for PDFTOOLS_MAX_PAGES; a byte size (`500M or 2G`) only for the byte limits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import readback as rb


@pytest.mark.parametrize(("name", "wanted", "unwanted"), [
    ("PDFTOOLS_TIMEOUT", "seconds", "500M"),
    ("PDFTOOLS_MAX_PAGES", "100k", "2G"),
    ("PDFTOOLS_MAX_PIXELS", "200M", "2G"),
    ("PDFTOOLS_MAX_INPUT_BYTES", "2G", "seconds"),
])
def test_the_hint_gives_an_example_of_the_right_kind(cli: Any, tmp_path: Path, name: str, wanted: str,
                                                     unwanted: str) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("thumbnails", four, "-d", tmp_path / "th", "--pages", "1", "--json", env={name: "abc"})
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert name in error["message"] and wanted in error["hint"] and unwanted not in error["hint"], error


def test_max_input_mb_zero_turns_the_limit_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """`0` turns a limit off (README), PDFTOOLS_MAX_INPUT_MB too: it meant the default 100 MB."""
    from pdftools.core import limits

    monkeypatch.setenv("PDFTOOLS_MAX_INPUT_MB", "0")
    assert limits.max_input_bytes() > 10**15
    monkeypatch.setenv("PDFTOOLS_MAX_INPUT_MB", "5")
    assert limits.max_input_bytes() == 5_000_000
    monkeypatch.delenv("PDFTOOLS_MAX_INPUT_MB")
    assert limits.max_input_bytes() == 100_000_000
    monkeypatch.setenv("PDFTOOLS_MAX_INPUT_MB", "lots")
    with pytest.raises(Exception, match="PDFTOOLS_MAX_INPUT_MB") as caught:
        limits.max_input_bytes()
    assert "megabytes" in caught.value.hint  # type: ignore[attr-defined]


def test_a_negative_value_is_called_negative_not_no_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """PDFTOOLS_TIMEOUT=-1 said `'-1' is not a number`: it is one, below the 0 that turns the limit off."""
    from pdftools.core import limits

    monkeypatch.setenv("PDFTOOLS_TIMEOUT", "-1")
    with pytest.raises(Exception, match="PDFTOOLS_TIMEOUT") as caught:
        limits.timeout()
    assert caught.value.message == "PDFTOOLS_TIMEOUT='-1' is negative", caught.value  # type: ignore[attr-defined]
    assert "0: no limit" in caught.value.hint  # type: ignore[attr-defined]
