"""An image is measured by its data too, not only by the size it declares: a 10x10 image whose Flate data
inflates to gigabytes (as pdfimages reads only the 100 bytes it needs) made `images` and `check` read it all
into memory (8.4 GB, 40-115 s for 4 GiB). Beyond PDFTOOLS_MAX_STREAM_BYTES `images` refuses it
(STREAM_TOO_LARGE, nothing written) and `check` reports it; so is a page whose content stream `images` parses."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from broken_pdfs import bomb, one_page

SMALL_IMAGE = b"/Type /XObject /Subtype /Image /Width 10 /Height 10 /ColorSpace /DeviceGray /BitsPerComponent 8 "
DRAW = b"<< /Length 24 >>\nstream\nq 9 0 0 9 0 0 cm /I Do Q\nendstream"
LIMIT = {"PDFTOOLS_MAX_STREAM_BYTES": "1M"}


def image_bomb(path: Path) -> Path:
    path.write_bytes(one_page(resources=b"/XObject << /I 6 0 R >>",
                              objects={4: DRAW, 6: bomb(SMALL_IMAGE, mebibytes=16)}))
    return path


def content_bomb(path: Path) -> Path:
    path.write_bytes(one_page(objects={4: bomb(mebibytes=16)}))
    return path


def test_images_refuses_an_image_whose_data_is_a_bomb(cli: Callable[..., Any], tmp_path: Path) -> None:
    result = cli("images", image_bomb(tmp_path / "a.pdf"), "-d", tmp_path / "out", "--json", env=LIMIT)
    assert result.exit_code == 10 and json.loads(result.stderr)["error"]["code"] == "STREAM_TOO_LARGE", result
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    within = cli("images", tmp_path / "a.pdf", "-d", tmp_path / "out", "--json",
                 env={"PDFTOOLS_MAX_STREAM_BYTES": "100M"})
    assert within.exit_code == 0 and len(json.loads(within.stdout)["images"]) == 1, within


def test_images_measures_the_content_it_parses(cli: Callable[..., Any], tmp_path: Path) -> None:
    result = cli("images", content_bomb(tmp_path / "c.pdf"), "-d", tmp_path / "out", "--json", env=LIMIT)
    assert result.exit_code == 10 and json.loads(result.stderr)["error"]["code"] == "STREAM_TOO_LARGE", result


def test_check_reports_an_image_whose_data_is_a_bomb(cli: Callable[..., Any], tmp_path: Path) -> None:
    result = cli("check", image_bomb(tmp_path / "a.pdf"), "--json", env=LIMIT)
    assert result.exit_code == 12, result
    problems = json.loads(result.stdout)["problems"]
    assert any(p["object"] == 6 and "decompresses to more than" in p["message"] for p in problems), problems
