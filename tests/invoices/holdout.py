"""Held-out layouts: written after the heuristics were tuned on `invoices.layouts`, to measure how they do on
shapes they were not shaped by (benchmarks/invoices.py reports them apart; they are not tuned against).

- `sidebar`: a left column of stacked labels, each value on the line under its label, in capitals.
- `letter`: a business letter; number, date and total sit inside sentences.
- `caps_logo`: the issuer as an upper-case logo without its legal form (the full name only in the footer),
  the customer's company at the top left without a label, meta in a boxed row of label: value pairs.
"""

from __future__ import annotations

import random

from invoices.layouts import PAGE_W, Spec, Text, _finish, _meta
from invoices.vocab import LABELS

SENTENCES = {
    "en": ("Please find enclosed our invoice no. {number} dated {date}.", "Please transfer {total} by {due}."),
    "de": ("Hiermit stellen wir Ihnen mit Rechnung Nr. {number} vom {date} in Rechnung:",
           "Bitte überweisen Sie den Gesamtbetrag von {total} bis zum {due}."),
    "fr": ("Veuillez trouver ci-joint notre facture n° {number} du {date}.",
           "Merci de régler le montant total de {total} avant le {due}."),
    "nl": ("Hierbij ontvangt u factuur nr. {number} van {date}.", "Gelieve het totaalbedrag van {total} te betalen."),
    "es": ("Adjuntamos la factura nº {number} de fecha {date}.", "Importe total a pagar: {total}."),
    "it": ("In allegato la fattura n. {number} del {date}.", "Totale da pagare: {total} entro il {due}."),
}


def sidebar(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, vat_id, web = spec.issuer
    values = _meta(spec, ["number", "date", "due", "customer_no"], 0, 0, 0, rng)
    first = [Text(50, 60, name, size=15, bold=True), Text(50, 76, f"{street}, {city}", size=8)]
    for i in range(4):
        first += [Text(50, 120 + 34 * i, values[2 * i].text.rstrip(":").upper(), size=7, bold=True),
                  Text(50, 134 + 34 * i, values[2 * i + 1].text)]
    first += [Text(230, 120, spec.label("bill_to").upper(), size=7, bold=True),
              Text(230, 134, spec.customer[0]), Text(230, 147, spec.customer[1]), Text(230, 160, spec.customer[2]),
              Text(545, 60, spec.label("title").upper(), size=24, bold=True, align="right")]
    footer = [Text(50, 805, f"{vat_id} · {web}", size=7)]
    return _finish(spec, first, 290, footer, rng)


def letter(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, vat_id, web = spec.issuer
    opening, closing = SENTENCES[spec.lang]
    first = [Text(545, 50, name, size=12, bold=True, align="right"), Text(545, 64, street, size=8, align="right"),
             Text(545, 75, city, size=8, align="right"),
             Text(57, 140, spec.customer[0]), Text(57, 153, spec.customer[1]), Text(57, 166, spec.customer[2]),
             Text(545, 200, f"{city.split()[-1]}, {spec.day(spec.date)}", align="right"),
             Text(57, 240, opening.format(number=spec.number, date=spec.day(spec.date)))]
    pages = _finish(spec, first, 270, [Text(PAGE_W / 2, 805, f"{name} · {vat_id}", size=7, align="center")], rng)
    pages[-1].append(Text(57, 760, closing.format(total=spec.money(spec.total), due=spec.day(spec.due))))
    return pages


def caps_logo(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, vat_id, web = spec.issuer
    short = " ".join(w for w in name.split() if not any(c in w for c in ".&") and len(w) > 3)[:30] or name
    first = [Text(545, 55, short.upper(), size=18, bold=True, align="right"),
             Text(50, 60, spec.customer[0], size=10), Text(50, 73, spec.customer[1]), Text(50, 86, spec.customer[2]),
             Text(50, 150, spec.label("title"), size=14, bold=True)]
    values = _meta(spec, ["number", "date", "customer_no"], 0, 0, 0, rng)
    for i in range(3):
        first.append(Text(50 + 170 * i, 180, f"{values[2 * i].text} {values[2 * i + 1].text}"))
    footer = [Text(50, 790, name, size=7, bold=True), Text(50, 799, f"{street} | {city}", size=7),
              Text(350, 790, f"{LABELS[spec.lang]['vat_id'][0]} {vat_id}", size=7), Text(350, 799, web, size=7)]
    return _finish(spec, first, 230, footer, rng)


HOLDOUT = {"sidebar": sidebar, "letter": letter, "caps_logo": caps_logo}


# Written after the fixes that the first held-out run prompted; reported as they come out, never tuned on.
def receipt(spec: Spec, rng: random.Random) -> list[list[Text]]:
    """A till-receipt style invoice: one narrow centred column."""
    name, street, city, vat_id, web = spec.issuer
    mid = PAGE_W / 2
    lines = [(name, 12, True), (street, 8, False), (city, 8, False), ("", 8, False),
             (f"{spec.label('title')} #{spec.number}", 10, True),
             (f"{spec.label('date')} {spec.day(spec.date)} {rng.randint(8, 19):02}:{rng.randint(0, 59):02}", 9, False),
             ("", 8, False)]
    lines += [(f"{qty} x {desc[:24]:<24} {spec.money(price * qty):>14}", 8, False) for desc, qty, price in spec.items]
    shown = "" if spec.amount_where != "none" else f" {spec.currency}"  # a receipt has no column header for it
    lines += [("", 8, False), (f"{spec.label('total').upper()}{shown}   {spec.money(spec.total)}", 11, True),
              (f"{spec.label('vat').format(rate=spec.vat_rate)}   {spec.money(spec.vat)}", 8, False),
              ("", 8, False), (f"{LABELS[spec.lang]['vat_id'][0]} {vat_id}", 7, False), (web, 7, False)]
    pages: list[list[Text]] = [[]]
    y = 60.0
    for text, size, bold in lines:
        if y > 780:
            pages.append([])
            y = 60
        pages[-1].append(Text(mid, y, text, size=size, bold=bold, align="center"))
        y += size + 5
    return pages


def pay_to(spec: Spec, rng: random.Random) -> list[list[Text]]:
    """A brand line over the legal name, a summary box (number, date, amount due) and a `Pay to` block."""
    name, street, city, vat_id, web = spec.issuer
    brand = name.split()[0].upper()
    first = [Text(50, 50, brand, size=20, bold=True), Text(50, 68, name, size=9), Text(50, 80, f"{street}, {city}"),
             Text(545, 50, spec.label("title"), size=16, bold=True, align="right")]
    for i, (label, value) in enumerate([(spec.label("number"), spec.number),
                                        (spec.label("date"), spec.day(spec.date)),
                                        (spec.label("total"), spec.money(spec.total))]):
        first += [Text(360, 110 + 14 * i, label), Text(545, 110 + 14 * i, value, align="right")]
    first += [Text(50, 120, spec.label("bill_to"), bold=True), Text(50, 134, spec.customer[0]),
              Text(50, 147, spec.customer[1]), Text(50, 160, spec.customer[2])]
    footer = [Text(50, 780, "Pay to:" if spec.lang == "en" else f"{LABELS[spec.lang]['bank'][1]}:", bold=True),
              Text(50, 793, name), Text(50, 806, "IBAN GB33 BUKB 2020 1555 5555 55")]
    return _finish(spec, first, 230, footer, rng)


HOLDOUT_LATE = {"receipt": receipt, "pay_to": pay_to}
