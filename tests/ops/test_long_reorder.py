"""Pages moved or left out in numbers (`select z-1`, `reorder`, `delete odd`, `insert` in the middle) on long
documents and on a page tree with inherited attributes.

Every page was taken out one at a time through pikepdf's page list, which lists all pages on each removal: a
20,000-page reverse took 20-45 s, and twice the pages four times as long. Now each page is taken out from the end
by itself (qpdf's removePage, no listing) and the pages put back in their new order. The long case is a
structural check with a generous time-out as its failure (a 40,000-page reverse, which took minutes); the
times are in benchmarks/run.py (`--only reorder`).

The small cases check what the new order must keep: the pages' text in the new order (pdftotext), what each
page inherited from /Pages nodes above it (/Rotate, /MediaBox, /CropBox, /Resources: pdfinfo's sizes and
rotations, and the text drawn with the inherited font), bookmarks, links and named destinations still on the
page they showed, a form field's widget still on its page (/P), and `qpdf --check` clean.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from extreme_pdfs import numbered

PDFTOOLS = [sys.executable, "-m", "pdftools"]

# page number -> (rotation, media box size, crop box size) as inherited from the tree below
LOOKS = {1: (90, "612 x 792"), 2: (90, "612 x 792"), 3: (90, "612 x 792"),
         4: (270, "400 x 500"), 5: (270, "400 x 500"), 6: (0, "400 x 500")}
CROPPED = {4, 5, 6}


def _page(pdf: pikepdf.Pdf, number: int, parent: pikepdf.Dictionary, **own: Any) -> pikepdf.Dictionary:
    content = pdf.make_stream(f"BT /F1 20 Tf 40 100 Td (Page {number}) Tj ET".encode())
    return pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Page, Parent=parent, Contents=content, **own))


def _nested(path: Path) -> Path:
    """Six pages in a tree: the root gives /MediaBox and /Resources (the font) to all; A gives /Rotate 90 to
    pages 1-3; B gives another /MediaBox and a /CropBox to pages 4-6, and C under it /Rotate 270 to pages 4-5;
    page 6 has /Rotate 0 of its own. Each page's bookmark `Page N` points at it; page 1 links to page 5 by
    an explicit destination, page 2 by the named destination `five`; a text field's widget sits on page 3."""
    pdf = pikepdf.new()
    font = pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)
    root = pdf.Root.Pages
    root.MediaBox = pikepdf.Array([0, 0, 612, 792])
    root.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=pdf.make_indirect(font)))
    a = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Pages, Parent=root, Rotate=90, Count=3))
    b = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Pages, Parent=root, Count=3,
                                             MediaBox=pikepdf.Array([0, 0, 400, 500]),
                                             CropBox=pikepdf.Array([10, 10, 390, 490])))
    c = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Pages, Parent=b, Rotate=270, Count=2))
    pages = {n: _page(pdf, n, a) for n in (1, 2, 3)} | {n: _page(pdf, n, c) for n in (4, 5)}
    pages[6] = _page(pdf, 6, b, Rotate=0)
    a.Kids = pikepdf.Array([pages[1], pages[2], pages[3]])
    c.Kids = pikepdf.Array([pages[4], pages[5]])
    b.Kids = pikepdf.Array([c, pages[6]])
    root.Kids = pikepdf.Array([a, b])
    root.Count = 6
    rect = pikepdf.Array([40, 40, 200, 140])
    pages[1].Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=rect, Border=[0, 0, 0],
        Dest=pikepdf.Array([pages[5], pikepdf.Name.Fit])))])
    pages[2].Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=rect, Border=[0, 0, 0],
        Dest=pikepdf.String("five")))])
    pdf.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(
        Names=pikepdf.Array([pikepdf.String("five"), pikepdf.Array([pages[5], pikepdf.Name.Fit])])))
    widget = pdf.make_indirect(pikepdf.Dictionary(
        Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget, FT=pikepdf.Name.Tx, T=pikepdf.String("name"),
        V=pikepdf.String("Ann"), Rect=pikepdf.Array([40, 200, 200, 220]), P=pages[3]))
    pages[3].Annots = pikepdf.Array([widget])
    pdf.Root.AcroForm = pikepdf.Dictionary(Fields=pikepdf.Array([widget]))
    with pdf.open_outline() as outline:
        outline.root.extend(pikepdf.OutlineItem(f"Page {n}", n - 1) for n in range(1, 7))
    pdf.save(path)
    return path


def _looks(path: Path) -> list[tuple[int, str, bool]]:
    """Each page's (rotation, media box size, cropped) as pdfinfo reads them."""
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "99", "-box", str(path)], capture_output=True, text=True,
                         check=True).stdout
    rotations = [int(r) for r in re.findall(r"^Page +\d+ rot: +(\d+)", out, re.M)]
    media = re.findall(r"^Page +\d+ MediaBox: +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+)", out, re.M)
    crops = re.findall(r"^Page +\d+ CropBox: +([\d.]+) +([\d.]+) +([\d.]+) +([\d.]+)", out, re.M)
    sizes = [f"{float(x1) - float(x0):g} x {float(y1) - float(y0):g}" for x0, y0, x1, y1 in media]
    cropped = [c != m for c, m in zip(crops, media, strict=True)]
    return list(zip(rotations, sizes, cropped, strict=True))


def _numbers(path: Path) -> list[int]:
    """The number each page shows (`Page N`, drawn with the font its tree gave it)."""
    return [int(line.split()[-1]) if line.startswith("Page ") else 0 for line in rb.page_lines(path)]


def _link_targets(path: Path) -> list[tuple[int, int]]:
    """(page a link is on, page it opens), by the number each page shows, explicit or named."""
    shown = _numbers(path)
    out = []
    with pikepdf.open(path) as pdf:
        index = {page.obj.objgen: i for i, page in enumerate(pdf.pages)}
        names = pikepdf.NameTree(pdf.Root.Names.Dests) if "/Names" in pdf.Root else {}
        for i, page in enumerate(pdf.pages):
            for annot in page.obj.get("/Annots", []):
                if annot.get("/Subtype") != "/Link":
                    continue
                dest = annot.Dest
                if isinstance(dest, pikepdf.String):
                    try:
                        dest = names[str(dest)]
                    except KeyError:  # (the name went with its page)
                        continue
                out.append((shown[i], shown[index[dest[0].objgen]]))
    return sorted(out)


def _field_page(path: Path) -> int:
    """The number shown by the page the text field's widget is on (its /P, and the page's /Annots)."""
    shown = _numbers(path)
    with pikepdf.open(path) as pdf:
        (field,) = list(pdf.Root.AcroForm.Fields)
        listed = [i for i, page in enumerate(pdf.pages)
                  if any(a.objgen == field.objgen for a in page.obj.get("/Annots", []))]
        on = [i for i, page in enumerate(pdf.pages) if page.obj.objgen == field.P.objgen]
        assert listed == on, (listed, on)
        return shown[on[0]]



CASES = {
    "select-reverse": (["select", "{in}", "z-1"], [6, 5, 4, 3, 2, 1]),
    "select-reverse-twice": (["select", "{in}", "6-1,1,5"], [6, 5, 4, 3, 2, 1, 1, 5]),
    "reorder-reverse": (["reorder", "{in}", "--mode", "reverse"], [6, 5, 4, 3, 2, 1]),
    "reorder-interleave": (["reorder", "{in}", "--mode", "interleave"], [1, 4, 2, 5, 3, 6]),
    "delete-odd": (["delete", "{in}", "odd"], [2, 4, 6]),
    "insert-blank-middle": (["insert-blank", "{in}", "--after", "2"], [1, 2, 0, 3, 4, 5, 6]),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_new_order_keeps_what_pages_inherited_and_what_points_at_them(cli: Any, tmp_path: Path,
                                                                       case: str) -> None:
    source = _nested(tmp_path / "nested.pdf")
    args, order = CASES[case]
    out = tmp_path / "out.pdf"
    done = cli(*[a.format(**{"in": source}) for a in args], "-o", out)
    assert done.exit_code == 0, done
    assert _numbers(out) == order
    looks = _looks(out)
    for position, number in enumerate(order):
        if number:  # (a blank page takes the size and rotation of the page before it)
            assert looks[position] == (*LOOKS[number], number in CROPPED), (position, looks)
        else:
            assert looks[position] == looks[position - 1]
    kept = [n for n in order if n]
    shown = _numbers(out)
    bookmarks = {title: shown[page] for title, page in rb.flat(rb.outline(out)) if page is not None}
    assert bookmarks == {f"Page {n}": n for n in sorted(set(kept))}
    first = {n: order.index(n) for n in set(kept)}  # a bookmark opens the first placing of its page
    assert {title: page for title, page in rb.flat(rb.outline(out))} == {f"Page {n}": first[n] for n in first}
    links = [(on, to) for on, to in ((1, 5), (2, 5)) if kept.count(on) == 1 and to in kept]  # (a copy: its own)
    assert [pair for pair in _link_targets(out) if order.count(pair[0]) == 1] == links
    if 3 in kept:
        assert _field_page(out) == 3
    rb.qpdf_checked(out)


def _long(path: Path, count: int) -> Path:
    """`count` pages, each with its own content stream showing `Page N` (built in one go, flat)."""
    pdf = pikepdf.new()
    numbered(pdf, count)
    pdf.save(path)
    return path


LONG = 40_000


@pytest.mark.parametrize(("args", "first", "last", "count"), [
    (["select", "{in}", "z-1"], LONG, 1, LONG),
    (["reorder", "{in}", "--mode", "interleave"], 1, LONG, LONG),
    (["delete", "{in}", "odd"], 2, LONG, LONG // 2),
])
def test_a_long_document_is_reordered(tmp_path: Path, args: list[str], first: int, last: int, count: int) -> None:
    """40,000 pages: each run took minutes (each removal listed every page); a generous time-out fails it."""
    source = _long(tmp_path / "long.pdf", LONG)
    out = tmp_path / "out.pdf"
    subprocess.run([*PDFTOOLS, *[a.format(**{"in": source}) for a in args], "-o", str(out)], check=True,
                   capture_output=True, timeout=60)
    with pikepdf.open(out) as pdf:
        pages = [page.obj for page in pdf.pages]
        assert len(pages) == count == len({page.objgen for page in pages}) == int(pdf.Root.Pages.Count)
    assert rb.first_line(out, 1) == f"Page {first}"
    assert rb.first_line(out, count) == f"Page {last}"
    if args[0] != "delete":
        assert rb.first_line(out, 2) == f"Page {LONG - 1 if first == LONG else LONG // 2 + 1}"


def test_two_long_documents_are_collated(tmp_path: Path) -> None:
    """`merge --collate` of two 20,000-page files (the second last to first): each page went in on its own
    (pikepdf's add_pages_from, which lists every page of both files each time): past 150 s; now each input's
    pages go in at once and the merged pages are put in collated order in one pass."""
    source = _long(tmp_path / "long.pdf", LONG // 2)
    out = tmp_path / "out.pdf"
    subprocess.run([*PDFTOOLS, "merge", "--collate", str(source), f"{source}:z-1", "-o", str(out)], check=True,
                   capture_output=True, timeout=60)
    with pikepdf.open(out) as pdf:
        pages = [page.obj for page in pdf.pages]
        assert len(pages) == LONG == len({page.objgen for page in pages}) == int(pdf.Root.Pages.Count)
    shown = [rb.first_line(out, n) for n in (1, 2, 3, 4, LONG - 1, LONG)]
    assert shown == ["Page 1", f"Page {LONG // 2}", "Page 2", f"Page {LONG // 2 - 1}", f"Page {LONG // 2}", "Page 1"]


def test_a_long_document_is_inserted_in_the_middle_of_another(tmp_path: Path) -> None:
    """`insert` of 20,000 pages after page 10,000 of 20,000: pikepdf's add_pages_from lists every page of both
    files for each page it copies (time grew with the product of the two lengths); a plain source's pages now
    go in through qpdf's addPage, as merge's do."""
    source = _long(tmp_path / "long.pdf", LONG // 2)
    out = tmp_path / "out.pdf"
    subprocess.run([*PDFTOOLS, "insert", str(source), f"{source}:z-1", "--after", str(LONG // 4), "-o", str(out)],
                   check=True, capture_output=True, timeout=60)
    with pikepdf.open(out) as pdf:
        pages = [page.obj for page in pdf.pages]
        assert len(pages) == LONG == len({page.objgen for page in pages}) == int(pdf.Root.Pages.Count)
    half, quarter = LONG // 2, LONG // 4
    at = [1, quarter, quarter + 1, quarter + half, quarter + half + 1, LONG]
    assert [rb.first_line(out, n) for n in at] == [f"Page {n}" for n in (1, quarter, half, 1, quarter + 1, half)]


def _bookmarked(path: Path, count: int) -> Path:
    """`_long`'s pages, each with its bookmark `Page N` (the outline written as dictionaries, in one go)."""
    _long(path, count)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        root = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Outlines, Count=count))
        items = [pdf.make_indirect(pikepdf.Dictionary(Title=pikepdf.String(f"Page {n}"), Parent=root,
                                                      Dest=pikepdf.Array([page.obj, pikepdf.Name.Fit])))
                 for n, page in enumerate(pdf.pages, 1)]
        for before, after in zip(items, items[1:], strict=False):
            before.Next, after.Prev = after, before
        root.First, root.Last = items[0], items[-1]
        pdf.Root.Outlines = root
        pdf.save(path)
    return path


def test_a_long_bookmarked_document_loses_every_other_page(tmp_path: Path) -> None:
    """`delete odd` of 40,000 pages with a bookmark each: the bookmarks of the pages left were found by
    looking through every page kept for each bookmark, and the pages kept by looking through the list of those
    deleted for each page (40,000 pages: past 60 s under load)."""
    source = _bookmarked(tmp_path / "long.pdf", LONG)
    out = tmp_path / "out.pdf"
    subprocess.run([*PDFTOOLS, "delete", str(source), "odd", "-o", str(out)], check=True, capture_output=True,
                   timeout=60)
    tree = rb.outline(out)
    assert len(tree) == LONG // 2
    assert tree[0][:2] == ("Page 2", 0) and tree[-1][:2] == (f"Page {LONG}", LONG // 2 - 1)
    assert rb.first_line(out, LONG // 2) == f"Page {LONG}"


def _linked(path: Path, count: int) -> Path:
    """`_long`'s pages, each linking to the next by an explicit destination, and a named destination for
    every 100th page (the document has names; no link uses them)."""
    _long(path, count)
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        pages = [page.obj for page in pdf.pages]
        for page, following in zip(pages, pages[1:], strict=False):
            page.Annots = pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[0, 0, 10, 10], Border=[0, 0, 0],
                Dest=pikepdf.Array([following, pikepdf.Name.Fit])))])
        names = [item for n in range(0, count, 100)
                 for item in (pikepdf.String(f"p{n + 1:06d}"), pikepdf.Array([pages[n], pikepdf.Name.Fit]))]
        pdf.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(Names=pikepdf.Array(names)))
        pdf.save(path)
    return path


def _next_links(path: Path) -> tuple[int, int]:
    """(pages, pages whose link opens the page after it in the same file)."""
    with pikepdf.open(path) as pdf:
        pages = [page.obj for page in pdf.pages]
        at = {page.objgen: i for i, page in enumerate(pages)}
        return len(pages), sum(1 for i, page in enumerate(pages) for annot in page.get("/Annots", [])
                               if isinstance(annot.Dest[0], pikepdf.Dictionary)
                               and at.get(annot.Dest[0].objgen) == i + 1)


@pytest.mark.parametrize("how", ["split", "collate"])
def test_a_long_document_with_named_destinations_is_split_and_collated(tmp_path: Path, how: str) -> None:
    """A document with named destinations went through pikepdf's add_pages_from, which lists every page of
    both files for each page it copies: a split of 20,000 such pages in two, or a collation, ran past 150 s.
    Pages whose annotations name no destination (and no form field) now go in as a plain document's do."""
    source = _linked(tmp_path / "long.pdf", LONG)
    if how == "split":
        args = ["split", str(source), "--ranges", f"1-{LONG // 2},{LONG // 2 + 1}-z", "-d", str(tmp_path / "parts")]
    else:
        args = ["merge", "--collate", str(source), f"{source}:z-1", "-o", str(tmp_path / "out.pdf")]
    subprocess.run([*PDFTOOLS, *args], check=True, capture_output=True, timeout=60)
    if how == "split":
        parts = sorted((tmp_path / "parts").glob("*.pdf"))
        assert [_next_links(part) for part in parts] == [(LONG // 2, LONG // 2 - 1)] * 2  # (the last links out)
        assert [rb.first_line(part, 1) for part in parts] == ["Page 1", f"Page {LONG // 2 + 1}"]
    else:
        with pikepdf.open(tmp_path / "out.pdf") as pdf:
            pages = [page.obj for page in pdf.pages]
            at = {page.objgen: i for i, page in enumerate(pages)}
            assert len(pages) == 2 * LONG
            assert at[pages[0].Annots[0].Dest[0].objgen] == 2  # page 1's link opens page 2, placed third
        assert rb.first_line(tmp_path / "out.pdf", 2) == f"Page {LONG}"
