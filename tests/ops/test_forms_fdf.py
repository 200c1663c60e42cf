"""`forms fill --data` takes pdftk's `fill_form` data files, FDF and XFDF, as well as JSON: a pdftk user's
`pdftk form.pdf generate_fdf output data.fdf`, edited, then `fill_form data.fdf`, was refused with
`'utf-8' codec can't decode byte 0xe2`. A field the file leaves empty (as generate_fdf writes every field the form
has, the unfilled ones empty and the radio groups with nothing chosen `/Off`) is left as it is. Checked against
pdftk's own fill of the same file when pdftk is installed (`pdftk dump_data_fields` of both)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"
PDFTK = shutil.which("pdftk")

# as pdftk generate_fdf writes the form (CR line ends, a binary comment), with values edited in: a UTF-16 string
# (its BOM, as pdftk writes text that is not ASCII), a radio state, a checkbox's on state, a choice; the fields
# left as generated are empty, or /Off
FDF = (b"%FDF-1.2\r%\xe2\xe3\xcf\xd3\r1 0 obj \r<<\r/FDF \r<<\r/Fields [\r<<\r/T (other)\r/V /Off\r>> \r<<\r"
       b"/T (First Name)\r/V (Carol \\(C.\\))\r>> \r<<\r/T (First Name_2)\r/V (Bob)\r>> \r<<\r/T (Birthday)\r/V ()\r"
       b">> \r<<\r/T (Last Name)\r/V <FEFF0044006F0072007400E9>\r>> \r<<\r/T (female)\r/V /2\r>> \r<<\r"
       b"/T (Nationality)\r/V (French)\r>> \r<<\r/T (gdpr)\r/V /Yes\r>>]\r>>\r>>\rendobj \rtrailer\r\r<<\r"
       b"/Root 1 0 R\r>>\r%%EOF\r")
XFDF = """<?xml version="1.0" encoding="UTF-8"?>
<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
  <fields>
    <field name="First Name"><value>Carol (C.)</value></field>
    <field name="Last Name"><value>Dorté</value></field>
    <field name="Birthday"><value></value></field>
    <field name="female"><value>2</value></field>
    <field name="gdpr"><value>Yes</value></field>
    <field name="other"><value>Off</value></field>
    <field name="Nationality"><value>French</value></field>
  </fields>
</xfdf>
"""
FILLED = {"First Name": "Carol (C.)", "Last Name": "Dorté", "female": "2", "gdpr": "Yes", "other": "Off",
          "Nationality": "French", "First Name_2": "Bob", "Birthday": ""}


def values(cli: Any, pdf: Path) -> dict[str, str]:
    result = cli("forms", "list", pdf, "--json")
    assert result.exit_code == 0, result
    return {f["name"]: f["value"] if f["value"] is not None else "" for f in json.loads(result.stdout)["fields"]}


def pdftk_values(pdf: Path) -> dict[str, str]:
    shown = subprocess.run([PDFTK, str(pdf), "dump_data_fields_utf8"], capture_output=True, text=True,
                           check=True).stdout
    out: dict[str, str] = {}
    for block in shown.split("---"):
        rows = dict(line.split(": ", 1) for line in block.strip().splitlines() if ": " in line)
        if "FieldName" in rows:
            out[rows["FieldName"]] = rows.get("FieldValue", "")
    return out


@pytest.mark.parametrize(("name", "data"), [("data.fdf", FDF), ("data.xfdf", XFDF.encode())])
def test_fill_from_pdftk_data_files(cli: Any, tmp_path: Path, name: str, data: bytes) -> None:
    form = Path(shutil.copy(FORM, tmp_path / "form.pdf"))
    (tmp_path / name).write_bytes(data)
    ours = tmp_path / "ours.pdf"
    result = cli("forms", "fill", form, "--data", tmp_path / name, "-o", ours, "--json")
    assert result.exit_code == 0, result
    assert values(cli, ours) == FILLED
    if PDFTK is not None:  # pdftk's fill of the same file reads back the same
        theirs = tmp_path / "theirs.pdf"
        subprocess.run([PDFTK, str(form), "fill_form", str(tmp_path / name), "output", str(theirs)], check=True,
                       capture_output=True)
        assert pdftk_values(ours) == pdftk_values(theirs)


def test_a_generated_fdf_fills_as_it_is(cli: Any, tmp_path: Path) -> None:
    """pdftk's generate_fdf, unedited: every field as the form has it (radio groups `/Off`, a choice `()`, a push
    button's empty name in pdflatex's form) fills without an error and changes no value."""
    for source in (FORM, CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf"):
        form = Path(shutil.copy(source, tmp_path / "form.pdf"))
        fdf = tmp_path / "data.fdf"
        if PDFTK is not None:
            subprocess.run([PDFTK, str(form), "generate_fdf", "output", str(fdf)], check=True, capture_output=True)
        else:  # what it writes for these forms
            fields = b"".join(b"<<\r/T (%s)\r/V %s\r>> \r" % (n.encode(), v.encode()) for n, v in (
                ("Check", "/Off"), ("Submit", "/"), ("Name", "()")) if source.name.startswith("pdflatex")) or (
                b"<<\r/T (female)\r/V /Off\r>> \r<<\r/T (Nationality)\r/V ()\r>> \r<<\r/T (First Name)\r/V (Alice)\r>>")
            fdf.write_bytes(b"%FDF-1.2\r1 0 obj \r<<\r/FDF \r<<\r/Fields [\r" + fields + b"]\r>>\r>>\rendobj \r"
                            b"trailer\r\r<<\r/Root 1 0 R\r>>\r%%EOF\r")
        out = tmp_path / "out.pdf"
        result = cli("forms", "fill", form, "--data", fdf, "-o", out, "--force")
        assert result.exit_code == 0, result
        assert values(cli, out) == values(cli, form)


def test_a_field_the_form_lacks_is_still_refused(cli: Any, tmp_path: Path) -> None:
    form = Path(shutil.copy(FORM, tmp_path / "form.pdf"))
    xfdf = tmp_path / "data.xfdf"
    xfdf.write_text(XFDF.replace('"First Name"', '"First name"'), encoding="utf-8")
    result = cli("forms", "fill", form, "--data", xfdf, "-o", tmp_path / "out.pdf", "--json")
    assert result.exit_code == 2 and json.loads(result.stderr)["error"]["code"] == "FIELD_NOT_FOUND", result
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("data", [b"%FDF-1.2\rgarbage", b"<?xml version='1.0'?><xfdf><fields><field"])
def test_a_broken_data_file_is_an_argument_error(cli: Any, tmp_path: Path, data: bytes) -> None:
    form = Path(shutil.copy(FORM, tmp_path / "form.pdf"))
    bad = tmp_path / "bad.fdf"
    bad.write_bytes(data)
    result = cli("forms", "fill", form, "--data", bad, "-o", tmp_path / "out.pdf", "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "bad.fdf" in error["message"], error
    assert "codec" not in error["message"], error


def test_off_unchooses_a_radio_group(cli: Any, tmp_path: Path) -> None:
    """`Off`, as `forms list` shows a radio group with nothing chosen and pdftk's FDF writes it, is a value `fill`
    takes (it was `does not offer 'Off'`): the chosen button is unchosen, as pdftk's fill_form does."""
    form = Path(shutil.copy(FORM, tmp_path / "form.pdf"))
    chosen, cleared = tmp_path / "chosen.pdf", tmp_path / "cleared.pdf"
    assert cli("forms", "fill", form, "--set", "female=2", "-o", chosen).exit_code == 0
    assert values(cli, chosen)["female"] == "2"
    result = cli("forms", "fill", chosen, "--set", "female=Off", "-o", cleared)
    assert result.exit_code == 0, result
    assert values(cli, cleared)["female"] == "Off"
    if PDFTK is not None:
        assert pdftk_values(cleared)["female"] == "Off"
