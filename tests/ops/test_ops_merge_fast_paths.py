"""merge's fast paths (pages appended as qpdf copies them; the outline read and written as dictionaries) give
what pikepdf's own models gave: every page, each input's bookmarks under its own, readable by pikepdf."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf

from pdftools.document import outline
from pdftools.ops.merge import merge


def _titles(items: list[pikepdf.OutlineItem], pdf: pikepdf.Pdf) -> list[tuple[str, int | None, list]]:
    pages = {p.obj.objgen: i for i, p in enumerate(pdf.pages)}
    out = []
    for item in items:
        dest = item.destination if item.destination is not None else item.action.D  # a GoTo action stays one
        page = pages.get(dest[0].objgen) if isinstance(dest, pikepdf.Array) else None
        out.append((item.title, page, _titles(item.children, pdf)))
    return out


def test_merged_outline_reads_back_through_pikepdf(tmp_path: Path, outline_pdf: Path, sample: Path) -> None:
    out = tmp_path / "m.pdf"
    merge([str(outline_pdf), str(sample)], output=str(out))
    with pikepdf.open(outline_pdf) as src:
        own = outline.read(src)
        first_count = len(src.pages)
    with pikepdf.open(out) as pdf, pdf.open_outline() as tree:
        tops = _titles(tree.root, pdf)
        assert [page for _, page, _ in tops] == [0, first_count]
        want = [(n.title, n.page) for n in own]
        assert [(t, p) for t, p, _ in tops[0][2]] == want  # the first input's bookmarks, pages unchanged
        assert int(pdf.Root.Outlines.Count) == 2 + sum(1 for _ in _walk(own))
    subprocess.run(["qpdf", "--check", str(out)], check=True, capture_output=True)


def _walk(nodes: list[outline.Node]):  # type: ignore[no-untyped-def]
    for node in nodes:
        yield node
        yield from _walk(node.children)


def test_a_repeated_page_becomes_two_pages(tmp_path: Path, sample: Path, outline_pdf: Path) -> None:
    out = tmp_path / "m.pdf"
    result = merge([f"{sample}:1,1", str(outline_pdf)], output=str(out))
    with pikepdf.open(out) as pdf:
        assert result.pages == len(pdf.pages)
        assert pdf.pages[0].obj.objgen != pdf.pages[1].obj.objgen


def test_outline_write_then_read_is_the_same_tree(tmp_path: Path, sample: Path) -> None:
    nodes = [outline.Node("a", 0, [outline.Node("a.1", 0, [outline.Node("deep", 0)])]), outline.Node("b [x]", 0)]
    with pikepdf.open(sample) as pdf:
        outline.write(pdf, nodes)
        pdf.save(tmp_path / "o.pdf")
    with pikepdf.open(tmp_path / "o.pdf") as pdf:
        assert outline.read(pdf) == nodes
