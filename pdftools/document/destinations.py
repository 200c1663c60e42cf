"""Destinations moved with their page's content: when a page's content is scaled and shifted in place
(`resize`), or turned (`rotate --flatten`), the points that bookmarks, links, named destinations and the open
action show on it (`/XYZ left top`, `/FitH top`, `/FitR` a rectangle...) follow, as the link rectangles do."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeGuard

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]
Transform = tuple[float, float, float]  # scale, then x and y shift: (x, y) -> (x * s + tx, y * s + ty)

AXES = {"/XYZ": "xy", "/FitH": "y", "/FitBH": "y", "/FitV": "x", "/FitBV": "x", "/FitR": "xyxy"}
DEPTH = 10_000  # outline items followed at most (a loop in /Next or /First ends there)


def move(pdf: pikepdf.Pdf, moved: dict[Key, Transform]) -> None:
    """Move every destination that points at a page in `moved` (by the page's object key), each once."""
    seen: set[Key] = set()
    for dest in _everywhere(pdf):
        _move(dest, moved, seen)


Matrix = tuple[float, float, float, float, float, float]  # (a, b, c, d, e, f): (x, y) -> (ax+cy+e, bx+dy+f)
_ACROSS = {"/FitH": "/FitV", "/FitV": "/FitH", "/FitBH": "/FitBV", "/FitBV": "/FitBH"}


def turn(pdf: pikepdf.Pdf, turned: dict[Key, Matrix]) -> None:
    """Turn every destination that points at a page in `turned` with its content (a quarter turn, a half or
    three quarters: `rotate --flatten`), each once: a point through the page's matrix, a coordinate left out
    (`null`) kept out where the other depends on it; a line across the page (/FitH) is one down it (/FitV)
    after a quarter turn."""
    seen: set[Key] = set()
    for dest in _everywhere(pdf):
        target = _target(dest, turned, seen)
        if target is not None:
            _turn(*target)


def _turn(dest: pikepdf.Array, matrix: Matrix) -> None:
    import pikepdf

    a, b, c, d, e, f = matrix

    def point(x: float | None, y: float | None) -> tuple[float | None, float | None]:
        new_x = None if (a and x is None) or (c and y is None) else a * (x or 0) + c * (y or 0) + e
        new_y = None if (b and x is None) or (d and y is None) else b * (x or 0) + d * (y or 0) + f
        return new_x, new_y

    kind, values = str(dest[1]), [float(v) if _number(v) else None for v in list(dest)[2:]]
    if kind == "/XYZ" and len(values) >= 2:
        dest[2], dest[3] = (_kept(v) for v in point(values[0], values[1]))
    elif kind in _ACROSS and values:
        across = kind in ("/FitH", "/FitBH")  # a line across the page, at a height; else one down it
        new_x, new_y = point(None, values[0]) if across else point(values[0], None)
        if b:  # a quarter turn: across becomes down, and back
            dest[1] = pikepdf.Name(_ACROSS[kind])
        dest[2] = _kept(new_x if across == bool(b) else new_y)
    elif kind == "/FitR" and len(values) >= 4 and None not in values[:4]:
        corners = [point(values[0], values[1]), point(values[2], values[3])]
        xs, ys = [x for x, _ in corners if x is not None], [y for _, y in corners if y is not None]
        dest[2], dest[3], dest[4], dest[5] = (_kept(v) for v in (min(xs), min(ys), max(xs), max(ys)))


def _number(value: Any) -> TypeGuard[int | float | Decimal]:
    return isinstance(value, int | float | Decimal) and not isinstance(value, bool)


def _kept(value: float | None) -> Any:
    return None if value is None else round(value, 4)


def _target(dest: Any, table: dict[Key, Any], seen: set[Key]) -> tuple[pikepdf.Array, Any] | None:
    """The destination array `dest` stands for, with its page's entry in `table`; None when it points at no
    page in it (a name, another file's page number, nothing) or was already seen (an indirect one, once)."""
    import pikepdf

    if isinstance(dest, pikepdf.Dictionary):  # a GoTo action, or a named destination's dictionary
        dest = dest.get("/D")
    if not isinstance(dest, pikepdf.Array) or len(dest) < 2 or not isinstance(dest[0], pikepdf.Dictionary):
        return None
    entry = table.get(dest[0].objgen)
    if entry is None or (dest.is_indirect and dest.objgen in seen):
        return None
    if dest.is_indirect:
        seen.add(dest.objgen)
    return dest, entry


def _everywhere(pdf: pikepdf.Pdf) -> Iterator[Any]:
    import pikepdf

    root = pdf.Root
    yield root.get("/OpenAction")
    if isinstance(root.get("/Dests"), pikepdf.Dictionary):
        yield from root.Dests.values()
    if isinstance(root.get("/Names"), pikepdf.Dictionary) and "/Dests" in root.Names:
        yield from pikepdf.NameTree(root.Names.Dests).values()
    outlines = root.get("/Outlines")
    if isinstance(outlines, pikepdf.Dictionary):
        yield from _outline(outlines)
    for page in pdf.pages:
        for annot in page.obj.get("/Annots", []):
            if isinstance(annot, pikepdf.Dictionary):
                yield annot.get("/Dest")
                yield annot.get("/A")


def _outline(top: Any) -> Iterator[Any]:
    """Each outline item's /Dest and /A, depth first; each item once (a loop ends)."""
    import pikepdf

    stack: list[Any] = [top.get("/First")]
    seen: set[Key] = set()
    while stack and len(seen) < DEPTH:
        item = stack.pop()
        if not isinstance(item, pikepdf.Dictionary) or item.objgen in seen:
            continue
        seen.add(item.objgen)
        yield item.get("/Dest")
        yield item.get("/A")
        stack += [item.get("/Next"), item.get("/First")]


def _move(dest: Any, moved: dict[Key, Transform], seen: set[Key]) -> None:
    target = _target(dest, moved, seen)
    if target is None:
        return
    dest, (scale, tx, ty) = target
    for index, axis in enumerate(AXES.get(str(dest[1]), ""), start=2):
        value = dest[index] if index < len(dest) else None
        if _number(value):
            dest[index] = round(float(value) * scale + (tx if axis == "x" else ty), 4)
