"""Reading one invoice: its issuer, number, date, total and currency, each with a confidence and a source.

Sources, best first: an embedded e-invoice XML (exact), a user template, the label and layout heuristics on
the PDF's text; OCR (tesseract through `core.ocr`, as the `ocr` op uses it) when the PDF has no text layer.
An XML that shows the PDF to be another document (an order) makes the file no invoice, and a PDF whose pages
cannot show a document (a page under a millimetre wide: a broken file) is not read either: nothing is read
from them, so nothing can be invented. Nothing here renames anything.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

from pdftools.core.pdf import open_pdf
from pdftools.invoice import attachments as invoice_attachments
from pdftools.invoice import currencies as invoice_currencies
from pdftools.invoice import issuer as invoice_issuer
from pdftools.invoice import pages as invoice_pages
from pdftools.invoice import text as invoice_text
from pdftools.invoice import totals as invoice_totals
from pdftools.invoice import xml as invoice_xml
from pdftools.invoice.fields import FIELDS, Found, Options, Reading, Source
from pdftools.invoice.layout import Candidate, Doc
from pdftools.invoice.names import ends_legal
from pdftools.invoice.page_texts import TEXT_PAGES, has_text, read_texts

OCR_FACTOR = 0.95  # OCR text is less certain than a text layer
MIN_PAGE = 2.8  # pt: a millimetre
RIVAL_MARGIN = 0.1  # a field's best reading must beat any other value by this much to be trusted


def read_invoice(path: Path, password: str | None, options: Options) -> Reading:
    warnings: list[str] = []
    with open_pdf(path, password) as pdf:
        broken = _broken_page(pdf)
        if broken:
            return Reading({}, {}, warnings, not_invoice=broken)
        from_xml = _from_xml(pdf, warnings) if options.xml else {}
        if isinstance(from_xml, str):
            return Reading({}, {}, warnings, not_invoice=from_xml)
        best: dict[str, tuple[Candidate, Source]] = {key: (c, "xml") for key, c in from_xml.items()}
        read = None
        if from_xml and options.check_pages:
            read = read_texts(pdf, path, options, warnings)
            warnings += _check_pages(read[0], from_xml)
        if len(best) < len(FIELDS):
            texts, source, doubtful, certain = read or read_texts(pdf, path, options, warnings)
            for key, cand in _from_text(texts, options, doubtful).items():
                if key == "issuer" and source == "ocr":
                    cand = unconfirmed_ocr_name(cand, certain)
                if key == "number" and source == "ocr":
                    cand = spaced_ocr_number(cand)
                best.setdefault(key, (cand, source))
    fields = {key: _found(key, cand, source) for key in FIELDS if key in best for cand, source in [best[key]]}
    return Reading(fields, {key: cand.value for key, (cand, _) in best.items()}, warnings)


def _check_pages(texts: list[str], from_xml: dict[str, Candidate]) -> list[str]:
    """The XML's values the pages do not show, each a warning (`--check-pages`); none when the pages have no
    text to check against (that is warned of already)."""
    if not has_text(texts):
        return ["the pages were not checked against the XML: they have no text"]
    return invoice_pages.unshown(texts, {key: _found(key, cand, "xml").value for key, cand in from_xml.items()})


def unconfirmed_ocr_name(cand: Candidate, certain: frozenset[str] = frozenset()) -> Candidate:
    """A name OCR read once is not trusted: OCR merges and misreads letters, sure of the word all the same
    (`Novák a.s.` read `Novakats`, `Černý obchod s.r.o.` read `Merny obchod s.r.o.`), and nothing on the page
    confirms the reading; unless the name ends in its legal form and OCR was certain of each of its words
    (`certain`: page_texts.OCR_CERTAIN at every reading), the form read whole confirming where the name ends."""
    if any(words in cand.how for words in ("printed", "spelled", "like the web domain")):
        return cand  # seen again, in the same spelling or in the web or e-mail domain
    if ends_legal(cand.value) and all(word in certain for word in cand.value.split()):
        return Candidate(cand.value, cand.score, f"{cand.how}; OCR certain of each word", cand.line, cand.extra)
    return Candidate(cand.value, min(cand.score, 0.65), f"{cand.how}; but OCR read it once, with nothing to confirm"
                     " it", cand.line, cand.extra)


_SPACED_PREFIX = re.compile(r"[A-Z]{1,4} \d\S*|\d+(?: \d+)+")


def spaced_ocr_number(cand: Candidate) -> Candidate:
    """A number with a capital-letter prefix before a space (`RG 2024/5801`) or printed in groups of digits (`2066
    8737 7278`) is not trusted from OCR, which puts spaces into words and drops them (`F2025-00708` read `F
    2025-00708`): the text layer's space is the page's, OCR's may not be."""
    if not isinstance(cand.value, str) or not _SPACED_PREFIX.fullmatch(cand.value):
        return cand
    return Candidate(cand.value, min(cand.score, 0.6), f"{cand.how}; but OCR may have put the space in it",
                     cand.line, cand.extra)


def _found(key: str, cand: Candidate, source: Source) -> Found:
    value = cand.value
    text = value.isoformat() if isinstance(value, dt.date) else f"{value:.2f}" if isinstance(value, Decimal) else value
    score = cand.score * (OCR_FACTOR if source == "ocr" else 1.0)
    return Found(value=str(text), confidence=round(score, 2), source=source, how=cand.how)


def _broken_page(pdf: Any) -> str | None:
    """Why the PDF cannot show a document (a first page under a millimetre wide or high), or None."""
    for number, page in enumerate(pdf.pages[:TEXT_PAGES], 1):
        try:
            box = [float(v) for v in page.mediabox]
        except (TypeError, ValueError, IndexError):
            return f"the PDF is broken: page {number} has no usable size"
        width, height = abs(box[2] - box[0]), abs(box[3] - box[1])
        if min(width, height) < MIN_PAGE:
            return f"the PDF is broken: page {number} is {width:.1f} x {height:.1f} pt, too small to show a document"
    return None


def _from_xml(pdf: Any, warnings: list[str]) -> dict[str, Candidate] | str:
    """The fields of the PDF's e-invoice XML (exact), or why the file is no invoice (an order's XML). Where
    two invoice XMLs (ZUGFeRD 1.0 beside Factur-X) disagree on a field, it is not trusted."""
    invoices = []
    found = invoice_attachments.attachments(pdf)
    for item in found:
        read = invoice_xml.read(item.name, item.data, item.relationship)
        if isinstance(read, invoice_xml.XmlInvoice):
            invoices.append(read)
        elif read.other_document and not invoices:
            return str(read)
        else:
            warnings.append(read + "; the text was used instead")
    if not invoices:
        return {}
    first = invoices[0]
    how = f"embedded XML {first.name} ({first.syntax})"
    fields = {key: Candidate(value, 1.0, how) for key in FIELDS if (value := getattr(first, key)) is not None}
    for other in invoices[1:]:
        for key, cand in fields.items():
            theirs = getattr(other, key)
            if theirs is not None and theirs != cand.value:
                fields[key] = Candidate(cand.value, 0.5, f"{how}, but {other.name} says {theirs}")
    return fields


def contested(candidates: list[Candidate]) -> Candidate:
    """The best candidate (the first line among equals), trusted only when no other value comes close: with a
    rival within RIVAL_MARGIN its confidence drops under the default threshold (two labelled dates, two
    invoice numbers: a guess between them is not a reading)."""
    best = max(candidates, key=lambda c: (c.score, -c.line))
    rivals = [c for c in candidates if c.value != best.value]
    rival = max(rivals, key=lambda c: c.score, default=None)
    if rival is None or best.score - rival.score >= RIVAL_MARGIN:
        return best
    return Candidate(best.value, min(best.score, 0.65), f"{best.how}; but {rival.value} ({rival.how}) is nearly as"
                     " likely", best.line, best.extra)


def plausible_date(best: Candidate) -> Candidate:
    """An invoice is dated when it is issued: a date after today is another date (a due date, a period's end)
    or a misreading, not trusted."""
    if best.value <= dt.date.today():
        return best
    return Candidate(best.value, min(best.score, 0.6), f"{best.how}; but it lies in the future", best.line)


def _from_text(texts: list[str], options: Options, doubtful: dict[str, str]) -> dict[str, Candidate]:
    doc = Doc.from_pages(texts, options.date_order)
    found: dict[str, Candidate] = {}
    issuers = invoice_issuer.issuers(doc)
    numbers = invoice_text.numbers(doc)
    if issuers:
        found["issuer"] = issuers[0]
    if numbers:
        found["number"] = invoice_text.trusted_number(contested(numbers), numbers)
    total = invoice_totals.signed(doc, invoice_totals.best_total(*invoice_totals.totals(doc)))
    currency = invoice_currencies.currency(doc, total)
    total = invoice_totals.unless_larger(doc, total)
    if total is not None:
        found["amount"] = total
    if currency is not None:
        found["currency"] = currency
    dates = invoice_text.dates(doc)
    if dates:
        found["date"] = plausible_date(invoice_text.resolve_order(doc, contested(dates),
                                                                  currency.value if currency else None))
    folded = "\n".join(doc.folded)
    for template in options.templates:
        if template.applies(folded):
            found.update(template.fields("\n".join(doc.lines), options.date_order))
            break
    return {key: _doubted(doc, cand, doubtful, key) for key, cand in found.items()} if doubtful else found


_DIGITS = re.compile(r"\D")


def _doubted(doc: Doc, cand: Candidate, doubtful: dict[str, str], key: str = "") -> Candidate:
    """A number, date or total whose digits may be misread (`571,04` read as `75,04` at a low word confidence, a
    number cut at the page's edge) is not trusted: a misread digit makes a wrong name; nor is a name printed once
    with such a word (`Weißenburg` read `Weifenburg`). A total that equals net + tax is checked by its sum."""
    value = cand.value
    line = doc.lines[cand.line] if cand.line < len(doc.lines) else ""
    digits = [(w, _DIGITS.sub("", w)) for w in doubtful if len(_DIGITS.sub("", w)) >= 2]
    if isinstance(value, Decimal):
        if "(= net + tax)" in cand.how:
            return cand
        shown = _DIGITS.sub("", f"{value:.2f}")
        hit = next((w for w, d in digits if d in shown and d in _DIGITS.sub("", line)), None)
    elif isinstance(value, dt.date):
        hit = next((w for w, _ in digits if w in line), None)
    elif key == "issuer":
        if "printed" in cand.how:
            return cand  # the same spelling elsewhere on the page confirms it (a misreading rarely repeats)
        words = set(str(value).split())
        hit = next((w for w in doubtful if w in words or (len(w) >= 4 and w in str(value))), None)
    elif any(c.isdigit() for c in str(value)) and cand.how.startswith(("after", "under")):
        hit = next((w for w, _ in digits if w in str(value) or str(value) in w), None)
    else:
        return cand
    if hit is None:
        return cand
    return Candidate(value, min(cand.score, 0.6), f"{cand.how}; but {doubtful[hit].format(repr(hit))}", cand.line,
                     cand.extra)
