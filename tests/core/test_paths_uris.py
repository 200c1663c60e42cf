"""File URIs the confinement fuzzer found: whatever urllib cannot parse is an INVALID_ARGUMENT, never a
ValueError from deep inside."""

from __future__ import annotations

from pathlib import Path

import pytest

from pdftools.core import policies
from pdftools.errors import InvalidArgument


@pytest.mark.parametrize("raw", ["file://[", "file://[::1", "file://]x/a.pdf", "file://[zz]/a.pdf"])
def test_a_file_uri_urllib_cannot_parse_is_an_invalid_argument(tmp_path: Path, raw: str) -> None:
    with pytest.raises(InvalidArgument):
        policies.RootsPolicy([tmp_path]).resolve(raw)
