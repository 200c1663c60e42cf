"""Reading one invoice: its issuer, number, date, total and currency, each with a confidence and a source.

Sources, best first: an embedded e-invoice XML (exact), a user template, the label and layout heuristics on
the PDF's text; OCR (tesseract through `core.ocr`, as the `ocr` op uses it) when the PDF has no text layer.
Nothing here renames anything.
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Literal

from pdftools.core import task
from pdftools.core.pdf import open_pdf
from pdftools.document import text as pagetext
from pdftools.engines import poppler
from pdftools.engines import tesseract as engine
from pdftools.invoice import issuer as invoice_issuer
from pdftools.invoice import text as invoice_text
from pdftools.invoice import totals as invoice_totals
from pdftools.invoice import xml as invoice_xml
from pdftools.invoice.templates import Template
from pdftools.invoice.text import Candidate, Doc

FIELDS = ("issuer", "number", "date", "amount", "currency")
OCR_LANGUAGES = ("eng", "deu", "fra", "nld", "spa", "ita")
TEXT_PAGES = 3  # the first pages and the last one carry an invoice's header and totals
OCR_FACTOR = 0.95  # OCR text is less certain than a text layer
OCR_DPI = 300
Source = Literal["xml", "text", "ocr"]


@dataclass
class Found:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    value: str
    """Dates YYYY-MM-DD, amounts 2 decimals, ISO currency codes."""
    confidence: float
    source: Source
    how: str

    def __str__(self) -> str:
        return f"{self.value} ({self.source} {self.confidence:.2f})"


@dataclass
class Reading:
    fields: dict[str, Found]  # by name (FIELDS), those found
    values: dict[str, Any]  # typed: date -> dt.date, amount -> Decimal, others str
    warnings: list[str] = field(default_factory=list)


@dataclass
class Options:
    date_order: str = "auto"
    ocr: bool = True
    language: str | None = None
    templates: list[Template] = field(default_factory=list)


def default_languages() -> str:
    """The invoice languages tesseract has installed (English at least)."""
    installed = [lang for lang in OCR_LANGUAGES if lang in engine.languages()]
    return "+".join(installed or ["eng"])


def read_invoice(path: Path, password: str | None, options: Options) -> Reading:
    warnings: list[str] = []
    with open_pdf(path, password) as pdf:
        best: dict[str, tuple[Candidate, Source]] = {key: (c, "xml") for key, c in _from_xml(pdf, warnings).items()}
        if len(best) < len(FIELDS):
            texts, source = _texts(pdf, path, options, warnings)
            for key, cand in _from_text(texts, options).items():
                best.setdefault(key, (cand, source))
    fields = {key: _found(key, cand, source) for key in FIELDS if key in best for cand, source in [best[key]]}
    return Reading(fields, {key: cand.value for key, (cand, _) in best.items()}, warnings)


def _found(key: str, cand: Candidate, source: Source) -> Found:
    value = cand.value
    text = value.isoformat() if isinstance(value, dt.date) else f"{value:.2f}" if isinstance(value, Decimal) else value
    score = cand.score * (OCR_FACTOR if source == "ocr" else 1.0)
    return Found(value=str(text), confidence=round(score, 2), source=source, how=cand.how)


def _from_xml(pdf: Any, warnings: list[str]) -> dict[str, Candidate]:
    for name, data in invoice_xml.attachments(pdf):
        read = invoice_xml.read(name, data)
        if isinstance(read, str):
            warnings.append(read + "; the text was used instead")
            continue
        values = {key: getattr(read, key) for key in FIELDS}
        found = {key: Candidate(value, 1.0, f"embedded XML {name}") for key, value in values.items() if value}
        if found:
            return found
    return {}


def _texts(pdf: Any, path: Path, options: Options, warnings: list[str]) -> tuple[list[str], Source]:
    """The layout text of the pages that matter; OCR when there is no text layer."""
    count = len(pdf.pages)
    numbers = sorted({*range(1, min(count, TEXT_PAGES) + 1), count}) if count else []
    with pagetext.readable(pdf, path) as source:
        texts = pagetext.pdftotext(source, "layout")(numbers, task.Counter(len(numbers)))
        if sum(len(t.strip()) for t in texts) >= 20:
            return texts, "text"
        if not options.ocr:
            warnings.append("no text layer, and OCR is off")
            return texts, "text"
        for n in numbers:
            box = pdf.pages[n - 1].cropbox
            engine.check_pixels(abs(float(box[2] - box[0])), abs(float(box[3] - box[1])), OCR_DPI, n)
        warnings.append("no text layer: read by OCR")
        return ocr_layout(source, numbers, options.language or default_languages()), "ocr"


def ocr_layout(source: Path, numbers: list[int], language: str) -> list[str]:
    """OCR pages into layout text: tesseract's invisible text layer keeps each word where it is on the page,
    so `pdftotext -layout` on it gives the same columns as a digital PDF's text (tesseract's plain text
    output would break a label and its value into separate blocks)."""
    langs = engine.check_languages(language)
    with tempfile.TemporaryDirectory(prefix="pdftools-invoice-") as tmp:
        work = Path(tmp)

        def page(number: int) -> str:
            image = poppler.rasterize(source, number, OCR_DPI, work / f"p{number}")
            layer = engine.recognise(image, work / f"p{number}", langs, OCR_DPI, pdf="layer").pdf
            image.unlink(missing_ok=True)
            return pagetext.pdftotext(layer or image, "layout")([1], task.Counter(1))[0]

        return task.map_threads(page, numbers, workers=os.cpu_count() or 1)


def _from_text(texts: list[str], options: Options) -> dict[str, Candidate]:
    doc = Doc.from_pages(texts, options.date_order)
    found: dict[str, Candidate] = {}
    issuers = invoice_issuer.issuers(doc)
    numbers = invoice_text.numbers(doc)
    if issuers:
        found["issuer"] = issuers[0]
    if numbers:
        found["number"] = max(numbers, key=lambda c: (c.score, -c.line))
    total = invoice_totals.best_total(*invoice_totals.totals(doc))
    if total is not None:
        found["amount"] = total
    currency = invoice_totals.currency(doc, total)
    if currency is not None:
        found["currency"] = currency
    dates = invoice_text.dates(doc)
    if dates:
        best = max(dates, key=lambda c: (c.score, -c.line))
        found["date"] = invoice_text.resolve_order(doc, best, currency.value if currency else None)
    folded = "\n".join(doc.folded)
    for template in options.templates:
        if template.applies(folded):
            found.update(template.fields("\n".join(doc.lines), options.date_order))
            break
    return found
