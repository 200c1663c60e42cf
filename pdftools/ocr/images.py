"""OCR of images (PNG, JPEG, TIFF; each frame a page): a searchable PDF of them, or their text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pdftools.core import task
from pdftools.core.pages import parse_pages
from pdftools.core.pdf import save_pdf
from pdftools.document import text as pagetext
from pdftools.document.images import Frame, frames
from pdftools.engines import tesseract as engine
from pdftools.errors import PageTooLarge
from pdftools.ocr.deskew import straighten_by_layer
from pdftools.ocr.job import Job
from pdftools.ocr.outputs import write_sidecar
from pdftools.ocr.result import OcrResult

IMAGE_TOO_LARGE = ("An image is read as it is, every pixel ({{dpi}} does not change how many), and this one has more "
                   "than the limit allows: {{cli:scale it down first, or raise PDFTOOLS_MAX_PIXELS if the machine has "
                   "the memory.}}{{mcp:give a smaller image.}}")  # PAGE_TOO_LARGE of an image input (MCP: the
# limit's words follow, as for every limit)



def ocr_images(path: Path, job: Job, result: OcrResult) -> None:
    import pikepdf

    found = frames(path, job.work, default_dpi=job.dpi)
    turned: list[int] = []  # the frames turned upright (--rotate-pages), from the page threads
    if job.mode == "text":
        result.text = job.read(path, len(found), _image_extractor(found, job, turned))
        result.pages_ocred, result.pages_rotated = [t.page for t in result.text.pages], sorted(turned)
        return
    assert job.out is not None  # pdf mode
    selected = list(dict.fromkeys(parse_pages(job.pages, len(found), path)))
    job.progress.total = len(selected)
    made = task.map_threads(lambda n: _image_page(found[n - 1], n, job, turned, pdf="page"), selected,
                            job.workers)
    merged = pikepdf.new()
    for number, part in zip(selected, made, strict=True):
        with pikepdf.open(part) as one:
            merged.pages.extend(one.pages)
        page = merged.pages[-1]
        if job.deskew and straighten_by_layer(merged, page, page, engine.shown_box(page)):
            result.pages_deskewed.append(number)
    save_pdf(merged, job.out, **job.saving)
    result.output, result.pages_ocred, result.pages_rotated = str(job.out), selected, sorted(turned)
    write_sidecar(job, selected, {}, result)


def _image_extractor(found: list[Frame], job: Job, turned: list[int]) -> pagetext.Extractor:
    def extract(numbers: list[int], progress: task.Counter) -> list[str]:
        job.progress = progress
        return task.map_threads(lambda n: _image_page(found[n - 1], n, job, turned, pdf=None), numbers,
                                job.workers)

    return extract


def _image_page(frame: Frame, number: int, job: Job, turned: list[int], *, pdf: str | None) -> Any:
    """OCR one frame; with --rotate-pages turned upright first (the pixels themselves: the searchable PDF
    shows the image upright, as a PDF page is shown turned)."""
    try:
        engine.check_pixels(frame.width / frame.dpi * 72, frame.height / frame.dpi * 72, frame.dpi, number)
    except PageTooLarge as exc:  # an image is read at its own resolution: {{dpi}} changes nothing
        raise PageTooLarge(exc.message, hint=IMAGE_TOO_LARGE) from None
    image = frame.path
    turn = engine.orientation(image) if job.rotate else 0
    if turn:
        image = frame.turned(turn, job.work / f"f{number}-upright.png")
        turned.append(number)
    found = engine.recognise(image, job.work / f"f{number}", job.langs, frame.dpi, pdf=pdf)
    job.recognised[number] = found.text
    job.progress.add()
    return found.pdf if pdf else found.text
