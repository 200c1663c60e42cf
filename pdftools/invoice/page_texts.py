"""The text of an invoice's pages that matter (the first ones and the last): their layout text, or OCR's when
they have no text layer (tesseract's invisible layer read back with `pdftotext -layout`, so columns stay where
they are), and the words that may be misread: those OCR was unsure of, those cut at the page's edge.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from pdftools.core import task
from pdftools.document import text as pagetext
from pdftools.engines import poppler
from pdftools.engines import tesseract as engine
from pdftools.errors import PageTooLarge
from pdftools.invoice import layout as invoice_layout
from pdftools.invoice.fields import Options, Source

OCR_LANGUAGES = ("eng", "deu", "fra", "nld", "spa", "ita")
TEXT_PAGES = 3  # the first pages and the last ones carry an invoice's header and totals
LAST_PAGES = 3  # of a text layer (cheap), the last three: totals, then terms or an annex; OCR reads the last one
OCR_DPI = 300
OCR_TOO_LARGE = ("OCR reads an invoice's page at 300 dpi, whatever its size, and this page has more pixels there than "
                 "the limit allows: {{cli:raise PDFTOOLS_MAX_PIXELS if the machine has the memory, or name this file "
                 "by hand.}}{{mcp:the limit is the server's setting PDFTOOLS_MAX_PIXELS (tell the user), so leave "
                 "this file out.}}")  # PAGE_TOO_LARGE here: no option lowers the resolution
OCR_SURE = 80  # tesseract's word confidence (0-100) under which a word may be misread
OCR_CERTAIN = 90  # at or above it at every reading, a word is read as printed (reader.unconfirmed_ocr_name)


def default_languages() -> str:
    """The invoice languages tesseract has installed (English at least)."""
    installed = [lang for lang in OCR_LANGUAGES if lang in engine.languages()]
    return "+".join(installed or ["eng"])


def read_texts(pdf: Any, path: Path, options: Options, warnings: list[str],
               ) -> tuple[list[str], Source, dict[str, str], frozenset[str]]:
    """The layout text of the pages that matter (OCR when there is no text layer), the words that may be
    misread, each with why (`{}` where the word goes): those OCR was unsure of, those that run off the page (cut
    where it ends); and the words OCR was certain of (OCR_CERTAIN at every reading; none from a text layer)."""
    count = len(pdf.pages)
    numbers = _pages(count, LAST_PAGES)
    with pagetext.readable(pdf, path) as source:
        texts = pagetext.pdftotext(source, "layout")(numbers, task.Counter(len(numbers)))
        if has_text(texts):
            return texts, "text", _cut_words(source, numbers), frozenset()
        if not options.ocr:
            warnings.append("no text layer, and OCR is off")
            return texts, "text", {}, frozenset()
        numbers = _pages(count, 1)
        for n in numbers:
            box = pdf.pages[n - 1].cropbox
            try:
                engine.check_pixels(abs(float(box[2] - box[0])), abs(float(box[3] - box[1])), OCR_DPI, n)
            except PageTooLarge as exc:  # (the resolution is fixed: no option lowers it)
                raise PageTooLarge(exc.message, hint=OCR_TOO_LARGE) from None
        warnings.append("no text layer: read by OCR")
        texts, doubtful, certain = ocr_layout(source, numbers, options.language or default_languages())
        return texts, "ocr", dict.fromkeys(doubtful, "OCR was unsure of {}"), certain


def has_text(texts: list[str]) -> bool:
    """The pages carry text to read (a text layer's stray marks are not one)."""
    return sum(len(t.strip()) for t in texts) >= 20


def _pages(count: int, last: int) -> list[int]:
    """The first TEXT_PAGES pages and the `last` last ones."""
    return sorted({*range(1, min(count, TEXT_PAGES) + 1), *range(max(count - last + 1, 1), count + 1)})


def ocr_layout(source: Path, numbers: list[int], language: str) -> tuple[list[str], set[str], frozenset[str]]:
    """OCR pages into layout text: tesseract's invisible text layer keeps each word where it is on the page,
    so `pdftotext -layout` on it gives the same columns as a digital PDF's text (tesseract's plain text
    output would break a label and its value into separate blocks). With them, the words tesseract was unsure
    of (confidence under OCR_SURE), and those it was certain of at every reading (OCR_CERTAIN)."""
    langs = engine.check_languages(language)
    with tempfile.TemporaryDirectory(prefix="pdftools-invoice-") as tmp:
        work = Path(tmp)

        def page(number: int) -> tuple[str, list[tuple[str, float]]]:
            image = poppler.rasterize(source, number, OCR_DPI, work / f"p{number}")
            found = engine.recognise(image, work / f"p{number}", langs, OCR_DPI, pdf="layer", words=True)
            image.unlink(missing_ok=True)
            layout = pagetext.pdftotext(found.pdf or image, "layout")([1], task.Counter(1))[0]
            return invoice_layout.mend_ocr(invoice_layout.join_words(layout, found.joined)), found.words or []

        pages = task.map_threads(page, numbers, workers=os.cpu_count() or 1)
        words = [pair for _, read in pages for pair in read]
        below = {word for word, sure in words if sure < OCR_CERTAIN}
        return ([text for text, _ in pages], {word for word, sure in words if sure < OCR_SURE},
                frozenset(word for word, _ in words if word not in below))


def _cut_words(source: Path, numbers: list[int]) -> dict[str, str]:
    """The words whose box crosses the page's edge: pdftotext drops the characters past it (`RE-2022-7737`
    reads `RE-2022-773`)."""
    from pdftools.core.pages import runs

    cut = {}
    for run in runs(numbers):
        for page in poppler.bbox_layout(source, run[0], run[-1]):
            for word in (w for block in page.blocks for line in block.lines for w in line.words):
                x0, y0, x1, y1 = word.box
                if x0 < -0.5 or y0 < -0.5 or x1 > page.width + 0.5 or y1 > page.height + 0.5:
                    cut[word.text] = "{} runs off the page"
    return cut
