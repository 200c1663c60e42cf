"""Outlines (bookmarks) read as plain trees of (title, 0-based page index, view, style) and written from them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pikepdf

MAX_DEPTH = 64  # outlines deeper than this are cut: they are either broken or cyclic
MAX_ITEMS = 2000  # bookmarks reported at most (a person or a model reads them)


FITS = {"XYZ": ("left", "top", "zoom"), "Fit": (), "FitH": ("top",), "FitV": ("left",),
        "FitR": ("left", "bottom", "right", "top"), "FitB": (), "FitBH": ("top",), "FitBV": ("left",)}
ITALIC, BOLD = 1, 2  # an item's /F flags


@dataclass
class Node:
    title: str
    page: int | None  # 0-based page index in its document, None when it points nowhere
    children: list[Node] = field(default_factory=list)
    uri: str | None = None  # a bookmark that opens a web address instead of a page (a /URI action)
    view: tuple[Any, ...] = ("Fit",)  # where on its page: the fit and its numbers (None: unchanged), as in /Dest
    color: tuple[float, float, float] | None = None  # /C, when not black
    flags: int = 0  # /F: ITALIC | BOLD
    closed: bool = False  # its children are hidden until opened (/Count negative)


OMIT = {"omit": None}  # a reported field left out of the JSON when it has no value


@dataclass
class Bookmark:
    """A bookmark as reported: 1-based page (None when it points nowhere) and children; the other fields are
    there only when the bookmark has them."""

    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    title: str
    page: int | None
    children: list[Bookmark] = field(default_factory=list)
    uri: str | None = field(default=None, metadata=OMIT)
    """The web address it opens (instead of a page)."""
    view: dict[str, str | float | None] | None = field(default=None, metadata=OMIT)
    """Where on the page it lands, when not the whole page (`{"fit": "Fit"}`): `{"fit": "XYZ", "left": 72,
    "top": 700, "zoom": 1.5}` (null: unchanged), `FitB`, `FitH`/`FitBH` with top, `FitV`/`FitBV` with left,
    `FitR` with left, bottom, right and top."""
    color: list[float] | None = field(default=None, metadata=OMIT)
    """Its title's colour, `[r, g, b]` from 0 to 1, when not black."""
    bold: bool | None = field(default=None, metadata=OMIT)
    """Its title is bold."""
    italic: bool | None = field(default=None, metadata=OMIT)
    """Its title is italic."""
    closed: bool | None = field(default=None, metadata=OMIT)
    """Its children are hidden until it is opened."""


def count(tree: list[Bookmark], depth: int | None = None) -> int:
    """Bookmarks in `tree`, down to `depth` levels (None: all)."""
    if depth == 0:
        return 0
    return sum(1 + count(b.children, None if depth is None else depth - 1) for b in tree)


def top_levels(tree: list[Bookmark], most: int) -> tuple[list[Bookmark], str]:
    """The top levels of `tree` that fit in `most` bookmarks (else the first `most` of its top level), and what
    was left out (`the outline has 2000 bookmarks: 500 shown, to depth 1`; "" when all fit)."""
    total = count(tree)
    if total <= most:
        return tree, ""
    depth = 1
    while count(tree, depth + 1) <= most:
        depth += 1
    shown = _pruned(tree, depth)[:most]
    return shown, f"the outline has {total} bookmarks: {count(shown)} shown, to depth {depth}"


def _pruned(tree: list[Bookmark], depth: int) -> list[Bookmark]:
    return [dataclasses.replace(b, children=_pruned(b.children, depth - 1) if depth > 1 else []) for b in tree]


def on_pages(tree: list[Bookmark], pages: set[int]) -> list[Bookmark]:
    """The bookmarks that open one of `pages`, with the bookmarks above them."""
    kept = []
    for b in tree:
        children = on_pages(b.children, pages)
        if children or b.page in pages:
            kept.append(dataclasses.replace(b, children=children))
    return kept


def view_of(dest: Any) -> tuple[Any, ...]:
    """The view of an explicit destination (`[page /XYZ 72 700 1.5]`): ("XYZ", 72, 700, 1.5); numbers as
    Python numbers, null as None. An unknown fit reads as ("Fit",)."""
    fit = str(dest[1])[1:] if len(dest) > 1 else "Fit"
    if fit not in FITS:
        return ("Fit",)
    numbers = [_number(dest[i]) if i < len(dest) else None for i in range(2, 2 + len(FITS[fit]))]
    return (fit, *numbers)


def _number(value: Any) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return int(number) if number.is_integer() else number


def view_json(view: tuple[Any, ...]) -> dict[str, str | float | None]:
    return {"fit": view[0], **dict(zip(FITS[view[0]], view[1:], strict=True))}


def dest_array(page: Any, view: tuple[Any, ...]) -> Any:
    import pikepdf

    return pikepdf.Array([page, pikepdf.Name("/" + view[0]), *view[1:]])


def _named_dest(pdf: pikepdf.Pdf, name: Any) -> Any:
    import pikepdf

    root = pdf.Root
    if isinstance(name, pikepdf.Name) and "/Dests" in root:
        return root.Dests.get(name)
    if "/Names" in root and "/Dests" in root.Names:
        return pikepdf.NameTree(root.Names.Dests).get(str(name))
    return None


def resolve(pdf: pikepdf.Pdf, dest: Any) -> Any:
    """The explicit destination (an array) that a destination (array, name, string or /D dict) stands for."""
    import pikepdf

    for _ in range(4):  # names may point to dicts with /D, which may be names again: bounded
        if isinstance(dest, pikepdf.Dictionary) and "/D" in dest:
            dest = dest.D
        elif isinstance(dest, pikepdf.Name | pikepdf.String):
            dest = _named_dest(pdf, dest)
        else:
            break
    return dest if isinstance(dest, pikepdf.Array) and len(dest) > 0 else None


def page_index(pdf: pikepdf.Pdf, dest: Any, pages: dict[tuple[int, int], int]) -> int | None:
    """The 0-based page a destination (array, name, string or /D dict) points to, if any."""
    import pikepdf

    dest = resolve(pdf, dest)
    if dest is not None:
        target = dest[0]
        if isinstance(target, pikepdf.Dictionary):
            return pages.get(target.objgen)
        if isinstance(target, int):
            return int(target)
    return None


PIKEPDF_DEPTH = 15  # how deep pikepdf's own outline model reads (`open_outline`'s default): the same here


class Broken(Exception):
    """The outline has an entry qpdf's model would reject (a /Dest or /Next of the wrong type)."""


def destination(item: Any, keys: Any = None) -> tuple[Any, Any]:
    """An item's destination (its /Dest, or its GoTo action's /D) and its action (`keys`: the item's, when
    known). Raises Broken for entries of the wrong type."""
    import pikepdf

    keys = keys if keys is not None else item.keys()
    dest = item["/Dest"] if "/Dest" in keys else None
    action = item["/A"] if "/A" in keys else None
    if dest is not None and not isinstance(dest, pikepdf.Array | pikepdf.String | pikepdf.Name):
        raise Broken
    if action is not None and not isinstance(action, pikepdf.Dictionary):
        raise Broken
    if dest is None and action is not None and action.get("/S") == "/GoTo":
        dest = action.get("/D")
    return dest, action


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
    except (pikepdf.PdfError, Broken, RecursionError, ValueError, KeyError, TypeError):
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
        dest, action = destination(item, keys)
        child = item["/First"] if "/First" in keys else None
        kids = (_level(pdf, child, depth + 1, seen, pages)
                if isinstance(child, pikepdf.Dictionary) and depth < PIKEPDF_DEPTH else [])
        title = item["/Title"] if "/Title" in keys else None
        uri = action.get("/URI") if action is not None and action.get("/S") == "/URI" else None
        dest = resolve(pdf, dest) if dest is not None else None
        page = page_index(pdf, dest, pages) if dest is not None else None
        nodes.append(Node(str(title) if title is not None else "", page, kids,
                          str(uri) if isinstance(uri, pikepdf.String) else None,
                          view_of(dest) if page is not None else ("Fit",),
                          _color(item["/C"]) if "/C" in keys else None,
                          _flags(item["/F"]) if "/F" in keys else 0,
                          bool(kids) and "/Count" in keys and isinstance(item["/Count"], int) and item["/Count"] < 0))
        item = item["/Next"] if "/Next" in keys else None
        if item is not None and not isinstance(item, pikepdf.Dictionary):
            raise Broken
    return nodes


def _color(value: Any) -> tuple[float, float, float] | None:
    """An item's /C as three numbers from 0 to 1; None for black or anything else."""
    import pikepdf

    if not isinstance(value, pikepdf.Array) or len(value) != 3:
        return None
    rgb = [_number(v) for v in value]
    if any(v is None or not 0 <= v <= 1 for v in rgb) or not any(rgb):
        return None
    return (rgb[0], rgb[1], rgb[2])  # type: ignore[return-value]


def _flags(value: Any) -> int:
    return int(value) & (ITALIC | BOLD) if isinstance(value, int) else 0


def write(pdf: pikepdf.Pdf, nodes: list[Node]) -> None:
    """Make `nodes` (pages are 0-based indices into `pdf`) the outline of `pdf`, replacing any. Written
    straight as dictionaries, for the same reason `read` reads them so."""
    if not nodes:
        return
    pages = [page.obj for page in pdf.pages]
    set_outline(pdf, [_item(pdf, node, pages) for node in nodes])


def _item(pdf: pikepdf.Pdf, node: Node, pages: list[Any]) -> Any:
    """An outline item for `node` with its children linked under it (made first: as `write` always made them)."""
    import pikepdf

    item = pdf.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(node.title)))
    if node.page is not None:
        item.Dest = dest_array(pages[node.page], node.view)
    elif node.uri is not None:
        item.A = _uri_action(node.uri)
    if node.color is not None:
        item.C = pikepdf.Array(list(node.color))
    if node.flags:
        item.F = node.flags
    if node.children:
        link(item, [_item(pdf, child, pages) for child in node.children], closed=node.closed)
    return item


def link(parent: Any, items: list[Any], *, closed: bool = False) -> None:
    """Put `items` (each with its /Count, if it has children) under `parent`, in order; the parent's /Count is
    the number of entries shown when it is open, negative when it is `closed`."""
    for item in items:
        item.Parent = parent
    for before, after in zip(items, items[1:], strict=False):
        before.Next, after.Prev = after, before
    parent.First, parent.Last = items[0], items[-1]
    shown = sum(1 + max(int(item.Count), 0) if "/Count" in item else 1 for item in items)  # (`get` costs more)
    parent.Count = -shown if closed else shown


def set_outline(pdf: pikepdf.Pdf, items: list[Any]) -> None:
    """Make `items` (outline items, linked below) the outline of `pdf`."""
    import pikepdf

    root = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines))
    link(root, items)
    pdf.Root.Outlines = root


def _uri_action(uri: str) -> Any:
    import pikepdf

    return pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String(uri))


def bookmarks(nodes: list[Node], budget: list[int] | None = None) -> list[Bookmark]:
    """Nodes as reported bookmarks (1-based pages), at most MAX_ITEMS of them."""
    budget = budget if budget is not None else [MAX_ITEMS]
    out = []
    for node in nodes:
        if budget[0] <= 0:
            break
        budget[0] -= 1
        page = node.page + 1 if node.page is not None else None
        out.append(Bookmark(title=node.title, page=page, children=bookmarks(node.children, budget),
                            uri=node.uri if page is None else None,  # a page wins, as `replace` takes one or the other
                            view=view_json(node.view) if page is not None and node.view != ("Fit",) else None,
                            color=list(node.color) if node.color is not None else None,
                            bold=True if node.flags & BOLD else None, italic=True if node.flags & ITALIC else None,
                            closed=True if node.closed else None))
    return out
