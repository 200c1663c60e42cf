"""A filled multi-select list box is drawn with its new selection: a viewer that draws only the stored appearance
(poppler's pdftoppm and pdftotext, printing) showed the old one, since fill set /V and /I and kept the stream.

The form is made as a PDF editor stores one: a list box, a one-choice list box and a text field, each with its
appearance drawn (by qpdf). Rows are found where pdftotext says each option's word is; a row is highlighted when
poppler paints the right part of it, where no text is, in something other than white.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pikepdf
import pytest
from conftest import CORPUS

from pdftools.ops.forms import forms

OPTIONS = ["German", "French", "Dutch", "Spanish"]
COLOURS = ["Red", "Green", "Blue", "Black"]
BOX = (100, 500, 300, 580)  # the list box: four rows of 12 pt Helvetica fit in its 80 pt
COLOUR_BOX = (350, 500, 550, 580)  # a one-choice list box beside it
WHITE = 255


def form(path: Path) -> Path:
    """A form whose multi-select list box holds German, drawn highlighted, as a viewer saved it."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(612, 792))
    page = pdf.pages[0].obj
    helv = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica,
                                                Encoding=pikepdf.Name.WinAnsiEncoding))

    def widget(name: str, rect: tuple[int, ...], **extra: object) -> pikepdf.Object:
        return pdf.make_indirect(pikepdf.Dictionary(T=pikepdf.String(name), DA=pikepdf.String("/Helv 12 Tf 0 g"),
                                                    Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget,
                                                    Rect=pikepdf.Array(rect), P=page, F=4, **extra))

    def choice(name: str, flags: int, rect: tuple[int, ...], options: list[str]) -> pikepdf.Object:
        return widget(name, rect, FT=pikepdf.Name.Ch, Ff=flags, V=pikepdf.String(options[0]),
                      Opt=pikepdf.Array([pikepdf.String(o) for o in options]))

    fields = [choice("langs", 1 << 21, BOX, OPTIONS), choice("colour", 0, COLOUR_BOX, COLOURS),
              widget("name", (100, 400, 300, 420), FT=pikepdf.Name.Tx, V=pikepdf.String("Ann"))]
    page.Annots = pikepdf.Array(fields)
    pdf.Root.AcroForm = pikepdf.Dictionary(Fields=pikepdf.Array(fields), DA=pikepdf.String("/Helv 0 Tf 0 g"),
                                           DR=pikepdf.Dictionary(Font=pikepdf.Dictionary(Helv=helv)),
                                           NeedAppearances=True)
    pdf.generate_appearance_streams()  # drawn as a viewer saves them (qpdf draws, and drops NeedAppearances)
    pdf.save(path)
    return path


def rows(path: Path, box: tuple[float, ...] = BOX) -> dict[str, float]:
    """Each word pdftotext reads inside `box` (the page's x0 y0 x1 y1), by the height of its middle in pixels
    from the top at 72 dpi."""
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    height = float(re.search(r'<page width="[\d.]+" height="(?P<h>[\d.]+)"', html)["h"])  # type: ignore[index]
    word = (r'<word xMin="(?P<x>[\d.]+)" yMin="(?P<top>[\d.]+)" xMax="[\d.]+" yMax="(?P<bottom>[\d.]+)">'
            r'(?P<word>[^<]+)</word>')
    words = {m["word"]: (float(m["x"]), (float(m["top"]) + float(m["bottom"])) / 2) for m in re.finditer(word, html)}
    return {word: y for word, (x, y) in words.items()
            if box[0] <= x <= box[2] and height - box[3] <= y <= height - box[1]}


def painted(path: Path, x: float, ys: dict[str, float]) -> dict[str, bool]:
    """Whether poppler paints the point (x, y) of the page, at 72 dpi in grey, anything but white."""
    grey = subprocess.run(["pdftoppm", "-gray", "-r", "72", str(path)], capture_output=True, check=True).stdout
    magic, width, height, depth, pixels = grey.split(maxsplit=4)
    assert (magic, depth) == (b"P5", b"255"), magic
    return {word: pixels[round(y) * int(width) + round(x)] != WHITE for word, y in ys.items()}


@pytest.fixture
def filled(tmp_path: Path) -> Path:
    out = tmp_path / "filled.pdf"
    forms("fill", str(form(tmp_path / "form.pdf")), data='{"langs": ["French", "Spanish"]}', output=str(out))
    return out


def test_poppler_draws_every_chosen_row_highlighted_and_no_other(filled: Path) -> None:
    found = rows(filled)
    assert set(OPTIONS) <= set(found), found  # pdftotext reads every option from the drawn list
    right = BOX[2] - 8  # right of the words, inside the box
    assert painted(filled, right, {o: found[o] for o in OPTIONS}) == {
        "German": False, "French": True, "Dutch": False, "Spanish": True}


def test_the_rows_are_drawn_in_the_font_and_size_the_field_asks_for(filled: Path) -> None:
    with pikepdf.open(filled) as pdf:
        langs = pdf.Root.AcroForm.Fields[0]
        drawn = [(str(op), [str(o) for o in operands]) for operands, op in
                 pikepdf.parse_content_stream(langs.AP.N) if str(op) in ("Tf", "Tj")]
        assert [str(v) for v in langs.V] == ["French", "Spanish"] and [int(i) for i in langs.I] == [1, 3]
    assert drawn == [("Tf", ["/Helv", "12"]), *(("Tj", [o]) for o in OPTIONS)]


def test_other_fields_are_drawn_as_before(filled: Path, tmp_path: Path) -> None:
    """A one-choice list box and a text field filled beside the list box: the same appearances qpdf draws alone
    (pikepdf's own generator), and poppler highlights the one choice."""
    out = tmp_path / "others.pdf"
    forms("fill", str(tmp_path / "form.pdf"), data='{"colour": "Blue", "name": "Bo", "langs": ["Dutch"]}',
          output=str(out))
    with pikepdf.open(tmp_path / "form.pdf") as pdf:
        from pikepdf.form import DefaultAppearanceStreamGenerator, Form

        plain = Form(pdf, DefaultAppearanceStreamGenerator)
        plain["colour"].value, plain["name"].value, plain["langs"].value = "Blue", "Bo", "Dutch"
        expected = [f.AP.N.read_bytes() for f in pdf.Root.AcroForm.Fields]
    with pikepdf.open(out) as pdf:
        assert [f.AP.N.read_bytes() for f in pdf.Root.AcroForm.Fields] == expected
    found = rows(out, COLOUR_BOX)
    assert painted(out, COLOUR_BOX[2] - 8, {c: found[c] for c in COLOURS}) == {
        "Red": False, "Green": False, "Blue": True, "Black": False}


def test_a_list_too_short_for_its_options_shows_the_rows_around_the_first_choice(tmp_path: Path) -> None:
    """Three rows for four options: the rows qpdf scrolls to for a one-choice list (the first choice second when
    it can be), each chosen one among them highlighted."""
    path = form(tmp_path / "form.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        for annot in (pdf.Root.AcroForm.Fields[0], pdf.Root.AcroForm.Fields[0].AP.N):
            key = "/Rect" if "/Rect" in annot else "/BBox"
            box = [float(v) for v in annot[key]]
            annot[key] = pikepdf.Array([box[0], box[1], box[2], box[1] + 45])
        pdf.save(path)
    out = tmp_path / "short.pdf"
    forms("fill", str(path), data='{"langs": ["Dutch", "Spanish"]}', output=str(out))
    found = rows(out)
    assert {"French", "Dutch", "Spanish"} <= set(found) and "German" not in found, found
    assert painted(out, BOX[2] - 8, {o: found[o] for o in ("French", "Dutch", "Spanish")}) == {
        "French": False, "Dutch": True, "Spanish": True}

    out = tmp_path / "hidden.pdf"
    forms("fill", str(path), data='{"langs": ["French", "Spanish"]}', output=str(out))  # Spanish is scrolled off
    found = rows(out)
    assert painted(out, BOX[2] - 8, {o: found[o] for o in ("German", "French", "Dutch")}) == {
        "German": False, "French": True, "Dutch": False}
    with pikepdf.open(out) as pdf:
        assert [str(op) for _, op in pikepdf.parse_content_stream(pdf.Root.AcroForm.Fields[0].AP.N)].count("re") == 1


def test_flatten_draws_the_choices_a_viewer_was_asked_to_draw(tmp_path: Path) -> None:
    """A form saved with NeedAppearances and several choices in its list box (as a filler that draws nothing
    leaves it): flatten has the appearances drawn, and the list box shows its choices, not an empty first row."""
    path = form(tmp_path / "form.pdf")
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        langs = pdf.Root.AcroForm.Fields[0]
        langs.V = pikepdf.Array([pikepdf.String("French"), pikepdf.String("Spanish")])  # no /I: it is optional
        pdf.Root.AcroForm.NeedAppearances = True
        pdf.save(path)
    out = tmp_path / "flat.pdf"
    forms("flatten", str(path), output=str(out))
    found = rows(out)
    assert painted(out, BOX[2] - 8, {o: found[o] for o in OPTIONS}) == {
        "German": False, "French": True, "Dutch": False, "Spanish": True}
    first_row = min(found[o] for o in OPTIONS) - 14.4  # where qpdf drew an empty, highlighted row
    assert painted(out, BOX[2] - 8, {"above": first_row}) == {"above": False}


def test_a_producers_list_box_with_its_own_background_and_utf16_options(tmp_path: Path) -> None:
    """LibreOffice's form (the corpus), its Nationality combo box made a six-row multi-select list box: its
    options are UTF-16 strings and its appearance paints a background before the field's marked content. The
    form asks viewers to draw the fields (NeedAppearances), which poppler does, as printing may not: that is
    dropped here so that poppler shows the stored appearance."""
    path, box = tmp_path / "lo.pdf", (60.0, 200.0, 225.0, 280.0)  # a blank part of the page
    with pikepdf.open(CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf") as pdf:
        field = next(f for f in pdf.Root.AcroForm.Fields if str(f.get("/T")) == "Nationality")
        assert bytes(field.Opt[1]).startswith(b"\xfe\xff"), field.Opt[1]  # UTF-16, as LibreOffice writes them
        field.Ff = 1 << 21
        field.Rect, field.AP.N.BBox = pikepdf.Array(box), pikepdf.Array([0, 0, box[2] - box[0], box[3] - box[1]])
        del pdf.Root.AcroForm.NeedAppearances
        pdf.save(path)
    out = tmp_path / "filled.pdf"
    forms("fill", str(path), data='{"Nationality": ["French", "German"]}', output=str(out))
    found = rows(out, box)
    assert list(found) == ["Unknown", "German", "Indonesian", "US-American", "French", "Spanish"], found
    assert painted(out, box[2] - 8, found) == {"Unknown": False, "German": True, "Indonesian": False,
                                               "US-American": False, "French": True, "Spanish": False}
