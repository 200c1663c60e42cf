"""Invoices as accounting programs print them: the traits of real invoices the first layouts lacked.

Written for issue 18, from what such programs commonly print (not from the held-out real invoices, which are
never tuned on): a letterhead with contact lines, a sender line over the address window, the title with the
number and date in one line (`Invoice 2024-017 of 05.03.2024`), a line naming the customer's order and *its*
date, a delivery date, a VAT breakdown by rate with a VAT total, a payment sentence with the due date, and a
footer of columns: the bank with an account holder who is a person (the owner), a managing director, the
register and the VAT ID. Three layouts:

- `erp_letter`: the business-letter form (letterhead right, address window left, meta in the body);
- `erp_grid`: the meta as a grid (labels in one row, values under them), the issuer's name only in a logo
  line and the footer;
- `erp_logo`: the letterhead is an image: the issuer's name only in the footer, the customer's first.
"""

from __future__ import annotations

import datetime as dt
import random

from invoices.layouts import PAGE_W, Spec, Text, _block, _table
from invoices.vocab import LABELS

WORDS = {
    "en": {"of": "of", "order": "Your order", "delivery": "Delivery date", "net": "Net total", "vat_total": "VAT total",
           "pay": "Please pay by {due}.", "holder": "Account holder", "director": "Managing director",
           "phone": "Phone", "page": "Page 1/1", "customer": "Customer No.", "rate": "VAT rate"},
    "de": {"of": "vom", "order": "Ihre Bestellung", "delivery": "Lieferdatum", "net": "Nettobetrag",
           "vat_total": "USt. gesamt", "pay": "Bitte überweisen Sie bis zum {due}.", "holder": "Kontoinhaber",
           "director": "Geschäftsführer", "phone": "Tel.", "page": "Seite 1/1", "customer": "Kundennummer",
           "rate": "USt.-Satz"},
    "fr": {"of": "du", "order": "Votre commande", "delivery": "Date de livraison", "net": "Total HT",
           "vat_total": "Total TVA", "pay": "À régler avant le {due}.", "holder": "Titulaire du compte",
           "director": "Gérant", "phone": "Tél.", "page": "Page 1/1", "customer": "N° client", "rate": "Taux TVA"},
    "nl": {"of": "van", "order": "Uw bestelling", "delivery": "Leverdatum", "net": "Subtotaal",
           "vat_total": "Totaal btw", "pay": "Gelieve te betalen voor {due}.", "holder": "Rekeninghouder",
           "director": "Directeur", "phone": "Tel.", "page": "Pagina 1/1", "customer": "Klantnummer",
           "rate": "Btw-tarief"},
    "es": {"of": "del", "order": "Su pedido", "delivery": "Fecha de entrega", "net": "Base imponible",
           "vat_total": "Total IVA", "pay": "Pagar antes del {due}.", "holder": "Titular de la cuenta",
           "director": "Administrador", "phone": "Tel.", "page": "Página 1/1", "customer": "N° cliente",
           "rate": "Tipo IVA"},
    "it": {"of": "del", "order": "Vs. ordine", "delivery": "Data di consegna", "net": "Imponibile",
           "vat_total": "Totale IVA", "pay": "Pagare entro il {due}.", "holder": "Intestatario del conto",
           "director": "Amministratore", "phone": "Tel.", "page": "Pagina 1/1", "customer": "Codice cliente",
           "rate": "Aliquota IVA"},
}
PEOPLE = ["Anna Weber", "Paul Martin", "Sofia Rossi", "Jan de Vries", "Lucía García", "Tom Baker", "Eva Schulz",
          "Marc Dubois", "Pieter Jansen", "Carlos Ruiz"]


def _title_line(spec: Spec) -> str:
    return f"{spec.label('title').capitalize()} {spec.number} {WORDS[spec.lang]['of']} {spec.day(spec.date)}"


def _before(spec: Spec, rng: random.Random, days: tuple[int, int]) -> str:
    return spec.day(spec.date - dt.timedelta(days=rng.randint(*days)))


def _totals(spec: Spec, y: float) -> list[Text]:
    words = WORDS[spec.lang]
    out = [Text(55, y, f"{words['net']}: {spec.money(spec.subtotal)}"),
           Text(55, y + 18, words["rate"], bold=True), Text(200, y + 18, words["net"], bold=True),
           Text(340, y + 18, LABELS[spec.lang]["cols"][3], bold=True),
           Text(55, y + 31, f"{spec.vat_rate}%"), Text(200, y + 31, spec.money(spec.subtotal)),
           Text(340, y + 31, spec.money(spec.vat)),
           Text(120, y + 49, f"{words['vat_total']}: {spec.money(spec.vat)}"),
           Text(55, y + 64, f"{spec.label('total')}: {spec.money(spec.total)}", bold=True),
           Text(55, y + 92, words["pay"].format(due=spec.day(spec.due)))]
    return out


def _footer(spec: Spec, rng: random.Random) -> list[Text]:
    name, street, city, vat_id, web = spec.issuer
    words = WORDS[spec.lang]
    owner, director = rng.sample(PEOPLE, 2)
    return [Text(57, 780, name, size=7), Text(57, 789, street, size=7), Text(57, 798, city, size=7),
            Text(57, 807, f"{words['director']}: {director}", size=7),
            Text(230, 780, f"{LABELS[spec.lang]['vat_id'][0]} {vat_id}", size=7),
            Text(230, 789, f"HRB {rng.randint(10000, 99999)}", size=7), Text(230, 798, words["page"], size=7),
            Text(400, 780, "IBAN DE88 2008 0000 0970 3757 00", size=7), Text(400, 789, "BIC COBADEFFXXX", size=7),
            Text(400, 798, f"{words['holder']}: {owner}", size=7)]


def _pages(spec: Spec, first: list[Text], y: float, rng: random.Random) -> list[list[Text]]:
    pages, y = _table(spec, y)
    pages[0] = first + pages[0]
    pages[-1] += _totals(spec, y)
    footer = _footer(spec, rng)
    for page in pages:
        page += footer
    return pages


def erp_letter(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, _, web = spec.issuer
    words = WORDS[spec.lang]
    first = [*_block(545, 60, spec.issuer, size=9, align="right"),
             Text(545, 100, f"{words['phone']} +49 30 {rng.randint(100000, 999999)}", size=8, align="right"),
             Text(545, 111, f"info@{web}", size=8, align="right"), Text(545, 122, f"www.{web}", size=8, align="right"),
             Text(57, 130, f"{name} · {street} · {city}", size=7),
             *_block(57, 150, spec.customer, size=10, bold_name=False),
             Text(57, 215, f"{words['customer']}: {rng.randint(1, 9999)}"),
             Text(57, 240, f"{words['order']} PO-{rng.randint(100, 999)} {words['of']} {_before(spec, rng, (3, 40))}"),
             Text(57, 254, _title_line(spec), bold=True),
             Text(57, 268, f"{words['delivery']} {_before(spec, rng, (0, 5))}")]
    return _pages(spec, first, 295, rng)


def erp_grid(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, _, web = spec.issuer
    words = WORDS[spec.lang]
    logo = name.split()[0].upper()
    keys = [(spec.label("number"), spec.number), (spec.label("date"), spec.day(spec.date)),
            (words["customer"], str(rng.randint(1, 9999))), (words["delivery"], _before(spec, rng, (0, 5)))]
    first = [Text(50, 55, logo, size=20, bold=True), Text(545, 55, spec.label("title"), size=18, bold=True,
                                                          align="right"),
             Text(57, 125, f"{name} · {street} · {city}", size=7),
             *_block(57, 142, spec.customer, size=10, bold_name=False)]
    for i, (label, value) in enumerate(keys):
        first += [Text(57 + 122 * i, 215, label, size=8, bold=True), Text(57 + 122 * i, 228, value)]
    first.append(Text(57, 252, f"{words['order']} PO-{rng.randint(100, 999)} {words['of']} "
                               f"{_before(spec, rng, (3, 40))}"))
    first.append(Text(PAGE_W - 50, 100, f"www.{web}", size=8, align="right"))
    return _pages(spec, first, 280, rng)


def erp_logo(spec: Spec, rng: random.Random) -> list[list[Text]]:
    """The letterhead is an image (nothing of it in the text): the issuer's name is only in the footer, the
    customer's company, with its legal form, is the first name on the page."""
    words = WORDS[spec.lang]
    keys = ["number", "date", "customer_no"] if rng.random() < 0.5 else ["number", "date"]
    values = {"number": spec.number, "date": spec.day(spec.date), "customer_no": str(rng.randint(1, 9999))}
    first = [*_block(57, 150, spec.customer, size=10, bold_name=False),
             Text(57, 240, spec.label("title"), size=14, bold=True)]
    for i, key in enumerate(keys):
        label = words["customer"] if key == "customer_no" else spec.label(key)
        first += [Text(360, 150 + 14 * i, f"{label}:"), Text(545, 150 + 14 * i, values[key], align="right")]
    return _pages(spec, first, 270, rng)


ERP = {"erp_letter": erp_letter, "erp_grid": erp_grid, "erp_logo": erp_logo}
