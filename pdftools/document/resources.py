"""What a page draws with: its fonts, its images (where they land, so at what resolution) and every object
behind them, read from the page and the forms it draws, each form once.

`check` uses it to say on which page a broken object shows; `inspect` to list fonts as `pdffonts` does and
images as `pdfimages -list` does.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pdftools.core.objects import text

if TYPE_CHECKING:
    import pikepdf

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Matrix = tuple[float, float, float, float, float, float]


def name(value: Any) -> str:
    """A PDF name as text without its slash ("" for what is not a name)."""
    import pikepdf

    return text(value)[1:] if isinstance(value, pikepdf.Name) else ""


def entries(container: Any) -> list[tuple[str, Any]]:
    """A resource dictionary's (name, object) pairs; nothing for what is not a dictionary."""
    import pikepdf

    if not isinstance(container, pikepdf.Dictionary):
        return []
    return [(text(key)[1:], value) for key, value in container.items()]


def resources(obj: Any) -> Any:
    import pikepdf

    found = obj.get("/Resources") if isinstance(obj, pikepdf.Dictionary | pikepdf.Stream) else None
    return found if isinstance(found, pikepdf.Dictionary) else None


def objects_drawn(page: Any, seen: set[tuple[int, int]] | None = None) -> Iterator[int]:
    """The numbers of the indirect objects `page` draws with: contents, fonts (descriptors, font programs,
    descendants, ToUnicode maps), XObjects (forms recursively), patterns, shadings, annotation appearances;
    none in `seen` (objects met before, e.g. on earlier pages), which it adds to."""
    import pikepdf

    seen = set() if seen is None else seen
    todo: list[Any] = [page]
    depth = 0
    while todo and depth < 100_000:
        obj, depth = todo.pop(), depth + 1
        if not isinstance(obj, pikepdf.Dictionary | pikepdf.Stream | pikepdf.Array):
            continue
        if obj.is_indirect:
            if obj.objgen in seen:
                continue
            seen.add(obj.objgen)
            yield obj.objgen[0]
        if isinstance(obj, pikepdf.Array):
            todo.extend(obj)
            continue
        for key in ("/Contents", "/Resources", "/Font", "/XObject", "/Pattern", "/Shading", "/ExtGState",
                    "/FontDescriptor", "/FontFile", "/FontFile2", "/FontFile3", "/DescendantFonts", "/ToUnicode",
                    "/CharProcs", "/Annots", "/AP", "/N", "/SMask", "/Mask"):
            value = obj.get(key)
            if isinstance(value, pikepdf.Dictionary) and key in ("/Font", "/XObject", "/Pattern", "/Shading",
                                                                  "/ExtGState", "/CharProcs", "/AP"):
                todo.extend(value.values())
            elif value is not None:
                todo.append(value)


@dataclass
class Placement:
    """An image drawn on a page: the object (None inline), its dictionary, and the matrix it is drawn with."""

    page: int
    image: Any
    number: int | None
    matrix: Matrix

    def dpi(self, width: int, height: int) -> tuple[int, int]:
        """The resolution the image has where it lands (as pdfimages computes x-ppi and y-ppi)."""
        a, b, c, d = self.matrix[:4]
        across, down = math.hypot(a, b) / 72, math.hypot(c, d) / 72
        return (round(width / across) if across else 0, round(height / down) if down else 0)


def instructions(stream: Any, operators: str = "") -> list[Any]:
    """pikepdf.parse_content_stream; its TypeError for an object reference among the operands (`[5 0 R] TJ`, which
    no content stream may hold) is raised as the PdfError of any content that cannot be parsed."""
    import pikepdf

    try:
        return list(pikepdf.parse_content_stream(stream, operators))
    except TypeError as exc:
        raise pikepdf.PdfError(f"content stream: {exc}") from None


def placements(page: pikepdf.Page, number: int) -> Iterator[Placement]:
    """Every image drawn on `page`, page `number` (inline images too), in drawing order, forms followed."""
    yield from _draw(page.obj, resources(page.obj), number, IDENTITY, set())


def _draw(stream: Any, res: Any, number: int, base: Matrix, seen: set[tuple[int, int]]) -> Iterator[Placement]:
    import pikepdf

    xobjects = dict(entries(res.get("/XObject"))) if res is not None else {}
    stack, ctm = [], base
    for instruction in instructions(stream, "q Q cm Do BI ID EI"):
        operands, op = instruction.operands, str(instruction.operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q" and stack:
            ctm = stack.pop()
        elif op == "cm" and len(operands) == 6:
            ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        elif op == "INLINE IMAGE":
            yield Placement(number, operands[0], None, ctm)
        elif op == "Do" and operands:
            target = xobjects.get(name(operands[0]))
            if not isinstance(target, pikepdf.Stream):
                continue
            if target.get("/Subtype") == "/Image":
                yield Placement(number, target, target.objgen[0] or None, ctm)
            elif target.get("/Subtype") == "/Form" and target.objgen not in seen:
                seen.add(target.objgen)
                yield from _draw(target, resources(target) or res, number, _form_matrix(target, ctm), seen)
                seen.discard(target.objgen)


def _form_matrix(form: Any, ctm: Matrix) -> Matrix:
    try:
        matrix = tuple(float(v) for v in form.get("/Matrix", IDENTITY))
    except (TypeError, ValueError):
        return ctm
    return multiply(matrix, ctm) if len(matrix) == 6 else ctm  # type: ignore[arg-type]


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m × n, PDF's order (`cm` premultiplies the current matrix)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


COLOURS = {"/DeviceGray": ("gray", 1), "/CalGray": ("gray", 1), "/G": ("gray", 1), "/DeviceRGB": ("rgb", 3),
           "/CalRGB": ("rgb", 3), "/RGB": ("rgb", 3), "/DeviceCMYK": ("cmyk", 4), "/CMYK": ("cmyk", 4),
           "/Lab": ("lab", 3), "/Indexed": ("index", 1), "/I": ("index", 1), "/Separation": ("sep", 1),
           "/Pattern": ("pattern", None)}


def colour(space: Any, depth: int = 0) -> tuple[str, int | None]:
    """A colour space as pdfimages names it (gray, rgb, cmyk, lab, icc, index, sep, devn) and its number of
    components (None when it cannot be told)."""
    import pikepdf

    if isinstance(space, pikepdf.Name):
        return COLOURS.get(text(space), ("?", None))
    if not isinstance(space, pikepdf.Array) or not len(space) or depth > 10:
        return ("?", None)
    family = text(space[0])
    if family == "/ICCBased" and len(space) > 1 and isinstance(space[1], pikepdf.Stream):
        count = space[1].get("/N")
        return ("icc", int(count) if isinstance(count, int) else None)
    if family == "/DeviceN" and len(space) > 1 and isinstance(space[1], pikepdf.Array):
        return ("devn", len(space[1]))
    return COLOURS.get(family, ("?", None))
