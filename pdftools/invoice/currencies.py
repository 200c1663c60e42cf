"""The invoice's currency, from a document's text: the total's own, else one on its line, else the document's
most frequent; a bare `$` the dollar or peso the invoice names; and where no sign or code says it, the krone of
the invoice's language (`kr`), a DANFE's reais, rupees (`Rs`) or a currency named by its word only.
"""

from __future__ import annotations

import re

from pdftools.invoice.layout import Candidate, Doc
from pdftools.invoice.parse import CURRENCY, currency_code

_DOLLARS = ("USD", "CAD", "AUD", "NZD", "HKD", "SGD", "MXN", "ARS", "CLP", "COP")  # written `$` in their own countries


def currency(doc: Doc, total: Candidate | None) -> Candidate | None:
    """The total's own currency, else one on its line, else the document's most frequent one. A bare `$` is
    the dollar or peso the document names by its code, when it names one and only one (`Moneda: MXN`)."""
    found = _currency(doc, total)
    if found is None:
        return _kroner(doc, total) or _danfe(doc, total) or _currency_word(doc)
    if found.value != "USD" or "$" not in doc.lines[found.line]:
        return found
    named = {m.group() for line in doc.lines for m in CURRENCY.finditer(line)} & set(_DOLLARS)
    if len(named) == 1 and named != {"USD"}:
        code = named.pop()
        return Candidate(code, found.score, f"{found.how}: `$`, with {code} named", found.line)
    if named:
        return found
    folded = "\n".join(doc.folded)
    countries = {code: m.group().strip() for code, marks in _PESO_COUNTRIES if (m := marks.search(folded))}
    if len(countries) == 1:  # `$` in a peso country's invoice (its tax authority or tax ID named): its peso
        code, mark = countries.popitem()
        return Candidate(code, min(found.score, 0.87), f"{found.how}: `$`, in an invoice that names {mark!r}",
                         found.line)
    return found


# `$` is the sign of the peso too: an invoice naming a country's tax authority or tax ID is in its money
_PESO_COUNTRIES = [
    ("ARS", re.compile(r"(?<![a-z])(?:cuit|afip|responsable\s*inscripto|monotributo)(?![a-z])")),
]


def _currency(doc: Doc, total: Candidate | None) -> Candidate | None:
    if total is not None and total.extra:
        return Candidate(total.extra, total.score, "beside the total", total.line)
    if total is not None:
        codes = [currency_code(m.group()) for m in CURRENCY.finditer(doc.lines[total.line])]
        if codes and codes[0]:
            return Candidate(codes[0], 0.85, "on the total's line", total.line)
    counts: dict[str, int] = {}
    for line in doc.lines:
        for m in CURRENCY.finditer(line):
            code = currency_code(m.group())
            if code and not _ID.match(line, m.end()):
                counts[code] = counts.get(code, 0) + 1
        rupees = len(_RUPEES.findall(line))
        if rupees:
            counts["Rs"] = counts.get("Rs", 0) + rupees
    if not counts:
        return None
    code = max(counts, key=lambda c: counts[c])
    share = counts[code] / sum(counts.values())
    if code == "Rs":
        return _rupees(doc, share)
    return Candidate(code, 0.8 if share > 0.9 else 0.6, "the document's currency", 0)


# A currency named by its word only, no sign or code anywhere (`Betrag (Euro)`, `Amount (US-Dollar)`)
_WORDS = [("EUR", re.compile(r"(?<![a-z])euros?(?![a-z])")),
          ("USD", re.compile(r"(?<![a-z])(?:us-?\s?dollars?|u\.s\.\s?dollars?)(?![a-z])")),
          ("GBP", re.compile(r"(?<![a-z])(?:pounds?\s*sterling|britische\s*pfund)(?![a-z])")),
          ("CHF", re.compile(r"(?<![a-z])(?:schweizer\s*franken|swiss\s*francs?)(?![a-z])"))]


def _currency_word(doc: Doc) -> Candidate | None:
    """The currency an invoice without a sign or code names by its word, when it names one only."""
    folded = "\n".join(doc.folded)
    named = [code for code, word in _WORDS if word.search(folded)]
    if len(named) != 1:
        return None
    return Candidate(named[0], 0.75, f"named by its word only ({named[0]})", 0)


_KR = re.compile(r"\d\s?(?:kr\.?|,-)(?![a-z])|(?<![a-z])kr\.?\s?\d")
_KRONER = [("NOK", re.compile(r"(?<![a-z])(?:mva|a\s*betale|forfallsdato|belop)(?![a-z])")),
           ("SEK", re.compile(r"(?<![a-z])(?:att\s*betala|forfallodatum|summa|org\.?\s*nr|bankgiro)(?![a-z])")),
           ("DKK", re.compile(r"(?<![a-z])(?:at\s*betale|forfaldsdato|i\s*alt|cvr)(?![a-z])"))]


def _danfe(doc: Doc, total: Candidate | None) -> Candidate | None:
    """A Brazilian NF-e's DANFE prints its amounts without a sign: they are in reais."""
    if total is None or not any(_DANFE.search(line) for line in doc.folded[:40]):
        return None
    return Candidate("BRL", 0.85, "a DANFE (Brazil's NF-e): in reais", total.line)


_DANFE = re.compile(r"(?<![a-z])danfe(?![a-z])")


def _kroner(doc: Doc, total: Candidate | None) -> Candidate | None:
    """Amounts written `6 000.00 kr`: the krone of the language the invoice is written in (Norwegian `MVA`, `Å
    betale`; Swedish `Att betala`; Danish `At betale`, `I alt`), when the words name one country only."""
    if total is None or not _KR.search(doc.folded[total.line]):
        return None
    folded = "\n".join(doc.folded)
    found = [code for code, words in _KRONER if words.search(folded)]
    if len(found) != 1:
        return Candidate("NOK" if not found else found[0], 0.5, "`kr` beside the total: which krone is unsure",
                         total.line)
    return Candidate(found[0], 0.85, f"`kr` beside the total, in a {found[0][:2]} invoice", total.line)


_RUPEES = re.compile(r"(?<![A-Za-z])Rs\.? ?-?\d")


_ID = re.compile(r"\d{6,}(?![.,]\d)")  # `$132415345`: a symbol OCR read into an ID, no amount


def _rupees(doc: Doc, share: float) -> Candidate:
    """Amounts written `Rs 1939`: rupees, Indian when the document names India and no other currency (Pakistan,
    Sri Lanka and Nepal write `Rs` too: a guess under the default threshold otherwise)."""
    if share > 0.9 and any(re.search(r"(?<![a-z])india(?![a-z])", line) for line in doc.folded):
        return Candidate("INR", 0.8, "amounts in rupees (Rs), in India", 0)
    return Candidate("INR", 0.6, "amounts in rupees (Rs); Indian ones, perhaps", 0)
