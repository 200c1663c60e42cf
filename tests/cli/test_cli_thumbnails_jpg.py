"""`pdftools thumbnails --format jpg` is `--format jpeg` (it was refused: `'jpg' is not one of 'png', 'jpeg',
'webp'`); the files are JPEG named `.jpg`, as with `jpeg`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import readback as rb
from PIL import Image


def test_format_jpg_writes_jpeg_files_named_jpg(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("thumbnails", four, "-d", tmp_path / "th", "--format", "jpg", "--pages", "1,3", "-W", "50", "--json")
    assert result.exit_code == 0, result
    images = json.loads(result.stdout)["images"]
    assert [Path(i["path"]).name for i in images] == ["four-p001.jpg", "four-p003.jpg"]
    assert sorted(p.name for p in (tmp_path / "th").iterdir()) == ["four-p001.jpg", "four-p003.jpg"]
    with Image.open(tmp_path / "th" / "four-p001.jpg") as img:
        assert img.format == "JPEG" and img.width == 50


def test_help_lists_jpg(cli: Any) -> None:
    result = cli("thumbnails", "--help")
    assert result.exit_code == 0 and "jpg" in result.stdout, result.stdout


def test_a_pattern_naming_png_is_still_refused_for_jpg(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("thumbnails", four, "-d", tmp_path / "th", "--format", "jpg", "--pattern", "{page}.png", "--json")
    assert result.exit_code == 2 and json.loads(result.stderr)["error"]["code"] == "INVALID_ARGUMENT", result
    assert not (tmp_path / "th").exists()
