"""One file given to merge several times (`merge a.pdf:1-2 a.pdf:3-4`, `merge a.pdf a.pdf`): a link (an explicit
/Dest to a page, a GoTo action's page, a named destination) and a bookmark open the copy of their page in the same
part when it has one, else the first copy in another part of the call, else nothing.

A named link to a page of another part opened nothing (names were carried part by part); a link to an explicit
page of a second copy (`merge a.pdf a.pdf`) opened the first copy's page (qpdf maps a page object to its first
copy); a bookmark to a page of another part was dropped. qpdf (`--empty --pages a.pdf 1-2 a.pdf 3-4 --`) drops
the names and, at 11.3, every explicit link to a page copied after the link's own (they open nothing): no model.
Read back by poppler (pdftohtml -xml: where each link and bookmark goes); `qpdf --check` clean; inputs untouched.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from extreme_pdfs import numbered
from pikepdf import Array, Dictionary, Name, String

WORDS = ("explicit", "action", "named", "two")  # page 1's links: to pages 3, 4, 3 (by name), 2


def _linked(path: Path) -> Path:
    """Four pages; page 1 has a link over each of WORDS; bookmarks open pages 1, 3 (by name) and 4."""
    pdf = pikepdf.new()
    pages, _ = numbered(pdf, 4)
    ys = (600, 500, 400, 300)
    words = b"".join(b"BT /F1 20 Tf 80 %d Td (%s) Tj ET\n" % (y + 10, w.encode())
                     for y, w in zip(ys, WORDS, strict=True))
    pages[0].Contents = pdf.make_stream(pages[0].Contents.read_bytes() + b"\n" + words)
    targets: list[dict[str, Any]] = [{"Dest": Array([pages[2], Name.Fit])},
                                     {"A": Dictionary(S=Name.GoTo, D=Array([pages[3], Name.Fit]))},
                                     {"A": Dictionary(S=Name.GoTo, D=String("three"))},
                                     {"Dest": Array([pages[1], Name.Fit])}]
    pages[0].Annots = Array([pdf.make_indirect(Dictionary(
        Type=Name.Annot, Subtype=Name.Link, Rect=[72, y, 300, y + 40], Border=[0, 0, 0], **target))
        for y, target in zip(ys, targets, strict=True)])
    pdf.Root.Names = Dictionary(Dests=Dictionary(Names=Array([String("three"), Array([pages[2], Name.Fit])])))
    with pdf.open_outline() as outline:
        outline.root.extend([pikepdf.OutlineItem("One", 0), pikepdf.OutlineItem("Three", "three"),
                             pikepdf.OutlineItem("Four", 3)])
    pdf.save(path)
    return path


def _read(path: Path) -> tuple[dict[int, list[int | None]], list[tuple[str, int]]]:
    """Page (1-based) -> the pages its links open (None: nothing), in WORDS' order; and (bookmark, page)."""
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", str(path)], capture_output=True, text=True,
                         check=True).stdout
    links: dict[int, list[int | None]] = {}
    for number, body in re.findall(r'<page number="(\d+)"(.*?)</page>', xml, re.S):
        found = re.findall(r'<a href="[^"#]*(?:#(\d+))?">(\w+)</a>', body)
        if found:
            assert [word for _, word in found] == list(WORDS)
            links[int(number)] = [int(target) if target and target != "0" else None for target, _ in found]
    marks = [(title, int(page)) for page, title in re.findall(r'<item page="(\d+)">([^<]*)</item>', xml)]
    return links, marks


def _merged(cli: Any, tmp_path: Path, *specs: str) -> tuple[dict[int, list[int | None]], list[tuple[str, int]]]:
    source = _linked(tmp_path / "a.pdf")
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    out = tmp_path / f"out{len(list(tmp_path.iterdir()))}.pdf"
    done = cli("merge", *[f"{source}{spec}" for spec in specs], "-o", out)
    assert done.exit_code == 0, done.stderr
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before
    rb.qpdf_checked(out)
    return _read(out)


def test_the_source_reads_as_the_test_says(tmp_path: Path) -> None:
    assert _read(_linked(tmp_path / "a.pdf")) == ({1: [3, 4, 3, 2]}, [("One", 1), ("Three", 3), ("Four", 4)])


@pytest.mark.parametrize(("specs", "links"), [
    ((":1-2", ":3-4"), {1: [3, 4, 3, 2]}),  # pages 3-4 only in the other part
    ((":3-4", ":1-2"), {3: [1, 2, 1, 4]}),  # copied before the link's page
    (("", ""), {1: [3, 4, 3, 2], 5: [7, 8, 7, 6]}),  # each copy its own
    ((":3", ":1,3"), {2: [3, None, 3, None]}),  # the same part's copy, not the first; 2 and 4 not copied
    ((":1", ":3", ":3"), {1: [2, None, 2, None]}),  # only in other parts: the first copy
])
def test_a_link_opens_its_pages_copy_in_its_part_else_the_first(cli: Any, tmp_path: Path, specs: tuple[str, ...],
                                                                 links: dict[int, list[int | None]]) -> None:
    assert _merged(cli, tmp_path, *specs)[0] == links


def test_a_bookmark_opens_its_pages_copy_in_its_part_else_the_first(cli: Any, tmp_path: Path) -> None:
    _, marks = _merged(cli, tmp_path, ":1-2", ":3-4")
    assert marks == [("a", 1), ("One", 1), ("Three", 3), ("Four", 4), ("a", 3), ("One", 1), ("Three", 3),
                     ("Four", 4)]
    _, marks = _merged(cli, tmp_path, "", "")
    assert marks == [("a", 1), ("One", 1), ("Three", 3), ("Four", 4), ("a", 5), ("One", 5), ("Three", 7),
                     ("Four", 8)]


LONG = 10_000


@pytest.mark.parametrize("command", [["merge", "{0}", "{0}"], ["select", "{0}", "1-z,1-z"]])
def test_a_long_file_placed_twice_links_each_copy_to_its_own_pages(tmp_path: Path, command: list[str]) -> None:
    """10,000 pages, each with an explicit link to the next, merged with itself or selected twice (20,000
    pages): the second copy's links opened the first copy's pages. Every link is looked at once (a generous
    time-out as the failure)."""
    pdf = pikepdf.new()
    pages, _ = numbered(pdf, LONG)
    for page, following in zip(pages, pages[1:], strict=False):
        page.Annots = Array([pdf.make_indirect(Dictionary(Type=Name.Annot, Subtype=Name.Link, Rect=[72, 700, 300, 750],
                                                          Dest=Array([following, Name.Fit])))])
    source = tmp_path / "long.pdf"
    pdf.save(source)
    out = tmp_path / "out.pdf"
    subprocess.run([sys.executable, "-m", "pdftools", *[arg.format(source) for arg in command], "-o", str(out)],
                   check=True, capture_output=True, timeout=60)
    with pikepdf.open(out) as merged:
        at = {page.objgen: i for i, page in enumerate(merged.pages)}
        opened = [(i, at.get(page.obj.Annots[0].Dest[0].objgen)) for i, page in enumerate(merged.pages)
                  if "/Annots" in page.obj]
    assert len(at) == 2 * LONG and len(opened) == 2 * (LONG - 1)
    assert all(to == on + 1 for on, to in opened)


@pytest.mark.parametrize(("pages", "links"), [
    ("1-4,1-4", {1: [3, 4, 3, 2], 5: [7, 8, 7, 6]}),  # each copy its own
    ("2,1,2,1,3", {2: [5, None, 5, 1], 4: [5, None, 5, 3]}),  # runs 2,1 and 2,1,3: page 2 in each, 3 in one
])
def test_select_repeating_pages_links_each_run_to_its_own_copies(cli: Any, tmp_path: Path, pages: str,
                                                                 links: dict[int, list[int | None]]) -> None:
    """select places the file's pages again, so a part is a run of pages that repeats none: a new one starts at a
    page the run already has (`1-4,1-4`: two runs). The second copy's links opened the first copy's pages."""
    source = _linked(tmp_path / "a.pdf")
    before = hashlib.sha256(source.read_bytes()).hexdigest()
    out = tmp_path / "out.pdf"
    done = cli("select", source, pages, "-o", out)
    assert done.exit_code == 0, done.stderr
    assert hashlib.sha256(source.read_bytes()).hexdigest() == before
    rb.qpdf_checked(out)
    assert _read(out)[0] == links


@pytest.mark.parametrize("command", [["merge", "{a}:1-4,1-4"], ["insert", "{base}", "{a}:1-4,1-4", "--after", "1"]])
def test_one_input_repeating_pages_links_each_run_to_its_own_copies(cli: Any, tmp_path: Path,
                                                                    command: list[str]) -> None:
    """One input that repeats pages (`a.pdf:1-4,1-4`) is in runs as select's pages are: each copy its own."""
    source = _linked(tmp_path / "a.pdf")
    base = tmp_path / "base.pdf"
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.save(base)
    out = tmp_path / "out.pdf"
    done = cli(*[arg.format(a=source, base=base) for arg in command], "-o", out)
    assert done.exit_code == 0, done.stderr
    shift = 1 if command[0] == "insert" else 0
    assert _read(out)[0] == {1 + shift: [3 + shift, 4 + shift, 3 + shift, 2 + shift],
                             5 + shift: [7 + shift, 8 + shift, 7 + shift, 6 + shift]}
    rb.qpdf_checked(out)


def _looping(path: Path) -> Path:
    """Two pages; page 1's link is a GoTo (to the name `two`, page 2) whose /Next is itself: a chain that loops."""
    pdf = pikepdf.new()
    pages, _ = numbered(pdf, 2)
    action = pdf.make_indirect(Dictionary(S=Name.GoTo, D=String("two")))
    action.Next = action
    pages[0].Annots = pdf.make_indirect(Array([pdf.make_indirect(Dictionary(
        Type=Name.Annot, Subtype=Name.Link, Rect=[0, 0, 50, 50], A=action))]))
    pdf.Root.Names = Dictionary(Dests=pdf.make_indirect(Dictionary(Names=Array([String("two"),
                                                                                 Array([pages[1], Name.Fit])]))))
    pdf.save(path)
    return path


@pytest.mark.parametrize("argv", [["select", "{src}", "1-2,1-2"], ["merge", "{src}", "{src}"]])
def test_a_link_whose_actions_loop_is_copied_for_each_run(cli: Any, tmp_path: Path, argv: list[str]) -> None:
    """A /Next chain that loops (a damaged or hostile file; viewers stop at the loop) was copied for the second run
    one action a Python call deeper each time: RecursionError, `error[INTERNAL]`, no output (select placing
    pages again did this since links of repeated runs get their own copies; merge of a file with itself before)."""
    src = _looping(tmp_path / "loop.pdf")
    before = hashlib.sha256(src.read_bytes()).hexdigest()
    out = tmp_path / "out.pdf"
    done = cli(*[a.format(src=src) for a in argv], "-o", str(out))
    assert done.exit_code == 0, done.stderr
    assert hashlib.sha256(src.read_bytes()).hexdigest() == before
    with pikepdf.open(out) as pdf:
        first, again = (pdf.pages[n].Annots[0].A for n in (0, 2))
        assert first.D == again.D and first.objgen != again.objgen  # the second run's link has its own action
    assert subprocess.run(["qpdf", "--check", str(out)], capture_output=True, check=False).returncode == 0
