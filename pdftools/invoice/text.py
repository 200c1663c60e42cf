"""The invoice's number and date (and the language that decides a date's order) from a document's text, by
labels and layout, without per-vendor templates; the text as lines and cells is `invoice.layout`'s.

Each finder returns scored candidates; the score (0-1) says how sure the evidence is: a strong label on the
same line scores high, a lone date in the header low. The caller takes the best.
"""

from __future__ import annotations

import re

from pdftools.invoice.labels import DATE, DEDUCTED, NUMBER, OTHER_DOCUMENT, TITLE
from pdftools.invoice.layout import Candidate, Cell, Doc, nearest_label, score_of
from pdftools.invoice.parse import DateFound, find_amounts, find_dates, fold

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9/._-]*[A-Za-z0-9]|\d")
_LEAD = re.compile(r"[\s:#.°º]*")
_HYPHEN_GAP = re.compile(r"^([A-Za-z0-9][A-Za-z0-9/._]*[-/]) (?=[A-Za-z0-9])")  # OCR's `INV- 2025-001`
_PLACE = re.compile(r"\s*[^\W\d][\w .'-]{1,30},\s*(?:(?:den|am|le|el|il|l[iì])\s+)?")  # `Köln, den`, `Paris, le`
_PREPOSITION = re.compile(r"vom|du|of|del|van")
# A title alone (`Warenrechnung`) or with its number (`Rechnung Nr. 2024-0042`, `Invoice #1042`)
_TITLE_CELL = re.compile(rf"(?:[a-z]*(?:rechnung|gutschrift)|{TITLE.pattern})"
                         r"(?:\s*(?:#|n[°o]\.?|no\.?|nr\.?|nummer|number)?\s*:?\s*[a-z0-9][a-z0-9/._-]*\d[a-z0-9/._-]*)?")


# ------------------------------------------------------------------------------------------- number


# The further groups of a number printed in groups of digits, to the end of its cell (`2066 8737 7278`)
_SPACED_GROUPS = re.compile(r"(?: \d{3,5}){1,4}(?=[ .,;]*$| [·•|] )")  # then the cell's end or a separator
# A number's capital-letter prefix before a space (`RG 2024/5801`, `CG 148`): part of the number when the number
# ends its cell (`TBA 12 days` is words)
_PREFIX = re.compile(r"[A-Z]{1,4} (?=\d)")


def _number_token(text: str) -> str | None:
    text = _HYPHEN_GAP.sub(r"\1", text, count=1)
    prefix = _PREFIX.match(text)
    match = _TOKEN.match(text, prefix.end()) if prefix else None
    if match is None or text[match.end():match.end() + 2].strip():
        match = _TOKEN.match(text)
    if not match:
        return None
    token = text[:match.end()]
    spaced = _SPACED_GROUPS.match(text, match.end()) if token.isdigit() else None
    if spaced:  # `Rechnungsnummer 2066 8737 7278`: a number printed in groups is one number, not its first group
        token = text[:spaced.end()]
    if not any(c.isdigit() for c in token) or len(token) > 32 or find_dates(fold(token)):
        return None
    return token


def _token_after(doc: Doc, i: int, end: int) -> str | None:
    """The value after a label ending at `end`: in the label's cell, else in the next cell of the line. A
    token followed by a colon is still part of the label (OCR reads `n.º:` as `n.2:`)."""
    cell = doc.cell_at(i, max(end - 1, 0))
    rest = doc.lines[i][end:cell.end] if cell else ""
    lead = _LEAD.match(rest)
    rest = rest[lead.end() if lead else 0:]
    token = _number_token(rest)
    if token and rest[len(token):len(token) + 1] == ":":
        rest = rest[len(token) + 1:].lstrip(" :")
        token = _number_token(rest)
    if token or rest.strip():
        return token
    following = [c for c in doc.cells[i] if c.start >= end and (cell is None or c.start >= cell.end)]
    if not following or NUMBER.find(following[0].folded):
        return None
    lead = _LEAD.match(following[0].text)
    return _number_token(following[0].text[lead.end() if lead else 0:])


def _after_number_word(doc: Doc, cell: Cell) -> str | None:
    """The value after a bare number word that starts `cell`: the rest of the cell (`Nummer RE-2024/505`), or,
    the word alone, the next cell of its line (`Nr./No.       RN-2024-1001`); the value whole, or None."""
    word = _NUMBER_WORD.match(cell.folded)
    if word is None or (word.end() < len(cell.folded) and cell.folded[word.end()] not in " :"
                        and not word.group().endswith((".", ":", " "))):
        return None  # `Numbers...`, not the word
    rest = cell.text[word.end():].strip(" :")
    if not rest:
        value = next((c for c in doc.cells[cell.line] if c.start >= cell.end), None)
        rest = value.text.rstrip(" .,;") if value else ""
    lead = _LEAD.match(rest)
    rest = rest[lead.end() if lead else 0:]  # `Nº: #2022/0323`
    token = _number_token(rest)
    return token if token and token == rest else None


def _alone(doc: Doc, i: int, start: int, end: int) -> Cell | None:
    """The cell that is only the label at start..end (and a colon), or None."""
    cell = doc.cell_at(i, start)
    if cell is None or cell.start != start or doc.lines[i][end:cell.end].strip(" :"):
        return None
    return cell


def _lower_right(doc: Doc, i: int, start: int, end: int, kind: str, label: str) -> list[Candidate]:
    cell = _alone(doc, i, start, end)
    value = doc.lower_right(cell) if cell else None
    token = _number_token(value.text.lstrip("#")) if value else None
    if value is None or token is None or token != value.text.lstrip("# ").rstrip(" .,;"):
        return []
    return [Candidate(token, score_of(kind) - 0.06, f"under the label '{label}', right of it{_weak(kind)}", i)]


def _apart_below(doc: Doc, i: int, start: int, end: int, kind: str, label: str) -> list[Candidate]:
    """The value of a label alone in its cell, further down its column with only other columns' lines between
    (FreshBooks' `Invoice Number` over its value, a tall customer block beside them)."""
    if _alone(doc, i, start, end) is None:
        return []
    cells = doc.column_next(i, start, end, 1)
    token = _number_token(cells[0].text) if len(cells) == 1 else None
    if token is None or token != cells[0].text.strip() or NUMBER.find(cells[0].folded):
        return []
    return [Candidate(token, score_of(kind) - 0.04, f"under the label '{label}', lines apart{_weak(kind)}", i)]


_MARKED = re.compile(r"(?:#|n[°o]?\.?|no\.?|nr\.?)\s*:?\s*(\S+)")  # `# 1001`, `Nr. 2024-117`, `N19`
# A bare number word (`Nummer`, `No.`, `Nr./No.`, `Réf. :`), then the value in its cell or in the next one
_NUMBER_WORD = re.compile(r"(?:#|n[°o]\.?|no\.?|nr\.?|nummer|number|num[eé]ro|num\.?|ref\.?)"
                          r"(?:\s*/\s*(?:n[°o]\.?|no\.?|nr\.?|number))?\s*:?")
_GOES_ON = re.compile(r" ([a-z]+(?: [a-z0-9]+){0,2}) (?:vom|du|del|of|dated) ")  # words, then the date's word


_DANFE_NUMBER = re.compile(r"(?<![a-z])n[o°º]?\.?\s*(\d{3}\.\d{3}\.\d{3})(?![\d.])")


def _danfe_number(doc: Doc) -> list[Candidate]:
    """A DANFE's `Nº 000.047.449` (the NF-e's number, 47449, printed zero-padded with dots), beside `DANFE`."""
    if not any(re.search(r"(?<![a-z])danfe(?![a-z])", line) for line in doc.folded[:40]):
        return []
    for i, folded in enumerate(doc.folded[:60]):
        m = _DANFE_NUMBER.search(folded)
        if m:
            return [Candidate(str(int(m.group(1).replace(".", ""))), 0.9, "a DANFE's number (Nº)", i)]
    return []


# A weak number label (`Reference`, `Referenz`, `Document No.`) is one any document has: on layouts first seen, five
# of six numbers taken after `Referenz` were an order's or a contract's. Such a number is shown, never sure; it
# keeps its score among the candidates, so that it still leaves a guess between two numbers unsure.
WEAK_NUMBER = 0.65
_WEAK_LABEL = "; but other documents' numbers carry that label too"


def _weak(kind: str) -> str:
    return _WEAK_LABEL if kind == "weak" else ""


def trusted_number(best: Candidate, found: list[Candidate] | None = None) -> Candidate:
    """The chosen number, never sure when a weak label gave it alone: the same value after the document's title
    (`Document No.: RE-2025-1921` and `Invoice RE-2025-1921`) is the invoice's number."""
    if _WEAK_LABEL not in best.how:
        return best
    named = max((c for c in found or [] if c.value == best.value and _WEAK_LABEL not in c.how
                 and "title" in c.how), key=lambda c: c.score, default=None)
    if named is not None:
        how = f"{named.how}, and {best.how.replace(_WEAK_LABEL, '')}"
        return Candidate(best.value, min(named.score, best.score), how, named.line, named.extra)
    return Candidate(best.value, min(best.score, WEAK_NUMBER), best.how, best.line, best.extra)


def numbers(doc: Doc) -> list[Candidate]:
    """Invoice number candidates. A value the document also prints after another field's label (customer,
    order or VAT number, IBAN, phone) is that field's, not the invoice's: it is not trusted."""
    found: list[Candidate] = []
    others: set[str] = set()
    for i, folded in enumerate(doc.folded):
        for start, end, kind in NUMBER.find(folded):
            if kind == "negative" or DEDUCTED.match(folded):  # another party's number; a deducted invoice's
                token = _token_after(doc, i, end)
                others.update([token] if token else [])
                continue
            label = doc.lines[i][start:end].strip()
            token = _token_after(doc, i, end)
            if token:
                going_on = _GOES_ON.match(folded, folded.find(fold(token), end) + len(token))
                if going_on:  # `Nr. 210111 mit LV vom`: the number may be `210111 mit LV`
                    found.append(Candidate(token, min(score_of(kind), 0.6), f"after the label '{label}'; but words"
                                           f" follow it before its date: '{going_on.group(1)}'", i))
                    continue
                found.append(Candidate(token, score_of(kind), f"after the label '{label}'{_weak(kind)}", i))
                continue
            for cell in doc.below(i, start, end, depth=2):
                token = _number_token(cell.text.lstrip("#"))  # a value in a column stands alone in its cell
                if token and token == cell.text.lstrip("# ").rstrip(" .,;") and not NUMBER.find(cell.folded):
                    found.append(Candidate(token, score_of(kind) - 0.04, f"under the label '{label}'{_weak(kind)}",
                                           i))
                    break
            else:
                found += _lower_right(doc, i, start, end, kind, label) or _apart_below(doc, i, start, end, kind, label)
        for m in TITLE.finditer(folded):
            titled = doc.cell_at(i, m.start())
            strong = NUMBER.strong.match(folded, m.start())
            if titled is None or titled.start != m.start() or (strong and "  " not in strong.group().strip()):
                continue  # not a title; or a label (`Invoice No.`), read above
            if titled.end == m.end():  # the title alone: a `# number` under it is the invoice's
                right = doc.lower_right(titled)  # or lower, right of it (a big title over a small `# INV-0042`)
                token = _number_token(right.text[1:].lstrip()) if right and right.text.startswith("#") else None
                if token and right is not None and token == right.text[1:].strip():
                    found.append(Candidate(token, 0.8, f"under the title '{m.group()}', right of it, after '#'", i))
                for cell in doc.below(i, titled.start, titled.end, depth=1)[:1]:
                    token = _number_token(cell.text[1:].lstrip()) if cell.text.startswith("#") else None
                    if token and token == cell.text[1:].strip():
                        found.append(Candidate(token, 0.8, f"under the title '{m.group()}', after '#'", i))
                    token = _after_number_word(doc, cell) if not cell.text.startswith("#") else None
                    if token:  # `Nummer RE-2024/505`, `Réf. : FA2403-0001`
                        found.append(Candidate(token, 0.8, f"under the title '{m.group()}', after a number word", i))
                    row = doc.cells[cell.line]
                    left = row[row.index(cell) - 1] if row.index(cell) > 0 else None
                    token = _number_token(cell.text.strip())
                    if left is not None and _NUMBER_WORD.fullmatch(left.folded.strip()) and token == cell.text.strip():
                        found.append(Candidate(token, 0.8, f"under the title '{m.group()}', its row's word "
                                                           f"'{left.text.strip()}'", i))  # `Nr.    16117778`
            token = _number_token(doc.lines[i][m.end():titled.end].lstrip(" #"))
            if token and doc.lines[i][m.end():m.end() + 1] in (" ", "#"):
                found.append(Candidate(token, 0.8, f"after the title '{m.group()}'", i))
            elif titled.end == m.end():  # OCR's gap between a title and its `# 1001` (`Invoice       # 1001`)
                after = next((c for c in doc.cells[i] if c.start >= titled.end), None)
                marked = _MARKED.fullmatch(after.folded) if after else None
                token = _number_token(after.text[marked.start(1):]) if after and marked else None
                if after and marked and token == after.text[marked.start(1):].rstrip(" .,;"):
                    found.append(Candidate(token, 0.8, f"after the title '{m.group()}' and '{after.text}'", i))
                elif after and _NUMBER_WORD.fullmatch(after.folded):  # `Gutschrift     Nummer     90012399`
                    token = _after_number_word(doc, after)
                    if token:
                        found.append(Candidate(token, 0.8, f"after the title '{m.group()}' and '{after.text}'", i))
    found += _danfe_number(doc)
    return [c if c.value not in others else
            Candidate(c.value, min(c.score, 0.5), f"{c.how}; but it is also another field's number", c.line)
            for c in found]


# ------------------------------------------------------------------------------------------- date


def _date_context(doc: Doc, i: int, date: DateFound, previous_end: int) -> tuple[int, int, str] | None:
    """The label of a date: on its line, left of it (from the cell before it on); else above it."""
    cells = [c for c in doc.cells[i] if c.end <= date.start or c.start <= date.start < c.end]
    begin = max(previous_end, cells[-2].start if len(cells) > 1 else 0)
    label = nearest_label(DATE, doc.folded[i][begin:date.start], begin)
    if label and label[2] == "negative":
        label = _also_invoice_date(doc.folded[i], begin, label)
    if label and label[2] == "weak":
        whose = _whose(doc.folded[i][:label[0]])
        if whose == "weak" and _PREPOSITION.fullmatch(doc.folded[i][label[0]:label[1]]):
            whose = "bare"  # `annonce.fr du 06/12/2022`: a preposition tying the date to nothing named
        return label[0], label[1], whose
    if label:
        return label
    line, own = doc.cells[i], doc.cell_at(i, date.start)
    lead = doc.lines[i][own.start:date.start] if own else ""
    if len(line) == 2 and line[1] is own and (not lead or _PLACE.fullmatch(lead)) and \
            _TITLE_CELL.fullmatch(line[0].folded):
        return line[0].start, line[0].end, "weak"  # `Beitragsrechnung      24. Januar 2014`: the title's date
    if _PLACE.fullmatch(doc.lines[i][begin:date.start]):  # `Berlin, 5. März 2024`: a letter's date
        return begin, date.start, "weak"
    if own and lead and _PLACE.fullmatch(lead):  # the same in its own cell, after others on its line
        return own.start, date.start, "weak"
    if len(line) == 1 and own is line[0] and not lead and own.text.strip() == doc.lines[i][date.start:date.end] \
            and _over_subject(doc, i):
        return LETTER_DATE, LETTER_DATE, "weak"  # a letter's date, alone on its line over its subject
    for cell in [c for j in (i - 1, i - 2) if j >= 0 and doc.page_of[j] == doc.page_of[i] for c in doc.cells[j]]:
        if cell.start < date.end and date.start < cell.end + 2 and not find_dates(cell.folded):
            above = nearest_label(DATE, cell.folded)
            if above and above[2] == "weak" and _priced(doc.lines[i]):
                return None  # a line item's date under the items' `Date` column (QuickBooks' activity date)
            if above:  # above the date: no position on its line
                return -1, -1, _whose(cell.folded[:above[0]]) if above[2] == "weak" else above[2]
    over = doc.column_next(i, date.start, date.end, -1)
    heading = nearest_label(DATE, over[0].folded) if len(over) == 1 else None
    if heading and heading[2] == "strong" and heading[0] == 0 and not over[0].text[heading[1]:].strip(" :"):
        return -1, -1, "strong"  # a grid's `Date of Issue` over its date, lines apart
    previous = next((j for j in (i - 1, i - 2) if j >= 0 and doc.cells[j]), None)
    if previous is not None and doc.cells[i][-1].start <= date.start:
        last = doc.cells[previous][-1]
        above = nearest_label(DATE, last.folded)
        if above and above[0] == 0 and not last.text[above[1]:].strip(" :") and doc.lower_right(last) is \
                doc.cells[i][-1]:
            return -1, -1, above[2]  # a label set higher, left of the date
    return None


def _also_invoice_date(folded: str, begin: int, label: tuple[int, int, str]) -> tuple[int, int, str]:
    """A due or delivery date's label joined to the invoice date's by a slash (`Invoice date / Delivery date`):
    the date is both, the invoice's too."""
    joint = re.search(r"\s*/\s*$", folded[begin:label[0]])
    if joint is None:
        return label
    strong = [h for h in DATE.find(folded[begin:begin + joint.start()]) if h[2] == "strong" and h[1] == joint.start()]
    return (begin + strong[0][0], label[1], "strong") if strong else label


def _priced(line: str) -> bool:
    """Is the line a table's row of prices (two amounts with decimals: a rate and a line's amount)?"""
    return sum(a.decimals for a in find_amounts(line)) >= 2


LETTER_DATE = -2  # where a letter's date line (no label) says it is: in dates(), its own explanation


def _over_subject(doc: Doc, i: int) -> bool:
    """Is line `i` of page 1's upper half set right of the page's middle, over the letter's subject naming the
    invoice and its number (`Rechnung Nr. 2024-577`, `Invoice No. RE-2021-1343`) within its next three lines
    (DIN 5008: the date line above the subject)?"""
    width = max((len(line) for line in doc.lines if line.strip()), default=0)
    if doc.first_page_share(i) >= 0.5 or doc.cells[i][0].start < width * 0.5:
        return False
    after = [j for j in range(i + 1, len(doc.lines)) if doc.cells[j] and doc.page_of[j] == doc.page_of[i]][:3]
    for j in after:
        subject = doc.folded[j].strip()
        if any(kind == "strong" for _, _, kind in NUMBER.find(subject)):
            return True
        title = TITLE.match(subject)
        if title and _number_token(subject[title.end():].strip(" #:")):
            return True
    return False


def _whose(before: str) -> str:
    """A weak date label (`vom`, `du`, `of`, `Datum`) belongs to the document named last before it on its line:
    the invoice (`Rechnung 2024-17 vom`: strong), another document (`Ihre Bestellung 4711 vom`: not the
    invoice's date), or none (weak)."""
    if DEDUCTED.match(before):
        return "negative"  # `abzüglich Abschlagsrechnung Nr. 2024-50 vom`: a document already billed
    named = nearest_label(DATE, before)
    if named and named[2] == "negative" and not before[named[1]:].strip(" :"):
        return "negative"  # `Leistungszeitraum vom`, `Lieferdatum vom`: the date of what the label names
    ours = max((m.end() for m in TITLE.finditer(before)), default=-1)
    ours = max([ours, *(end for _, end, kind in NUMBER.find(before) if kind == "strong")])
    theirs = max((m.end() for m in OTHER_DOCUMENT.finditer(before)), default=-1)
    if theirs >= 0 and theirs >= ours:  # `Original invoice INV-120 dated`: the title word is another document's
        return "negative"
    return "strong" if ours >= 0 else "weak"


def dates(doc: Doc) -> list[Candidate]:
    found = []
    for i, folded in enumerate(doc.folded):
        previous_end = 0
        for date in find_dates(folded, doc.order):
            label = _date_context(doc, i, date, previous_end)
            previous_end = date.end
            if label and label[2] == "negative":
                continue
            if label:
                how = (f"after '{doc.lines[i][label[0]:label[1]].strip()}'" if label[0] >= 0 else
                       "a letter's date line, over its subject" if label[0] == LETTER_DATE else "under a date label")
                found.append(Candidate(date.value, score_of(label[2]), how, i, date))
            else:
                share = doc.first_page_share(i)
                found.append(Candidate(date.value, 0.5 if share < 0.4 else 0.35, "a date without a label", i, date))
    return found


_LANGUAGE_WORDS = {
    "en": {"invoice", "total", "due", "amount", "bill", "date", "tax", "vat", "description", "thank", "payment"},
    "de": {"rechnung", "datum", "betrag", "summe", "mwst", "gesamt", "kunde", "zahlbar", "menge", "ust", "bitte"},
    "fr": {"facture", "montant", "ttc", "tva", "client", "date", "paiement", "merci", "prix", "total"},
    "nl": {"factuur", "totaal", "bedrag", "btw", "datum", "klant", "betalen", "omschrijving", "aantal"},
    "es": {"factura", "fecha", "importe", "iva", "cliente", "total", "pago", "gracias", "precio"},
    "it": {"fattura", "data", "totale", "importo", "iva", "cliente", "pagamento", "grazie", "prezzo"},
}


def language(doc: Doc) -> str | None:
    """The invoice's language, by its words (en, de, fr, nl, es, it), or None when it does not show."""
    words = re.findall(r"[a-z]+", " ".join(doc.folded))
    counts = {lang: sum(w in vocab for w in words) for lang, vocab in _LANGUAGE_WORDS.items()}
    best = max(counts, key=lambda k: counts[k])
    return best if counts[best] >= 2 else None


def resolve_order(doc: Doc, best: Candidate, currency: str | None) -> Candidate:
    """Decide an ambiguous `03/05/2024`: by other dates in the document that show their order; else day
    first outside English or with a currency other than the dollar; else a guess (month first with US
    dollars) with a confidence under the default threshold, so such files are not renamed on a guess."""
    date: DateFound = best.extra
    if date is None or date.ambiguous is None:
        return best
    votes = [d.order for line in doc.folded for d in find_dates(line, "auto") if d.order]
    lang = language(doc)
    text = doc.lines[best.line][date.start:date.end]
    if votes:
        order, score, why = max(("dmy", "mdy"), key=votes.count), best.score * 0.95, "like the document's other dates"
    elif lang not in (None, "en"):
        order, score, why = "dmy", best.score * 0.95, f"day first, as {lang} invoices write it"
    elif currency not in (None, "USD"):
        order, score, why = "dmy", min(best.score, 0.8), f"day first, as {currency} invoices write it"
    else:
        order = "mdy" if currency == "USD" else "dmy"
        score, why = min(best.score, 0.6), f"{text} could be day or month first; pass --date-order"
    value = date.ambiguous[0] if order == "dmy" else date.ambiguous[1]
    return Candidate(value, score, f"{best.how}; read as {order}: {why}", best.line)
