"""Links that go through named destinations (LaTeX hyperref's: `/A << /S /GoTo /D (section.1) >>`, a name in the
`/Names /Dests` tree; older writers' `/Dest /name`, a key of the catalog's `/Dests`) still open the right page of
the right copy after merge, split and insert.

Pages whose links named destinations went through pikepdf's add_pages_from, which lists every page of both
files for each page it copies: a merge of a 5,000-page hyperref document took 23 s, 20,000 pages 110 s. They now
go in as a plain document's (qpdf's addPage), and the names their links use are carried by pdftools, renamed
on a clash as pikepdf renames them (`section.1` -> `section.1.1`). A file given twice to merge is opened once,
so its second copy's pages share the first's annotations: pikepdf renamed the shared links to the second copy's
names, and the first copy's table of contents opened the second copy's pages. Each copy's links now open its
own pages.

Links are read back by poppler (pdftohtml -xml: the page each link opens) and pikepdf; `pdfinfo -dests` lists
the names; `qpdf --check` is clean. The long case is a structural check with a generous time-out as its failure.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb
from extreme_pdfs import numbered

PDFTOOLS = [sys.executable, "-m", "pdftools"]


def _links(path: Path) -> dict[int, list[int]]:
    """Page (1-based) -> the pages its links open, as poppler resolves them (pdftohtml -xml)."""
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", str(path)], capture_output=True, text=True,
                         check=True).stdout
    found: dict[int, list[int]] = {}
    for number, body in re.findall(r'<page number="(\d+)"(.*?)</page>', xml, re.S):
        targets = [int(t) for t in re.findall(r'<a href="[^"#]*#(\d+)"', body)]
        if targets:
            found[int(number)] = targets
    return found


def _contents() -> list[int]:
    """The pages pdflatex-outline's contents page links to (hyperref's names: 2, 2, 3...; a link covers two
    words, so each is there twice)."""
    links = _links(rb.OUTLINE)
    assert list(links) == [1] and sorted(set(links[1])) == [2, 3, 4]
    return links[1]


def _dests(path: Path) -> dict[str, int]:
    """Named destination -> page (1-based), as `pdfinfo -dests` lists them."""
    out = subprocess.run(["pdfinfo", "-dests", str(path)], capture_output=True, text=True, check=True).stdout
    return {name: int(page) for page, name in re.findall(r'^ *(\d+) .*"(.*)"$', out, re.M)}


def _sections(path: Path) -> dict[str, int]:
    """The names pdflatex-outline's links use (`section.N`; it also names pages no link opens)."""
    return {name: page for name, page in _dests(path).items() if name.startswith("section.")}



def test_a_file_merged_with_itself_keeps_each_copys_links(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "twice.pdf"
    assert cli("merge", rb.OUTLINE, rb.OUTLINE, "-o", out).exit_code == 0
    assert _links(out) == {1: _contents(), 5: [page + 4 for page in _contents()]}
    names = _dests(out)
    assert {name: page for name, page in names.items() if page <= 4} == _sections(rb.OUTLINE)  # as they were
    assert {name.removesuffix(".1"): page - 4 for name, page in names.items() if page > 4} == _sections(rb.OUTLINE)
    rb.qpdf_checked(out)


def test_two_files_with_the_same_names_keep_each_files_links(cli: Any, tmp_path: Path) -> None:
    other = tmp_path / "other.pdf"
    other.write_bytes(rb.OUTLINE.read_bytes())
    out = tmp_path / "two.pdf"
    assert cli("merge", rb.FOUR, rb.OUTLINE, other, "-o", out).exit_code == 0
    assert _links(out) == {5: [page + 4 for page in _contents()], 9: [page + 8 for page in _contents()]}
    assert set(_dests(out)) == set(_sections(rb.OUTLINE)) | {f"{name}.1" for name in _sections(rb.OUTLINE)}
    rb.qpdf_checked(out)


def test_a_split_part_keeps_the_names_of_its_pages(cli: Any, tmp_path: Path) -> None:
    """The contents page's part holds sections 1-4 (page 2): those names open its page 2; the others' pages
    are not in it, so their names are not either."""
    assert cli("split", rb.OUTLINE, "--ranges", "1-2,3-4", "-d", tmp_path / "parts").exit_code == 0
    first, second = sorted((tmp_path / "parts").iterdir())
    assert _dests(first) == {f"section.{n}": 2 for n in range(1, 5)}
    assert _links(first) == {1: [page for page in _contents() if page == 2]}  # (the others open nothing)
    assert _dests(second) == {} and _links(second) == {}
    rb.qpdf_checked(first)
    rb.qpdf_checked(second)


def test_inserted_pages_keep_their_links(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "inserted.pdf"
    assert cli("insert", rb.OUTLINE, f"{rb.OUTLINE}:1-4", "--after", "2", "-o", out).exit_code == 0
    moved = {2: 2, 3: 7, 4: 8}  # the original's pages 3-4 come after the four inserted
    assert _links(out) == {1: [moved[page] for page in _contents()], 3: [page + 2 for page in _contents()]}
    assert len(_dests(out)) == len(_dests(rb.OUTLINE)) + len(_sections(rb.OUTLINE))  # its own, and the names used
    rb.qpdf_checked(out)


def _hyperref(path: Path, count: int) -> Path:
    """`count` pages, each linking to the next one as hyperref does (a GoTo action naming `p00002`..., in the
    /Names /Dests tree, as /XYZ views), and every 10th page also by a legacy `/Dest /qN` (the catalog's /Dests)."""
    pdf = pikepdf.new()
    pages, font = numbered(pdf, count)
    names, legacy = [], pikepdf.Dictionary()
    for n, page in enumerate(pages, 1):
        names += [pikepdf.String(f"p{n:05d}"), pdf.make_indirect(pikepdf.Dictionary(
            D=pikepdf.Array([page, pikepdf.Name.XYZ, 72, 760, None])))]
        if n == count:
            continue
        annots = [pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[72, 700, 300, 750], Border=[0, 0, 0],
            A=pikepdf.Dictionary(S=pikepdf.Name.GoTo, D=pikepdf.String(f"p{n + 1:05d}"))))]
        if n % 10 == 0:
            legacy[f"/q{n + 1}"] = pikepdf.Array([pages[n], pikepdf.Name.Fit])
            annots.append(pdf.make_indirect(pikepdf.Dictionary(
                Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[72, 600, 300, 650], Border=[0, 0, 0],
                Dest=pikepdf.Name(f"/q{n + 1}"))))
        page.Annots = pikepdf.Array(annots)
    pdf.Root.Names = pikepdf.Dictionary(Dests=pikepdf.Dictionary(Names=pikepdf.Array(names)))
    pdf.Root.Dests = pdf.make_indirect(legacy)
    pdf.save(path)
    return path


def _resolved(path: Path) -> tuple[int, list[tuple[int, int]]]:
    """(pages, (page, page its link opens) for each link: 0-based, through the output's own names)."""
    with pikepdf.open(path) as pdf:
        at = {page.objgen: i for i, page in enumerate(pdf.pages)}
        tree = {str(k): v for k, v in pikepdf.NameTree(pdf.Root.Names.Dests).items()}
        legacy = pdf.Root.get("/Dests", pikepdf.Dictionary())
        pairs = []
        for i, page in enumerate(pdf.pages):
            for annot in page.obj.get("/Annots", []):
                name = annot.A.D if "/A" in annot else annot.Dest
                dest = tree.get(str(name)) if isinstance(name, pikepdf.String) else legacy.get(str(name))
                dest = dest.D if isinstance(dest, pikepdf.Dictionary) else dest
                pairs.append((i, at.get(dest[0].objgen, -1) if dest is not None else -1))
        return len(at), pairs


def test_a_small_generated_file_merged_with_itself_links_each_copy_to_its_own_pages(tmp_path: Path) -> None:
    source = _hyperref(tmp_path / "links.pdf", 21)
    out = tmp_path / "out.pdf"
    subprocess.run([*PDFTOOLS, "merge", str(source), str(source), "-o", str(out)], check=True, capture_output=True)
    count, pairs = _resolved(out)
    assert count == 42
    want = [(i, i + 1) for start in (0, 21) for n in range(20) for i in [start + n]
            for _ in range(2 if (n + 1) % 10 == 0 else 1)]
    assert pairs == want
    rb.qpdf_checked(out)


LONG = 10_000


def test_a_long_hyperref_document_merged_with_itself(tmp_path: Path) -> None:
    """10,000 pages, each linking to the next through a name, merged with itself (20,000 pages): the pages
    went through add_pages_from (a 5,000-page file took 23 s, 20,000 pages 110 s); a generous time-out."""
    source = _hyperref(tmp_path / "long.pdf", LONG)
    out = tmp_path / "out.pdf"
    subprocess.run([*PDFTOOLS, "merge", str(source), str(source), "-o", str(out)], check=True, capture_output=True,
                   timeout=60)
    count, pairs = _resolved(out)
    assert count == 2 * LONG
    assert len(pairs) == 2 * (LONG - 1 + (LONG - 1) // 10)
    assert all(to == on + 1 for on, to in pairs)  # each copy's links open its own next page
    assert rb.first_line(out, LONG + 1) == "Page 1"


def test_a_link_whose_page_is_left_out_opens_nothing_rather_than_another_files_page(cli: Any, tmp_path: Path) -> None:
    """Every LaTeX document has `section.1`, `page.1`...: the contents page of the first two pages of one links
    to sections 5-9, whose pages are not taken; it kept their names, and the second file's names, carried
    after it unrenamed, made those links open the second file's sections. They now open nothing (as in a split
    part, where no other file's names are)."""
    other = tmp_path / "other.pdf"
    other.write_bytes(rb.OUTLINE.read_bytes())
    out = tmp_path / "partial.pdf"
    assert cli("merge", f"{rb.OUTLINE}:1-2", other, "-o", out).exit_code == 0
    assert _links(out) == {1: [page for page in _contents() if page == 2],
                           3: [page + 2 for page in _contents()]}
    out = tmp_path / "inserted.pdf"
    assert cli("insert", other, f"{rb.OUTLINE}:1", "-o", out).exit_code == 0  # (the other's names are all there)
    assert _links(out) == {1: _contents()}
    rb.qpdf_checked(out)
