"""A document given where a PDF is read (`forms list notes.md`, `protect report.docx`) is NOT_A_PDF naming
`convert`, which makes a PDF of it, as an image names `ocr`; it said only to check that the file is a PDF."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize("name", ["notes.md", "report.docx", "page.HTML"])
def test_a_document_is_named_with_convert(cli: Any, tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_bytes(b"PK\x03\x04 not really" if name.endswith("docx") else b"# Notes\n\ntext\n")
    done = cli("forms", "list", tmp_path / name, "--json")
    assert done.exit_code == 4, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "NOT_A_PDF" and "looks like a document" in error["message"], error
    assert "pdftools convert FILE -o FILE.pdf" in error["hint"], error


def test_another_file_is_not(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "data.bin").write_bytes(b"\x00\x01 nothing")
    error = json.loads(cli("info", tmp_path / "data.bin", "--json").stderr)["error"]
    assert error["code"] == "NOT_A_PDF" and "convert" not in error["hint"], error
