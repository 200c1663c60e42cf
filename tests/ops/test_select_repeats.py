"""`select` (MCP pdf_select_pages) with one page repeated 20,000 times, as `qpdf --pages . 1,1,1... --` does: every
copy shows the page (the same text on the first and the last), and the copies share the page's content stream and
resources, as qpdf's do: the output holds about as many objects as qpdf's (one small dictionary a page), never a
content stream a page, and qpdf --check finds nothing. Each page was appended through pikepdf's page list, which
lists all pages to count them on every append: 20,000 copies took ~45 s (qpdf: 0.5 s); qpdf's own addPage, which
pikepdf's list calls in the end, takes 0.1 s. The time is in benchmarks/run.py (`--only repeat`)."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb

COPIES = 20_000


def _shape(path: Path) -> tuple[int, int, int, int]:
    """(pages, objects, distinct page dictionaries, distinct content streams)"""
    with pikepdf.open(path) as pdf:
        pages = [page.obj for page in pdf.pages]
        streams = {page.Contents.objgen for page in pages}
        return len(pages), len(pdf.objects), len({page.objgen for page in pages}), len(streams)


def test_a_page_repeated_shares_its_content(cli: Any, tmp_path: Path) -> None:
    spec = ",".join(["2"] * COPIES)
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    subprocess.run(["qpdf", str(rb.FOUR), "--pages", ".", spec, "--", str(theirs)], check=True)
    done = cli("select", rb.FOUR, spec, "-o", ours)
    assert done.exit_code == 0, done
    pages, objects, dictionaries, streams = _shape(ours)
    qpdf_pages, qpdf_objects, _, qpdf_streams = _shape(theirs)
    assert (pages, dictionaries, streams) == (COPIES, COPIES, 1) and (qpdf_pages, qpdf_streams) == (COPIES, 1)
    assert objects <= qpdf_objects + 50, (objects, qpdf_objects)  # (qpdf keeps the other pages' nothing either)
    assert rb.text(ours, 1) == rb.text(ours, COPIES) == rb.text(rb.FOUR, 2)
    fewer = tmp_path / "fewer.pdf"  # (qpdf --check parses every page's content: 12 s for 20,000 pages)
    assert cli("select", rb.FOUR, ",".join(["2"] * 2_000), "-o", fewer).exit_code == 0
    rb.qpdf_checked(fewer)


def test_pages_placed_twice_keep_the_first_one_itself(cli: Any, tmp_path: Path) -> None:
    """The first placing of a page is the page itself (bookmarks and links to it stay right); later ones copies."""
    out = tmp_path / "o.pdf"
    done = cli("select", rb.OUTLINE, "1-4,1,2", "-o", out)
    assert done.exit_code == 0, done
    with pikepdf.open(rb.OUTLINE) as src, pikepdf.open(out) as pdf:
        placed = [page.obj for page in pdf.pages]
        assert len({page.objgen for page in placed}) == 6
        assert [page.Contents.objgen for page in placed[4:]] == [page.Contents.objgen for page in placed[:2]]
        assert [page.Contents.read_bytes() for page in placed[:4]] == [p.obj.Contents.read_bytes() for p in src.pages]
    assert rb.outline(out) == rb.outline(rb.OUTLINE)
