"""A multi-select list box holds an array of choices as its value: `forms list` shows them (it showed none)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from broken_pdfs import one_page

from pdftools.errors import InvalidFieldValue
from pdftools.ops.forms import forms

FIELD = (b"<< /FT /Ch /Ff 2228224 /T (langs) /Opt [(German) (French) (Dutch)] /V [(German) (French)] "
         b"/Type /Annot /Subtype /Widget /Rect [100 100 200 150] /P 3 0 R >>")


def multiselect(tmp_path: Path) -> Path:
    path = tmp_path / "multiselect.pdf"
    path.write_bytes(one_page(catalog=b"/AcroForm << /Fields [6 0 R] /DA (/Helv 0 Tf 0 g) >> ",
                              page=b"/Annots [6 0 R] ", objects={6: FIELD}))
    return path


def test_list_shows_every_selected_choice(tmp_path: Path) -> None:
    (field,) = forms("list", str(multiselect(tmp_path))).fields
    assert (field.type, field.value, field.options) == ("choice", "German, French", ["German", "French", "Dutch"])


def test_one_choice_still_fills_a_multiselect(tmp_path: Path) -> None:
    filled = forms("fill", str(multiselect(tmp_path)), values=["langs=Dutch"], output=str(tmp_path / "out.pdf"))
    assert [f.value for f in filled.fields] == ["Dutch"]
    assert [f.value for f in forms("list", str(tmp_path / "out.pdf")).fields] == ["Dutch"]


# ------------------------------------------------------- several choices at once (a JSON array in --data)

def _held(path: Path) -> tuple[list[str], list[int]]:
    import pikepdf

    with pikepdf.open(path) as pdf:
        field = pdf.Root.AcroForm.Fields[0]
        assert isinstance(field.V, pikepdf.Array), field.V
        return [str(v) for v in field.V], [int(i) for i in field.get("/I", [])]


def test_a_list_sets_several_choices_with_their_indices(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    filled = forms("fill", str(multiselect(tmp_path)), data='{"langs": ["Dutch", "German"]}', output=str(out))
    assert [f.value for f in filled.fields] == ["Dutch, German"]
    assert _held(out) == (["Dutch", "German"], [0, 2])  # /I: the options' indices, in ascending order
    assert [f.value for f in forms("list", str(out)).fields] == ["Dutch, German"]


def test_every_choice_in_a_list_is_checked(tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    with pytest.raises(InvalidFieldValue) as caught:
        forms("fill", str(multiselect(tmp_path)), data='{"langs": ["Dutch", "Klingon"]}', output=str(out))
    assert "Klingon" in caught.value.message and "German, French, Dutch" in caught.value.hint
    assert not out.exists()


def test_a_list_for_a_single_choice_field_is_refused_with_a_code(tmp_path: Path) -> None:
    single = tmp_path / "single.pdf"
    single.write_bytes(multiselect(tmp_path).read_bytes().replace(b"/Ff 2228224", b"/Ff 0      "))
    with pytest.raises(InvalidFieldValue) as caught:
        forms("fill", str(single), data='{"langs": ["Dutch", "German"]}', output=str(tmp_path / "out.pdf"))
    assert caught.value.code == "INVALID_FIELD_VALUE" and "one" in caught.value.hint
    assert not (tmp_path / "out.pdf").exists()


def test_the_cli_takes_a_json_array_from_a_data_file(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "vals.json").write_text('{"langs": ["French", "Dutch"]}', encoding="utf-8")
    filled = cli("forms", "fill", multiselect(tmp_path), "--data", "vals.json", "-o", "out.pdf")
    assert filled.exit_code == 0, filled
    assert _held(tmp_path / "out.pdf") == (["French", "Dutch"], [1, 2])
    single = tmp_path / "single.pdf"
    single.write_bytes((tmp_path / "multiselect.pdf").read_bytes().replace(b"/Ff 2228224", b"/Ff 0      "))
    refused = cli("forms", "fill", single, "--data", "vals.json", "-o", "no.pdf", "--json")
    assert refused.exit_code == 2 and json.loads(refused.stderr)["error"]["code"] == "INVALID_FIELD_VALUE"
