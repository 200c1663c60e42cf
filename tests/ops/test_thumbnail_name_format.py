"""`thumbnails --pattern` that names files of one image type while `--format` writes another (`{page}.png`
with `--format jpeg`) is refused: it wrote JPEG data into `.png` files. `{ext}` always fits."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import readback as rb


@pytest.mark.parametrize(("pattern", "fmt"), [("{page}.png", "jpeg"), ("{page}.JPG", "png"), ("{page}.jpeg", "webp")])
def test_a_name_that_says_another_format(cli: Any, tmp_path: Path, pattern: str, fmt: str) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("thumbnails", four, "-d", tmp_path / "th", "--pattern", pattern, "--format", fmt, "--pages", "1",
                 "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--pattern" in error["message"], error
    assert not (tmp_path / "th").exists()


@pytest.mark.parametrize(("pattern", "fmt"), [("{page}.{ext}", "jpeg"), ("{page}.jpeg", "jpeg"),
                                              ("{page}.jpg", "jpeg"), ("p{page}", "webp")])
def test_names_that_fit(cli: Any, tmp_path: Path, pattern: str, fmt: str) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("thumbnails", four, "-d", tmp_path / "th", "--pattern", pattern, "--format", fmt, "--pages", "1")
    assert result.exit_code == 0, result
