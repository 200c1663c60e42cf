"""Pages with form fields copied by merge, split and insert: each copy's fields are the output's (listed in its
/AcroForm, the widget on its page, /P that page, a clashing name renamed as qpdf renames it: `f1` -> `f1+1`).

Such pages went through pikepdf's add_pages_from, which lists every page of both files for each page it copies
(a 2,000-page form merged with itself took 5 s, 8,000 pages 90 s). They now go in as a plain document's
(qpdf's addPage) and qpdf makes their fields the output's page by page (fixCopiedAnnotations, which
add_pages_from calls too). The long case is a structural check with a generous time-out as its failure.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pikepdf
import readback as rb
from extreme_pdfs import numbered

PDFTOOLS = [sys.executable, "-m", "pdftools"]


def _formed(path: Path, count: int) -> Path:
    """`count` pages, each with a text field `fN` valued `value N` (its widget on the page, /P the page)."""
    pdf = pikepdf.new()
    pages, font = numbered(pdf, count)
    fields = []
    for n, page in enumerate(pages, 1):
        widget = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Widget, FT=pikepdf.Name.Tx, T=pikepdf.String(f"f{n}"),
            V=pikepdf.String(f"value {n}"), Rect=[72, 600, 300, 620], P=page))
        page.Annots = pikepdf.Array([widget])
        fields.append(widget)
    pdf.Root.AcroForm = pikepdf.Dictionary(Fields=pikepdf.Array(fields), DA=pikepdf.String("/Helv 0 Tf 0 g"),
                                           DR=pikepdf.Dictionary(Font=pikepdf.Dictionary(Helv=font)))
    pdf.save(path)
    return path


def _fields(path: Path) -> list[tuple[str, str, int]]:
    """(name, value, page: 0-based) of each field the /AcroForm lists, checking its widget is in that page's
    /Annots and nowhere else."""
    with pikepdf.open(path) as pdf:
        pages = [page.obj for page in pdf.pages]
        at = {page.objgen: i for i, page in enumerate(pages)}
        holders: dict[tuple[int, int], list[int]] = {}
        for i, page in enumerate(pages):
            for annot in page.get("/Annots", []):
                holders.setdefault(annot.objgen, []).append(i)
        found = []
        for field in pdf.Root.AcroForm.Fields:
            page = at[field.P.objgen]
            assert holders.get(field.objgen) == [page], (str(field.T), holders.get(field.objgen), page)
            found.append((str(field.T), str(field.V), page))
        return found



def test_a_form_merged_with_itself_has_two_sets_of_fields(cli: Any, tmp_path: Path) -> None:
    source = _formed(tmp_path / "form.pdf", 3)
    out = tmp_path / "out.pdf"
    assert cli("merge", source, source, "-o", out).exit_code == 0
    assert _fields(out) == [(f"f{n}", f"value {n}", n - 1) for n in (1, 2, 3)] + \
        [(f"f{n}+1", f"value {n}", n + 2) for n in (1, 2, 3)]
    rb.qpdf_checked(out)


def test_split_and_insert_keep_the_fields_of_their_pages(cli: Any, tmp_path: Path) -> None:
    source = _formed(tmp_path / "form.pdf", 4)
    assert cli("split", source, "--ranges", "1-3,4", "-d", tmp_path / "parts").exit_code == 0
    first, second = sorted((tmp_path / "parts").iterdir())
    assert _fields(first) == [(f"f{n}", f"value {n}", n - 1) for n in (1, 2, 3)]
    assert _fields(second) == [("f4", "value 4", 0)]
    out = tmp_path / "inserted.pdf"
    assert cli("insert", rb.FOUR, f"{source}:2-3", "--after", "1", "-o", out).exit_code == 0
    assert _fields(out) == [("f2", "value 2", 1), ("f3", "value 3", 2)]
    for path in (first, second, out):
        rb.qpdf_checked(path)


LONG = 10_000


def test_a_long_form_merged_with_itself(tmp_path: Path) -> None:
    """10,000 pages with a field each, merged with itself: through add_pages_from 8,000 took 90 s."""
    source = _formed(tmp_path / "long.pdf", LONG)
    out = tmp_path / "out.pdf"
    subprocess.run([*PDFTOOLS, "merge", str(source), str(source), "-o", str(out)], check=True, capture_output=True,
                   timeout=60)
    fields = _fields(out)
    assert len(fields) == 2 * LONG == len({name for name, _, _ in fields})
    assert fields[0] == ("f1", "value 1", 0) and fields[-1] == (f"f{LONG}+1", f"value {LONG}", 2 * LONG - 1)
    assert all(value == f"value {name.split('+')[0][1:]}" for name, value, _ in fields)
