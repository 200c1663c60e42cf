"""`resize` moves the points that destinations name on a resized page with its content: a bookmark, a link or
a named destination that shows `/XYZ left top` (or `/FitH top`, `/FitR` a rectangle...) still shows the same
spot of the scaled page, as the link rectangles do. Pages left alone keep theirs."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from conftest import CORPUS
from pikepdf import Array, Dictionary, Name, String

from pdftools.ops.resize import resize

OUTLINED = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"  # pdflatex: named /XYZ destinations


def linked(path: Path) -> Path:
    """Three A4 pages; page 2 is the target of a bookmark (/XYZ), a link (/FitH) from page 1, a named
    destination (/FitR) and the open action (/XYZ with a null left); page 3 of a bookmark too."""
    pdf = pikepdf.new()
    for _ in range(3):
        pdf.add_blank_page(page_size=(595, 842))
    two = pdf.pages[1].obj
    link = Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=Array([100, 700, 300, 740]),
                      A=Dictionary(S=Name.GoTo, D=Array([two, Name.FitH, 500])))
    pdf.pages[0].obj.Annots = Array([pdf.make_indirect(link)])
    pdf.Root.Names = Dictionary(Dests=Dictionary(Names=Array([String("there"), Array([two, Name.FitR, 50, 60,
                                                                                       250, 260])])))
    pdf.Root.OpenAction = Array([two, Name.XYZ, None, 400, 0])
    with pdf.open_outline() as outline:
        outline.root.append(pikepdf.OutlineItem("two", 1, "XYZ", left=100, top=700))
        outline.root.append(pikepdf.OutlineItem("three", 2, "XYZ", left=10, top=20))
    pdf.save(path)
    return path


def numbers(dest: pikepdf.Array) -> list[float | None]:
    return [None if v is None else float(v) for v in list(dest)[2:]]


def test_destinations_follow_the_scaled_page(tmp_path: Path) -> None:
    done = resize(str(linked(tmp_path / "in.pdf")), "a5", pages="2", output=str(tmp_path / "out.pdf"))
    scale = min(419.53 / 595, 595.28 / 842)  # A4 to A5 (the result's scales are rounded)
    tx, ty = (419.53 - 595 * scale) / 2, (595.28 - 842 * scale) / 2

    def x(v: float) -> float:
        return pytest.approx(v * scale + tx, abs=0.01)  # type: ignore[no-any-return]

    def y(v: float) -> float:
        return pytest.approx(v * scale + ty, abs=0.01)  # type: ignore[no-any-return]

    with pikepdf.open(done.output) as pdf:
        assert numbers(pdf.pages[0].Annots[0].A.D) == [y(500)]
        assert numbers(pikepdf.NameTree(pdf.Root.Names.Dests)["there"]) == [x(50), y(60), x(250), y(260)]
        assert numbers(pdf.Root.OpenAction) == [None, y(400), 0]
        with pdf.open_outline() as outline:
            two, three = outline.root
            assert numbers(two.destination) == [x(100), y(700), 0]
            assert numbers(three.destination) == [10, 20, 0]  # page 3 was not resized


def test_named_xyz_destinations_of_a_latex_file(tmp_path: Path) -> None:
    done = resize(str(OUTLINED), "a5", output=str(tmp_path / "out.pdf"))
    with pikepdf.open(OUTLINED) as before, pikepdf.open(done.output) as after:
        width, height = (float(v) for v in before.pages[0].mediabox[2:])
        scale = min(419.53 / width, 595.28 / height)
        tx, ty = (419.53 - width * scale) / 2, (595.28 - height * scale) / 2
        old, new = pikepdf.NameTree(before.Root.Names.Dests), pikepdf.NameTree(after.Root.Names.Dests)
        assert len(old) > 3
        for name, dest in old.items():
            left, top = numbers(dest.D)[:2]
            assert left is not None and top is not None
            assert numbers(new[name].D)[:2] == [pytest.approx(left * scale + tx, abs=0.01),
                                                pytest.approx(top * scale + ty, abs=0.01)]
