"""`pdf_attachments` extract of a PDF without attachments: a result with an empty list, not an error."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import readback as rb


def test_extract_of_none_is_an_empty_list(tmp_path: Path) -> None:
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(tmp_path / "bare.pdf")
    result = rb.mcp_call(tmp_path, "pdf_attachments", {"action": "extract", "input": "bare.pdf", "out_dir": "out"})
    assert not result.is_error, result.content[0].text
    assert (result.structured_content["attachments"], result.structured_content["remaining"]) == ([], 0)
    assert not (tmp_path / "out").exists()
