"""`images` of a PDF (or of pages) without images printed `input`, `out dir` and `duplicates 0`, no `images` row,
and left people wondering whether anything was written: it says so on stderr, a warning (exit 0), as `attachments
extract` does, with `--json` too (stdout the result as before, an empty list); `-q` prints nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import CORPUS

IMAGES = CORPUS / "003-pdflatex-image" / "pdflatex-image.pdf"  # one image, on page 1 of several


def test_images_of_none_says_there_are_none(cli: Any, sample: Path, tmp_path: Path) -> None:
    result = cli("images", sample, "-d", tmp_path / "out")
    assert result.exit_code == 0, result
    assert result.stderr == f"warning: {sample} has no images: nothing was written\n", result.stderr
    assert not (tmp_path / "out").exists()
    shown = [line.split()[0] for line in result.stdout.splitlines() if line.strip()]
    assert shown == ["input"], result.stdout  # no `out dir` it never made, no `duplicates 0` of nothing


def test_images_of_pages_without_any_name_the_pages(cli: Any, sample: Path, tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.pdf"  # page 1 draws an image, pages 2-5 only text
    assert cli("merge", IMAGES, sample, "-o", mixed).exit_code == 0
    result = cli("images", mixed, "--pages", "2-3,5", "-d", tmp_path / "out")
    assert result.exit_code == 0, result
    assert result.stderr == f"warning: {mixed} has no images on pages 2-3,5: nothing was written\n", result.stderr


def test_json_warns_quiet_and_found_images_do_not(cli: Any, sample: Path, tmp_path: Path) -> None:
    result = cli("images", sample, "-d", tmp_path / "out", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["images"] == [], result
    assert result.stderr == f"warning: {sample} has no images: nothing was written\n", result.stderr
    quiet = cli("images", sample, "-d", tmp_path / "out", "-q")
    assert (quiet.exit_code, quiet.stdout, quiet.stderr) == (0, "", ""), quiet
    found = cli("images", IMAGES, "-d", tmp_path / "found")
    assert found.exit_code == 0 and found.stderr == "" and any((tmp_path / "found").iterdir()), found
