"""`ocr --redo-ocr`, as OCRmyPDF's: a scan OCRed before (by a scanner, OCRmyPDF, or pdftools) has its old invisible
text layer taken out and is OCRed anew, its page image kept as it is. Before, such a page counted as text: left
alone (exit 14), or with --force-ocr rasterised (its image re-encoded as a JPEG). A page with visible text is
left alone, as OCRmyPDF's --redo-ocr leaves it."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image
from scans import FOUR

from pdftools.ops.ocr import ALREADY_TEXT_EXIT, ocr

REPORT = Path(__file__).resolve().parents[2] / "samples" / "report.pdf"  # real (vector) text


def _text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def _images(path: Path) -> list[bytes]:
    with pikepdf.open(path) as pdf:
        return [image.read_raw_bytes() for page in pdf.pages for image in page.get_images(recursive=True).values()]


@pytest.fixture(scope="module")
def ocred(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Page 1 of the 4-page pdflatex file, scanned at 150 dpi and OCRed twice: by pdftools (its layer a form
    XObject over the page) and by tesseract itself (a PNG's PDF: image and invisible text in one content stream)."""
    folder = tmp_path_factory.mktemp("redo")
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-f", "1", "-l", "1", str(FOUR), str(folder / "pg")],
                   check=True)
    page = Image.open(next(folder.glob("pg-*.pgm")))
    page.save(folder / "scan.pdf", resolution=150)
    page.save(folder / "scan.png", dpi=(150, 150))
    made = {"layer": folder / "layer.pdf", "tesseract": folder / "tesseract.pdf"}
    ocr(str(folder / "scan.pdf"), output=str(made["layer"]), dpi=150, jobs=1)
    ocr(str(folder / "scan.png"), output=str(made["tesseract"]), jobs=1)
    return made


@pytest.mark.parametrize("kind", ["layer", "tesseract"])
def test_an_ocred_scan_is_ocred_anew_its_image_kept(ocred: dict[str, Path], tmp_path: Path, kind: str) -> None:
    before = ocred[kind]
    assert ocr(str(before), output=str(tmp_path / "x.pdf"), dpi=150).already_text  # why --redo-ocr exists
    out = tmp_path / "redone.pdf"
    result = ocr(str(before), output=str(out), dpi=150, redo_ocr=True, jobs=1)
    assert result.pages_ocred == [1] and result.pages_skipped == [] and result.pages_rasterised == []
    assert not result.already_text
    assert _text(out).count("without a meaning") == _text(before).count("without a meaning") >= 6  # never doubled
    assert _images(out) == _images(before)  # the scan as it was, not re-encoded


def test_visible_text_is_left_alone(cli: Any, tmp_path: Path) -> None:
    done = cli("ocr", REPORT, "--redo-ocr", "-o", tmp_path / "r.pdf", "--json")
    assert done.exit_code == ALREADY_TEXT_EXIT, done.stderr
    assert not (tmp_path / "r.pdf").exists()


@pytest.mark.parametrize("other", ["--force-ocr", "--skip-text"])
def test_with_force_or_skip_it_is_refused(cli: Any, ocred: dict[str, Path], other: str) -> None:
    done = cli("ocr", ocred["layer"], "--redo-ocr", other)
    assert done.exit_code == 2 and "--redo-ocr" in done.stderr and other in done.stderr, done.stderr


def _form_tree(depth: int, fan: int) -> pikepdf.Pdf:
    """A page of invisible text whose form draws the next `fan` times, `depth` forms deep: depth + 2 streams that a walk
    following every `Do` reads fan ** depth times (a hostile PDF's way to hold a call for hours)."""
    pdf = pikepdf.new()
    inner = pdf.make_stream(b"BT 3 Tr /F1 9 Tf 10 10 Td (old ocr) Tj ET", Type=pikepdf.Name.XObject,
                            Subtype=pikepdf.Name.Form, BBox=[0, 0, 100, 100])
    for _ in range(depth):
        inner = pdf.make_stream(b"/Fx Do " * fan, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                                BBox=[0, 0, 100, 100], Resources=pikepdf.Dictionary(
                                    XObject=pikepdf.Dictionary(Fx=inner)))
    pdf.add_blank_page()
    page = pdf.pages[0]
    page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fx=inner))
    page.obj.Contents = pdf.make_stream(b"/Fx Do")
    return pdf


def test_forms_drawn_many_times_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each form is read once however often it is drawn: the walk followed every `Do`, so 6 forms each drawing
    the next 4 times were parsed 10,924 times for 8 streams (fan-out 10 and 12 deep: 10^12, a call that never ends
    and never looks at its deadline). The look and the stripping are one walk: 16 reads became 8. The real parser,
    counted."""
    from pdftools.ocr import redo

    calls = []
    parse = pikepdf.parse_content_stream
    monkeypatch.setattr(pikepdf, "parse_content_stream", lambda *a: calls.append(1) or parse(*a))
    pdf = _form_tree(6, 4)
    assert redo.strip_invisible_text(pdf, pdf.pages[0])
    assert len(calls) == 8  # one walk, each stream read once (a look, then the stripping, read each twice)
    form = pdf.pages[0].Resources.XObject.Fx
    while "/Resources" in form:
        form = form.Resources.XObject.Fx
    assert b"Tj" not in form.read_bytes()


def test_a_scan_ocred_before_is_pointed_to_redo_ocr(cli: Any, ocred: dict[str, Path], tmp_path: Path) -> None:
    """`pdftools ocr` of its own output (exit 14) said only that --force-ocr OCRs the pages again, which redraws
    them as JPEGs: the note names --redo-ocr when every page's text is an earlier OCR's invisible layer. A page
    with text of its own is told of --force-ocr alone, as before."""
    for kind in ("layer", "tesseract"):
        again = cli("ocr", ocred[kind], "-o", tmp_path / "again.pdf")
        said = " ".join(again.stderr.split())
        assert again.exit_code == ALREADY_TEXT_EXIT and "--redo-ocr" in said and "earlier OCR" in said, (kind, said)
        assert not (tmp_path / "again.pdf").exists()
    visible = cli("ocr", REPORT, "-o", tmp_path / "r.pdf")
    assert visible.exit_code == ALREADY_TEXT_EXIT and "--force-ocr" in visible.stderr, visible.stderr
    assert "--redo-ocr" not in visible.stderr


def test_a_form_invisible_on_one_page_and_shown_on_another_keeps_its_text_there(tmp_path: Path) -> None:
    """One form of text drawn by two pages: invisibly on page 1 (`3 Tr` before its `Do`: an OCR layer), as it is on
    page 2 (its words shown). --redo-ocr took the text out of the form itself, so page 2 lost its words; page 1
    gets a copy without them, page 2 keeps drawing the form as it was."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    form = pdf.make_stream(b"BT /F1 24 Tf 72 700 Td (Shared words) Tj ET", Type=pikepdf.Name.XObject,
                           Subtype=pikepdf.Name.Form, BBox=[0, 0, 612, 792],
                           Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    resources = pdf.make_indirect(pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fx=form)))  # the pages' one
    for content in (b"q 3 Tr /Fx Do Q", b"/Fx Do"):
        pdf.add_blank_page(page_size=(612, 792))
        pdf.pages[-1].obj.Resources = resources
        pdf.pages[-1].obj.Contents = pdf.make_stream(content)
    pdf.save(tmp_path / "shared.pdf")

    def page_text(path: Path, number: int) -> str:
        return subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(path), "-"],
                              capture_output=True, text=True, check=True).stdout

    before = tmp_path / "shared.pdf"
    assert "Shared words" in page_text(before, 1) and "Shared words" in page_text(before, 2)
    out = tmp_path / "redone.pdf"
    result = ocr(str(before), output=str(out), dpi=72, redo_ocr=True, jobs=1)
    assert result.pages_ocred == [1] and result.pages_skipped == [2]
    assert "Shared words" not in page_text(out, 1)  # the earlier OCR's text taken out
    assert page_text(out, 2) == page_text(before, 2)  # the other page's drawing as it was
