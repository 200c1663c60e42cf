"""thumbnails reads each image's size from its header (no Pillow import): the same size Pillow reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pdftools.ops.thumbnails import image_size


@pytest.mark.parametrize(("fmt", "options"), [
    ("PNG", {}), ("JPEG", {}), ("JPEG", {"progressive": True}), ("JPEG", {"exif": b"Exif\x00\x00" + b"x" * 3000}),
    ("WEBP", {}), ("PNG", {"mode": "L"}),
])
def test_header_size_is_pillows(tmp_path: Path, fmt: str, options: dict) -> None:
    mode = options.pop("mode", "RGB")
    path = tmp_path / f"i.{fmt.lower()}"
    Image.new(mode, (317, 45), "white").save(path, fmt, **options)
    assert image_size(path) == (317, 45)
