"""The links of copied pages pointed at the copy of their page, the named destinations they use carried to the
output (see `copying`).

The names their links use (LaTeX hyperref's `/A << /S /GoTo /D (section.1) >>`, a name of the `/Names /Dests`
tree; an older `/Dest /name`, a key of the catalog's `/Dests`) are carried here, each to the copy of its page,
renamed on a clash as pikepdf renames them (`section.1` -> `section.1.1`): pikepdf's `add_pages_from`, which did
it, lists every page of both files for each page it copies (a merge of a 20,000-page hyperref document: 110 s).
A name whose page is not copied is not carried (its link opens nothing), as pikepdf leaves it. An explicit
destination (an array, a page first) opens the copy of its page in its own part, else its first copy. The names
are looked up and written by `copied_names`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdftools.document.copied_names import _Names, _Ref

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]
CHAIN = 1_000  # actions followed along /Next at most (a chain may loop)


def _refs(annot: Any) -> list[_Ref]:
    """The destinations an annotation goes to: its /Dest, and the /D of a GoTo action in its /A, /AA and their
    /Next chains."""
    import pikepdf

    found = []
    dest = annot.get("/Dest")
    if _is_dest(dest):
        found.append(_Ref(annot, "/Dest", dest, annot))
    first = annot.get("/A")
    if isinstance(first, pikepdf.Dictionary) and first.get("/S") == "/GoTo" and _is_dest(first.get("/D")):
        found.append(_Ref(first, "/D", first.D, annot))
        first = first.get("/Next")
    extra = annot.get("/AA")
    actions = [first, *(extra.values() if isinstance(extra, pikepdf.Dictionary) else ())]
    seen = 0
    while actions and seen < CHAIN:
        action, seen = actions.pop(), seen + 1
        if isinstance(action, pikepdf.Array):
            actions += list(action)
        elif isinstance(action, pikepdf.Dictionary):
            name = action.get("/D")
            if action.get("/S") == "/GoTo" and _is_dest(name):
                found.append(_Ref(action, "/D", name))
            actions.append(action.get("/Next"))
    return found


def _is_dest(value: Any) -> bool:
    """A name, or an array whose first item is a page (an indirect dictionary)."""
    import pikepdf

    if isinstance(value, pikepdf.String | pikepdf.Name):
        return True
    if not isinstance(value, pikepdf.Array) or not len(value):
        return False
    page = value[0]
    return isinstance(page, pikepdf.Dictionary) and page.is_indirect


def _carry_links(src: pikepdf.Pdf, out: pikepdf.Pdf, parts: list[tuple[list[Any], list[Any]]],
                 first: dict[Key, Any]) -> None:
    """The links of each part's pages (`placed`, the copies of `sources`' pages) pointed at the copy of their page
    in the part, else at its `first` copy, the names they use carried to `out`. A page placed before (a file
    merged with itself) shares its links with the earlier copy: a link to change gets its own copy first."""
    import pikepdf

    links = _Links(src, out, first)
    for sources, placed in parts:
        where: dict[Key, Any] = {}
        for source, page in zip(sources, placed, strict=True):
            where.setdefault(source.objgen, page)
        for source, page in zip(sources, placed, strict=True):
            annots = page.get("/Annots")
            if not isinstance(annots, pikepdf.Array):
                continue
            again = (first[source.objgen] if src is out else out.copy_foreign(source)).objgen != page.objgen  # a
            # copy of a page placed before (qpdf's map)
            own = list(annots)
            for i, annot in enumerate(own):
                found = _refs(annot) if isinstance(annot, pikepdf.Dictionary) else []
                plan = [links.decide(ref, where) for ref in found]
                if all(change is _KEEP for change in plan):
                    continue
                if again:
                    own[i] = _own_copy(out, annot, page)
                    found = _refs(own[i])
                for ref, change in zip(found, plan, strict=True):
                    _apply(ref, change)
            if again and any(x is not y for x, y in zip(own, annots, strict=True)):
                page.Annots = pikepdf.Array(own)


_KEEP = object()  # a link left as it is


class _Links:
    """What each link of the copied pages becomes: an explicit page, the copy to open; a name, the name its
    destination has in the output (None: its page is not copied)."""

    def __init__(self, src: pikepdf.Pdf, out: pikepdf.Pdf, first: dict[Key, Any]) -> None:
        self.names, self.first, self.same = _Names(src, out), first, src is out
        self.origin = {page.objgen: key for key, page in first.items()}  # a first copy -> its source page
        self.pages: dict[tuple[str, str], tuple[Key, Any] | None] = {}  # a name -> its source page, destination
        self.decided: dict[tuple[str, str, Key], str | None] = {}

    def decide(self, ref: _Ref, where: dict[Key, Any]) -> Any:
        if ref.kind == "page":
            target = ref.value[0]
            key = self.origin.get(target.objgen)
            page = None if key is None else where.get(key, self.first[key])
            return _KEEP if page is None or page.objgen == target.objgen else page
        name = (ref.kind, ref.name)
        if name not in self.pages:
            self.pages[name] = self.names.target(ref)
        found = self.pages[name]
        if found is None:
            return None
        page = where.get(found[0], self.first.get(found[0]))
        if page is None:
            return None
        if self.same and page.objgen == found[0]:  # (in place: the name already opens this page)
            return _KEEP
        made = (ref.kind, ref.name, page.objgen)
        if made not in self.decided:
            self.decided[made] = self.names.add(ref, page, found[1])
        final = self.decided[made]
        return _KEEP if final == ref.name else final


def _apply(ref: _Ref, change: Any) -> None:
    import pikepdf

    if change is _KEEP:
        return
    if ref.kind == "page":
        ref.owner[ref.key] = pikepdf.Array([change, *list(ref.owner[ref.key])[1:]])
    elif change is None:
        _unlink(ref)
    else:
        ref.owner[ref.key] = pikepdf.String(change) if ref.kind == "string" else pikepdf.Name(change)


def _unlink(ref: _Ref) -> None:
    """A link whose named page is not copied opens nothing: every LaTeX document names `section.1`, `page.1`...,
    and the name kept would open another input's page once that input's names are carried (or the page the
    document inserted into has under that name). Its /Dest goes, or the GoTo action of its /A (unless actions
    follow it); a GoTo further along a chain or in /AA is left as it is."""
    key = ref.key if ref.key == "/Dest" else "/A"
    if ref.top is not None and key in ref.top and (key == "/Dest" or "/Next" not in ref.owner):
        del ref.top[key]


def _own_copy(out: pikepdf.Pdf, annot: Any, page: Any) -> Any:
    """A copy of a link annotation for another copy of its page: its own actions (their names may be renamed),
    /P its page."""
    import pikepdf

    copy = pikepdf.Dictionary(dict(annot.items()))
    if "/A" in copy:
        copy.A = _action_copy(copy.A, 0)
    if isinstance(copy.get("/AA"), pikepdf.Dictionary):
        copy.AA = pikepdf.Dictionary({key: _action_copy(value, 0) for key, value in copy.AA.items()})
    if "/P" in copy:
        copy.P = page
    return out.make_indirect(copy)


COPIED = 100  # actions copied along a /Next chain at most (a Python call each: CHAIN of them passed the stack's)


def _action_copy(action: Any, depth: int, seen: frozenset[tuple[int, int]] = frozenset()) -> Any:
    """An action with its /Next chain, copied (so a name changed in it is changed in this copy only); a chain that
    loops back to an action copied goes on in the original there (a copy of a loop would never end)."""
    import pikepdf

    if depth > COPIED:
        return action
    if isinstance(action, pikepdf.Array):
        return pikepdf.Array([_action_copy(item, depth + 1, seen) for item in action])
    if not isinstance(action, pikepdf.Dictionary):
        return action
    if action.is_indirect:
        if action.objgen in seen:
            return action
        seen = seen | {action.objgen}
    copy = pikepdf.Dictionary(dict(action.items()))
    if "/Next" in copy:
        copy.Next = _action_copy(copy.Next, depth + 1, seen)
    return copy
