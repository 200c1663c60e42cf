"""A page counted from the end (`-1`, `-2`) is a page wherever one is taken (README), positional PAGES too:
`pdftools select book.pdf -1` keeps the last page, as `--pages -1` does; it is not an unknown option."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb


@pytest.fixture
def four(tmp_path: Path) -> Path:
    return Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))


def texts(path: Path) -> list[str]:
    return rb.page_lines(path)  # type: ignore[no-any-return]


@pytest.mark.parametrize(("command", "spec", "kept"), [
    ("select", "-1", [4]),
    ("select", "-2", [3]),
    ("select", "-1,1", [4, 1]),
    ("delete", "-1", [1, 2, 3]),
    ("delete", "-2", [1, 2, 4]),
])
def test_a_page_from_the_end_as_the_pages_argument(cli: Callable[..., Any], four: Path, tmp_path: Path,
                                                   command: str, spec: str, kept: list[int]) -> None:
    out = tmp_path / "out.pdf"
    result = cli(command, four, spec, "-o", out, "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["pages"] == len(kept)
    whole = texts(rb.FOUR)
    assert texts(out) == [whole[n - 1] for n in kept]


def test_the_pages_argument_before_the_file_options(cli: Callable[..., Any], four: Path, tmp_path: Path) -> None:
    """Options after it are still options, and an option's value that looks like a page stays its value."""
    out = tmp_path / "out.pdf"
    result = cli("select", "-o", out, four, "-1", "--json")
    assert result.exit_code == 0, result
    with pikepdf.open(out) as pdf:
        assert len(pdf.pages) == 1
    rotated = tmp_path / "rotated.pdf"
    assert cli("rotate", four, "--angle", "-90", "--pages", "-1", "-o", rotated).exit_code == 0
    with pikepdf.open(rotated) as pdf:
        assert [int(p.obj.get("/Rotate", 0)) % 360 for p in pdf.pages] == [0, 0, 0, 270]


def test_an_unknown_option_is_still_one(cli: Callable[..., Any], four: Path) -> None:
    result = cli("select", four, "-x", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stderr)["error"]["message"].startswith("unknown option -x")
