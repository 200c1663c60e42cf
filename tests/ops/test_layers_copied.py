"""Layers (optional content) of the pages merge, split and insert copy: the source's /OCProperties (its groups,
and which are off by default) come into the output, so a layer hidden by default stays hidden.

A source with neither form fields nor named destinations had its pages copied as qpdf copies them, which brings
the groups their content names but not the catalog's list of them: a viewer then ignores the groups and shows
every layer (qpdf's `--empty --pages` does the same; PDFBox's merge joins the lists, as pikepdf's add_pages_from
does for the groups copied pages use). Read back by poppler: pdftotext and pdftoppm draw what is visible.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from PIL import ImageChops

SHOWN, HIDDEN = "Shown layer text", "Hidden layer text"


def _layered(path: Path, prefix: str, *, base_off: bool = False, named: bool = False) -> Path:
    """Two pages, each drawing a line in a layer shown by default and a line in one hidden by default (`base_off`:
    every layer starts off and the shown one is turned on). `named`: page 1 also links to page 2 through a
    named destination (so the file has names too)."""
    pdf = pikepdf.new()
    shown = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.OCG, Name=pikepdf.String(f"{prefix} shown")))
    hidden = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.OCG, Name=pikepdf.String(f"{prefix} hidden")))
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    resources = pdf.make_indirect(pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font),
                                                     Properties=pikepdf.Dictionary(L1=shown, L2=hidden)))
    for n in (1, 2):
        pdf.add_blank_page(page_size=(612, 792))
        page = pdf.pages[-1].obj
        page.Resources = resources
        page.Contents = pdf.make_stream(
            f"BT /F1 20 Tf 72 740 Td ({prefix} page {n}) Tj ET "
            f"/OC /L1 BDC BT /F1 20 Tf 72 700 Td ({SHOWN}) Tj ET EMC "
            f"/OC /L2 BDC 0 0 1 rg 72 400 300 200 re f BT /F1 20 Tf 72 640 Td ({HIDDEN}) Tj ET EMC".encode())
    config = pikepdf.Dictionary(Name=pikepdf.String(prefix), Order=[shown, hidden])
    if base_off:
        config.BaseState, config.ON = pikepdf.Name.OFF, pikepdf.Array([shown])
    else:
        config.ON, config.OFF = pikepdf.Array([shown]), pikepdf.Array([hidden])
    pdf.Root.OCProperties = pikepdf.Dictionary(OCGs=[shown, hidden], D=config)
    if named:
        pages = [page.obj for page in pdf.pages]
        pages[0].Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[72, 730, 300, 760], Border=[0, 0, 0],
            A=pikepdf.Dictionary(S=pikepdf.Name.GoTo, D=pikepdf.String("two"))))])
        pdf.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(Names=pikepdf.Array(
            [pikepdf.String("two"), pikepdf.Array([pages[1], pikepdf.Name.Fit])])))
    pdf.save(path)
    return path


def _layers(path: Path) -> tuple[list[str], list[str], list[str]]:
    """The output's layers by name: (listed, in the order shown, hidden by default)."""
    with pikepdf.open(path) as pdf:
        props = pdf.Root.get("/OCProperties")
        if props is None:
            return [], [], []
        config = props.D
        named = {group.objgen: str(group.Name) for group in props.OCGs}
        listed = [str(group.Name) for group in props.OCGs]
        order = [named[g.objgen] for g in config.get("/Order", [])]
        on = {g.objgen for g in config.get("/ON", [])}
        off = {g.objgen for g in config.get("/OFF", [])}
        base_off = config.get("/BaseState") == "/OFF"
        hidden = [name for key, name in named.items() if key in off or (base_off and key not in on)]
        return listed, order, hidden


def _hides(out: Path, page: int, source: Path, source_page: int) -> None:
    """The output's page shows what the source's page shows (pdftotext's text and pdftoppm's pixels): the layer
    hidden by default stays hidden."""
    text = rb.text(out, page)
    assert SHOWN in text and HIDDEN not in text, text
    assert ImageChops.difference(rb.render(out, page).convert("RGB"),
                                 rb.render(source, source_page).convert("RGB")).getbbox() is None



def test_the_fixture_hides_its_hidden_layer(tmp_path: Path) -> None:
    for base_off in (False, True):
        source = _layered(tmp_path / f"l{base_off}.pdf", "A", base_off=base_off)
        text = rb.text(source, 1)
        assert SHOWN in text and HIDDEN not in text
        with pikepdf.open(source) as pdf:
            del pdf.Root.OCProperties
            pdf.save(tmp_path / "bare.pdf")
        assert HIDDEN in rb.text(tmp_path / "bare.pdf", 1)  # without the list, every layer shows


def test_merge_lists_each_inputs_layers(cli: Any, tmp_path: Path) -> None:
    a = _layered(tmp_path / "a.pdf", "A")
    b = _layered(tmp_path / "b.pdf", "B", base_off=True)
    out = tmp_path / "out.pdf"
    assert cli("merge", rb.FOUR, a, b, "-o", out).exit_code == 0
    listed, order, hidden = _layers(out)
    assert listed == order == ["A shown", "A hidden", "B shown", "B hidden"]
    assert hidden == ["A hidden", "B hidden"]
    for page, source, source_page in ((5, a, 1), (6, a, 2), (7, b, 1), (8, b, 2)):
        _hides(out, page, source, source_page)
    rb.qpdf_checked(out)


def test_a_file_merged_with_itself_lists_its_layers_once(cli: Any, tmp_path: Path) -> None:
    a = _layered(tmp_path / "a.pdf", "A")
    out = tmp_path / "out.pdf"
    assert cli("merge", a, f"{a}:2", "-o", out).exit_code == 0
    assert _layers(out) == (["A shown", "A hidden"], ["A shown", "A hidden"], ["A hidden"])
    _hides(out, 3, a, 2)
    rb.qpdf_checked(out)


@pytest.mark.parametrize("named", [False, True])
def test_split_parts_keep_the_layers(cli: Any, tmp_path: Path, named: bool) -> None:
    """Each part has the layers (as qpdf's --split-pages keeps them); with named destinations too, the link
    of the part that holds both pages still opens page 2."""
    a = _layered(tmp_path / "a.pdf", "A", base_off=True, named=named)
    assert cli("split", a, "--ranges", "1-2,2", "-d", tmp_path / "parts").exit_code == 0
    first, second = sorted((tmp_path / "parts").iterdir())
    for part in (first, second):
        assert _layers(part) == (["A shown", "A hidden"], ["A shown", "A hidden"], ["A hidden"])
        rb.qpdf_checked(part)
    _hides(first, 2, a, 2)
    _hides(second, 1, a, 2)
    if named:
        with pikepdf.open(first) as pdf:
            (annot,) = pdf.pages[0].obj.Annots
            dest = pikepdf.NameTree(pdf.Root.Names.Dests)[str(annot.A.D)]
            assert dest.D[0].objgen == pdf.pages[1].obj.objgen


def test_insert_adds_the_other_files_layers(cli: Any, tmp_path: Path) -> None:
    a = _layered(tmp_path / "a.pdf", "A")
    b = _layered(tmp_path / "b.pdf", "B")
    out = tmp_path / "out.pdf"
    assert cli("insert", a, f"{b}:2", "--after", "1", "-o", out).exit_code == 0
    assert _layers(out) == (["A shown", "A hidden", "B shown", "B hidden"],) * 2 + (["A hidden", "B hidden"],)
    _hides(out, 2, b, 2)
    _hides(out, 3, a, 2)
    rb.qpdf_checked(out)
