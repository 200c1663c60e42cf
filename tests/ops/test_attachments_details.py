"""`attachments list` gives what `qpdf --list-attachments --verbose` shows of each file: its MIME type (the
embedded file's /Subtype), creation and modification dates and MD5 checksum (/Params), and its relationship to
the document (/AFRelationship: a Factur-X/ZUGFeRD XML is `Alternative` or `Data`). It gave name, file name,
size and description only. People see the type, the modification date and the relationship in the table, and
no column that is empty in every row (a list showed an empty `path` column)."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb

from pdftools.ops.attachments import attachments


def qpdf_made(tmp_path: Path) -> Path:
    """Two files attached by qpdf: one with type, dates and description given, one with qpdf's defaults."""
    (tmp_path / "factur-x.xml").write_text('<?xml version="1.0"?><Invoice/>\n')
    (tmp_path / "data.csv").write_text("a,b\n")
    out = tmp_path / "qpdf.pdf"
    subprocess.run(["qpdf", str(rb.FOUR), "--add-attachment", str(tmp_path / "factur-x.xml"), "--mimetype=text/xml",
                    "--creationdate=D:20240101120000Z", "--moddate=D:20240202130000+01'00'",
                    "--description=ZUGFeRD invoice", "--", "--add-attachment", str(tmp_path / "data.csv"), "--",
                    str(out)], check=True)
    return out


def qpdf_verbose(path: Path) -> dict[str, dict[str, str]]:
    """`qpdf --list-attachments --verbose`: per attachment, the first value of each `key: value` line."""
    out = subprocess.run(["qpdf", "--list-attachments", "--verbose", str(path)], capture_output=True, text=True,
                         check=True).stdout
    found: dict[str, dict[str, str]] = {}
    for line in out.splitlines():
        if head := re.match(r"^(\S.*) -> \d+,\d+$", line):
            current = found.setdefault(head.group(1), {})
        elif item := re.match(r"^\s+(creation date|modification date|mime type|checksum|description): ?(.*)$", line):
            current.setdefault(item.group(1), item.group(2))
    return found


def test_list_gives_what_qpdf_shows(tmp_path: Path) -> None:
    path = qpdf_made(tmp_path)
    shown = qpdf_verbose(path)
    listed = {a.name: a for a in attachments("list", str(path)).attachments}
    assert set(listed) == set(shown) == {"factur-x.xml", "data.csv"}
    for name, item in listed.items():
        assert item.mime_type == shown[name]["mime type"], name
        assert item.checksum == shown[name]["checksum"] and len(item.checksum) == 32, name
        assert item.description == shown[name].get("description", ""), name
        assert item.creation_date and item.mod_date, name  # qpdf dates every file it attaches
    xml = listed["factur-x.xml"]
    assert (xml.creation_date, xml.mod_date) == ("2024-01-01T12:00:00+00:00", "2024-02-02T13:00:00+01:00")
    assert xml.relationship == "" and listed["data.csv"].mime_type == ""  # qpdf sets neither unless asked


def test_relationship_of_an_associated_file(tmp_path: Path) -> None:
    path = qpdf_made(tmp_path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        spec = pdf.attachments["factur-x.xml"].obj
        spec.AFRelationship = pikepdf.Name.Alternative
        pdf.Root.AF = pikepdf.Array([spec])
        pdf.save(path)
    listed = {a.name: a for a in attachments("list", str(path)).attachments}
    assert listed["factur-x.xml"].relationship == "Alternative"


def test_people_see_type_date_relationship_and_no_empty_column(cli: Callable[..., Any], tmp_path: Path) -> None:
    path = qpdf_made(tmp_path)
    table = cli("attachments", "list", path)
    assert table.exit_code == 0, table
    header = next(line for line in table.stdout.splitlines() if "┃" in line)
    columns = [c.strip() for c in header.split("┃")]
    assert columns[0].endswith("name") and "type" in columns and "modified" in columns, columns
    assert "path" not in columns and "checksum" not in columns, columns  # empty here; MD5 for --json
    assert "text/xml" in table.stdout and "2024-02-02T13:00:00+01:00" in table.stdout
    data = json.loads(cli("attachments", "list", path, "--json").stdout)
    xml = next(a for a in data["attachments"] if a["name"] == "factur-x.xml")
    assert xml["mime_type"] == "text/xml" and xml["checksum"] == qpdf_verbose(path)["factur-x.xml"]["checksum"]
    assert xml["relationship"] == "" and xml["page"] is None, xml


def test_corpus_attachment(cli: Callable[..., Any]) -> None:
    """The sample's attachment declares no type, dates or checksum: empty, as qpdf shows them."""
    data = json.loads(cli("attachments", "list", rb.ATTACHED, "--json").stdout)
    item = data["attachments"][0]
    assert (item["name"], item["mime_type"], item["checksum"], item["mod_date"]) == ("image.png", "", "", ""), item
