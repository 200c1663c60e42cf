"""OCR of a PDF: pages with text left alone (or, with force_ocr, rasterised and redone), the others rasterised,
recognised by tesseract and given an invisible text layer grafted onto the page; text mode returns the text."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pdftools.core import edit, streams, task
from pdftools.core.pages import parse_pages
from pdftools.core.pdf import open_pdf, page_list
from pdftools.document import text as pagetext
from pdftools.document.images import frames
from pdftools.engines import poppler
from pdftools.engines import tesseract as engine
from pdftools.errors import NoPages
from pdftools.ocr.deskew import straighten_by_layer
from pdftools.ocr.job import Job
from pdftools.ocr.outputs import pass_through, write_sidecar
from pdftools.ocr.redo import only_invisible_text, strip_invisible_text
from pdftools.ocr.result import OcrResult

if TYPE_CHECKING:
    import pikepdf


def ocr_pdf(path: Path, password: str | None, force_ocr: bool, job: Job, result: OcrResult) -> None:
    pdf = open_pdf(path, password)
    if not len(pdf.pages):
        raise NoPages(f"{path} has no pages")
    with pdf, pagetext.readable(pdf, path) as source:
        count = len(pdf.pages)
        selected = list(dict.fromkeys(parse_pages(job.pages, count, path)))
        streams.check_pages(pdf, selected, str(path), images=True)  # pdftotext and pdftoppm would inflate a bomb
        with task.muted():  # a look at the text layer, not the OCR the client's progress counts
            texts = dict(zip(selected, pagetext.pdftotext(source)(selected, task.Counter(0)), strict=True))
        has_text = {p for p, t in texts.items() if t.strip()}
        if job.redo:  # pages whose only text is an earlier OCR's: taken out, OCRed as the scans they are
            listed, copies = page_list(pdf), dict[Any, Any]()  # (the forms stripped, shared by the pages)
            has_text -= {p for p in sorted(has_text) if strip_invisible_text(pdf, listed[p - 1], copies)}
        known = {} if force_ocr else {p: t for p, t in texts.items() if p in has_text}
        todo = [p for p in selected if not known.get(p, "").strip()]
        result.pages_skipped = [p for p in selected if p not in todo]
        if not todo:
            result.already_text = True
            if job.mode != "text" and not force_ocr:  # a person is pointed to --redo-ocr, not to a JPEG's --force-ocr
                shown = page_list(pdf)
                result.earlier_ocr = all(only_invisible_text(shown[p - 1]) for p in selected)
        listed = page_list(pdf) if todo else []
        for p in todo:
            box = listed[p - 1].cropbox
            engine.check_pixels(abs(float(box[2] - box[0])), abs(float(box[3] - box[1])), job.dpi, p)
        if job.mode == "text":
            result.text = job.read(path, count, _text_extractor(source, known, job))
            result.pages_ocred = [t.page for t in result.text.pages if t.page in todo]
            return
        if not todo:
            pass_through(path, job, result)
            if job.skip_text:  # the file goes through, and so does its text
                write_sidecar(job, selected, texts, result)
            return
        assert job.out is not None  # pdf mode
        job.progress.total = len(todo)
        layers = task.map_threads(lambda p: _pdf_page(source, p, job, whole=p in has_text), todo, job.workers)
        for number, (turn, layer) in zip(todo, layers, strict=True):
            _apply(pdf, number, turn, layer, result, whole=number in has_text, deskew=job.deskew)
        saved = edit.Job(path, job.out, pdf, job.in_place, job.saving).save(job.decrypt)  # encryption kept
        result.output, result.encrypted, result.pages_ocred = saved["output"], saved["encrypted"], todo
        write_sidecar(job, selected, texts, result)



def _text_extractor(source: Path, known: dict[int, str], job: Job) -> pagetext.Extractor:
    def extract(numbers: list[int], progress: task.Counter) -> list[str]:
        todo = [p for p in dict.fromkeys(numbers) if not known.get(p, "").strip()]
        job.progress = progress
        texts = task.map_threads(lambda p: _pdf_page(source, p, job, layer=False)[1], todo, job.workers)
        found = {**known, **dict(zip(todo, texts, strict=True))}
        return [found[p] for p in numbers]

    return extract


def _pdf_page(source: Path, number: int, job: Job, *, layer: bool = True, whole: bool = False) -> tuple[int, Any]:
    """Rasterise, maybe turn upright, recognise; return (clockwise turn, text layer PDF or text). `whole`: the
    page has text of its own, so tesseract's PDF carries the page's image too (in colour, as JPEG), to be drawn
    instead of the page's own content."""
    image = poppler.rasterize(source, number, job.dpi, job.work / f"p{number}")
    turn = engine.orientation(image) if job.rotate else 0
    if turn:
        image = frames(image)[0].turned(turn, job.work / f"p{number}-upright.pgm")
    if layer and whole:
        picture = poppler.rasterize(source, number, job.dpi, job.work / f"c{number}", colour=True)
        if turn:
            picture = frames(picture)[0].turned(turn, job.work / f"c{number}-upright.jpg")
        found = engine.recognise(picture, job.work / f"p{number}", job.langs, job.dpi, pdf="page")
        picture.unlink(missing_ok=True)
    else:
        found = engine.recognise(image, job.work / f"p{number}", job.langs, job.dpi, pdf="layer" if layer else None)
    job.recognised[number] = found.text
    image.unlink(missing_ok=True)
    job.progress.add()
    return turn, (found.pdf if layer else found.text)


def _apply(pdf: pikepdf.Pdf, number: int, turn: int, layer_path: Path, result: OcrResult, *,
           whole: bool = False, deskew: bool = False) -> None:
    """Graft the text layer onto the page; `whole`: the layer carries the page's image, which replaces what
    the page drew (its text included; annotations and links stay); `deskew`: then turn the page and its layer
    straight by the slant of tesseract's lines."""
    import pikepdf

    page = pdf.pages[number - 1]
    if turn:
        page.obj.Rotate = (int(page.obj.get("/Rotate", 0)) + turn) % 360
        result.pages_rotated.append(number)
    if whole:
        page.obj.Contents = pdf.make_stream(b"")
        page.obj.Resources = pikepdf.Dictionary()
        result.pages_rasterised.append(number)
    with pikepdf.open(layer_path) as layer:
        engine.graft(pdf, page, layer)
        if deskew and straighten_by_layer(pdf, page, layer.pages[0], engine.shown_box(page)):
            result.pages_deskewed.append(number)
