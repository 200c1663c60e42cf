"""Outlines (bookmarks) read as plain trees of (title, 0-based page index)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pikepdf

MAX_DEPTH = 64  # outlines deeper than this are cut: they are either broken or cyclic
MAX_ITEMS = 2000  # bookmarks reported at most (a person or a model reads them)


@dataclass
class Node:
    title: str
    page: int | None  # 0-based page index in its document, None when it points nowhere
    children: list[Node] = field(default_factory=list)


@dataclass
class Bookmark:
    """A bookmark as reported: 1-based page (None when it points nowhere) and children."""

    title: str
    page: int | None
    children: list[Bookmark] = field(default_factory=list)


def _named_dest(pdf: pikepdf.Pdf, name: Any) -> Any:
    import pikepdf

    root = pdf.Root
    if isinstance(name, pikepdf.Name) and "/Dests" in root:
        return root.Dests.get(name)
    if "/Names" in root and "/Dests" in root.Names:
        return pikepdf.NameTree(root.Names.Dests).get(str(name))
    return None


def page_index(pdf: pikepdf.Pdf, dest: Any, pages: dict[tuple[int, int], int]) -> int | None:
    """The 0-based page a destination (array, name, string or /D dict) points to, if any."""
    import pikepdf

    for _ in range(4):  # names may point to dicts with /D, which may be names again: bounded
        if isinstance(dest, pikepdf.Dictionary) and "/D" in dest:
            dest = dest.D
        elif isinstance(dest, pikepdf.Name | pikepdf.String):
            dest = _named_dest(pdf, dest)
        else:
            break
    if isinstance(dest, pikepdf.Array) and len(dest) > 0:
        target = dest[0]
        if isinstance(target, pikepdf.Dictionary):
            return pages.get(target.objgen)
        if isinstance(target, int):
            return int(target)
    return None


def read(pdf: pikepdf.Pdf) -> list[Node]:
    """The outline of `pdf` as a tree of Nodes (empty when it has none or it cannot be read)."""
    import pikepdf

    pages = {page.obj.objgen: i for i, page in enumerate(pdf.pages)}

    def convert(item: Any, depth: int) -> Node:
        dest = item.destination
        if dest is None and item.action is not None and item.action.get("/S") == "/GoTo":
            dest = item.action.get("/D")
        kids = [convert(c, depth + 1) for c in item.children] if depth < MAX_DEPTH else []
        return Node(str(item.title or ""), page_index(pdf, dest, pages), kids)

    try:
        with pdf.open_outline() as outline:
            return [convert(item, 0) for item in outline.root]
    except (pikepdf.PdfError, pikepdf.OutlineStructureError, RecursionError, ValueError, KeyError):
        return []


def build(nodes: list[Node], page_map: dict[int, int]) -> list[Any]:
    """OutlineItems for `nodes`, page indices mapped through `page_map` (items with no page dropped)."""
    from pikepdf import OutlineItem

    items = []
    for node in nodes:
        kids = build(node.children, page_map)
        target = page_map.get(node.page) if node.page is not None else None
        if target is None and not kids:
            continue
        item = OutlineItem(node.title, target if target is not None else (kids[0].destination))
        item.children.extend(kids)
        items.append(item)
    return items


def bookmarks(nodes: list[Node], budget: list[int] | None = None) -> list[Bookmark]:
    """Nodes as reported bookmarks (1-based pages), at most MAX_ITEMS of them."""
    budget = budget if budget is not None else [MAX_ITEMS]
    out = []
    for node in nodes:
        if budget[0] <= 0:
            break
        budget[0] -= 1
        page = node.page + 1 if node.page is not None else None
        out.append(Bookmark(title=node.title, page=page, children=bookmarks(node.children, budget)))
    return out
