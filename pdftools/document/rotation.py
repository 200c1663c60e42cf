"""A page's rotation drawn into its content (qpdf's --flatten-rotation): the page looks the same, its /Rotate is
0, its boxes and annotations turned with it, for readers and tools that ignore /Rotate.

qpdf's own flattenRotation (pikepdf's `Page.flatten_rotation`) does the content, the boxes and each annotation's
rectangle and appearance. Around it: the rotation as readers draw it first (qpdf reads only a /Rotate of 90, 180
or 270 on the page itself; -90 and 450 are rotations too, and one inherited from the page tree is on the page
once pikepdf has opened it); annotations written into /Annots itself made objects of their own (qpdf 11.3 to
12.4 move those all to the first one's place, wrongly turned); and the points some annotations are drawn from
when they have no appearance, or that say what they mark (a highlight's quadrilaterals, ink strokes, polygon
vertices, a line's ends), turned as the rectangle is (qpdf leaves them where they were). What bookmarks and
links show on the page is turned by destinations.turn, with the matrix `flatten` returns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pdftools.document.arrange import upright

if TYPE_CHECKING:
    import pikepdf

    from pdftools.document.destinations import Matrix

_POINTS = ("/QuadPoints", "/Vertices", "/L", "/CL")  # flat x, y lists in the page's space


def flatten(pdf: pikepdf.Pdf, page: pikepdf.Page) -> Matrix | None:
    """Draw `page`'s rotation into its content; the matrix its content went through (destinations.turn moves
    what points at it), None when it is upright (nothing done)."""
    from pikepdf import Array, Dictionary

    rotation = upright(page)
    if not rotation:
        return None
    matrix = _turn(rotation, [float(v) for v in page.mediabox])
    annots = page.obj.get("/Annots")
    if isinstance(annots, Array) and any(isinstance(a, Dictionary) and not a.is_indirect for a in annots):
        page.obj.Annots = Array([pdf.make_indirect(a) if isinstance(a, Dictionary) and not a.is_indirect else a
                                 for a in annots])
    page.obj.Rotate = rotation
    page.flatten_rotation()
    if page.obj.get("/Rotate", 0) != 0:  # qpdf turns nothing on a page whose media box is no rectangle
        return None
    for annot in page.obj.get("/Annots", Array()):
        if isinstance(annot, Dictionary):
            _move_points(annot, matrix)
    return matrix


def _turn(rotation: int, box: list[float]) -> Matrix:
    """The matrix qpdf puts before the content: a turn about the origin, then back onto the media box."""
    llx, lly, urx, ury = box
    return {90: (0, -1, 1, 0, 0, urx + llx), 180: (-1, 0, 0, -1, urx + llx, ury + lly),
            270: (0, 1, -1, 0, ury + lly, 0)}[rotation]


def _move_points(annot: pikepdf.Dictionary, matrix: Matrix) -> None:
    from pikepdf import Array

    for key in _POINTS:
        points = annot.get(key)
        if isinstance(points, Array):
            annot[key] = _moved(points, matrix)
    strokes = annot.get("/InkList")
    if isinstance(strokes, Array):
        annot.InkList = Array([_moved(stroke, matrix) if isinstance(stroke, Array) else stroke for stroke in strokes])


def _moved(values: pikepdf.Array, matrix: Matrix) -> pikepdf.Array:
    """x, y pairs through `matrix`; a list that is not all numbers, or of odd length, is left as it is."""
    from pikepdf import Array

    try:
        numbers = [float(v) for v in values]
    except (TypeError, ValueError):
        return values
    if len(numbers) % 2:
        return values
    a, b, c, d, e, f = matrix
    out: list[float] = []
    for x, y in zip(numbers[::2], numbers[1::2], strict=True):
        out += [round(a * x + c * y + e, 4), round(b * x + d * y + f, 4)]
    return Array(out)
