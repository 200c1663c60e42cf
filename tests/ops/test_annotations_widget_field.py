"""`annotations list` gave a form widget's /T as its `author`: a widget's /T is its field's name (PDF 32000
12.7.4.1), a markup annotation's its author (12.5.6.2). A widget's author is now null and its field's full name is
`field` (the names `forms list` gives: a radio button's kids, which have no /T of their own, take their parent's),
in the result, `--json` and the table (the MCP output schema: tests/mcp/test_mcp_annotations_field.py); a markup
annotation keeps its author, `field` null."""

from __future__ import annotations

import json
from typing import Any

from conftest import CORPUS

ANNOTATED = CORPUS / "024-annotations" / "annotated_pdf.pdf"  # a Text, a Highlight and an Ink by `Lucas`
FORM = CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf"
LIBRE_FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"  # a radio group `female` of two kids


def test_a_widget_gives_its_field_not_an_author(cli: Any) -> None:
    listed = json.loads(cli("annotations", "list", FORM, "--json").stdout)["annotations"]
    assert [(a["subtype"], a["author"], a["field"]) for a in listed] == [
        ("Widget", None, "Name"), ("Widget", None, "Check"), ("Widget", None, "Submit")], listed


def test_a_kid_widget_gives_its_fields_full_name_as_forms_list_does(cli: Any) -> None:
    listed = json.loads(cli("annotations", "list", LIBRE_FORM, "--json").stdout)["annotations"]
    fields = json.loads(cli("forms", "list", LIBRE_FORM, "--json").stdout)["fields"]
    assert {a["field"] for a in listed} == {f["name"] for f in fields}, (listed, fields)
    assert [a["field"] for a in listed].count("female") == 2 and {a["author"] for a in listed} == {None}


def test_a_markup_annotation_keeps_its_author_and_has_no_field(cli: Any) -> None:
    listed = json.loads(cli("annotations", "list", ANNOTATED, "--json").stdout)["annotations"]
    assert [(a["subtype"], a["author"], a["field"]) for a in listed] == [
        ("Text", "", None), ("Highlight", "", None), ("Ink", "Lucas", None)], listed


def test_the_table_has_a_field_column(cli: Any) -> None:
    shown = cli("annotations", "list", FORM)
    assert shown.exit_code == 0, shown
    header = next(line for line in shown.stdout.splitlines() if "subtype" in line)
    assert "field" in header.split() and "author" not in header.split(), shown.stdout  # no widget has an author
    assert "Submit" in shown.stdout
