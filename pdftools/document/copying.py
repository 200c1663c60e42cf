"""Pages copied from one PDF into another (merge, split, insert), with what the document keeps for them: the
named destinations their links use, the layers (optional content) they draw, the form fields their widgets are.

Pages go in as qpdf copies them (addPage: the page with its content, resources and annotations), in time that
grows with the pages copied. The names their links use (LaTeX hyperref's `/A << /S /GoTo /D (section.1) >>`,
a name of the `/Names /Dests` tree; an older `/Dest /name`, a key of the catalog's `/Dests`) are carried here,
each to the copy of its page, renamed on a clash as pikepdf renames them (`section.1` -> `section.1.1`): pikepdf's
`add_pages_from`, which did it, lists every page of both files for each page it copies (a merge of a 20,000-page
hyperref document: 110 s). A name whose page is not copied is not carried (its link opens nothing), as pikepdf
leaves it. The fields whose widgets are on the pages copied are made the output's by qpdf, page by page
(fixCopiedAnnotations: what `add_pages_from` calls for each page), a clashing name renamed (`f1` -> `f1+1`).

The source's layers (`/OCProperties`: its groups, and in its default configuration and its alternate ones, a
viewer's presets, the order they are listed in, which are on and off, locked, radio groups and automatic states)
are added to the output's, so a layer hidden by default stays hidden and a preset still works: pages copied bring
the groups their content names, but a viewer ignores groups the catalog does not list and shows every layer. The
groups the copied pages reach come along (drawn, through a membership dictionary, by an annotation or an
action), each once however many of its pages are copied; a group none of them uses is left out (as pikepdf's
add_pages_from does; qpdf's --split-pages keeps every one). Presets are joined by name across inputs.

One file given in several parts of a call (merge's `a.pdf:1-2 a.pdf:3-4`) is one `Copier`: a link opens its page's
copy in its own part, else the first copy another part made, else nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pdftools.core import task
from pdftools.core.pdf import append_page, page_list

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]
CHAIN = 1_000  # actions followed along /Next at most (a chain may loop)


def copy_pages(src: pikepdf.Pdf, out: pikepdf.Pdf, indices: list[int], *,
               listed: list[pikepdf.Page] | None = None) -> None:
    """Append `src`'s pages at 0-based `indices` to `out`, with the named destinations their links use and
    the source's layers; a page placed twice is a copy sharing its content, as qpdf's addPage makes it, with
    links of its own. The task's deadline and a cancel are checked before and between pages. `listed`: `src`'s
    pages, listed once by a caller that copies from it many times (split)."""
    copier = Copier(src, out, listed)
    copier.add(indices)
    copier.finish()


class Copier:
    """The pages of one source copied into `out` in parts (merge's `a.pdf:1-2 a.pdf:3-4`: one file opened once,
    two parts; a part that repeats a page is cut in runs that do not, as `a.pdf:1-4,1-4`), then their links made
    the output's once every part is in: a link (an explicit page, a named destination) opens the copy of its page
    in its own part, else the first copy in another part, else nothing (a file merged with itself: each copy's
    links open its own pages)."""

    def __init__(self, src: pikepdf.Pdf, out: pikepdf.Pdf, listed: list[pikepdf.Page] | None = None) -> None:
        self.src, self.out, self.listed = src, out, listed
        self.parts: list[tuple[list[Any], list[Any]]] = []  # (the source's page objects, their copies in `out`)

    def add(self, indices: list[int]) -> None:
        """Append a part: the pages at `indices`, with the form fields their widgets are. The task's deadline and
        a cancel are checked before (a merge stops between its files) and between pages."""
        task.check()
        if self.listed is None:
            self.listed = page_list(self.src)  # (`src.pages[i]` lists every page to find one)
        pages = self.listed
        for index in indices:
            task.check()
            append_page(self.out, pages[index])
        placed = _last_pages(self.out, len(indices))
        if "/AcroForm" in self.src.Root and any(_widgets(pages[index].obj) for index in indices):
            _carry_fields(self.src, self.out, [pages[index] for index in indices], placed)
        self.parts += _runs([pages[index].obj for index in indices], placed)

    def finish(self) -> None:
        """The links of every part pointed at their pages' copies, the names they use carried; the layers."""
        if not self.parts:
            return
        first: dict[Key, Any] = {}
        copies = 0
        for sources, placed in self.parts:
            copies += len(sources)
            for source, page in zip(sources, placed, strict=True):
                first.setdefault(source.objgen, page)
        if _has_names(self.src) or copies > len(first):  # (a page copied once: qpdf points links at it)
            _carry_links(self.src, self.out, self.parts, first)
        _carry_layers(self.src, self.out, list({source.objgen: source for sources, _ in self.parts
                                                for source in sources}.values()))


def relink(pdf: pikepdf.Pdf, pages: list[Any], order: list[int]) -> None:
    """After `pdf`'s pages (`pages`, as they were) are placed again in `order` with repeats (select's `1-4,1-4`):
    the links of each run of pages that repeats none open the copies in that run, else the first copy. A page's
    first use is the page itself; its later copies share its links until one changes."""
    parts = _runs([pages[index].obj for index in order], [page.obj for page in page_list(pdf)])
    first: dict[Key, Any] = {}
    for sources, copies in parts:
        for source, page in zip(sources, copies, strict=True):
            first.setdefault(source.objgen, page)
    _carry_links(pdf, pdf, parts, first)


def _runs(sources: list[Any], placed: list[Any]) -> list[tuple[list[Any], list[Any]]]:
    """The pages (`sources`, and `placed`, their copies) in runs that repeat no page: the next starts at a page
    the run has (`1-4,1-4`: two runs, each copy's links its own)."""
    parts: list[tuple[list[Any], list[Any]]] = [([], [])]
    run: set[Key] = set()
    for source, page in zip(sources, placed, strict=True):
        if source.objgen in run:
            parts.append(([], []))
            run.clear()
        run.add(source.objgen)
        parts[-1][0].append(source)
        parts[-1][1].append(page)
    return parts


def _widgets(page: pikepdf.Dictionary) -> bool:
    """Whether an annotation of the page is a form field's widget (what pikepdf's add_pages_from makes the
    output's fields)."""
    import pikepdf

    annots = page.get("/Annots")
    return any(isinstance(annot, pikepdf.Dictionary)
               and (annot.get("/Subtype") == "/Widget" or "/FT" in annot or "/Parent" in annot)
               for annot in (annots if isinstance(annots, pikepdf.Array) else ()))


def _carry_fields(src: pikepdf.Pdf, out: pikepdf.Pdf, sources: list[pikepdf.Page], placed: list[Any]) -> None:
    """Make the fields whose widgets are on the copied pages the output's, page by page, as pikepdf's
    add_pages_from does it (qpdf's fixCopiedAnnotations: each copy of a page its own widgets and fields, listed
    in /AcroForm, a clashing name renamed `name+1`, the form's default resources merged), without its listing
    of every page of both files for each page."""
    import pikepdf

    theirs, mine = src.acroform, out.acroform
    for source, page in zip(sources, placed, strict=True):
        if _widgets(source.obj):
            task.check()
            mine.fix_copied_annotations(pikepdf.Page(page), source, theirs)


def _has_names(src: pikepdf.Pdf) -> bool:
    import pikepdf

    names = src.Root.get("/Names")
    return "/Dests" in src.Root or (isinstance(names, pikepdf.Dictionary) and "/Dests" in names)


def _last_pages(out: pikepdf.Pdf, count: int) -> list[Any]:
    """The last `count` pages of `out`: qpdf's addPage flattens the page tree, so they end its /Kids (read in
    place; listing the pages would list all of them)."""
    import pikepdf

    kids = out.Root.Pages.get("/Kids")
    if isinstance(kids, pikepdf.Array) and len(kids) >= count:
        last = [kids[i] for i in range(len(kids) - count, len(kids))]
        if all(isinstance(kid, pikepdf.Dictionary) and kid.get("/Type") == "/Page" for kid in last):
            return last
    return [page.obj for page in page_list(out)[len(out.pages) - count:]]


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


def _action_copy(action: Any, depth: int) -> Any:
    """An action with its /Next chain, copied (so a name changed in it is changed in this copy only)."""
    import pikepdf

    if depth > CHAIN:
        return action
    if isinstance(action, pikepdf.Array):
        return pikepdf.Array([_action_copy(item, depth + 1) for item in action])
    if not isinstance(action, pikepdf.Dictionary):
        return action
    copy = pikepdf.Dictionary(dict(action.items()))
    if "/Next" in copy:
        copy.Next = _action_copy(copy.Next, depth + 1)
    return copy


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


def _carry_layers(src: pikepdf.Pdf, out: pikepdf.Pdf, pages: list[Any]) -> None:
    """Add the source's layers that the copied `pages` use to the output's /OCProperties: the groups (each once),
    and in the default configuration and in each alternate one (/Configs, a viewer's presets: joined by name with
    the output's, else added) the order they are shown in, which are off (on, when the configuration starts
    off), locked, radio groups and automatic states. An output configuration the source has none of the name of
    takes the source's default."""
    import pikepdf

    props = src.Root.get("/OCProperties")
    if not isinstance(props, pikepdf.Dictionary):
        return
    listed = props.get("/OCGs")
    groups = [g for g in listed if _is_group(g)] if isinstance(listed, pikepdf.Array) else []
    if not groups:
        return
    used = _used_groups(pages)
    mine = out.Root.get("/OCProperties")
    have = mine.get("/OCGs") if isinstance(mine, pikepdf.Dictionary) else None
    earlier = [g for g in have if _is_group(g)] if isinstance(have, pikepdf.Array) else []
    already = {g.objgen for g in earlier}
    copies = {}
    for group in groups:
        if group.objgen in used:
            copy = out.copy_foreign(group)
            if copy.objgen not in already:
                already.add(copy.objgen)
                copies[group.objgen] = copy
    if not copies:
        return
    if not isinstance(mine, pikepdf.Dictionary):
        mine = out.Root.OCProperties = out.make_indirect(pikepdf.Dictionary())
    _extend(mine, "/OCGs", list(copies.values()))
    default = mine.get("/D")
    if not isinstance(default, pikepdf.Dictionary):
        default = mine.D = pikepdf.Dictionary()
    theirs = props.get("/D")
    theirs = theirs if isinstance(theirs, pikepdf.Dictionary) else pikepdf.Dictionary()
    listed = props.get("/Configs")
    pending = [c for c in listed if isinstance(c, pikepdf.Dictionary)] if isinstance(listed, pikepdf.Array) else []
    configs = mine.get("/Configs")
    for config in configs if isinstance(configs, pikepdf.Array) else ():
        match = next((c for c in pending if _config_name(c) == _config_name(config)), None)
        if match is not None:
            pending.remove(match)
        if isinstance(config, pikepdf.Dictionary):
            _join_config(out, config, theirs if match is None else match, copies)
    added = [_new_config(out, default, config, earlier) for config in pending]  # (the default as it was)
    for config, source in zip(added, pending, strict=True):
        _join_config(out, config, source, copies)
    _extend(mine, "/Configs", added)
    _join_config(out, default, theirs, copies)


# Not walked for groups: no group is reached through them, and /B (article beads) and /Parent lead to every page
# of a thread or tree (a split part walking them all: quadratic).
SKIPPED = frozenset(("/Parent", "/P", "/B", "/Font", "/Widths", "/W", "/Encoding", "/ColorSpace", "/Length",
                     "/Filter", "/DecodeParms", "/Metadata"))


def _used_groups(pages: list[Any]) -> set[Key]:
    """The optional content groups the pages reach (their content's /Properties, a membership dictionary's groups,
    an XObject's or annotation's /OC, an action's...): what qpdf copied with them, other pages not entered."""
    import pikepdf

    found: set[Key] = set()
    seen: set[Key] = set()
    todo: list[Any] = [v for page in pages for k, v in page.items() if k not in SKIPPED]
    while todo:
        item = todo.pop()
        if isinstance(item, pikepdf.Array):
            if item.is_indirect:
                if item.objgen in seen:
                    continue
                seen.add(item.objgen)
            todo += [v for v in item if isinstance(v, pikepdf.Dictionary | pikepdf.Array | pikepdf.Stream)]
            continue
        if not isinstance(item, pikepdf.Dictionary | pikepdf.Stream):
            continue
        if item.is_indirect:
            if item.objgen in seen:
                continue
            seen.add(item.objgen)
        kind = item.get("/Type")
        if kind == "/OCG":
            found.add(item.objgen)
        elif kind not in ("/Page", "/Pages"):
            todo += [item[k] for k in item.keys() if k not in SKIPPED]  # noqa: SIM118 (a stream has no items())
    return found


def _config_name(config: Any) -> str:
    import pikepdf

    return str(config.get("/Name", "")) if isinstance(config, pikepdf.Dictionary) else ""


def _new_config(out: pikepdf.Pdf, default: Any, theirs: Any, earlier: list[Any]) -> Any:
    """An output configuration for the source's `theirs`, which no earlier input has: its name and kind, its
    base state; the `earlier` groups as the output's `default` shows, orders and locks them."""
    import pikepdf

    config = pikepdf.Dictionary({key: _plain(out, theirs[key]) for key in ("/Name", "/Creator", "/Intent",
                                                                          "/ListMode") if key in theirs})
    base_off = theirs.get("/BaseState") == "/OFF"
    if base_off:
        config.BaseState = pikepdf.Name.OFF
    shown = _shown(default, [g.objgen for g in earlier])
    _extend(config, "/ON" if base_off else "/OFF", [g for g in earlier if shown[g.objgen] == base_off])
    for key in ("/Order", "/Locked", "/RBGroups", "/AS"):
        if isinstance(default.get(key), pikepdf.Array):
            config[key] = _fresh(default[key], 0)
    return config


def _shown(config: Any, keys: list[Key]) -> dict[Key, bool]:
    """Whether each group (by its key) is on in the configuration."""
    import pikepdf

    def members(key: str) -> set[Key]:
        value = config.get(key)
        return {g.objgen for g in value if _is_group(g)} if isinstance(value, pikepdf.Array) else set()

    on, off, base_off = members("/ON"), members("/OFF"), config.get("/BaseState") == "/OFF"
    return {key: key not in off and (key in on or not base_off) for key in keys}


def _fresh(value: Any, depth: int) -> Any:
    """A copy of a configuration's array (its arrays and dictionaries its own; groups the same objects)."""
    import pikepdf

    if depth > 32 or (isinstance(value, pikepdf.Object) and value.is_indirect):
        return value
    if isinstance(value, pikepdf.Array):
        return pikepdf.Array([_fresh(v, depth + 1) for v in value])
    if isinstance(value, pikepdf.Dictionary):
        return pikepdf.Dictionary({k: _fresh(v, depth + 1) for k, v in value.items()})
    return value


def _join_config(out: pikepdf.Pdf, config: Any, theirs: Any, copies: dict[Key, Any]) -> None:
    """Add the groups copied now to an output configuration, as the source's configuration `theirs` has them."""
    import pikepdf

    mine_off = config.get("/BaseState") == "/OFF"
    shown = _shown(theirs, list(copies))
    _extend(config, "/ON" if mine_off else "/OFF", [copies[key] for key, visible in shown.items()
                                                   if visible == mine_off])
    for key in ("/Order", "/Locked", "/RBGroups"):
        value = theirs.get(key)
        if isinstance(value, pikepdf.Array):
            _extend(config, key, _kept(value, copies, nested=key != "/Locked", depth=0))
    automatic = theirs.get("/AS")
    if isinstance(automatic, pikepdf.Array):  # (a usage whose groups are all left out goes with them)
        usages = [(usage, _kept(usage.OCGs, copies, nested=False, depth=0)) for usage in automatic
                  if isinstance(usage, pikepdf.Dictionary) and isinstance(usage.get("/OCGs"), pikepdf.Array)]
        _extend(config, "/AS", [pikepdf.Dictionary({k: pikepdf.Array(kept) if k == "/OCGs" else _plain(out, v)
                                                    for k, v in usage.items()}) for usage, kept in usages if kept])


def _is_group(value: Any) -> bool:
    import pikepdf

    return isinstance(value, pikepdf.Dictionary) and value.is_indirect and value.get("/Type") == "/OCG"


def _kept(items: Any, copies: dict[Key, Any], *, nested: bool, depth: int) -> list[Any]:
    """The items of an /Order (`nested`: arrays within, a label first), /Locked or /RBGroups array for the
    output: the groups copied now, as copied; labels; arrays that still hold a group."""
    import pikepdf

    kept: list[Any] = []
    for item in items:
        if isinstance(item, pikepdf.Array) and depth < 32:
            inner = _kept(item, copies, nested=True, depth=depth + 1)
            if any(not isinstance(x, pikepdf.String) for x in inner):
                kept.append(pikepdf.Array(inner))
        elif isinstance(item, pikepdf.String) and nested and depth:
            kept.append(pikepdf.String(bytes(item)))
        elif isinstance(item, pikepdf.Dictionary) and item.is_indirect and item.objgen in copies:
            kept.append(copies[item.objgen])
    return kept


def _plain(out: pikepdf.Pdf, value: Any) -> Any:
    """A value of the source's configuration (names, numbers, arrays of names) as the output may hold it."""
    import pikepdf

    if isinstance(value, pikepdf.Object) and value.is_indirect:
        return out.copy_foreign(value)
    if isinstance(value, pikepdf.Array):
        return pikepdf.Array([_plain(out, v) for v in value])
    return value


def _extend(config: Any, key: str, items: list[Any]) -> None:
    import pikepdf

    if not items:
        return
    existing = config.get(key)
    if isinstance(existing, pikepdf.Array):
        existing.extend(items)
    else:
        config[key] = pikepdf.Array(items)
