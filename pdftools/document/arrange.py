"""Rearranging the pages of an open PDF in place, so that everything else in it (metadata, encryption, forms,
bookmarks, named destinations) stays as it was.

Pages keep their identity (bookmarks and links that point at them stay right); a page used twice becomes a
copy. A page left out is emptied, so nothing of it stays in the file even when something still points at
it, and the named destinations, open action and form fields that pointed at it are removed; its bookmarks go,
or stay as title-only headings when bookmarks under them stay (see remap).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdftools.core.pdf import append_page
from pdftools.document import labels as pagelabels
from pdftools.document import remap
from pdftools.errors import InvalidPageRange

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]


def arrange(pdf: pikepdf.Pdf, order: list[int], moved: dict[int, int] | None = None,
            labelled: int | None = None) -> list[str]:
    """Make the pages `order` (0-based indices of the current pages); return warnings for the result.
    `moved` maps pages left out to the new page that shows them (bookmarks follow). `labelled`: how many of
    the current pages the page labels were written for (the others were added); each page keeps its label."""
    pages = list(pdf.pages)
    if order != list(range(len(pages))):
        take_out(pdf, pages)
        for index in order:
            append_page(pdf, pages[index])  # a page already placed is copied, sharing its content
        if len(set(order)) < len(order):  # (select's `1-4,1-4`: each run's links open its own copies)
            from pdftools.document.copying import relink

            relink(pdf, pages, order)
    warnings = []
    if order[: len(pages)] != list(range(len(pages))) and "/PageLabels" in pdf.Root:
        kept = len(pages) if labelled is None else labelled
        origins = [index if index < kept else None for index in order]
        if all(o is None for o in origins) or not pagelabels.relabel(pdf, origins):  # sheets, or unreadable
            del pdf.Root.PageLabels
            warnings.append("page labels removed: they no longer matched the pages")
    dropped = {pages[i].obj.objgen: pages[i] for i in sorted(set(range(len(pages))) - set(order))}
    if dropped:
        _forget(pdf, dropped, pages, order, moved or {})
    return warnings


def take_out(pdf: pikepdf.Pdf, pages: list[pikepdf.Page]) -> None:
    """Take every page (`pages`, as listed) out of the page tree, the last first, each by itself: qpdf's
    removePage of the last page is quick, where `del pdf.pages[i]` (or a slice) lists every page for each
    removal (a 20,000-page reverse took 20-45 s; 40,000, minutes). The first removal makes qpdf flatten the tree
    and push what pages inherit from /Pages nodes (/Rotate, /MediaBox, /CropBox, /Resources) onto each page,
    so they keep it when put back."""
    for page in reversed(pages):
        pdf.pages.remove(page)


def upright(page: pikepdf.Page) -> int:
    """The page's rotation as readers draw it: 0, 90, 180 or 270; a /Rotate that is no multiple of 90 (which
    the PDF standard does not allow, and qpdf will not set) draws the page upright."""
    rotation = page.rotation
    return rotation % 360 if rotation % 90 == 0 else 0


def check_position(after: int | str | None, total: int, name: object = "the document") -> int:
    """The number of pages that stay before the inserted ones (`after`: a page, `last`, `-1`, or 0); `name` is
    the file's, as an error says it."""
    from pdftools.core.pages import page_number

    if after is None:
        return total
    if str(after).strip().lstrip("-").isdigit() and int(after) > total:
        raise InvalidPageRange(f"cannot insert after page {after}: {name} has {total} pages",
                               hint=f"{{{{after}}}} takes one page, from 0 (at the start) to {total}, or `last`.")
    return page_number(after, total, zero=True)


def insertion_order(total: int, position: int, count: int) -> list[int]:
    """0-based order for `count` pages appended at the end to sit after the first `position` pages."""
    added = list(range(total, total + count))
    return [*range(position), *added, *range(position, total)]


def _forget(pdf: pikepdf.Pdf, dropped: dict[Key, Any], pages: list[Any], order: list[int],
            moved: dict[int, int]) -> None:
    fields = [f for page in dropped.values() for f in pdf.acroform.get_form_fields_for_page(page)]
    if fields:
        pdf.acroform.remove_fields(fields)
    _fix_outline(pdf, set(dropped), pages, order, moved)
    _drop_dests(pdf, set(dropped))
    for page in dropped.values():
        for key in list(page.obj.keys()):
            if key not in ("/Type", "/MediaBox"):
                del page.obj[key]


def _fix_outline(pdf: pikepdf.Pdf, dropped: set[Key], pages: list[Any], order: list[int],
                 moved: dict[int, int]) -> None:
    """Bookmarks of pages that went: the outline is carried through (remap), untouched when none points at one."""
    if not remap.points_at(pdf, dropped):
        return
    targets = {pages[old].obj.objgen: remap.Target(pages[old].obj) for old in set(order)}  # first use: the page
    if moved:
        now = list(pdf.pages)
        targets |= {pages[old].obj.objgen: remap.Target(now[new].obj, same_view=False) for old, new in moved.items()}
    remap.edit(pdf, targets)


def _target(dest: Any) -> Key | None:
    """The page a destination (array, or dict with /D) points at, as an object key."""
    import pikepdf

    if isinstance(dest, pikepdf.Dictionary) and "/D" in dest:
        dest = dest.D
    if isinstance(dest, pikepdf.Array) and len(dest) and isinstance(dest[0], pikepdf.Dictionary):
        return dest[0].objgen  # type: ignore[no-any-return]
    return None


def _drop_dests(pdf: pikepdf.Pdf, dropped: set[Key]) -> None:
    import pikepdf

    root = pdf.Root
    if _target(root.get("/OpenAction")) in dropped:
        del root.OpenAction
    if isinstance(root.get("/Dests"), pikepdf.Dictionary):
        for name in [k for k, v in root.Dests.items() if _target(v) in dropped]:
            del root.Dests[name]
    if "/Names" in root and "/Dests" in root.Names:
        tree = pikepdf.NameTree(root.Names.Dests)
        entries = list(tree.items())
        drop = [k for k, v in entries if _target(v) in dropped]
        try:
            for key in drop:
                del tree[key]
        except KeyError:  # an unsorted tree (qpdf finds a name by bisection): written anew, sorted, without them
            fresh = pikepdf.NameTree.new(pdf)
            for key, value in entries:
                if key not in drop:
                    fresh[key] = value
            root.Names.Dests = fresh.obj
