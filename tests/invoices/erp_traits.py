"""More of what accounting programs print (SAP, DATEV, lexoffice, sevDesk, Odoo, QuickBooks, Xero, Sage), that
`invoices.erp` lacks. Written from how such programs commonly lay out an invoice, not from the held-out real
invoices (never tuned on):

- `erp_box`: the letterhead a company name with its legal form; the meta as a key-value table at the top right
  (invoice number, invoice date, customer number, order number and order date, delivery date or service
  period, due date), at times with small labels and bigger values set lower (a text layer puts each value on
  the line under its label, right of it); items at several VAT rates and a breakdown table by rate (rate,
  net, VAT, gross), then the net total, the VAT total and the gross total;
- `erp_deposit`: a business letter whose total is followed by a deposit already paid (`less deposit of ...`)
  and a smaller amount due: the invoice's total is the gross total, not the amount due;
- `erp_credit`: a credit note (`Credit note`, `Gutschrift`, `Avoir`, ...) with its own number and the
  number and date of the invoice it corrects, its amounts written with a minus; its total is the amount
  credited (an e-invoice's XML states it without the minus);
- `erp_pages`: a long invoice over several pages, each page but the last ending in a carried total
  (`Carried forward`, `Übertrag`) and the next one starting with it, the number and `Page 2 of 3` repeated in
  each page's header, the totals on the last page.
"""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from invoices.layouts import PAGE_W, Spec, Text, _block, table_head
from invoices.vocab import LABELS

W = {
    "en": dict(order_date="Order date", delivery="Delivery date", period="Service period", carried="Carried forward",
               brought="Brought forward", page="Page {p} of {n}", rate="VAT rate", net="Net", vat="VAT", gross="Gross",
               net_total="Total net", vat_total="Total VAT", gross_total=["Invoice total", "Total gross", "Total"],
               deposit="Less deposit paid on {date}", due_amount=["Amount due", "Balance due", "Remaining amount"],
               vat_on="VAT {rate}% on {net}", order_no="Order No.", sum="Total"),
    "de": dict(order_date="Bestelldatum", delivery="Lieferdatum", period="Leistungszeitraum", carried="Übertrag",
               brought="Übertrag", page="Seite {p} von {n}", rate="USt.-Satz", net="Netto", vat="USt.", gross="Brutto",
               net_total="Summe netto", vat_total="Summe USt.",
               gross_total=["Rechnungsbetrag", "Gesamtbetrag brutto", "Gesamtbetrag"],
               deposit="abzüglich Anzahlung vom {date}", due_amount=["Zahlbetrag", "Noch zu zahlen", "Restbetrag"],
               vat_on="zzgl. {rate}% USt. auf {net}", order_no="Auftragsnummer", sum="Summe"),
    "fr": dict(order_date="Date de commande", delivery="Date de livraison", period="Période de prestation",
               carried="Report", brought="Report", page="Page {p} sur {n}", rate="Taux TVA", net="HT", vat="TVA",
               gross="TTC", net_total="Total HT", vat_total="Total TVA", gross_total=["Total TTC", "Montant TTC"],
               deposit="Acompte versé le {date}", due_amount=["Net à payer", "Reste à payer"],
               vat_on="TVA {rate} % sur {net}", order_no="N° de commande", sum="Total"),
    "nl": dict(order_date="Besteldatum", delivery="Leverdatum", period="Prestatieperiode", carried="Transport",
               brought="Transport", page="Pagina {p} van {n}", rate="Btw-tarief", net="Netto", vat="Btw",
               gross="Bruto", net_total="Totaal excl. btw", vat_total="Totaal btw",
               gross_total=["Totaal incl. btw", "Factuurbedrag"], deposit="Reeds betaald voorschot van {date}",
               due_amount=["Te betalen", "Openstaand bedrag"], vat_on="Btw {rate}% over {net}",
               order_no="Ordernummer", sum="Totaal"),
    "es": dict(order_date="Fecha de pedido", delivery="Fecha de entrega", period="Periodo de servicio",
               carried="Suma y sigue", brought="Suma anterior", page="Página {p} de {n}", rate="Tipo IVA",
               net="Base", vat="IVA", gross="Total", net_total="Base imponible", vat_total="Total IVA",
               gross_total=["Total factura", "Importe total"], deposit="Anticipo recibido el {date}",
               due_amount=["Importe pendiente", "Total a pagar"], vat_on="IVA {rate}% sobre {net}",
               order_no="N° de pedido", sum="Total"),
    "it": dict(order_date="Data ordine", delivery="Data di consegna", period="Periodo di competenza",
               carried="A riportare", brought="Riporto", page="Pagina {p} di {n}", rate="Aliquota IVA",
               net="Imponibile", vat="IVA", gross="Totale", net_total="Totale imponibile", vat_total="Totale IVA",
               gross_total=["Totale fattura", "Totale documento"], deposit="Acconto versato il {date}",
               due_amount=["Netto a pagare", "Saldo da pagare"], vat_on="IVA {rate}% su {net}",
               order_no="N. ordine", sum="Totale"),
}
CREDIT = {  # title, number label, the line naming the invoice corrected
    "en": ("Credit note", "Credit note No.", "Original invoice No. {n} of {d}"),
    "de": ("Gutschrift", "Gutschriftsnummer", "Korrektur zur Rechnung Nr. {n} vom {d}"),
    "fr": ("Avoir", "N° d'avoir", "Avoir sur facture n° {n} du {d}"),
    "nl": ("Creditnota", "Creditnotanummer", "Betreft factuur nr. {n} van {d}"),
    "es": ("Abono", "Nº de abono", "Factura rectificada nº {n} del {d}"),
    "it": ("Nota di credito", "Nota di credito n.", "Rif. fattura n. {n} del {d}"),
}
REDUCED = {"en": "5", "de": "7", "fr": "5.5", "nl": "9", "es": "10", "it": "10"}  # a second, reduced rate


def _words(spec: Spec) -> dict:
    return W[spec.lang]


def _meta_rows(spec: Spec, rng: random.Random) -> list[tuple[str, str]]:
    """The key-value rows a program prints: the number and date first or not, other dates among them."""
    words = _words(spec)
    ordered = spec.day(spec.date - dt.timedelta(days=rng.randint(3, 30)))
    first_of = spec.date.replace(day=1) - dt.timedelta(days=28 if spec.date.day < 5 else 0)
    first_of = first_of.replace(day=1)
    rows = [(spec.label("number"), spec.number), (spec.label("date"), spec.day(spec.date)),
            (LABELS[spec.lang]["customer_no"][0], str(rng.randint(10000, 99999))),
            (words["order_no"], f"{rng.randint(4000000, 4999999)}"), (words["order_date"], ordered)]
    if rng.random() < 0.5:
        rows.append((words["delivery"], spec.day(spec.date - dt.timedelta(days=rng.randint(0, 6)))))
    else:
        last = (first_of + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
        rows.append((words["period"], f"{spec.day(first_of)} - {spec.day(last)}"))
    rows.append((spec.label("due"), spec.day(spec.due)))
    if rng.random() < 0.4:  # the invoice's own rows not first
        rows = rows[2:5] + rows[:2] + rows[5:]
    return rows


def _rates(spec: Spec, rng: random.Random) -> None:
    """Give the items two VAT rates (the standard one and a reduced one)."""
    reduced = Decimal(REDUCED[spec.lang] if spec.vat_rate != 8 else "2.5")
    spec.item_rates = [Decimal(spec.vat_rate) if rng.random() < 0.6 else reduced for _ in spec.items]
    if len(set(spec.item_rates)) == 1 and len(spec.items) > 1:
        spec.item_rates[-1] = reduced


def _items(spec: Spec, y: float, per_page: int, header: list[Text] | None = None) -> tuple[list[list[Text]], float]:
    """The items from `y`, `per_page` rows a page; each full page ends in the carried total and the next one
    starts with it (after `header`, the page's repeated head)."""
    words = _words(spec)
    pages: list[list[Text]] = [[]]
    carried = Decimal("0.00")

    def head(at: float) -> None:
        pages[-1] += table_head(spec, at)

    head(y)
    y += 16
    for index, (desc, qty, price) in enumerate(spec.items):
        if index and index % per_page == 0:
            pages[-1] += [Text(360, y + 6, f"{words['carried']}:", bold=True),
                          Text(540, y + 6, spec.money(carried), bold=True, align="right")]
            pages.append(list(header or []))
            y = 130
            pages[-1] += [Text(360, y, f"{words['brought']}:", bold=True),
                          Text(540, y, spec.money(carried), bold=True, align="right")]
            head(y + 20)
            y += 36
        rate = f"  {spec.item_rates[index]}%".replace(".", spec.number_style[1]) if spec.item_rates else ""
        pages[-1] += [Text(55, y, desc + rate), Text(360, y, str(qty), align="right"),
                      Text(450, y, spec.money(price), align="right"),
                      Text(540, y, spec.money(price * qty), align="right")]
        carried += price * qty
        y += 14
    if y > 640:  # no room for the totals: they go on a page of their own
        pages.append(list(header or []))
        y = 130
    return pages, y + 12


def _breakdown(spec: Spec, y: float, only_table: bool = False) -> tuple[list[Text], float]:
    """The VAT table by rate (rate, net, VAT, gross), then the net, VAT and gross totals: as labelled lines, or
    (`only_table`) as the table's last row, each under its column's heading."""
    words = _words(spec)
    out = [Text(200, y, words["rate"], bold=True, align="right"), Text(300, y, words["net"], bold=True, align="right"),
           Text(400, y, words["vat"], bold=True, align="right"), Text(500, y, words["gross"], bold=True, align="right")]
    for rate, (net, vat) in spec.by_rate.items():
        y += 13
        shown = f"{rate} %".replace(".", spec.number_style[1])
        out += [Text(200, y, shown, align="right"), Text(300, y, spec.money(net), align="right"),
                Text(400, y, spec.money(vat), align="right"), Text(500, y, spec.money(net + vat), align="right")]
    if only_table:
        y += 16
        out += [Text(130, y, words["sum"], bold=True),
                Text(300, y, spec.money(spec.subtotal), bold=True, align="right"),
                Text(400, y, spec.money(spec.vat), bold=True, align="right"),
                Text(500, y, spec.money(spec.total), bold=True, align="right")]
        return out, y + 14
    y += 24
    for label, value, bold in [(words["net_total"], spec.subtotal, False), (words["vat_total"], spec.vat, False),
                               (spec.labels["gross_total"], spec.total, True)]:
        out += [Text(300, y, label, bold=bold), Text(540, y, spec.money(value), bold=bold, align="right")]
        y += 14
    return out, y


def _footer(spec: Spec, rng: random.Random) -> list[Text]:
    name, street, city, vat_id, web = spec.issuer
    return [Text(57, 785, f"{name} · {street} · {city}", size=7),
            Text(57, 794, f"{LABELS[spec.lang]['vat_id'][0]} {vat_id} · HRB {rng.randint(1000, 99999)}", size=7),
            Text(350, 785, f"IBAN DE{rng.randint(10, 99)} 3704 0044 0532 0130 00", size=7),
            Text(350, 794, f"www.{web}", size=7)]


def erp_box(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, _, _ = spec.issuer
    _rates(spec, rng)
    spec.labels["gross_total"] = rng.choice(_words(spec)["gross_total"])
    first = [Text(50, 60, name, size=16, bold=True), Text(50, 74, f"{street} · {city}", size=8),
             Text(50, 130, f"{name} · {street} · {city}", size=6),
             *_block(50, 145, spec.customer, size=10, bold_name=False)]
    rows = _meta_rows(spec, rng)
    if rng.random() < 0.4:  # small labels, the values bigger and lower (boxes aligned at their tops)
        rows = rows[:6]
        for i, (label, value) in enumerate(rows):
            first += [Text(330, 100 + 18 * i, label, size=7),
                      Text(545, 106 + 18 * i, value, size=10, bold=True, align="right")]
    else:
        for i, (label, value) in enumerate(rows):
            first += [Text(330, 110 + 13 * i, label, size=8), Text(545, 110 + 13 * i, value, size=8, align="right")]
    first.append(Text(50, 230, spec.label("title"), size=14, bold=True))
    pages, y = _items(spec, 255, 30)
    pages[0] = first + pages[0]
    table, y = _breakdown(spec, y, only_table=rng.random() < 0.4)
    pages[-1] += table
    footer = _footer(spec, rng)
    return [page + footer for page in pages]


def erp_deposit(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, _, web = spec.issuer
    words = _words(spec)
    spec.deposit = (spec.total * rng.choice([Decimal("0.3"), Decimal("0.5")])).quantize(Decimal("1"))
    first = [*_block(545, 55, spec.issuer, size=9, align="right"), Text(545, 93, f"www.{web}", size=8, align="right"),
             Text(57, 130, f"{name} · {street} · {city}", size=7), *_block(57, 148, spec.customer, bold_name=False)]
    for i, (label, value) in enumerate(_meta_rows(spec, rng)[:6]):
        first += [Text(360, 150 + 12 * i, f"{label}:", size=8), Text(460, 150 + 12 * i, value, size=8)]
    first.append(Text(57, 250, f"{spec.label('title')} {spec.number}", size=13, bold=True))
    pages, y = _items(spec, 275, 28)
    pages[0] = first + pages[0]
    rows = [(spec.label("subtotal"), spec.subtotal, False),
            (words["vat_on"].format(rate=spec.vat_rate, net=spec.money(spec.subtotal)), spec.vat, False),
            (rng.choice(words["gross_total"]), spec.total, True),
            (words["deposit"].format(date=spec.day(spec.date - dt.timedelta(days=rng.randint(20, 60)))),
             -spec.deposit, False),
            (rng.choice(words["due_amount"]), spec.total - spec.deposit, True)]
    for label, value, bold in rows:
        money = spec.money(abs(value))
        pages[-1] += [Text(250, y, label, bold=bold),
                      Text(540, y, f"-{money}" if value < 0 else money, bold=bold, align="right")]
        y += 14
    footer = _footer(spec, rng)
    return [page + footer for page in pages]


def erp_pages(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, _, _ = spec.issuer
    while len(spec.items) < 26:
        spec.items += spec.items[: 26 - len(spec.items)]
    spec.labels["gross_total"] = rng.choice(_words(spec)["gross_total"])
    count = -(-len(spec.items) // 20)
    page_word = _words(spec)["page"]

    def header(p: int) -> list[Text]:
        return [Text(50, 55, name, size=12, bold=True),
                Text(545, 55, f"{spec.label('title')} {spec.number}", size=9, align="right"),
                Text(545, 68, page_word.format(p=p, n=count), size=8, align="right")]

    first = [*header(1), Text(50, 68, f"{street}, {city}", size=8),
             *_block(50, 130, spec.customer, size=10, bold_name=False)]
    for i, (label, value) in enumerate(_meta_rows(spec, rng)[:5]):
        first += [Text(340, 130 + 12 * i, label, size=8), Text(545, 130 + 12 * i, value, size=8, align="right")]
    pages, y = _items(spec, 220, 20)
    pages[0] = first + pages[0]
    count = len(pages)
    for p, page in enumerate(pages[1:], 2):
        page += header(p)
    table, y = _breakdown(spec, y, only_table=rng.random() < 0.4)
    pages[-1] += table
    footer = [Text(PAGE_W / 2, 800, f"{name} · {street} · {city} · {LABELS[spec.lang]['vat_id'][0]} {spec.issuer[3]}",
                   size=7, align="center")]
    return [page + footer for page in pages]


def erp_credit(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, _, web = spec.issuer
    title, number_label, corrects = CREDIT[spec.lang]
    earlier = spec.date - dt.timedelta(days=rng.randint(10, 90))
    corrected = f"{rng.choice(['RE', 'INV', 'F'])}-{earlier.year}-{rng.randint(1, 999):03}"
    first = [*_block(50, 60, spec.issuer, size=10), Text(50, 98, f"www.{web}", size=8),
             Text(545, 62, title.upper() if rng.random() < 0.5 else title, size=18, bold=True, align="right"),
             Text(340, 100, f"{number_label}:", size=9), Text(545, 100, spec.number, align="right"),
             Text(340, 114, f"{spec.label('date')}:", size=9), Text(545, 114, spec.day(spec.date), align="right"),
             *_block(50, 150, spec.customer, bold_name=False),
             Text(50, 215, corrects.format(n=corrected, d=spec.day(earlier)))]
    cols = LABELS[spec.lang]["cols"]
    unit = f" ({spec.currency})" if spec.amount_where == "none" else ""
    page = [Text(55, 245, cols[0], bold=True), Text(360, 245, cols[1], bold=True, align="right"),
            Text(540, 245, cols[3] + unit, bold=True, align="right")]
    y = 261.0
    for desc, qty, price in spec.items[:20]:
        page += [Text(55, y, desc), Text(360, y, str(qty), align="right"),
                 Text(540, y, f"-{spec.money(price * qty)}", align="right")]
        y += 14
    spec.items = spec.items[:20]
    y += 12
    for label, value, bold in [(spec.label("subtotal"), spec.subtotal, False),
                               (spec.label("vat").format(rate=spec.vat_rate), spec.vat, False),
                               (spec.label("total"), spec.total, True)]:
        page += [Text(380, y, label, bold=bold), Text(540, y, f"-{spec.money(value)}", bold=bold, align="right")]
        y += 14
    footer = _footer(spec, rng)
    return [first + page + footer]


ERP_TRAITS = {"erp_box": erp_box, "erp_deposit": erp_deposit, "erp_pages": erp_pages, "erp_credit": erp_credit}
