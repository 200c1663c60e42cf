"""Layers of copied pages, beyond the default configuration: a source's alternate configurations
(/OCProperties /Configs: a viewer's layer presets, each with its own ON/OFF/Order/Locked/RBGroups) come along,
mapped to the copied groups, and groups no copied page uses are left out of the output's list (a group used only
through an optional-content membership dictionary, or only by an annotation, counts as used).

They were lost (every preset gone), and every group of the source was listed, a split part's layers panel naming
layers none of its pages has. A preset is checked as a viewer applies it: the output with that configuration made
its default, drawn by pdftoppm, against the source with the same configuration made its default.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb
from pikepdf import Array, Dictionary, Name, String
from PIL import ImageChops

GROUPS = ("Text", "Watermark", "Draft", "Unused", "Member", "Note")


def _source(path: Path, prefix: str = "") -> Path:
    """Three pages: page 1 draws in Text and Watermark, page 2 in Draft, page 3 through a membership dictionary
    of Member and has an annotation in Note; Unused is drawn by none. The default shows all but Draft; the
    preset `Screen` starts every layer off and shows Text and Draft; `Print` hides Watermark and locks Text."""
    pdf = pikepdf.new()
    group = {name: pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String(prefix + name))) for name in GROUPS}
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
    member = pdf.make_indirect(Dictionary(Type=Name.OCMD, OCGs=Array([group["Member"]]), P=Name.AnyOn))
    drawn = {1: [("Text", "0 0 1"), ("Watermark", "1 0 0")], 2: [("Draft", "0 1 0")], 3: [("M", "1 0 1")]}
    for n, layers in drawn.items():
        pdf.add_blank_page(page_size=(400, 400))
        page = pdf.pages[-1].obj
        props = Dictionary({f"/{name}": group[name] for name, _ in layers if name in group})
        if n == 3:
            props.M = member
        page.Resources = Dictionary(Font=Dictionary(F1=font), Properties=props)
        page.Contents = pdf.make_stream("".join(
            f"/OC /{name} BDC {colour} rg {40 + 100 * k} 200 80 80 re f "
            f"BT /F1 14 Tf {40 + 100 * k} 180 Td ({prefix}{name} layer) Tj ET EMC "
            for k, (name, colour) in enumerate(layers)).encode())
    look = pdf.make_stream(b"0 0 0 rg 0 0 60 60 re f", BBox=[0, 0, 60, 60], Type=Name.XObject, Subtype=Name.Form)
    pdf.pages[2].obj.Annots = Array([pdf.make_indirect(Dictionary(
        Type=Name.Annot, Subtype=Name.Square, Rect=[300, 40, 360, 100], OC=group["Note"], AP=Dictionary(N=look)))])
    order = Array([group[name] for name in GROUPS])
    pdf.Root.OCProperties = Dictionary(OCGs=Array(list(group.values())), D=Dictionary(
        Name=String("Default"), Order=order, OFF=Array([group["Draft"]])), Configs=Array([
            Dictionary(Name=String("Screen"), BaseState=Name.OFF, ON=Array([group["Text"], group["Draft"]]),
                       Order=Array([String("Screen"), group["Text"], group["Draft"], group["Unused"]])),
            Dictionary(Name=String("Print"), OFF=Array([group["Watermark"]]), Locked=Array([group["Text"]]),
                       Order=order, RBGroups=Array([Array([group["Text"], group["Watermark"]])]),
                       AS=Array([Dictionary(Event=Name.Print, Category=Array([Name.Print]),
                                            OCGs=Array([group["Watermark"]])),
                                 Dictionary(Event=Name.View, Category=Array([Name.View]),
                                            OCGs=Array([group["Unused"]]))]))]))
    pdf.save(path)
    return path


def _names(items: Any) -> list[str]:
    """The layer names in an array of groups (nested /Order arrays flattened; labels left out)."""
    found: list[str] = []
    for item in items:
        if isinstance(item, pikepdf.Array):
            found += _names(item)
        elif isinstance(item, pikepdf.Dictionary):
            found.append(str(item.Name))
    return found


def _configs(path: Path) -> tuple[list[str], dict[str, dict[str, Any]]]:
    """The output's groups by name, and each configuration by name: its base state, ON, OFF, Order, Locked,
    RBGroups as names."""
    with pikepdf.open(path) as pdf:
        props = pdf.Root.OCProperties
        configs = {}
        for config in [props.D, *props.get("/Configs", [])]:
            configs[str(config.get("/Name", ""))] = {
                "base": str(config.get("/BaseState", "/ON")),
                **{key: _names(config.get(f"/{key}", [])) for key in ("ON", "OFF", "Order", "Locked")},
                "RBGroups": [_names(group) for group in config.get("/RBGroups", [])],
                "AS": [(str(usage.Event), _names(usage.OCGs)) for usage in config.get("/AS", [])]}
        return _names(props.OCGs), configs


def _preset(path: Path, name: str, into: Path) -> Path:
    """The file with configuration `name` made its default, as a viewer shows it when the preset is chosen."""
    with pikepdf.open(path) as pdf:
        props = pdf.Root.OCProperties
        (config,) = [c for c in props.Configs if str(c.Name) == name]
        props.D = config
        pdf.save(into)
    return into


def _same(one: Path, page: int, other: Path, other_page: int) -> None:
    assert ImageChops.difference(rb.render(one, page).convert("RGB"),
                                 rb.render(other, other_page).convert("RGB")).getbbox() is None



def test_the_source_draws_what_its_presets_say(tmp_path: Path) -> None:
    a = _source(tmp_path / "a.pdf")
    assert "Draft layer" not in rb.text(a, 2) and "Watermark layer" in rb.text(a, 1)
    screen, printed = _preset(a, "Screen", tmp_path / "s.pdf"), _preset(a, "Print", tmp_path / "p.pdf")
    assert "Draft layer" in rb.text(screen, 2) and "Watermark layer" not in rb.text(screen, 1)
    assert "Watermark layer" not in rb.text(printed, 1) and "Text layer" in rb.text(printed, 1)


def test_a_part_keeps_the_presets_and_the_layers_its_pages_use(cli: Any, tmp_path: Path) -> None:
    a = _source(tmp_path / "a.pdf")
    out = tmp_path / "out.pdf"
    assert cli("merge", f"{a}:1", "-o", out).exit_code == 0
    groups, configs = _configs(out)
    assert groups == ["Text", "Watermark"]
    assert configs == {
        "": {"base": "/ON", "ON": [], "OFF": [], "Order": ["Text", "Watermark"], "Locked": [], "RBGroups": [],
             "AS": []},
        "Screen": {"base": "/OFF", "ON": ["Text"], "OFF": [], "Order": ["Text"], "Locked": [], "RBGroups": [],
                   "AS": []},
        "Print": {"base": "/ON", "ON": [], "OFF": ["Watermark"], "Order": ["Text", "Watermark"], "Locked": ["Text"],
                  "RBGroups": [["Text", "Watermark"]], "AS": [("/Print", ["Watermark"])]}}  # (Unused's /View: gone)
    for name in ("Screen", "Print"):
        _same(_preset(out, name, tmp_path / f"out-{name}.pdf"), 1, _preset(a, name, tmp_path / f"a-{name}.pdf"), 1)
    rb.qpdf_checked(out)


def test_a_group_used_through_a_membership_or_an_annotation_is_kept(cli: Any, tmp_path: Path) -> None:
    a = _source(tmp_path / "a.pdf")
    assert cli("split", a, "--ranges", "2,3", "-d", tmp_path / "parts").exit_code == 0
    second, third = sorted((tmp_path / "parts").iterdir())
    assert _configs(second)[0] == ["Draft"]
    assert _configs(third)[0] == ["Member", "Note"]
    _same(second, 1, a, 2)
    _same(third, 1, a, 3)
    _same(_preset(third, "Screen", tmp_path / "t.pdf"), 1, _preset(a, "Screen", tmp_path / "a-s.pdf"), 3)
    rb.qpdf_checked(second)
    rb.qpdf_checked(third)


def test_merged_files_presets_are_joined_by_name(cli: Any, tmp_path: Path) -> None:
    """Both files have `Screen` and `Print`: each output preset holds both files' groups as each file's preset
    has them; a preset only one file has shows the other's layers as that file's default does."""
    a, b = _source(tmp_path / "a.pdf"), _source(tmp_path / "b.pdf", "B")
    with pikepdf.open(b, allow_overwriting_input=True) as pdf:  # b's Print renamed: a preset of b's alone
        pdf.Root.OCProperties.Configs[1].Name = String("Paper")
        pdf.save(b)
    out = tmp_path / "out.pdf"
    assert cli("merge", a, b, "-o", out).exit_code == 0
    groups, configs = _configs(out)
    assert groups == [*GROUPS[:3], *GROUPS[4:], *(f"B{name}" for name in (*GROUPS[:3], *GROUPS[4:]))]
    assert list(configs) == ["", "Screen", "Print", "Paper"]
    assert configs["Screen"]["ON"] == ["Text", "Draft", "BText", "BDraft"]
    for name in ("Screen", "Print", "Paper"):
        shown = _preset(out, name, tmp_path / f"out-{name}.pdf")
        for page in (1, 2, 3):
            own = a if name != "Paper" else None
            _same(shown, page, _preset(a, name, tmp_path / f"a-{name}.pdf") if own else a, page)
            theirs = _preset(b, name, tmp_path / f"b-{name}.pdf") if name != "Print" else b
            _same(shown, page + 3, theirs, page)
    rb.qpdf_checked(out)


def test_a_group_named_in_resources_the_pages_inherit_is_kept(cli: Any, tmp_path: Path) -> None:
    """Pages whose /Resources (with the group) are the page tree's, inherited: the group is used, so a layer hidden
    by default stays hidden in the part (qpdf gives a page copied what it inherits)."""
    pdf = pikepdf.new()
    hidden = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("Hidden")))
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
    for _ in range(2):
        pdf.add_blank_page(page_size=(400, 400))
        page = pdf.pages[-1].obj
        page.Contents = pdf.make_stream(b"/OC /L BDC BT /F1 20 Tf 40 300 Td (Hidden layer) Tj ET EMC "
                                        b"BT /F1 20 Tf 40 200 Td (Plain text) Tj ET")
        del page["/Resources"]
    pdf.Root.Pages.Resources = Dictionary(Font=Dictionary(F1=font), Properties=Dictionary(L=hidden))
    pdf.Root.OCProperties = Dictionary(OCGs=Array([hidden]), D=Dictionary(OFF=Array([hidden])))
    source = tmp_path / "inherited.pdf"
    pdf.save(source)
    assert cli("split", source, "--ranges", "2", "-d", tmp_path / "parts").exit_code == 0
    (part,) = (tmp_path / "parts").iterdir()
    assert _configs(part)[0] == ["Hidden"]
    assert "Plain text" in rb.text(part, 1) and "Hidden layer" not in rb.text(part, 1)
    rb.qpdf_checked(part)


def _looping_order(path: Path) -> Path:
    """A page drawn in one layer, whose default configuration's /Order array holds itself twice (damaged or hostile:
    a viewer shows the layer once)."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    page = pdf.pages[0]
    group = pdf.make_indirect(Dictionary(Type=Name.OCG, Name=String("Layer")))
    page.obj.Resources = Dictionary(Properties=Dictionary(oc1=group))
    page.obj.Contents = pdf.make_stream(b"/OC /oc1 BDC 0 0 10 10 re f EMC")
    order = pdf.make_indirect(Array([group]))
    order.append(order)
    order.append(order)
    pdf.Root.OCProperties = Dictionary(OCGs=Array([group]), D=Dictionary(Order=order))
    pdf.save(path)
    return path


def test_an_order_that_holds_itself_is_walked_once(tmp_path: Path) -> None:
    """An /Order array holding itself twice was walked 32 levels deep along both (2^32 calls): merge never ended
    (stopped by its timeout or the user). Each array is walked once: the layer is in the order once."""
    import sys

    src = _looping_order(tmp_path / "loop.pdf")
    out = tmp_path / "out.pdf"
    done = subprocess.run([str(Path(sys.executable).with_name("pdftools")), "merge", str(src), "-o", str(out)],
                          capture_output=True, text=True, check=False, timeout=60)  # (a guard: it hung; ~1 s)
    assert done.returncode == 0, done.stderr
    with pikepdf.open(out) as pdf:
        props = pdf.Root.OCProperties
        assert [str(g.Name) for g in props.D.Order] == ["Layer"] and props.D.Order[0] == props.OCGs[0]
