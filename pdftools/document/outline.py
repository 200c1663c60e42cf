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
    uri: str | None = None  # a bookmark that opens a web address instead of a page (a /URI action)


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


PIKEPDF_DEPTH = 15  # how deep pikepdf's own outline model reads (`open_outline`'s default): the same here


class _Broken(Exception):
    """The outline has an entry qpdf's model would reject (a /Dest or /Next of the wrong type)."""


def read(pdf: pikepdf.Pdf) -> list[Node]:
    """The outline of `pdf` as a tree of Nodes (empty when it has none or it cannot be read).

    Read straight from the dictionaries: pikepdf's outline model does the same walk (and the same checks:
    a repeated entry ends its level, a /Dest or /Next of the wrong type loses the outline) several times
    slower, which a merge of a thousand bookmarks felt."""
    import pikepdf

    try:
        outlines = pdf.Root.get("/Outlines")
        first = outlines.get("/First") if isinstance(outlines, pikepdf.Dictionary) else None
        if not isinstance(first, pikepdf.Dictionary):
            return []
        pages = {page.obj.objgen: i for i, page in enumerate(pdf.pages)}
        return _level(pdf, first, 0, set(), pages)
    except (pikepdf.PdfError, _Broken, RecursionError, ValueError, KeyError, TypeError):
        return []


def _level(pdf: pikepdf.Pdf, item: Any, depth: int, seen: set[tuple[int, int]],
           pages: dict[tuple[int, int], int]) -> list[Node]:
    """One level of the outline, from its first entry along /Next."""
    import pikepdf

    nodes = []
    while item is not None:
        key = item.objgen
        if key != (0, 0):
            if key in seen:
                break
            seen.add(key)
        keys = item.keys()  # then only present keys are fetched: looking up an absent one costs pikepdf ~4 µs
        dest = item["/Dest"] if "/Dest" in keys else None
        action = item["/A"] if "/A" in keys else None
        if dest is not None and not isinstance(dest, pikepdf.Array | pikepdf.String | pikepdf.Name):
            raise _Broken
        if action is not None and not isinstance(action, pikepdf.Dictionary):
            raise _Broken
        if dest is None and action is not None and action.get("/S") == "/GoTo":
            dest = action.get("/D")
        child = item["/First"] if "/First" in keys else None
        kids = (_level(pdf, child, depth + 1, seen, pages)
                if isinstance(child, pikepdf.Dictionary) and depth < PIKEPDF_DEPTH else [])
        title = item["/Title"] if "/Title" in keys else None
        uri = action.get("/URI") if action is not None and action.get("/S") == "/URI" else None
        nodes.append(Node(str(title) if title is not None else "", page_index(pdf, dest, pages), kids,
                          str(uri) if isinstance(uri, pikepdf.String) else None))
        item = item["/Next"] if "/Next" in keys else None
        if item is not None and not isinstance(item, pikepdf.Dictionary):
            raise _Broken
    return nodes


def write(pdf: pikepdf.Pdf, nodes: list[Node]) -> None:
    """Make `nodes` (pages are 0-based indices into `pdf`) the outline of `pdf`, replacing any; each entry
    opens its page whole (/Fit), as pikepdf writes them. Written straight as dictionaries, for the same
    reason `read` reads them so."""
    import pikepdf

    if not nodes:
        return
    pages = [page.obj for page in pdf.pages]
    root = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines))
    root.Count = _write_level(pdf, root, nodes, pages)
    pdf.Root.Outlines = root


def _write_level(pdf: pikepdf.Pdf, parent: Any, nodes: list[Node], pages: list[Any]) -> int:
    """Write `nodes` under `parent`; the number of entries shown (all are open), what /Count says."""
    import pikepdf

    made, count = [], 0
    for node in nodes:
        item = pdf.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(node.title), Parent=parent))
        if node.page is not None:
            item.Dest = pikepdf.Array([pages[node.page], pikepdf.Name.Fit])
        elif node.uri is not None:
            item.A = _uri_action(node.uri)
        if node.children:
            item.Count = _write_level(pdf, item, node.children, pages)
            count += int(item.Count)
        made.append(item)
    for before, after in zip(made, made[1:], strict=False):
        before.Next, after.Prev = after, before
    parent.First, parent.Last = made[0], made[-1]
    return count + len(made)


def _uri_action(uri: str) -> Any:
    import pikepdf

    return pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String(uri))


def build(nodes: list[Node], page_map: dict[int, int]) -> list[Any]:
    """OutlineItems for `nodes`, page indices mapped through `page_map`. An item whose page is not in the map
    opens its first child's page, or goes when it has none; one that opened no page (a web link, a heading)
    stays as it was."""
    from pikepdf import OutlineItem

    items = []
    for node in nodes:
        kids = build(node.children, page_map)
        if node.page is None:
            item = OutlineItem(node.title, action=_uri_action(node.uri) if node.uri is not None else None)
        else:
            target = page_map.get(node.page)
            if target is None and not kids:
                continue
            item = OutlineItem(node.title, target if target is not None else kids[0].destination)
        item.children.extend(kids)
        items.append(item)
    return items


def remap(nodes: list[Node], page_map: dict[int, int]) -> list[Node]:
    """`nodes` with page indices mapped through `page_map`, as `build` maps them (entries whose page is not
    mapped keep their first child's, or go when they have none; entries that opened no page stay)."""
    out = []
    for node in nodes:
        kids = remap(node.children, page_map)
        if node.page is None:
            out.append(Node(node.title, None, kids, node.uri))
            continue
        target = page_map.get(node.page)
        if target is None and not kids:
            continue
        out.append(Node(node.title, target if target is not None else kids[0].page, kids))
    return out


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
