"""`rotate --flatten` (MCP `flatten`) draws each page's rotation into its content, as qpdf's
`--flatten-rotation`: the page looks the same, its /Rotate is 0, its boxes (media, crop, trim) turned with it,
non-zero origins kept, annotations moved along. Compared with qpdf on the same files: the same boxes and
annotation rectangles, the same pixels as qpdf's output and as the page before (pdftoppm). Where qpdf 11 leaves a
rotation as it is (one inherited from the page tree, -90, 450) pdftools flattens it too; annotations written
inside /Annots (qpdf moves them all to one wrong place) and the points a highlight or ink stroke is drawn from
(qpdf leaves them) are moved too, so such a page looks as it did. With `--angle` the pages turn first, as
`qpdf --rotate=+90 --flatten-rotation` does."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from conftest import CORPUS
from PIL import ImageChops

ROTATED = rb.ROTATED  # the corpus's habibi-rotated.pdf: /Rotate 90, 180, 270, 360
ANNOTATED = CORPUS / "024-annotations/annotated_pdf.pdf"
BOXES = ("/MediaBox", "/CropBox", "/TrimBox")


def _boxed(path: Path, rotations: tuple[int, ...] = (90, 180, 270, 0)) -> Path:
    """A page per rotation, its media box not at the origin and a crop and trim box inside it; a blue block at
    the top left, a red one at the bottom right and a word, so a page drawn turned the wrong way shows it."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    for rotation in rotations:
        page = pdf.add_blank_page()
        page.obj.MediaBox = pikepdf.Array([100, 50, 712, 842])
        page.obj.CropBox = pikepdf.Array([150, 80, 600, 800])
        page.obj.TrimBox = pikepdf.Array([160, 90, 590, 790])
        page.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        page.contents_add(pdf.make_stream(b"0 0 1 rg 160 700 80 90 re f 1 0 0 rg 500 100 60 30 re f "
                                          b"BT /F1 48 Tf 200 400 Td (R%d) Tj ET" % rotation))
        if rotation:
            page.obj.Rotate = rotation
    pdf.save(path)
    return path


def _inherited(path: Path) -> Path:
    """One page whose rotation (90) and media box come from the page tree's root."""
    pdf = pikepdf.new()
    page = pdf.add_blank_page()
    page.contents_add(pdf.make_stream(b"0 0 1 rg 10 700 80 90 re f 1 0 0 rg 400 20 100 40 re f"))
    del page.obj["/MediaBox"]
    pdf.Root.Pages.MediaBox = pikepdf.Array([0, 0, 612, 792])
    pdf.Root.Pages.Rotate = 90
    pdf.save(path)
    return path


def _annotated(path: Path, *, indirect: bool) -> Path:
    """The corpus's annotated page turned a quarter, its media box on the page (qpdf 11 flattens no page whose
    box it inherits), its three annotations in /Annots as they are (dictionaries written into the array) or
    each an object of its own, as the PDF standard has them."""
    with pikepdf.open(ANNOTATED) as pdf:
        page = pdf.pages[0]
        page.rotate(90, relative=True)
        if indirect:
            page.obj.Annots = pikepdf.Array([pdf.make_indirect(a) for a in page.obj.Annots])
        pdf.save(path)
    return path


def _pages(path: Path) -> list[dict[str, Any]]:
    """Each page's /Rotate (0 when absent), boxes and annotation rectangles, as numbers."""
    with pikepdf.open(path) as pdf:
        return [{"rotate": int(page.obj.get("/Rotate", 0)) % 360,
                 **{box: [round(float(v), 3) for v in page.obj[box]] for box in BOXES if box in page.obj},
                 "annots": [[round(float(v), 3) for v in a.Rect] for a in page.obj.get("/Annots", [])]}
                for page in pdf.pages]


def _same_look(a: Path, b: Path, page: int) -> bool:
    """The page of both files rendered alike (pdftoppm at 40 dpi): the same size, and fewer than 1 pixel in 500
    differing by half the range in any colour (poppler draws a highlight without appearance with round ends
    along its text: they differ once the page is no longer turned; a highlight left behind differs by 1 in 140)."""
    one, two = rb.render(a, page, 40), rb.render(b, page, 40)
    if one.size != two.size:
        return False
    red, green, blue = ImageChops.difference(one, two).split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return sum(1 for v in most.get_flattened_data() if v >= 128) < one.size[0] * one.size[1] / 500


@pytest.mark.parametrize("make", ["boxed", "corpus", "annotated"])
def test_as_qpdf_flatten_rotation(cli: Any, tmp_path: Path, make: str) -> None:
    if make == "boxed":
        source = _boxed(tmp_path / "in.pdf")
    elif make == "corpus":
        source = ROTATED
    else:
        source = _annotated(tmp_path / "in.pdf", indirect=True)
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    subprocess.run(["qpdf", str(source), "--flatten-rotation", str(theirs)], check=True)
    done = cli("rotate", source, "--flatten", "-o", ours, "--json")
    assert done.exit_code == 0, done
    mine = _pages(ours)
    assert mine == _pages(theirs)
    assert all(page["rotate"] == 0 for page in mine)
    for n in range(1, len(mine) + 1):
        # qpdf leaves where they were the points poppler draws a highlight and ink without appearance from
        assert make == "annotated" or _same_look(ours, theirs, n), n
        assert _same_look(ours, source, n), n  # the page looks as it did
    turned = [n for n, page in enumerate(_pages(source), 1) if page["rotate"]]
    assert json.loads(done.stdout)["flattened"] == turned


def test_annotations_in_the_array_itself(cli: Any, tmp_path: Path) -> None:
    """The corpus's annotations are dictionaries inside /Annots, not objects of their own: qpdf 11.3 moves them
    all to one wrong place (two of three lost). Each is moved as qpdf moves it when it is an object."""
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    subprocess.run(["qpdf", str(_annotated(tmp_path / "objects.pdf", indirect=True)), "--flatten-rotation",
                    str(theirs)], check=True)
    direct = _annotated(tmp_path / "direct.pdf", indirect=False)
    done = cli("rotate", direct, "--flatten", "-o", ours)
    assert done.exit_code == 0, done
    assert _pages(ours) == _pages(theirs)
    assert len({tuple(r) for r in _pages(ours)[0]["annots"]}) == 3


def test_boxes_turned_about_their_origin(cli: Any, tmp_path: Path) -> None:
    """qpdf's boxes, written out: a quarter turn swaps x and y, the crop box kept as far from the media box's
    edges as it was (the page displayed is the same)."""
    source = _boxed(tmp_path / "in.pdf", (90, 180))
    done = cli("rotate", source, "--flatten", "-o", tmp_path / "o.pdf")
    assert done.exit_code == 0, done
    quarter, half = _pages(tmp_path / "o.pdf")
    assert quarter["/MediaBox"] == [50, 100, 842, 712] and quarter["/CropBox"] == [80, 212, 800, 662]
    assert half["/MediaBox"] == [100, 50, 712, 842] and half["/CropBox"] == [212, 92, 662, 812]


def test_what_qpdf_leaves_turned(cli: Any, tmp_path: Path) -> None:
    """qpdf 11 flattens only a /Rotate of 90, 180 or 270 on the page itself; -90, 450 and one inherited from
    the page tree are rotations all the same (readers draw them), so they are flattened too."""
    for source in (_boxed(tmp_path / "odd.pdf", (-90, 450)), _inherited(tmp_path / "inherited.pdf")):
        out = tmp_path / f"{source.stem}-flat.pdf"
        done = cli("rotate", source, "--flatten", "-o", out)
        assert done.exit_code == 0, done
        for n, page in enumerate(_pages(out), 1):
            assert page["rotate"] == 0
            assert _same_look(out, source, n), (source.name, n)


def test_turned_then_flattened_as_qpdf(cli: Any, tmp_path: Path) -> None:
    source = _boxed(tmp_path / "in.pdf")
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    subprocess.run(["qpdf", str(source), "--rotate=+90", "--flatten-rotation", str(theirs)], check=True)
    done = cli("rotate", source, "--angle", "90", "--flatten", "-o", ours, "--json")
    assert done.exit_code == 0, done
    assert _pages(ours) == _pages(theirs)
    assert all(_same_look(ours, theirs, n) for n in range(1, 5))
    result = json.loads(done.stdout)
    assert result["rotated"] == [1, 2, 3, 4] and result["flattened"] == [1, 2, 4]  # 270 + 90 is upright


def test_pages_chooses(cli: Any, tmp_path: Path) -> None:
    source = _boxed(tmp_path / "in.pdf")
    done = cli("rotate", source, "--flatten", "--pages", "1", "-o", tmp_path / "o.pdf")
    assert done.exit_code == 0, done
    assert [page["rotate"] for page in _pages(tmp_path / "o.pdf")] == [0, 180, 270, 0]


def test_an_angle_or_flatten_is_needed(cli: Any, tmp_path: Path) -> None:
    done = cli("rotate", ROTATED, "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--angle" in error["message"] and "--flatten" in error["hint"]
    assert not (tmp_path / "o.pdf").exists()


def test_qpdf_word_names_ours(cli: Any, tmp_path: Path) -> None:
    done = cli("rotate", ROTATED, "--flatten-rotation", "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 2, done
    assert "--flatten" in json.loads(done.stderr)["error"]["message"].replace("--flatten-rotation", "")


def test_over_mcp(tmp_path: Path) -> None:
    (tmp_path / "r.pdf").write_bytes(ROTATED.read_bytes())
    done = rb.mcp_call(tmp_path, "pdf_rotate", {"input": "r.pdf", "flatten": True, "output": "o.pdf"})
    assert not done.is_error, done
    assert done.structured_content["flattened"] == [1, 2, 3]
    assert [page["rotate"] for page in _pages(tmp_path / "o.pdf")] == [0, 0, 0, 0]


def _with_destinations(path: Path) -> Path:
    """`_boxed`'s four pages (turned 90, 180, 270, 0) with a bookmark to each and a link on the last page
    to the first: /XYZ at a point, /FitH and /FitV at a line, /FitR a rectangle, /XYZ with its top left out."""
    _boxed(path)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pages = [page.obj for page in pdf.pages]
        dests = [[pages[0], "/XYZ", 200, 450, 0], [pages[1], "/FitH", 300], [pages[2], "/FitV", 250],
                 [pages[0], "/FitR", 160, 100, 300, 700], [pages[2], "/XYZ", 180, None, 0]]
        with pdf.open_outline() as tree:
            for n, dest in enumerate(dests):
                tree.root.append(pikepdf.OutlineItem(f"b{n}", destination=pikepdf.Array(
                    [pikepdf.Name(v) if isinstance(v, str) else v for v in dest])))
        pdf.pages[3].obj.Annots = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[160, 90, 300, 200], Border=[0, 0, 0],
            Dest=pikepdf.Array([pages[1], pikepdf.Name.XYZ, 600, 120, 0])))]))
        pdf.save(path)
    return path


def _turned(rotation: int, x: float | None, y: float | None) -> tuple[float | None, float | None]:
    """Where the point (x, y) of `_boxed`'s media box [100 50 712 842] is once its page's rotation is part of
    the content (qpdf's matrix), each coordinate only when what it comes from is known."""
    if rotation == 90:
        return y, None if x is None else 812 - x
    if rotation == 180:
        return None if x is None else 812 - x, None if y is None else 892 - y
    return None if y is None else 892 - y, x  # 270


def test_destinations_turn_with_the_page(cli: Any, tmp_path: Path) -> None:
    """A bookmark or link showing a spot of a turned page shows the same spot once the turn is in the content:
    its point goes through the same matrix; a line across the page (/FitH) is one down it (/FitV) after a
    quarter turn. qpdf leaves them as they were, pointing elsewhere."""
    source = _with_destinations(tmp_path / "in.pdf")
    done = cli("rotate", source, "--flatten", "-o", tmp_path / "o.pdf")
    assert done.exit_code == 0, done
    with pikepdf.open(tmp_path / "o.pdf") as pdf:
        with pdf.open_outline() as tree:
            got = [[str(v) if isinstance(v, pikepdf.Name) else None if v is None else float(v)
                    for v in list(item.destination)[1:]] for item in tree.root]
        link = [str(v) if isinstance(v, pikepdf.Name) else float(v) for v in list(pdf.pages[3].obj.Annots[0].Dest)[1:]]
    x, y = _turned(90, 200, 450)
    assert got[0] == ["/XYZ", x, y, 0]
    assert got[1] == ["/FitH", _turned(180, None, 300)[1]]
    assert got[2] == ["/FitH", _turned(270, 250, None)[1]]
    (l1, b1), (r1, t1) = _turned(90, 160, 100), _turned(90, 300, 700)
    assert got[3] == ["/FitR", min(l1, r1), min(b1, t1), max(l1, r1), max(b1, t1)]
    assert got[4] == ["/XYZ", None, _turned(270, 180, None)[1], 0]
    assert link == ["/XYZ", *_turned(180, 600, 120), 0]
