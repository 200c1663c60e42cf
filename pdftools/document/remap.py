"""Outline items carried through a page edit, whole: each kept bookmark is its own dictionary (title, colour,
style, open or closed, named destination, action) with only its destination's page changed.

One walk serves every command that changes which pages a document has: `arrange` (delete, select, nup,
booklet) edits the outline in place, `merge` copies each input's items into the output, `split` each part's
(the outline read once, then placed in every part). A bookmark whose page
is kept opens the same place on that page (the same view); one whose page was drawn onto a sheet (nup,
booklet) opens the sheet whole (its view was for the page alone); one whose page went stays as a title-only
heading when a bookmark under it stays, and goes otherwise. Bookmarks that open no page (web links, other
actions, headings) stay as they are.

Copied into another file, an item keeps its title, colour and style; a named destination becomes the explicit
one it named (the names may clash with another input's); a GoTo action keeps its kind; a web link, launch,
remote or embedded GoTo, named or JavaScript action is copied without the actions chained after it (/Next,
which may lead to pages that are not copied); other actions (forms, media, layers, threads: they point into
the source's own objects) and anything else an item holds (a structure element) are left out, the title
kept.
"""

from __future__ import annotations

import functools
from copy import copy as shallow_copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pdftools.document import outline

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]
LINKS = ("/Parent", "/Prev", "/Next", "/First", "/Last", "/Count")
COPIED = ("/Title", "/C", "/F")  # what an item keeps when copied into another file, besides where it goes
ACTIONS = ("/URI", "/Launch", "/GoToR", "/GoToE", "/Named", "/JavaScript")  # copied into another file (the
# others, forms, media, layers, threads, point into the source's own objects, its pages with them)


@dataclass(frozen=True)
class Target:
    """Where a page of the source is now: its page object in the output, and whether its views still hold."""

    page: Any
    same_view: bool = True


@dataclass
class Node:
    """One item of a source's outline, read once (a split places it in every part): its destination resolved
    to the page it opens (`key`, None for none), and the pages its subtree opens."""

    item: Any
    dest: Any
    action: Any
    explicit: Any  # the explicit destination (array) it stands for, if any
    key: Key | None
    children: list[Node]
    keys: set[Key]  # the pages opened in its subtree
    anyway: bool  # something in its subtree stays whatever the pages (a link, a heading, an action)
    entries: set[str]  # the item's keys (asking the dictionary costs pikepdf more than asking the set)
    closed: bool  # its children are hidden (/Count negative)


def read(src: pikepdf.Pdf, *, indexed: bool = True) -> list[Node] | None:
    """`src`'s outline as Nodes; None when it has none or one that cannot be read. `indexed`: a destination
    that gives a page's index (not a page) is read as that page (not in place: the pages have moved)."""
    import pikepdf

    outlines = src.Root.get("/Outlines")
    first = outlines.get("/First") if isinstance(outlines, pikepdf.Dictionary) else None
    if not isinstance(first, pikepdf.Dictionary):
        return None
    try:
        return _Reader(src, indexed).level(first, 0)
    except (pikepdf.PdfError, outline.Broken, RecursionError, ValueError, KeyError, TypeError):
        return None


def carry(src: pikepdf.Pdf, out: pikepdf.Pdf, targets: dict[Key, Target],
          nodes: list[Node] | None = None) -> list[Any] | None:
    """`src`'s outline items (`nodes`, as `read` gives them, read if not given), for `out` (which may be
    `src`): top-level items with their children linked, destinations pointing at the `targets` of their pages
    (pages not in `targets` went). None when `src` has no outline or one that cannot be read; [] when nothing
    of it stays."""
    import pikepdf

    nodes = nodes if nodes is not None else read(src, indexed=src is not out)
    if nodes is None:
        return None
    try:
        return _Placer(src, out, targets).level(nodes)
    except (pikepdf.PdfError, pikepdf.ForeignObjectError, RecursionError, ValueError, KeyError, TypeError):
        return None


def edit(pdf: pikepdf.Pdf, targets: dict[Key, Target]) -> None:
    """Carry `pdf`'s outline through a page edit in place (pages not in `targets` went)."""
    items = carry(pdf, pdf, targets)
    if items is None:
        return
    root = pdf.Root.Outlines
    if items:
        outline.link(root, items)
        return
    for key in ("/First", "/Last"):
        del root[key]
    root.Count = 0


def points_at(src: pikepdf.Pdf, keys: set[Key]) -> bool:
    """Whether any bookmark of `src` opens one of the pages `keys` (named destinations resolved)."""
    import pikepdf

    try:
        return _points_at(src, keys)
    except (pikepdf.PdfError, outline.Broken, RecursionError, ValueError, KeyError, TypeError):
        return False


def _points_at(src: pikepdf.Pdf, keys: set[Key]) -> bool:
    import pikepdf

    outlines = src.Root.get("/Outlines")
    item = outlines.get("/First") if isinstance(outlines, pikepdf.Dictionary) else None
    stack, seen = [item], set[Key]()
    while stack:
        item = stack.pop()
        if not isinstance(item, pikepdf.Dictionary) or item.objgen in seen or len(seen) > 1_000_000:
            continue
        seen.add(item.objgen)
        dest = outline.destination(item)[0]
        page = outline.resolve(src, dest) if dest is not None else None
        if page is not None and isinstance(page[0], pikepdf.Dictionary) and page[0].objgen in keys:
            return True
        stack += [item.get("/Next"), item.get("/First")]
    return False


class _Reader:
    def __init__(self, src: pikepdf.Pdf, indexed: bool) -> None:
        self.src, self.indexed = src, indexed
        self.seen: set[Key] = set()

    @functools.cached_property
    def order(self) -> list[Key]:
        """The source's pages, for a destination that gives a page's index."""
        return [page.obj.objgen for page in self.src.pages]

    def level(self, item: Any, depth: int) -> list[Node]:
        """One level, from its first entry along /Next (a repeated entry ends it, as in `outline.read`)."""
        import pikepdf

        nodes = []
        while item is not None:
            if not isinstance(item, pikepdf.Dictionary):
                raise outline.Broken
            key = item.objgen
            if key != (0, 0):
                if key in self.seen:
                    break
                self.seen.add(key)
            present = item.keys()  # then only present keys are fetched: an absent one costs pikepdf ~4 µs
            child = item["/First"] if "/First" in present else None
            kids = (self.level(child, depth + 1)
                    if isinstance(child, pikepdf.Dictionary) and depth < outline.PIKEPDF_DEPTH else [])
            dest, action = outline.destination(item, present)
            explicit = outline.resolve(self.src, dest) if dest is not None else None
            page = self.page(explicit[0]) if explicit is not None else None
            keys = {page} if page is not None else set()
            for kid in kids:
                keys |= kid.keys
            count = item["/Count"] if kids and "/Count" in present else 0
            nodes.append(Node(item, dest, action, explicit, page, kids, keys,
                              page is None or any(kid.anyway for kid in kids), present,
                              isinstance(count, int) and int(count) < 0))
            item = item["/Next"] if "/Next" in present else None
        return nodes

    def page(self, first: Any) -> Key | None:
        """The page (its object's key) an explicit destination opens: a page, or a page's index."""
        import pikepdf

        if isinstance(first, pikepdf.Dictionary):
            return first.objgen  # type: ignore[no-any-return]
        if isinstance(first, int) and self.indexed and 0 <= int(first) < len(self.order):
            return self.order[int(first)]
        return None


class _Placer:
    def __init__(self, src: pikepdf.Pdf, out: pikepdf.Pdf, targets: dict[Key, Target]) -> None:
        self.src, self.out, self.targets = src, out, targets
        self.in_place = src is out

    def level(self, nodes: list[Node]) -> list[Any]:
        kept = []
        for node in nodes:
            # (the node's keys looked up in the targets: `node.keys.isdisjoint(self.targets)` walks every target)
            if not node.anyway and self.targets.keys().isdisjoint(node.keys):
                continue  # nothing of it stays
            made = self.item(node, self.level(node.children))
            if made is not None:
                kept.append(made)
        return kept

    def item(self, node: Node, kids: list[Any]) -> Any:
        """The item for the output, its children linked (None: it goes)."""
        import pikepdf

        target = self.targets.get(node.key) if node.key is not None else None
        gone = node.key is not None and target is None
        if gone and not kids:
            return None
        item, action, entries = node.item, node.action, node.entries
        made = self.out.make_indirect(self.copy(item, entries))  # new, even in place: a broken outline stays as was
        if gone:  # a heading now: its title, colour and style (a copy into another file holds no more)
            for key in ("/Dest", "/A") if self.in_place else ():
                if key in entries:
                    del made[key]
        elif target is not None:
            first = node.explicit[0]
            same = (self.in_place and isinstance(first, pikepdf.Dictionary) and target.same_view
                    and target.page.objgen == first.objgen)
            if not same:
                self.point(made, node.explicit, action if "/Dest" not in entries else None, target)
        elif not self.in_place and node.dest is None and action is not None and action.get("/S") in ACTIONS:
            made.A = self.foreign(self.copy(action, action.keys(), skip=("/Next",)))  # not a GoTo: without its chain
        if kids:
            outline.link(made, kids, closed=node.closed)
        return made

    def point(self, made: Any, explicit: Any, action: Any, target: Target) -> None:
        """Make `made` open `target` with the view of `explicit` (the whole page when the view no longer
        holds); through a copy of its GoTo `action` when it had one."""
        import pikepdf

        if target.same_view and action is None and not self.in_place:
            dest = shallow_copy(explicit)  # the view as written, on the page it is on now: one call, not one a number
            dest[0] = target.page
            try:
                made.Dest = dest
                return
            except pikepdf.ForeignObjectError:  # it holds an indirect object of the source: made anew below
                pass
        if target.same_view:  # the view as written (its numbers exactly), on the page it is on now
            view = list(explicit)[1:]  # numbers, names and null: any file may hold them as they are
            if not all(isinstance(v, pikepdf.Name) or not isinstance(v, pikepdf.Object) for v in view):
                view = [self.foreign(v) for v in view]
            dest = pikepdf.Array([target.page, *view])
        else:
            dest = outline.dest_array(target.page, ("Fit",))
        if action is not None:
            made.A = self.foreign(self.copy(action, action.keys(), skip=("/D",) if self.in_place else ("/D", "/Next")))
            made.A.D = dest
        else:
            made.Dest = dest

    def copy(self, item: Any, entries: Any, skip: tuple[str, ...] | None = None) -> Any:
        """A direct copy of a dictionary (`entries`: its keys): every entry but `skip` in place; in another
        file only COPIED ones of an item (or an action's entries but `skip`), made the output's."""
        import pikepdf

        if self.in_place:
            return pikepdf.Dictionary({k: item[k] for k in entries if k not in (skip or LINKS)})
        if skip is None:
            return pikepdf.Dictionary({k: self.foreign(item[k]) for k in COPIED if k in entries})
        return pikepdf.Dictionary({k: self.foreign(item[k]) for k in entries if k not in skip})

    def foreign(self, value: Any) -> Any:
        """`value` of the source, as the output may hold it."""
        import pikepdf

        if self.in_place:
            return value
        if isinstance(value, pikepdf.Object) and value.is_indirect:
            return self.out.copy_foreign(value)
        if isinstance(value, pikepdf.Array):
            return pikepdf.Array([self.foreign(v) for v in value])
        if isinstance(value, pikepdf.Dictionary):
            return pikepdf.Dictionary({k: self.foreign(v) for k, v in value.items()})
        return value
