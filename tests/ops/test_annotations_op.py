"""`annotations list | remove | flatten` on real files: the corpus's annotated sample, its forms, a LibreOffice
link, and a page marked here as viewers mark one (a highlight with its appearance, a hidden square, a stamp shown
but not printed, a link without appearance, a note whose appearance has no state chosen). flatten is checked
against `qpdf --flatten-annotations` on the same file (the same annotations left), and by the pixels: the
highlight is still drawn when poppler hides what annotations remain; every output passes `qpdf --check`."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from conftest import CORPUS

ANNOTATED = CORPUS / "024-annotations" / "annotated_pdf.pdf"
FORM = CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf"
LINK = CORPUS / "016-libre-office-link" / "libre-office-link.pdf"
HOSTILE = "[bold]hi[/bold] [/x]"


def subtypes(pdf: Path) -> list[list[str]]:
    with pikepdf.open(pdf) as doc:
        return [[str(a.get("/Subtype")) for a in page.get("/Annots", [])] for page in doc.pages]


def checked(pdf: Path) -> None:
    run = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def yellow(pdf: Path, tmp_path: Path) -> int:
    """Pixels of the highlight's yellow on page 1, annotations left hidden (only the page's content drawn)."""
    stem = tmp_path / f"y-{pdf.stem}"
    subprocess.run(["pdftoppm", "-r", "20", "-f", "1", "-l", "1", "-hide-annotations", str(pdf), str(stem)],
                   check=True)
    data = next(tmp_path.glob(f"y-{pdf.stem}*.ppm")).read_bytes()
    pixels = data[data.index(b"255\n") + 4:]
    return sum(1 for i in range(0, len(pixels) - 2, 3) if pixels[i] > 200 and pixels[i + 1] > 200
               and pixels[i + 2] < 80)


def marked(path: Path) -> Path:
    """The 4-page sample's first page, marked: Highlight (yellow, printed), Square (hidden), Stamp (shown, not
    printed), Link (no appearance), Text (an appearance with states, none chosen)."""
    with pikepdf.open(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf") as pdf:
        def drawn(ops: bytes) -> pikepdf.Stream:
            return pdf.make_stream(ops, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form, BBox=[0, 0, 200, 40])

        def annot(subtype: str, flags: int, rect: list[int], **more: Any) -> pikepdf.Dictionary:
            return pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name(subtype),
                                                        F=flags, Rect=rect, **more))

        page = pdf.pages[0]
        page.Annots = pdf.make_indirect(pikepdf.Array([
            annot("/Highlight", 4, [100, 700, 300, 740], Contents=pikepdf.String(HOSTILE),
                  T=pikepdf.String("Ann"), AP=pikepdf.Dictionary(N=drawn(b"1 1 0 rg 0 0 200 40 re f"))),
            annot("/Square", 6, [100, 600, 300, 640], AP=pikepdf.Dictionary(N=drawn(b"0 0 1 rg 0 0 200 40 re f"))),
            annot("/Stamp", 0, [100, 500, 300, 540], AP=pikepdf.Dictionary(N=drawn(b"1 0 0 rg 0 0 200 40 re f"))),
            annot("/Link", 4, [300, 300, 400, 320],
                  A=pikepdf.Dictionary(S=pikepdf.Name.URI, URI=pikepdf.String("https://example.org/"))),
            annot("/Text", 4, [100, 400, 120, 420], AP=pikepdf.Dictionary(N=pikepdf.Dictionary(
                On=drawn(b"0 1 0 rg 0 0 20 20 re f")))),
        ]))
        pdf.save(path)
    return path


def test_list_gives_each_annotation_as_the_pdf_has_it(cli: Any, tmp_path: Path) -> None:
    result = cli("annotations", "list", ANNOTATED, "--json")
    assert result.exit_code == 0, result
    listed = json.loads(result.stdout)["annotations"]
    assert [(a["page"], a["subtype"]) for a in listed] == [(1, "Text"), (1, "Highlight"), (1, "Ink")]
    assert listed[0]["contents"] == "This is a text annotation." and listed[2]["author"] == "Lucas"
    assert all(a["flags"] == ["print"] for a in listed)
    x1, y1, x2, y2 = listed[1]["rect"]  # stored upside down (y1 > y2): given lower left first
    assert x1 < x2 and y1 < y2


def test_list_prints_document_text_literally_and_flags(cli: Any, tmp_path: Path) -> None:
    src = marked(tmp_path / "m.pdf")
    result = cli("annotations", "list", src)
    assert result.exit_code == 0, result
    assert HOSTILE in result.stdout and "Ann" in result.stdout
    assert "hidden" in result.stdout
    data = json.loads(cli("annotations", "list", src, "--json", "--pages", "2-").stdout)
    assert data["annotations"] == []
    assert "no annotations on pages 2-" in cli("annotations", "list", src, "--pages", "2-").stderr


def test_list_of_a_form_names_its_widgets(cli: Any) -> None:
    listed = json.loads(cli("annotations", "list", FORM, "--json").stdout)["annotations"]
    assert {a["subtype"] for a in listed} == {"Widget"}
    assert {a["field"] for a in listed} == {"Name", "Check", "Submit"}  # a widget's /T: its field, no author
    assert {a["author"] for a in listed} == {None}


@pytest.mark.parametrize("which", ["all", "print", "screen"])
def test_flatten_leaves_what_qpdf_leaves(cli: Any, tmp_path: Path, which: str) -> None:
    src = marked(tmp_path / "m.pdf")
    before = src.read_bytes()
    ours, theirs = tmp_path / "ours.pdf", tmp_path / "theirs.pdf"
    subprocess.run(["qpdf", f"--flatten-annotations={which}", str(src), str(theirs)], check=True)
    result = cli("annotations", "flatten", src, "--which", which, "-o", ours, "--json")
    assert result.exit_code == 0, result
    assert src.read_bytes() == before  # the input is never changed
    # the same left, but for the link: without any appearance it stays for a viewer, clickable, as qpdf 12 (the
    # library pikepdf ships) leaves it; qpdf 11 (this machine's command, perhaps) dropped it, undrawn
    assert subtypes(ours)[0] == ["/Link"]
    assert [[s for s in page if s != "/Link"] for page in subtypes(ours)] == \
        [[s for s in page if s != "/Link"] for page in subtypes(theirs)]
    gone = [a["subtype"] for a in json.loads(result.stdout)["annotations"]]
    assert sorted(gone) == ["Highlight", "Square", "Stamp", "Text"]
    checked(ours)
    assert yellow(src, tmp_path) == 0 and yellow(ours, tmp_path) > 20  # the highlight is in the page's content


def test_flatten_the_annotated_sample_keeps_marks_without_appearance(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("annotations", "flatten", ANNOTATED, "-o", out, "--json")
    assert result.exit_code == 0, result
    assert subtypes(out) == subtypes(ANNOTATED)
    note = cli("annotations", "flatten", ANNOTATED, "-o", tmp_path / "o2.pdf").stderr
    # they all match (printable, shown): what keeps them is that none has an appearance; the note said "no
    # annotation matched", which sent a user looking for a --which that would match
    assert "none of its 3 annotations has an appearance" in note and "none flattened" in note, note
    assert "matched" not in note, note


def test_flatten_to_standard_output(cli: Any, tmp_path: Path) -> None:
    src = marked(tmp_path / "m.pdf")
    result = cli("annotations", "flatten", src, "-o", "-")
    assert result.exit_code == 0, result
    (tmp_path / "piped.pdf").write_bytes(result.stdout_bytes)
    assert subtypes(tmp_path / "piped.pdf")[0] == ["/Link"]


def test_remove_keeps_form_widgets_unless_asked(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("annotations", "remove", FORM, "-o", out, "--json")
    assert result.exit_code == 0, result
    assert subtypes(out) == subtypes(FORM)
    assert json.loads(result.stdout)["annotations"] == []


def test_remove_widgets_takes_their_fields_out_of_the_form(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("annotations", "remove", FORM, "--type", "Widget", "-o", out, "--json")
    assert result.exit_code == 0, result
    assert subtypes(out) == [[]]
    with pikepdf.open(out) as doc:
        assert "/AcroForm" not in doc.Root
    checked(out)
    listed = json.loads(cli("forms", "list", out, "--json").stdout)
    assert listed["fields"] == []


def test_remove_by_type_and_page(cli: Any, tmp_path: Path) -> None:
    src = marked(tmp_path / "m.pdf")
    out = tmp_path / "out.pdf"
    result = cli("annotations", "remove", src, "--type", "link", "--type", "Highlight", "-o", out, "--json")
    assert result.exit_code == 0, result
    assert subtypes(out)[0] == ["/Square", "/Stamp", "/Text"]
    assert json.loads(result.stdout)["remaining"] == 3
    checked(out)
    link = tmp_path / "l.pdf"
    assert cli("annotations", "remove", LINK, "--pages", "1", "-o", link).exit_code == 0
    assert subtypes(link) == [[]]
    run = subprocess.run(["pdftotext", str(link), "-"], capture_output=True, text=True, check=True)
    before = subprocess.run(["pdftotext", str(LINK), "-"], capture_output=True, text=True, check=True)
    assert run.stdout == before.stdout  # the page's text is untouched


def test_a_page_beyond_the_document_is_an_error(cli: Any, tmp_path: Path) -> None:
    result = cli("annotations", "list", ANNOTATED, "--json", "--pages", "9")
    assert result.exit_code == 2 and json.loads(result.stderr)["error"]["code"] == "INVALID_PAGE_RANGE"


def test_remove_widgets_of_a_page_takes_their_fields_out_of_the_calculation_order(cli: Any, tmp_path: Path) -> None:
    """/CO (the order viewers recalculate fields in) names fields of the form: one whose widgets were removed
    stayed in it, a field outside the form that a viewer still computed."""
    src, out = tmp_path / "co.pdf", tmp_path / "out.pdf"
    with pikepdf.open(FORM) as pdf:  # its text field moved to a page of its own, the form calculated in order
        pdf.add_blank_page()
        first = pdf.pages[0].obj
        text = next(a for a in first.Annots if a.get("/FT") == "/Tx")
        first.Annots = pikepdf.Array([a for a in first.Annots if a.objgen != text.objgen])
        pdf.pages[1].obj.Annots = pikepdf.Array([text])
        text.P = pdf.pages[1].obj
        pdf.Root.AcroForm.CO = pikepdf.Array(list(pdf.Root.AcroForm.Fields))
        pdf.save(src)
    result = cli("annotations", "remove", src, "--type", "Widget", "--pages", "2", "-o", out, "--json")
    assert result.exit_code == 0, result
    with pikepdf.open(out) as doc:
        fields = {f.objgen for f in doc.Root.AcroForm.Fields}
        assert len(fields) == 2
        assert {f.objgen for f in doc.Root.AcroForm.CO} == fields
    checked(out)
