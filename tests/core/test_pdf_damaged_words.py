"""A PDF qpdf cannot read: DAMAGED_PDF names the file once. qpdf's own message starts with the file's name, so the
error read `x.pdf cannot be read: x.pdf: unable to find trailer dictionary...` (and `standard input` twice)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pdftools import errors
from pdftools.core.pdf import open_pdf


def _damaged(tmp_path: Path) -> Path:
    path = tmp_path / "broken.pdf"
    path.write_bytes(b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer garbage\n%%EOF\n" + b"x" * 10)
    return path


def test_the_message_names_the_file_once(tmp_path: Path) -> None:
    path = _damaged(tmp_path)
    with pytest.raises(errors.DamagedPdf) as caught:
        open_pdf(path)
    assert caught.value.message.count(str(path)) == 1, caught.value.message
    assert caught.value.message.startswith(f"{path} cannot be read: "), caught.value.message


def test_from_standard_input_too(cli: Callable[..., Any], tmp_path: Path) -> None:
    result = cli("info", "-", "--json", input=_damaged(tmp_path).read_bytes())
    assert result.exit_code == 4, result
    message = json.loads(result.stderr)["error"]["message"]
    assert message.count("standard input") == 1 and "tmp" not in message, message
