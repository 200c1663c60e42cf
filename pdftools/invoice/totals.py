"""Invoice totals, from a document's text (see `invoice_layout` for how text is laid out).

A total is the amount after a total label (`Total`, `Gesamtbetrag`, `Total TTC`, `Totaal`, `Importe total`,
`Totale`, ...) and not after a net, tax, discount or payment label; among equals the largest wins (a paid
invoice may show a balance of 0). A total that equals a net amount plus a tax seen in the same document is
trusted most. A gross total followed by a deposit and the amount due (`Total 1,200.00`, `Less deposit
-500.00`, `Amount due 700.00`) is the invoice's total: the deposit explains the difference.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from pdftools.invoice.labels import DEPOSIT, TOTAL
from pdftools.invoice.layout import STRONG, WEAK, Candidate, Cell, Doc, nearest_label, score_of
from pdftools.invoice.parse import CURRENCY, MINUS, AmountFound, find_amounts, find_dates

RIVAL_FLOOR = WEAK - 0.1  # a weaker-labelled amount is no total, even when it adds up
_DEPOSIT = re.compile(rf"(?<![a-z])(?:{DEPOSIT})(?![a-z])")
_TAX = re.compile(r"vat|tax|mwst|ust|tva|btw|iva|gst|hst|pst|qst|versicherungs?steuer")
_TRAILING_MINUS = re.compile(r"[\d.,' ]+\d-")  # `119,00-`: the sign after the amount, as SAP prints it


_HEADINGS = {  # a VAT table's column headings: what the amounts under them are
    "net": re.compile(r"^(?:netto|net|ht|base(?:\s*imponible)?|imponibile|(?:sub\s*-?\s*)?total\s*excl\w*|"
                      r"excl\w*)\.?$"),
    "tax": re.compile(r"^(?:vat|tax|gst|hst|mwst|ust|tva|btw|iva|steuer|umsatzsteuer|(?:vat|tax)\s*amount)\.?$"),
    "gross": re.compile(r"^(?:brutto|bruto|lordo|gross|ttc|total|gesamt|totale|totaal|importe|importo|"
                        r"amount\s*incl\w*)\.?$"),
}


# Words around a heading that do not change what it says (`Montant EUR HT`, `Amount (EUR) net`)
_HEAD_NOISE = re.compile(r"\s*(?:(?<![a-z])(?:montant|amount|betrag|bedrag|importe|importo|eur|usd|gbp|chf)(?![a-z])|"
                         r"[()€$£])\s*")


class Seen(NamedTuple):
    found: list[Candidate]  # total candidates
    nets: list[Decimal]  # net amounts, to check a total against net + tax
    taxes: list[Decimal]
    deposits: list[Decimal]  # deposits and payments already made, to tell a total from the amount due


_BARE_AMOUNT = re.compile(r"\d[\d.,' ]*")


def _unwrapped(doc: Doc, i: int) -> str:
    """The line, with the amount a narrow column wrapped onto the line above put back before its currency
    (`16041.52` over `Summe (brutto)   CHF`): a label, then a currency alone at the end, under a line that is only
    that amount."""
    line, cells = doc.lines[i], doc.cells[i]
    if i == 0 or len(cells) < 2 or find_amounts(line) or not CURRENCY.fullmatch(cells[-1].text.strip()):
        return line
    above = doc.cells[i - 1]
    if len(above) != 1 or doc.page_of[i - 1] != doc.page_of[i]:
        return line
    amounts, currency = find_amounts(above[0].text), cells[-1]
    if len(amounts) != 1 or not amounts[0].decimals or not _BARE_AMOUNT.fullmatch(above[0].text.strip()) or not (
            above[0].start < currency.end + 2 and currency.start - 2 < above[0].end):
        return line
    return f"{line[:currency.start]}{above[0].text.strip()} {currency.text.strip()}"


# A net sum (`Sum (net)`, `Summe netto`, `Total HT`) is what an invoice without tax asks for: a total, never sure
_NET_SUM = re.compile(r"(?:sum|summe|total|gesamt)\s*\(?\s*(?:net|netto|ht)\s*\)?|net\s*total|total\s*net|"
                      r"netto\s*-?\s*(?:betrag|summe)|total\s*h\.?\s*t\.?")
NET_SUM = 0.5
_SUMMED = ", the sum of the rows above"  # a total checked by the column it sums
_NO_TAX = ", a net sum: the invoice shows no tax"

_DAYS = re.compile(r"\s*(?:days?|tagen?|werktagen?|jours?|dias?|giorni|dagen|dias\s*uteis)(?![a-z])")


def totals(doc: Doc) -> Seen:
    """Total candidates, and the net amounts, taxes and deposits seen. An amount with no label of its own after
    a net or tax amount on its line is one too (`VAT 20 % on 1,000.00   200.00`: the base, then the tax)."""
    seen = Seen([], [], [], [])
    for i in range(len(doc.lines)):
        amounts = _amounts(doc, i)
        if len(amounts) >= 2 and _sum_row(doc, i, amounts, seen):
            continue
        previous_end = 0
        previous: list[Decimal] | None = None  # the list the line's last amount went to, if net or tax
        row_total: int | None = None  # where the total after this line's total label went in seen.found
        row_score, first_decimals = 0.0, True
        for amount in amounts:
            context = doc.folded[i][previous_end:amount.start]
            previous_end = amount.end
            label = nearest_label(TOTAL, context)
            if label is None:
                if previous is not None:
                    previous.append(amount.value)
                elif row_total is not None and amount.value >= seen.found[row_total].value and (
                        not first_decimals or (amount.currency and not seen.found[row_total].extra)):
                    first = seen.found[row_total]  # a total row: `Total  131 (hours)  15000.00`, `55.00  $4555.00`
                    seen.found[row_total] = Candidate(amount.value, row_score - (0 if amount.decimals else 0.1),
                                                      f"{first.how}, in the row's last column", i, amount.currency)
                continue
            words = context[label[0]:label[1]].strip()
            if label[2] == "negative":
                previous = seen.deposits if _DEPOSIT.search(words) else seen.taxes if _TAX.search(words) else seen.nets
                previous.append(amount.value)
                if _NET_SUM.fullmatch(words):  # the total of an invoice without tax; `best_total` decides
                    seen.found.append(Candidate(amount.value, NET_SUM, f"after '{words}'{_NO_TAX}", i, amount.currency))
                continue
            previous = None
            score = score_of(label[2]) - (0 if amount.decimals else 0.1)
            row_total, row_score, first_decimals = len(seen.found), score_of(label[2]), amount.decimals
            seen.found.append(Candidate(amount.value, score, f"after '{words}'", i, amount.currency))
        if not amounts:
            seen.found.extend(_totals_below(doc, i))
    return seen


def _amounts(doc: Doc, i: int) -> list[AmountFound]:
    """The amounts of line i, as sizes (a deposit's or a credit note's `-500,00 €`: the sign is `signed`'s), with
    an amount a narrow column wrapped above put back (`_unwrapped`); not a date's numbers (`pay by 29 July
    2024`) nor a term's (`innerhalb von 30 Tagen`)."""
    days = find_dates(doc.folded[i])
    return [a for a in find_amounts(MINUS.sub(" ", _unwrapped(doc, i)))
            if not any(d.start < a.end and a.start < d.end for d in days) and not _DAYS.match(doc.folded[i], a.end)]


def _headings(doc: Doc, i: int) -> list[tuple[int, int, str]] | None:
    """The columns of the VAT table line i is in (net, tax and gross headings above it, over rows of amounts),
    or None."""
    for j in range(i - 1, max(i - 9, -1), -1):
        if doc.page_of[j] != doc.page_of[i]:
            return None
        if not doc.cells[j] or find_amounts(doc.lines[j]):
            continue  # a row of the table
        heads = [(c.start, c.end, kind) for c in doc.cells[j] for kind, pattern in _HEADINGS.items()
                 if pattern.match(_HEAD_NOISE.sub(" ", c.folded).strip(" :"))]
        return heads if {kind for _, _, kind in heads} == set(_HEADINGS) else None
    return None


def _sum_row(doc: Doc, i: int, amounts: list[AmountFound], seen: Seen) -> bool:
    """A VAT table's sum row (`Summe   1.500,00   225,00   1.725,00` under `Netto  USt.  Brutto`): each amount
    is what its column's heading says, the gross one a total after the row's label. False when line i is no
    such row."""
    if not doc.cells[i] or find_amounts(doc.cells[i][0].text):
        return False
    first = doc.cells[i][0]
    label = TOTAL.find(first.folded)
    heads = _headings(doc, i) if label and label[0][2] != "negative" else None
    if not heads:
        return _adding_row(doc, i, amounts, seen) if label and label[0][2] != "negative" else False
    for amount in amounts:
        kind = next((k for start, end, k in heads if start < amount.end + 2 and amount.start - 2 < end), None)
        if kind == "gross":
            seen.found.append(Candidate(amount.value, score_of(label[0][2]), f"after '{first.text}', under"
                                        " the gross heading", i, amount.currency))
        elif kind is not None:
            (seen.nets if kind == "net" else seen.taxes).append(amount.value)
    return True


def _adding_row(doc: Doc, i: int, amounts: list[AmountFound], seen: Seen) -> bool:
    """A total's row of three amounts that add up (`Total   24.99   5.00   29.99`): net, tax and gross, whatever
    the headings say."""
    if len(amounts) != 3 or not all(a.decimals for a in amounts):
        return False
    net, tax, gross = amounts
    if abs(net.value + tax.value - gross.value) > Decimal("0.011") or not 0 < tax.value < net.value:
        return False
    first = doc.cells[i][0]
    seen.nets.append(net.value)
    seen.taxes.append(tax.value)
    seen.found.append(Candidate(gross.value, score_of(TOTAL.find(first.folded)[0][2]), f"after '{first.text}', the"
                                " row's sum", i, gross.currency))
    return True


def _totals_below(doc: Doc, i: int) -> list[Candidate]:
    """A total written under its label (a box with `Total due` over the amount), with its decimals (an
    account number's digits under a label are no total)."""
    out = []
    for start, end, kind in TOTAL.find(doc.folded[i]):
        if kind != "strong":
            continue
        beside = next((c.start for c in doc.cells[i] if c.start > end), None)  # the next label of the line
        reach = end + 20 if beside is not None else end + 40  # the last label's box may run to the page's edge
        for cell in doc.below(i, start, reach, depth=1):
            amounts = _sizes(cell.text)
            if amounts and amounts[0].decimals and not TOTAL.find(cell.folded[:amounts[0].start - cell.start]):
                words = doc.folded[i][start:end]
                column = [c for c in doc.below(cell.line, cell.start, cell.end, depth=2) if _sizes(c.text)]
                summed = _column_sum(doc, cell, amounts[0].value) if column else None
                if summed is not None:  # one row per VAT rate, then their sum: the sum row is the total
                    out.append(Candidate(summed.value, STRONG - 0.04, f"under '{words}'{_SUMMED}",
                                         summed.line, summed.currency))
                    continue
                if column:  # a column of a table (one row per VAT rate, then their sum): not the total itself
                    out.append(Candidate(amounts[0].value, 0.6, f"under '{words}', the first of a column", i,
                                         amounts[0].currency))
                    continue
                out.append(Candidate(amounts[0].value, STRONG - 0.04, f"under '{words}'", i, amounts[0].currency))
    return out


def _sizes(text: str) -> list[AmountFound]:
    """The amounts in a cell, as sizes: `-8,79` is 8.79 (the sign is `signed`'s)."""
    return find_amounts(MINUS.sub(" ", text))


class _Summed(NamedTuple):
    value: Decimal
    line: int
    currency: str | None


def _column_sum(doc: Doc, first: Cell, value: Decimal) -> _Summed | None:
    """The last amount of the column `first` heads (one amount per line, nothing else in between), when it is
    the sum of the amounts above it: a table's sum row."""
    values, last = [value], None
    for i in range(first.line + 1, min(first.line + 12, len(doc.lines))):
        if doc.page_of[i] != doc.page_of[first.line]:
            break
        if not doc.cells[i]:
            continue
        under = [c for c in doc.cells[i] if c.start < first.end + 2 and first.start - 2 < c.end]
        amounts = _sizes(under[0].text) if len(under) == 1 else []
        if len(amounts) != 1 or not amounts[0].decimals:
            break
        values.append(amounts[0].value)
        last = _Summed(amounts[0].value, i, amounts[0].currency)
    if last is None or len(values) < 3 or abs(sum(values[:-1]) - last.value) > Decimal("0.011"):
        return None
    return last


def best_total(found: list[Candidate], nets: list[Decimal], taxes: list[Decimal],
               deposits: list[Decimal] | None = None) -> Candidate | None:
    """The best-labelled total (the largest among equals: a paid invoice may show a balance of 0), checked
    against net + tax when the document shows them: a labelled total that is net + tax wins over one that is
    not. Two totals labelled alike with other values (a gross amount and an amount due after a deposit, a
    total per VAT rate) leave it unsure, unless net + tax confirms one, or a deposit is their difference."""
    found = [c for c in found if not (taxes and c.how.endswith(_NO_TAX))]  # a tax shown: the net sum is no total
    if not found:
        return None

    def checked(c: Candidate) -> bool:
        return any(abs(n + t - c.value) <= Decimal("0.011") for n in nets for t in taxes)

    confirmed = [c for c in found if c.score >= RIVAL_FLOOR and checked(c)]
    best = max(confirmed or found, key=lambda c: (round(c.score, 3), c.value, c.line))
    if confirmed:
        return Candidate(best.value, max(best.score, 0.97), best.how + " (= net + tax)", best.line, best.extra)
    gross = _before_deposit(found, deposits or [])
    if gross is not None:
        return gross
    rival = max((c for c in found if c.value not in (best.value, 0)), key=lambda c: c.score, default=None)
    if rival is not None and best.score - rival.score < 0.1:
        return Candidate(best.value, min(best.score, 0.65), f"{best.how}; but {rival.value} ({rival.how}) is"
                         " nearly as likely", best.line, best.extra)
    return best


def unless_larger(doc: Doc, total: Candidate | None) -> Candidate | None:
    """A total that nothing confirms (net + tax, a column's sum) and no strong label names is unsure when the
    pages print a larger amount (a gross total a deposit explains is the larger one anyway): on layouts first
    seen, such totals were a row's first column or one row of several half the time (a total printed twice was
    no better: the row it came from repeats it). Its currency is another matter: `currency` reads it from the
    total before this."""
    if total is None or total.score >= STRONG or _SUMMED in total.how:
        return total
    larger = max((a.value for i in range(len(doc.lines)) for a in _amounts(doc, i) if a.decimals),
                 default=abs(total.value))
    if larger <= abs(total.value):
        return total
    return Candidate(total.value, min(total.score, 0.65), f"{total.how}; but the pages print a larger amount "
                     f"({larger})", total.line, total.extra)


_CREDIT_NOTE = re.compile(r"(?<![a-z])(?:credit\s*(?:note|memo)|(?:storno)?gutschrift|avoir|creditnota|"
                          r"nota\s*de\s*credito|abono|nota\s*di\s*credito)(?![a-z])")


# A corrected invoice (EN 16931's type 384) states its amounts with their signs, even one that calls itself a credit
# note too (`Rechnungskorrektur (384) ... - GUTSCHRIFT`)
_CORRECTED = re.compile(r"(?<![a-z])(?:rechnungskorrektur|corrected\s*invoice|facture\s*rectificative)(?![a-z])|"
                        r"\(384\)")


def signed(doc: Doc, total: Candidate | None) -> Candidate | None:
    """The total with the minus sign its line prints before or after it (a correcting invoice's `Zahlbetrag
    -8,79`, `119,00-`): the totals are compared as sizes, the invoice's amount keeps its sign. A credit note's
    total is the amount credited, without the sign, as its e-invoice XML states it; not a corrected invoice's."""
    if total is None or total.value <= 0 or (any(_CREDIT_NOTE.search(line) for line in doc.folded) and
                                             not any(_CORRECTED.search(line) for line in doc.folded)):
        return total
    line = doc.lines[total.line]
    for amount in find_amounts(MINUS.sub(" ", line)):  # the same places, the signs blanked
        if amount.value == total.value and (MINUS.search(line[max(amount.start - 3, 0):amount.start + 1])
                                            or _TRAILING_MINUS.match(line, amount.start)):
            return Candidate(-total.value, total.score, f"{total.how}, with its minus sign", total.line, total.extra)
    return total


def _before_deposit(found: list[Candidate], deposits: list[Decimal]) -> Candidate | None:
    """The total that a deposit turns into another labelled total (the amount due): the gross one."""
    strong = [c for c in found if c.score >= RIVAL_FLOOR]
    pairs = [(g, d, paid) for g in strong for d in strong for paid in deposits
             if paid > 0 and abs(g.value - d.value - paid) <= Decimal("0.011")]
    if len({g.value for g, _, _ in pairs}) != 1:
        return None
    gross, due, paid = pairs[0]
    return Candidate(gross.value, max(gross.score, 0.9), f"{gross.how} (= {due.value} due + {paid} deposit)",
                     gross.line, gross.extra)
