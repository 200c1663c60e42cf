"""Pages copied from one PDF into another (merge, split, insert), with what the document keeps for them: the
named destinations their links use, the layers (optional content) they draw, the form fields their widgets are.

Pages go in as qpdf copies them (addPage: the page with its content, resources and annotations), in time that
grows with the pages copied. What the document keeps for them is carried by modules beside this one:

    copied_links   the pages' links pointed at the copy of their page, the names they use carried
    copied_names   the named destinations: the source's looked up, the output's written (renamed on a clash)
    copied_fields  the form fields whose widgets are on the pages, made the output's by qpdf page by page
    copied_layers  the source's layers the pages use (/OCProperties, presets too), so a hidden layer stays hidden

One file given in several parts of a call (merge's `a.pdf:1-2 a.pdf:3-4`) is one `Copier`: a link opens its page's
copy in its own part, else the first copy another part made, else nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pdftools.core import task
from pdftools.core.pdf import append_page, page_list
from pdftools.document.copied_fields import _carry_fields, _widgets
from pdftools.document.copied_layers import _carry_layers
from pdftools.document.copied_links import _carry_links
from pdftools.document.copied_names import _has_names

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]


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
