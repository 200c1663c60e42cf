"""Destinations moved with their page's content: when a page's content is scaled and shifted in place
(`resize`), the points that bookmarks, links, named destinations and the open action show on it (`/XYZ left
top`, `/FitH top`, `/FitR` a rectangle...) follow, as the link rectangles do."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import TYPE_CHECKING, Any

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
    import pikepdf

    if isinstance(dest, pikepdf.Dictionary):  # a GoTo action, or a named destination's dictionary
        dest = dest.get("/D")
    if not isinstance(dest, pikepdf.Array) or len(dest) < 2 or not isinstance(dest[0], pikepdf.Dictionary):
        return  # a name (moved where the names are), a page number (another file's), or nothing
    transform = moved.get(dest[0].objgen)
    if transform is None or (dest.is_indirect and dest.objgen in seen):
        return
    if dest.is_indirect:
        seen.add(dest.objgen)
    scale, tx, ty = transform
    for index, axis in enumerate(AXES.get(str(dest[1]), ""), start=2):
        value = dest[index] if index < len(dest) else None
        if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
            dest[index] = round(float(value) * scale + (tx if axis == "x" else ty), 4)
