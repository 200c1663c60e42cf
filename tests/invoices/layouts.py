"""Invoice layouts: where each piece of an invoice goes on an A4 page (points from the top left).

Five layouts, each a common shape of real invoices: `classic` (issuer top left, meta block top right),
`din` (German business letter: a small sender line over the recipient's address window, footer in columns),
`banner` (title on top, a row of labels with the values under them, From / To side by side), `minimal`
(the issuer only in the footer, number in the title line) and `right_logo` (issuer top right, meta as a
two-column table without colons). Long item lists run onto a second page, with the totals there.
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from decimal import Decimal

from invoices.vocab import LABELS, format_amount, format_date

PAGE_W, PAGE_H = 595, 842
ROWS_PER_PAGE = 22


@dataclass
class Text:
    x: float
    y: float  # from the top of the page, to the baseline
    text: str
    size: float = 9
    bold: bool = False
    align: str = "left"  # left, right, center


@dataclass
class Spec:
    """One invoice: the truth (issuer, number, date, total, currency) and how it is written."""

    id: str
    lang: str
    layout: str
    issuer: tuple[str, str, str, str, str]  # name, street, city, vat id, web domain
    customer: tuple[str, str, str, str, str]
    number: str
    date: dt.date
    due: dt.date
    currency: str
    items: list[tuple[str, int, Decimal]]
    vat_rate: int
    date_style: str
    number_style: tuple[str, str]
    amount_where: str  # symbol, code (EUR) or none (the currency only in a column header)
    labels: dict[str, str] = field(default_factory=dict)
    colon: str = ":"
    item_rates: list[Decimal] = field(default_factory=list)  # a VAT rate per item (several rates); else vat_rate
    deposit: Decimal = Decimal("0.00")  # paid in advance: the amount due is the total less it

    @property
    def subtotal(self) -> Decimal:
        return sum((qty * price for _, qty, price in self.items), Decimal("0.00"))

    @property
    def by_rate(self) -> dict[Decimal, tuple[Decimal, Decimal]]:
        """Net and VAT per rate (one rate unless `item_rates` gives each item its own)."""
        nets: dict[Decimal, Decimal] = {}
        for index, (_, qty, price) in enumerate(self.items):
            rate = self.item_rates[index] if self.item_rates else Decimal(self.vat_rate)
            nets[rate] = nets.get(rate, Decimal("0.00")) + qty * price
        return {rate: (net, (net * rate / 100).quantize(Decimal("0.01"))) for rate, net in sorted(nets.items())}

    @property
    def vat(self) -> Decimal:
        return sum((vat for _, vat in self.by_rate.values()), Decimal("0.00"))

    @property
    def total(self) -> Decimal:
        return self.subtotal + self.vat

    def money(self, value: Decimal) -> str:
        return format_amount(value, self.number_style, self.currency, self.lang, self.amount_where)

    def day(self, value: dt.date) -> str:
        return format_date(value, self.date_style, self.lang)

    def label(self, key: str) -> str:
        return self.labels[key]

    def pair(self, key: str) -> str:
        return f"{self.label(key)}{self.colon}"


def choose_labels(rng: random.Random, lang: str) -> dict[str, str]:
    return {key: rng.choice(options) for key, options in LABELS[lang].items() if key != "cols"}


def table_head(spec: Spec, at: float) -> list[Text]:
    """The items table's column headings at `at` (the amount's with the currency when no amount shows it)."""
    cols = LABELS[spec.lang]["cols"]
    unit = " (" + spec.currency + ")" if spec.amount_where == "none" else ""
    return [Text(55, at, cols[0], bold=True), Text(360, at, cols[1], bold=True, align="right"),
            Text(450, at, cols[2], bold=True, align="right"), Text(540, at, cols[3] + unit, bold=True, align="right")]


def _table(spec: Spec, y: float) -> tuple[list[list[Text]], float]:
    """The items table from `y`; returns the pages (first one continues the caller's page) and the last y."""
    pages: list[list[Text]] = [[]]

    def head(at: float) -> None:
        pages[-1] += table_head(spec, at)

    head(y)
    y += 16
    for index, (desc, qty, price) in enumerate(spec.items):
        if index and index % ROWS_PER_PAGE == 0:
            pages.append([])
            y = 80
            head(y)
            y += 16
        pages[-1] += [Text(55, y, desc), Text(360, y, str(qty), align="right"),
                      Text(450, y, spec.money(price), align="right"),
                      Text(540, y, spec.money(price * qty), align="right")]
        y += 14
    return pages, y + 10


def _totals(spec: Spec, y: float, label_x: float = 450, align: str = "right") -> list[Text]:
    vat = spec.label("vat").format(rate=spec.vat_rate)
    rows = [(spec.label("subtotal"), spec.subtotal, False), (vat, spec.vat, False),
            (spec.label("total"), spec.total, True)]
    return [t for i, (name, value, bold) in enumerate(rows)
            for t in (Text(label_x, y + 15 * i, name, bold=bold, align=align),
                      Text(540, y + 15 * i, spec.money(value), bold=bold, align="right"))]


def _block(x: float, y: float, party: tuple[str, ...], size: float = 9, align: str = "left",
           bold_name: bool = True) -> list[Text]:
    name, street, city = party[:3]
    return [Text(x, y, name, size=size + 1, bold=bold_name, align=align), Text(x, y + 13, street, size, align=align),
            Text(x, y + 25, city, size, align=align)]


def _meta(spec: Spec, keys: list[str], x: float, value_x: float, y: float, rng: random.Random) -> list[Text]:
    values = {"number": spec.number, "date": spec.day(spec.date), "due": spec.day(spec.due),
              "customer_no": f"K-{rng.randint(1000, 9999)}", "order": f"PO-{rng.randint(10000, 99999)}"}
    out = []
    for i, key in enumerate(keys):
        out += [Text(x, y + 14 * i, spec.pair(key)), Text(value_x, y + 14 * i, values[key])]
    return out


def _finish(spec: Spec, first: list[Text], y: float, footer: list[Text], rng: random.Random,
            totals_x: float = 450, totals_align: str = "right") -> list[list[Text]]:
    pages, y = _table(spec, y)
    pages[0] = first + pages[0]
    pages[-1] += _totals(spec, y, totals_x, totals_align)
    pages[-1].append(Text(55, y + 70, rng.choice(LABELS[spec.lang]["thanks"])))
    for page in pages:
        page += footer
    return pages


def classic(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, vat_id, web = spec.issuer
    first = [*_block(50, 60, spec.issuer, size=9), Text(50, 98, f"www.{web}", size=8),
             Text(545, 62, spec.label("title"), size=20, bold=True, align="right"),
             *_meta(spec, ["number", "date", "due", "customer_no"], 340, 445, 100, rng),
             Text(50, 175, spec.label("bill_to"), bold=True), *_block(50, 190, spec.customer, bold_name=False)]
    footer = [Text(PAGE_W / 2, 800, f"{name} · {street} · {city}", size=7, align="center"),
              Text(PAGE_W / 2, 810, f"{spec.label('vat_id')} {vat_id} · IBAN DE44 5001 0517 5407 3249 31", size=7,
                   align="center")]
    return _finish(spec, first, 270, footer, rng)


def din(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, vat_id, web = spec.issuer
    first = [Text(57, 130, f"{name} · {street} · {city}", size=7),
             *_block(57, 148, spec.customer, size=10, bold_name=False),
             *_meta(spec, ["number", "date", "customer_no"], 370, 470, 150, rng),
             Text(57, 250, f"{spec.label('title')} {spec.number}", size=12, bold=True)]
    if rng.random() < 0.6:  # a letterhead with the name; otherwise the name is only in small print
        first += _block(545, 50, spec.issuer, size=9, align="right")
    footer = [Text(57, 790, name, size=7), Text(57, 799, street, size=7), Text(57, 808, city, size=7),
              Text(230, 790, spec.label("bank"), size=7), Text(230, 799, "IBAN DE12 3456 7890 1234 5678 90", size=7),
              Text(230, 808, "BIC COBADEFFXXX", size=7),
              Text(400, 790, f"{spec.label('vat_id')} {vat_id}", size=7), Text(400, 799, f"www.{web}", size=7)]
    return _finish(spec, first, 290, footer, rng)


def banner(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, _, _, vat_id, web = spec.issuer
    keys = ["number", "date", "due", "customer_no"]
    meta = _meta(spec, keys, 0, 0, 0, rng)
    first = [Text(PAGE_W / 2, 55, spec.label("title"), size=22, bold=True, align="center")]
    for i in range(len(keys)):
        first += [Text(55 + 125 * i, 100, spec.label(keys[i]), bold=True),
                  Text(55 + 125 * i, 114, meta[2 * i + 1].text)]
    first += [Text(55, 150, spec.label("from"), bold=True), *_block(55, 165, spec.issuer),
              Text(310, 150, spec.label("bill_to"), bold=True), *_block(310, 165, spec.customer)]
    footer = [Text(PAGE_W / 2, 805, f"www.{web} · info@{web} · {spec.label('vat_id')} {vat_id}", size=7,
                   align="center")]
    return _finish(spec, first, 240, footer, rng)


def minimal(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, street, city, vat_id, _ = spec.issuer
    number_label = spec.label("number")
    title = number_label if spec.label("title").lower() in number_label.lower() else spec.label("title")
    first = [Text(50, 60, f"{title} {spec.number}", size=16, bold=True),
             Text(50, 82, f"{spec.pair('date')} {spec.day(spec.date)}"),
             Text(50, 96, f"{spec.pair('due')} {spec.day(spec.due)}"),
             Text(50, 135, spec.pair("bill_to"), bold=True), *_block(50, 150, spec.customer, bold_name=False)]
    footer = [Text(PAGE_W / 2, 805, f"{name} – {street} – {city}", size=7, align="center"),
              Text(PAGE_W / 2, 815, f"{spec.label('vat_id')} {vat_id}", size=7, align="center")]
    return _finish(spec, first, 230, footer, rng)


def right_logo(spec: Spec, rng: random.Random) -> list[list[Text]]:
    name, _, _, vat_id, _ = spec.issuer
    spec.colon = ""
    first = [*_block(545, 50, spec.issuer, size=11, align="right"),
             Text(545, 92, f"{spec.label('vat_id')} {vat_id}", size=8, align="right"),
             Text(50, 140, spec.label("bill_to"), bold=True), *_block(50, 155, spec.customer, bold_name=False),
             Text(50, 220, spec.label("title"), size=16, bold=True),
             *_meta(spec, ["number", "date", "order"], 50, 170, 245, rng)]
    footer = [Text(50, 800, f"{spec.label('bank')}: IBAN IT60 X054 2811 1010 0000 0123 456", size=7),
              Text(50, 810, f"{LABELS[spec.lang]['bank'][1]}: {name}", size=7)]
    return _finish(spec, first, 310, footer, rng, totals_x=300, totals_align="left")


LAYOUTS = {"classic": classic, "din": din, "banner": banner, "minimal": minimal, "right_logo": right_logo}
