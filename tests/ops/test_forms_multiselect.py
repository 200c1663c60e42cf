"""A multi-select list box holds an array of choices as its value: `forms list` shows them (it showed none)."""

from __future__ import annotations

from pathlib import Path

from broken_pdfs import one_page

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
