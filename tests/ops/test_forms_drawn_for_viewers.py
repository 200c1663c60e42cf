"""A filled form that asked viewers to draw its fields (NeedAppearances, as LibreOffice saves one) is drawn when
filled, every field, and the flag dropped, as `qpdf --generate-appearances` and pdftk's fill_form leave it.

Kept, the flag told poppler (evince, okular, pdftoppm, printing through cups) to draw the fields itself, which it
could not from LibreOffice's radio buttons (no font in their /DA), its combo box and its checkboxes: the chosen
radio button, the choice and the tick did not show, though the values were set and drawn in the stored
appearances."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
from conftest import CORPUS

from pdftools.ops.forms import forms

FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"
VALUES = ["female=2", "gdpr=yes", "Nationality=German", "Last Name=Müller"]
WHITE = 255


def centre_grey(path: Path, rect: list[float], page_height: float) -> int:
    """The grey poppler paints at the middle of `rect` (PDF points) on page 1, at 144 dpi."""
    grey = subprocess.run(["pdftoppm", "-gray", "-r", "144", "-f", "1", "-l", "1", str(path)],
                          capture_output=True, check=True).stdout
    magic, width, _height, _depth, pixels = grey.split(maxsplit=4)
    assert magic == b"P5", magic
    x, y = (rect[0] + rect[2]) / 2 * 2, (page_height - (rect[1] + rect[3]) / 2) * 2
    return pixels[round(y) * int(width) + round(x)]


def test_a_libreoffice_form_filled_shows_its_values_in_poppler(tmp_path: Path) -> None:
    with pikepdf.open(FORM) as pdf:
        assert pdf.Root.AcroForm.NeedAppearances  # the form asks viewers to draw its fields
    out = tmp_path / "filled.pdf"
    forms("fill", str(FORM), values=VALUES, output=str(out))
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "German" in text and "✓" in text, text  # the choice, and the checkbox's tick (ZapfDingbats a20)
    assert "Alice" in text and "Bob" in text and "Müller" in text, text  # values left as they were, and set
    with pikepdf.open(out) as pdf:
        assert not pdf.Root.AcroForm.get("/NeedAppearances", False)
        height = float(pdf.pages[0].MediaBox[3])
        buttons = next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "female").Kids
        shown = {str(kid.AS): centre_grey(out, [float(v) for v in kid.Rect], height) for kid in buttons}
    assert shown["/Off"] == WHITE and shown["/2"] < 128, shown  # Male chosen, Female not



def test_a_form_whose_fields_a_viewer_must_draw_still_asks(tmp_path: Path) -> None:
    """hyperref's form holds no appearance for its text field and an empty one for its checkbox's tick: poppler,
    asked, draws them (borders, the tick), which qpdf's drawing would not; the flag stays."""
    out = tmp_path / "filled.pdf"
    forms("fill", str(CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf"), values=["Name=Zoë", "Check=yes"],
          output=str(out))
    with pikepdf.open(out) as pdf:
        assert pdf.Root.AcroForm.NeedAppearances
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "Zoë" in text and "✔" in text, text  # poppler's tick (ZapfDingbats a20 from the widget's /MK)


def test_a_value_its_font_cannot_draw_leaves_the_form_to_viewers(tmp_path: Path) -> None:
    """A field holding text its font cannot draw (typed in a viewer: 日本 in LibreOffice's Liberation subset), not
    the one filled: the fill goes through, and the form still asks viewers to draw its fields."""
    src, out = tmp_path / "typed.pdf", tmp_path / "filled.pdf"
    with pikepdf.open(FORM) as pdf:
        field = next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "First Name_2")
        field.V = pikepdf.String("日本")
        pdf.save(src)
    forms("fill", str(src), values=["gdpr=yes"], output=str(out))
    with pikepdf.open(out) as pdf:
        assert pdf.Root.AcroForm.NeedAppearances
        field = next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "First Name_2")
        assert str(field.V) == "日本"
