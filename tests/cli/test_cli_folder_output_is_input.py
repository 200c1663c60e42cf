"""A command that writes several files into a folder never writes one over its input, as `-o` never does
(OUTPUT_IS_INPUT). `split x.pdf --ranges 1-2 -d . --pattern x.pdf --force` replaced the 4-page input with its
2-page part (exit 0), and `attachments extract` of a file attached under the input's own name, into the input's
folder, replaced the PDF with the attachment: `--force` is for outputs already there, not for the input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pikepdf
import pytest


@pytest.mark.parametrize("size", [None, "10MB"])
def test_a_part_named_as_the_input_is_refused(cli: Any, tmp_path: Path, sample: Path, size: str | None) -> None:
    doc = Path(shutil.copy(sample, tmp_path / "x.pdf"))
    before = doc.read_bytes()
    how = ["--size", size] if size else ["--ranges", "1-2"]
    result = cli("split", doc, *how, "-d", tmp_path, "--pattern", "x.pdf", "--force", "--json")
    assert result.exit_code == 6, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "OUTPUT_IS_INPUT" and "x.pdf" in error["message"], error
    assert doc.read_bytes() == before


def test_an_attachment_named_as_the_input_is_not_extracted_over_it(cli: Any, tmp_path: Path) -> None:
    doc = tmp_path / "x.pdf"
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    pdf.attachments["x.pdf"] = pikepdf.AttachedFileSpec(pdf, b"not the PDF", filename="x.pdf")
    pdf.save(doc)
    before = doc.read_bytes()
    result = cli("attachments", "extract", doc, "-d", tmp_path, "--force", "--json")
    assert result.exit_code == 6, result
    assert json.loads(result.stderr)["error"]["code"] == "OUTPUT_IS_INPUT", result.stderr
    assert doc.read_bytes() == before


def test_other_names_in_the_inputs_folder_are_still_written(cli: Any, tmp_path: Path, sample: Path) -> None:
    doc = Path(shutil.copy(sample, tmp_path / "x.pdf"))
    result = cli("split", doc, "--ranges", "1-2", "-d", tmp_path, "--json")
    assert result.exit_code == 0, result
    assert [Path(p["path"]).name for p in json.loads(result.stdout)["parts"]] == ["x-001-002.pdf"]
