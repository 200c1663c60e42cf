"""A line break given for a one-line text field, as pdftk-java's fill_form takes it: the value is kept as given
(`/V` holds the break; `forms list` shows it, as pdftk's dump_data_fields does) and the field's appearance shows it
as a space, on one line (`line one line two`, as pdftk draws it). pikepdf's setter
dropped the break, so the words ran together (`line oneline two`) in the value and on the page, with no word
said. The result now warns that the field is one line. A multi-line field keeps its lines."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb

FDF = """%FDF-1.2
1 0 obj
<< /FDF << /Fields [ << /T (Name) /V ({value}) >> ] >> >>
endobj
trailer
<< /Root 1 0 R >>
%%EOF
"""


def _drawn(path: Path) -> bytes:
    """The Name field's normal appearance: what a viewer shows without drawing the field itself (the corpus form
    asks viewers to draw its fields, NeedAppearances, which poppler does from the value: up to its first break)."""
    with pikepdf.open(path) as pdf:
        field = next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "Name")
        return bytes(field.AP.N.read_bytes())


def _value(path: Path) -> str:
    with pikepdf.open(path) as pdf:
        return str(next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "Name").V)


def test_a_line_break_as_pdftk_fills_it(cli: Any, tmp_path: Path) -> None:
    data = tmp_path / "values.fdf"
    data.write_bytes(FDF.format(value="line one\nline two").encode())
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    subprocess.run(["pdftk", str(rb.FORM_LATEX), "fill_form", str(data), "output", str(theirs)], check=True,
                   capture_output=True)
    done = cli("forms", "fill", rb.FORM_LATEX, "--data", data, "-o", ours, "--json")
    assert done.exit_code == 0, done
    assert _value(ours) == _value(theirs) == "line one\nline two"
    assert b"(line one line two)" in _drawn(ours) and b"(line one line two)" in _drawn(theirs)
    result = json.loads(done.stdout)
    assert next(f for f in result["fields"] if f["name"] == "Name")["value"] == "line one\nline two"
    assert any("one line" in w and "'Name'" in w for w in result["warnings"]), result["warnings"]


def test_windows_line_ends_and_a_value_set_at_a_shell(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "o.pdf"
    done = cli("forms", "fill", rb.FORM_LATEX, "--set", "Name=a\r\nb\rc", "-o", out)
    assert done.exit_code == 0, done
    assert _value(out) == "a\r\nb\rc"
    assert b"(a b c)" in _drawn(out)
    assert "is one line" in done.stdout  # (in the result, with its other fields)


def test_a_multiline_field_keeps_its_lines(cli: Any, tmp_path: Path) -> None:
    multi = tmp_path / "multi.pdf"
    with pikepdf.open(rb.FORM_LATEX) as pdf:
        field = next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "Name")
        field.Ff = int(field.get("/Ff", 0)) | (1 << 12)  # multiline
        pdf.save(multi)
    out = tmp_path / "o.pdf"
    done = cli("forms", "fill", multi, "--set", "Name=one\ntwo", "-o", out, "--json")
    assert done.exit_code == 0, done
    assert _value(out) == "one\ntwo" and json.loads(done.stdout)["warnings"] == []


def test_flattened_after_the_fill_the_break_is_still_a_space(cli: Any, tmp_path: Path) -> None:
    """README's `forms fill form.pdf ... && pdftools forms flatten form-filled.pdf`: the corpus form asks for its
    fields to be drawn (NeedAppearances), so flatten draws them again from their values; the break ran the words
    together there (`line oneline two`), as pikepdf's setter did, where pdftk's fill_form ... flatten draws the
    space."""
    filled, flat = tmp_path / "filled.pdf", tmp_path / "flat.pdf"
    assert cli("forms", "fill", rb.FORM_LATEX, "--set", "Name=line one\nline two", "-o", filled).exit_code == 0
    done = cli("forms", "flatten", filled, "-o", flat)
    assert done.exit_code == 0, done
    text = subprocess.run(["pdftotext", str(flat), "-"], check=True, capture_output=True, text=True).stdout
    assert "line one line two" in text and "oneline" not in text
