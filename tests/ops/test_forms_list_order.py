"""`forms list` lists the fields in the form's order (its /Fields tree, as pdftk's dump_data_fields lists them),
before and after a fill. It listed them in the order of their object numbers (qpdf's map), which a fill
renumbering the objects changed: LibreOffice's radio group `female`, third, came last after `forms fill`."""

from __future__ import annotations

import subprocess
from pathlib import Path

from conftest import CORPUS

from pdftools.ops.forms import forms

FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"


def pdftk_names(path: Path) -> list[str]:
    dump = subprocess.run(["pdftk", str(path), "dump_data_fields_utf8"], capture_output=True, text=True,
                          check=True).stdout
    return list(dict.fromkeys(line[len("FieldName: "):] for line in dump.splitlines()
                              if line.startswith("FieldName: ")))


def test_the_fields_are_listed_in_the_forms_order_before_and_after_a_fill(tmp_path: Path) -> None:
    out = tmp_path / "filled.pdf"
    result = forms("fill", str(FORM), values=["female=2", "Last Name=Müller"], output=str(out))
    before, after = forms("list", str(FORM)).fields, forms("list", str(out)).fields
    assert [f.name for f in before] == pdftk_names(FORM)
    assert [f.name for f in after] == pdftk_names(out) == pdftk_names(FORM)
    assert [f.name for f in result.fields] == pdftk_names(FORM)
    assert {f.name: f.value for f in after if f.name in ("female", "Last Name", "First Name")} == {
        "female": "2", "Last Name": "Müller", "First Name": "Alice"}
