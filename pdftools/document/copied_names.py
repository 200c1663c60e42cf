"""The destinations the links of copied pages go to (see `copied_links`): a link's destination (`_Ref`: a name, or
an explicit page), and the named ones, the source's looked up one name at a time (its `/Names /Dests` tree, the
catalog's older `/Dests`), the output's written, a name that clashes renamed as pikepdf renames it (`section.1` ->
`section.1.1`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]


def _has_names(src: pikepdf.Pdf) -> bool:
    import pikepdf

    names = src.Root.get("/Names")
    return "/Dests" in src.Root or (isinstance(names, pikepdf.Dictionary) and "/Dests" in names)


class _Ref:
    """A link's destination: `owner[key]` is a name (a string: the /Names /Dests tree; a name: the catalog's
    /Dests), or an explicit one (kind `page`: an array, a page first)."""

    __slots__ = ("key", "kind", "name", "owner", "top", "value")

    def __init__(self, owner: Any, key: str, value: Any, top: Any = None) -> None:
        import pikepdf

        self.owner, self.key, self.top = owner, key, top  # top: the annotation, for its /Dest or /A
        self.kind = "string" if isinstance(value, pikepdf.String) else "name" if isinstance(value, pikepdf.Name) \
            else "page"
        self.name = str(value) if self.kind != "page" else ""  # (a string as pikepdf reads it: PDFDocEncoding...)
        self.value = value


class _Names:
    """The source's named destinations looked up one at a time (a name tree is searched, not read whole: a
    split copies a few pages of a long document each time), and the output's written."""

    def __init__(self, src: pikepdf.Pdf, out: pikepdf.Pdf) -> None:
        self.src, self.out = src, out

    @functools.cached_property
    def source_tree(self) -> Any:
        import pikepdf

        names = self.src.Root.get("/Names")
        dests = names.get("/Dests") if isinstance(names, pikepdf.Dictionary) else None
        return pikepdf.NameTree(dests) if isinstance(dests, pikepdf.Dictionary) else None

    @functools.cached_property
    def tree(self) -> Any:
        import pikepdf

        root = self.out.Root
        names = root.get("/Names")
        if not isinstance(names, pikepdf.Dictionary):
            names = root.Names = self.out.make_indirect(pikepdf.Dictionary())
        if not isinstance(names.get("/Dests"), pikepdf.Dictionary):
            names.Dests = pikepdf.NameTree.new(self.out).obj
        return pikepdf.NameTree(names.Dests)

    @functools.cached_property
    def legacy(self) -> Any:
        import pikepdf

        dests = self.out.Root.get("/Dests")
        if not isinstance(dests, pikepdf.Dictionary):
            dests = self.out.Root.Dests = self.out.make_indirect(pikepdf.Dictionary())
        return dests

    def entry(self, ref: _Ref) -> Any:
        import pikepdf

        if ref.kind == "string":
            tree = self.source_tree
            try:
                return tree[ref.name] if tree is not None and ref.name in tree else None
            except KeyError:  # (an unsorted tree: qpdf finds a name by bisection)
                return None
        dests = self.src.Root.get("/Dests")
        return dests.get(ref.name) if isinstance(dests, pikepdf.Dictionary) else None

    def target(self, ref: _Ref) -> tuple[Key, Any] | None:
        """The source page a name opens, and its destination (None: it names no page)."""
        import pikepdf

        entry = self.entry(ref)
        dest = entry.get("/D") if isinstance(entry, pikepdf.Dictionary) else entry
        if not isinstance(dest, pikepdf.Array) or not len(dest):
            return None
        first = dest[0]
        return (first.objgen, dest) if isinstance(first, pikepdf.Dictionary) and first.is_indirect else None

    def add(self, ref: _Ref, page: Any, dest: Any) -> str:
        """The name `ref` has in the output, its destination `dest` added pointing at `page` (renamed on a
        clash)."""
        import pikepdf

        view = [self.out.copy_foreign(v) if isinstance(v, pikepdf.Object) and v.is_indirect and self.src is not self.out
                else v for v in list(dest)[1:]]
        made = self.out.make_indirect(pikepdf.Dictionary(D=pikepdf.Array([page, *view])))
        if ref.kind == "string":
            final = _free(ref.name, lambda name: name in self.tree)
            self.tree[final] = made
        else:
            final = _free(ref.name, lambda name: name in self.legacy)
            self.legacy[final] = made
        return final


def _free(name: str, taken: Callable[[str], bool]) -> str:
    """`name`, or the first of `name.1`, `name.2`... not `taken` (pikepdf's renaming)."""
    if not taken(name):
        return name
    n = 1
    while taken(f"{name}.{n}"):
        n += 1
    return f"{name}.{n}"
