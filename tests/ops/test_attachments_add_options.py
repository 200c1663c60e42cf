"""`attachments add` takes a description, a MIME type and a relationship to the document, as qpdf's
`--add-attachment` takes `--description` and `--mimetype` (and PDF/A-3 and Factur-X need `/AFRelationship`):
it had no way to set any of them. qpdf reads back what was set; `qpdf --check` passes; the dates are qpdf's
form (UTC, `D:...Z`: they had no time zone), from the file's modification time; each file is associated with
the document (the catalog's `/AF`, as PDF/A-3 requires; libqpdf lists it there) with its relationship, by
default `Unspecified`, and the document's other associated files stay."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

MTIME = 1709619300  # 2024-03-05 06:15:00 UTC


def invoice_xml(tmp_path: Path) -> Path:
    path = tmp_path / "factur-x.xml"
    path.write_text('<?xml version="1.0"?><Invoice/>\n')
    os.utime(path, (MTIME, MTIME))
    return path


def qpdf_verbose(path: Path) -> str:
    return subprocess.run(["qpdf", "--list-attachments", "--verbose", str(path)], capture_output=True, text=True,
                          check=True).stdout


def test_what_was_set_reads_back_in_qpdf(cli: Callable[..., Any], tmp_path: Path) -> None:
    xml = invoice_xml(tmp_path)
    out = tmp_path / "out.pdf"
    result = cli("attachments", "add", rb.FOUR, xml, "--description", "ZUGFeRD invoice", "--mimetype", "text/xml",
                 "--relationship", "Alternative", "-o", out, "--json")
    assert result.exit_code == 0, result
    assert subprocess.run(["qpdf", "--check", str(out)], capture_output=True).returncode == 0
    shown = qpdf_verbose(out)
    assert "description: ZUGFeRD invoice" in shown and "mime type: text/xml" in shown, shown
    assert f"checksum: {hashlib.md5(xml.read_bytes()).hexdigest()}" in shown, shown
    assert "creation date: D:20240305061500Z" in shown and "modification date: D:20240305061500Z" in shown, shown
    with pikepdf.open(out) as pdf:
        spec = pdf.attachments["factur-x.xml"].obj
        assert spec.AFRelationship == pikepdf.Name.Alternative
        assert [s.objgen for s in pdf.Root.AF] == [spec.objgen]
    added = json.loads(result.stdout)["attachments"][0]
    assert (added["description"], added["mime_type"], added["relationship"], added["mod_date"]) == (
        "ZUGFeRD invoice", "text/xml", "Alternative", "2024-03-05T06:15:00+00:00"), added


def test_without_options(tmp_path: Path) -> None:
    from pdftools.ops.attachments import attachments

    xml = invoice_xml(tmp_path)
    out = tmp_path / "out.pdf"
    result = attachments("add", str(rb.FOUR), files=[str(xml)], output=str(out))
    assert result.attachments[0].relationship == "Unspecified" and result.attachments[0].description == ""
    with pikepdf.open(out) as pdf:
        assert [s.objgen for s in pdf.Root.AF] == [pdf.attachments["factur-x.xml"].obj.objgen]
    assert "creation date: D:20240305061500Z" in qpdf_verbose(out)


def test_the_document_s_associated_files_are_kept(tmp_path: Path) -> None:
    """A PDF/A-3 with an associated file already: the new one joins the catalog's /AF, the old one stays."""
    from pdftools.ops.attachments import attachments

    first = tmp_path / "first.pdf"
    attachments("add", str(rb.FOUR), files=[str(invoice_xml(tmp_path))], relationship="Data", output=str(first))
    (tmp_path / "source.csv").write_text("a,b\n")
    out = tmp_path / "out.pdf"
    attachments("add", str(first), files=[str(tmp_path / "source.csv")], relationship="Source", output=str(out))
    with pikepdf.open(out) as pdf:
        assert [str(s.AFRelationship) for s in pdf.Root.AF] == ["/Data", "/Source"]


@pytest.mark.parametrize("bad", [["--mimetype", "textxml"], ["--mimetype", "text/"],
                                 ["--relationship", "Invoice"]])
def test_bad_values_are_refused(bad: list[str], cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("attachments", "add", rb.FOUR, invoice_xml(tmp_path), *bad, "-o", out, "--json")
    assert result.exit_code == 2, result
    assert json.loads(result.stderr)["error"]["code"] == "INVALID_ARGUMENT"
    assert not out.exists()


def test_over_mcp(tmp_path: Path) -> None:
    """An agent sets the type and the relationship (a description, text for people, is the command line's)."""
    shutil.copy(rb.FOUR, tmp_path / "four.pdf")
    invoice_xml(tmp_path)
    result = rb.mcp_call(tmp_path, "pdf_attachments", {
        "action": "add", "input": "four.pdf", "files": ["factur-x.xml"], "output": "out.pdf",
        "mimetype": "text/xml", "relationship": "Alternative"})
    assert not result.is_error, result.content[0].text
    added = result.structured_content["attachments"][0]
    assert (added["mime_type"], added["relationship"]) == ("text/xml", "Alternative"), added
    refused = rb.mcp_call(tmp_path, "pdf_attachments", {"action": "list", "input": "four.pdf",
                                                        "relationship": "Data"})
    assert refused.is_error and "relationship" in rb.mcp_error(refused)["message"], refused
