"""Splitting or merging a PDF with attached files copies its pages, not its attachments, and says so: the warning
read `has 1 attached file(s) ('a.txt') that the parts does not`; it now says they are not carried into the parts
(or the output), in words that agree whatever the target."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pikepdf


def _attached(path: Path) -> Path:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    pdf.add_blank_page(page_size=(200, 200))
    pdf.attachments["a.txt"] = pikepdf.AttachedFileSpec(pdf, b"data", filename="a.txt")
    pdf.save(path)
    return path


def test_split_and_merge_say_the_attachments_stay_behind(cli: Any, tmp_path: Path) -> None:
    source = _attached(tmp_path / "doc.pdf")
    split = json.loads(cli("split", source, "-d", tmp_path / "parts", "--json").stdout)
    said = [w for w in split["warnings"] if "a.txt" in w]
    assert len(said) == 1 and "not carried into the parts" in said[0] and "parts does" not in said[0], said
    merged = json.loads(cli("merge", source, source, "-o", tmp_path / "m.pdf", "--json").stdout)
    said = [w for w in merged["warnings"] if "a.txt" in w]
    assert said and "not carried into m.pdf" in said[0], said
