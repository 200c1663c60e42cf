"""Invoices in the layouts of widely used accounting and billing programs and of big vendors, with known fields: a
tuning set nobody had tuned on, measured once before any change to the reader (see benchmarks/invoices.py,
`vendors-`).

Each source is one program's or vendor's invoice as it looks on paper, written from knowledge of those invoices
(not copied from any): its letterhead, sender line and address window, its own labels and their places, the
other numbers it prints beside the invoice number (customer, order, VAT, account, company numbers), its other
dates (delivery, due, order, period, the day of a direct debit), its totals block, and its amount and date forms:

- German: `datev` (a DATEV-style letter invoice: sender line over the window, an info block beside it, a footer of
  four columns; long ones over pages with `Übertrag`), `lexoffice`, `sevdesk` (a period of service, `€ 1.234,56`),
  `hetzner` (a hosting bill), `telekom` (a phone bill: `Ihre Rechnung für März 2024`, a spaced number, a direct
  debit date, the details on a second page);
- English: `sapb1` (SAP Business One's A/R invoice and credit memo: `Document No.`, `Posting Date`, the minus
  after the amount), `xero` (TAX INVOICE / CREDIT NOTE, a payment advice to cut off), `quickbooks` (US dates),
  `freshbooks` (`Amount Due (USD)` as the biggest line), `zoho` (`Total In Words`), `stripe` (`$1,234.56 USD due
  ...`), `shopify` (an order's invoice: the order number beside the invoice's), `amazon` (`Sold by`, `Invoice
  date / Delivery date`, a VAT table by rate), `ukvat` (a UK VAT invoice with a tax point, VAT in pounds beside a
  foreign currency);
- `facture` (SIREN, TVA intracommunautaire, `Arrêtée la présente facture à la somme de ...`), `ovh` (a French
  hosting bill, `1 234,56 €`), `fattura` (`Fattura n. 42/2024 del ...`, P.IVA, `Totale documento`), `factura`
  (CIF, `Base imponible`, `Total factura`), `factuur` (KvK, BTW, `Te betalen`), `swiss` (a Swiss invoice with its
  QR-bill part, `CHF 1'234.55`).

Some are credit notes (the total is the amount credited, as its e-invoice would state it, without the minus the page
may print; lexoffice's `Rechnungskorrektur`, a corrected invoice, keeps its minus). The pages are HTML printed to
PDF with real fonts (DejaVu, through fontconfig): by WeasyPrint (pdftools' own dependency) and, for the web apps'
layouts, by headless Chromium when installed (else WeasyPrint). The truth of each file is what its page shows; each
written file's text is checked to show its number and total.

    python tests/invoices/vendors.py OUT [--count 5] [--seed 5]   # writes OUT/*.pdf and OUT/truth.json
"""

from __future__ import annotations

import datetime as dt
import html
import random
import shutil
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: `invoices` importable

SOURCES = ("datev", "lexoffice", "sevdesk", "hetzner", "telekom", "sapb1", "xero", "quickbooks", "freshbooks",
           "zoho", "stripe", "shopify", "amazon", "ukvat", "facture", "ovh", "fattura", "factura", "factuur", "swiss")
BROWSER = ("quickbooks", "freshbooks", "zoho", "stripe", "shopify", "xero")  # web apps: printed by Chromium
CREDIT = ("datev", "lexoffice", "sapb1", "xero", "stripe", "ukvat", "facture")  # these print credit notes too
LONG = ("datev", "sapb1")  # these run over pages with carried totals at times
CENT = Decimal("0.01")

COUNTRY = {"datev": "de", "lexoffice": "de", "sevdesk": "de", "hetzner": "de", "telekom": "de", "sapb1": "en",
           "xero": "gb", "quickbooks": "us", "freshbooks": "us", "zoho": "en", "stripe": "us", "shopify": "en",
           "amazon": "en", "ukvat": "gb", "facture": "fr", "ovh": "fr", "fattura": "it", "factura": "es",
           "factuur": "nl", "swiss": "ch"}
NAMES = {
    "de": (["Brenner", "Falkenstein", "Wiesental", "Kessler", "Seidel", "Albrecht", "Nordlicht", "Hofmann"],
           ["Elektrotechnik", "Werkzeugbau", "IT-Service", "Druckerei", "Gebäudetechnik", "Medien", "Logistik"],
           ["GmbH", "GmbH & Co. KG", "AG", "UG (haftungsbeschränkt)", "e.K.", "KG"]),
    "gb": (["Harrow", "Pennine", "Thistle", "Calder", "Wexford", "Greyfriars"],
           ["Joinery", "Analytics", "Print", "Facilities", "Digital", "Instruments"], ["Ltd", "Limited", "LLP"]),
    "us": (["Cascade", "Prairie", "Lakeshore", "Summit", "Redwood", "Beacon"],
           ["Labs", "Supply", "Studios", "Outfitters", "Analytics", "Design"], ["LLC", "Inc.", "Corp."]),
    "en": (["Orbit", "Granite", "Silverline", "Kingfisher", "Atlas", "Juniper"],
           ["Systems", "Trading", "Components", "Networks", "Goods"], ["Ltd", "LLC", "Inc.", "GmbH", "B.V."]),
    "fr": (["Lumière", "Garonne", "Vauban", "Rivoli", "Chambord", "Morvan"],
           ["Conseil", "Informatique", "Bâtiment", "Imprimerie", "Services"], ["SARL", "SAS", "SA", "EURL"]),
    "it": (["Officine", "Tipografia", "Gruppo", "Studio", "Ferramenta"], ["Bellini", "Moretti", "Galli", "Ricci"],
           ["S.r.l.", "S.p.A.", "S.n.c."]),
    "es": (["Suministros", "Talleres", "Distribuciones", "Reformas"], ["Ortega", "Iberia", "Costa", "Navarro"],
           ["S.L.", "S.A.", "S.L.U."]),
    "nl": (["Van Dijk", "De Vries", "Zeeland", "Hollandse", "Bakker"], ["Techniek", "Installatie", "Advies"],
           ["B.V.", "V.O.F."]),
    "ch": (["Alpstein", "Bürgi", "Limmat", "Rigi", "Aare"], ["Treuhand", "Informatik", "Bau", "Elektro"],
           ["AG", "GmbH"]),
}
CITIES = {"de": [("10115", "Berlin"), ("80331", "München"), ("50667", "Köln"), ("04109", "Leipzig")],
          "gb": [("LS1 4AP", "Leeds"), ("M1 2AB", "Manchester"), ("EH1 1YZ", "Edinburgh")],
          "us": [("CO 80202", "Denver"), ("OR 97205", "Portland"), ("TX 78701", "Austin")],
          "en": [("1011 AB", "Amsterdam"), ("SW1A 1AA", "London"), ("20095", "Hamburg")],
          "fr": [("69002", "Lyon"), ("44000", "Nantes"), ("59000", "Lille")],
          "it": [("20121", "Milano"), ("10121", "Torino"), ("40121", "Bologna")],
          "es": [("28013", "Madrid"), ("08002", "Barcelona"), ("46002", "Valencia")],
          "nl": [("3511 AB", "Utrecht"), ("2611 AA", "Delft"), ("9711 AA", "Groningen")],
          "ch": [("8001", "Zürich"), ("3011", "Bern"), ("4051", "Basel")]}
STREETS = {"de": ["Industriestraße", "Lindenallee", "Am Hafen", "Gartenweg"], "gb": ["King Street", "Mill Road"],
           "us": ["Market Street", "Oak Avenue"], "en": ["Harbour Road", "Keizersgracht"],
           "fr": ["Rue Victor Hugo", "Avenue Jean Jaurès"], "it": ["Via Garibaldi", "Corso Vittorio Emanuele"],
           "es": ["Calle Mayor", "Avenida de América"], "nl": ["Stationsweg", "Herengracht"],
           "ch": ["Bahnhofstrasse", "Seefeldstrasse"]}
ITEMS = {"de": ["Wartung Server", "Lizenz Buchhaltung", "Montagearbeiten", "Toner schwarz", "Beratungsstunde",
                "Versandkosten", "Schulung Mitarbeiter", "Kabelkanal 2 m"],
         "en": ["Consulting hours", "Annual licence", "Installation", "USB-C docking station", "Support plan",
                "Onboarding workshop", "Cloud storage 1 TB", "Repair service"],
         "fr": ["Prestation de conseil", "Maintenance annuelle", "Hébergement web", "Formation"],
         "it": ["Consulenza tecnica", "Manutenzione impianto", "Materiale di consumo"],
         "es": ["Servicio técnico", "Mantenimiento anual", "Material de oficina"],
         "nl": ["Advieswerk", "Onderhoud installatie", "Licentie software"]}
PEOPLE = ["Katrin Vogt", "Martin Lehmann", "Sarah Collins", "David Reyes", "Élodie Marchand", "Giulia Conti"]
TAX = {"de": [19, 19, 7], "gb": [20], "us": [0, 6.25, 8.5], "en": [19, 20, 21], "fr": [20, 10], "it": [22],
       "es": [21], "nl": [21, 9], "ch": [8.1]}
CURRENCY = {"de": ["EUR"], "gb": ["GBP", "GBP", "EUR", "USD"], "us": ["USD"], "en": ["EUR", "USD", "GBP"],
            "fr": ["EUR"], "it": ["EUR"], "es": ["EUR"], "nl": ["EUR"], "ch": ["CHF"]}
SYMBOL = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"}
MONTHS = {"de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
          "en": "January February March April May June July August September October November December",
          "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
          "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
          "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
          "nl": "januari februari maart april mei juni juli augustus september oktober november december"}


# --- the data ---------------------------------------------------------------------------------------------------

def _number(rng: random.Random, source: str, day: dt.date) -> str:
    y, n = day.year, rng.randint(1, 9999)
    styles = {"datev": [f"RE-{y}-{n:05d}", f"{y}{n:05d}", f"R{n:06d}"], "lexoffice": [f"RE{n:04d}", f"RE-{n:05d}"],
              "sevdesk": [f"RE-{n}", f"{y}-{n:04d}"], "hetzner": [f"R{rng.randint(10**10, 10**11 - 1)}"],
              "telekom": [f"{rng.randint(1000, 9999)} {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}"],
              "sapb1": [f"{rng.randint(100000, 999999)}"], "xero": [f"INV-{n:04d}"], "quickbooks": [f"{n}"],
              "freshbooks": [f"{n:07d}"], "zoho": [f"INV-{n:06d}"],
              "stripe": [f"{rng.randint(0x10000000, 0xFFFFFFFF):08X}-{rng.randint(1, 40):04d}"],
              "shopify": [f"{rng.randint(1001, 9999)}"], "amazon": [f"DE{rng.randint(10**9, 10**10 - 1)}ABCD"[:14]],
              "ukvat": [f"{rng.randint(10000, 99999)}", f"SI-{n:05d}"], "facture": [f"F{y}-{n:04d}", f"FA{n:05d}"],
              "ovh": [f"FR{rng.randint(10**7, 10**8 - 1)}"], "fattura": [f"{n % 500}/{y}", f"{n}/PA"],
              "factura": [f"{y}-{n:04d}", f"A{n:05d}"], "factuur": [f"{y}{n:04d}", f"F{y}-{n:03d}"],
              "swiss": [f"{n:05d}", f"RE-{y}-{n:03d}"]}
    return rng.choice(styles[source])


def spec(rng: random.Random, index: int, source: str) -> dict:
    """One invoice's inputs in the style of `source`."""
    country = COUNTRY[source]
    day = dt.date(2022, 1, 3) + dt.timedelta(days=rng.randint(0, 1000))
    first, trade, forms = NAMES[country]
    name = f"{rng.choice(first)} {rng.choice(trade)} {rng.choice(forms)}"
    client_country = rng.choice(["de", "gb", "fr", "nl"]) if country == "en" else country
    c_first, c_trade, c_forms = NAMES[client_country]
    client = f"{rng.choice(c_first)} {rng.choice(c_trade)} {rng.choice(c_forms)}"
    while client == name:
        client = f"{rng.choice(c_first)} {rng.choice(c_trade)} {rng.choice(c_forms)}"
    lang = {"de": "de", "ch": "de", "fr": "fr", "it": "it", "es": "es", "nl": "nl"}.get(country, "en")
    long = source in LONG and rng.random() < 0.35
    items = []
    for _ in range(rng.randint(34, 46) if long else rng.randint(1, 6)):
        price = Decimal(rng.choice([rng.randint(5, 400), rng.randint(900, 180000) / 100])).quantize(CENT)
        items.append((rng.choice(ITEMS.get(lang, ITEMS["en"])), rng.choice([1, 1, 1, 2, 3, 4, 6, 10]), price))
    zip_, city = rng.choice(CITIES[country])
    czip, ccity = rng.choice(CITIES[client_country])
    s = {"file": f"{source}-{index:03d}.pdf", "source": source, "lang": lang, "country": country,
         "issuer": name, "street": f"{rng.choice(STREETS[country])} {rng.randint(1, 140)}", "zip": zip_, "city": city,
         "client": client, "client_street": f"{rng.choice(STREETS[client_country])} {rng.randint(1, 90)}",
         "client_zip": czip, "client_city": ccity, "person": rng.choice(PEOPLE),
         "number": _number(rng, source, day), "date": day,
         "due": day + dt.timedelta(days=rng.choice([7, 14, 30])),
         "delivery": day - dt.timedelta(days=rng.randint(1, 12)),
         "order_date": day - dt.timedelta(days=rng.randint(13, 30)),
         "customer_no": str(rng.randint(10000, 99999)), "order_no": f"{rng.randint(4500000000, 4599999999)}",
         "vat_id": _vat(rng, country), "client_vat": _vat(rng, client_country),
         "currency": rng.choice(CURRENCY[country]), "rate": Decimal(str(rng.choice(TAX[country]))), "items": items,
         "credit": source in CREDIT and rng.random() < 0.2, "variant": rng.randint(0, 9),
         "iban": f"DE{rng.randint(10, 99)} " + " ".join(str(rng.randint(1000, 9999)) for _ in range(4))
                 + f" {rng.randint(10, 99)}", "phone": f"+49 {rng.randint(30, 899)} "
                 f"{rng.randint(100000, 9999999)}", "register": f"HRB {rng.randint(1000, 99999)}"}
    s["net"] = sum((q * p for _, q, p in items), Decimal(0)).quantize(CENT)
    s["tax"] = (s["net"] * s["rate"] / 100).quantize(CENT, ROUND_HALF_UP)
    s["total"] = s["net"] + s["tax"]
    return s


def _vat(rng: random.Random, country: str) -> str:
    n = rng.randint(10**8, 10**9 - 1)
    return {"de": f"DE{n}", "gb": f"GB {str(n)[:3]} {str(n)[3:7]} {str(n)[7:]}", "us": f"EIN {n // 10:08d}"[:14],
            "en": f"NL{n}B01", "fr": f"FR{rng.randint(10, 99)}{n}", "it": f"IT0{n}{rng.randint(10, 99)}",
            "es": f"ESB{n}", "nl": f"NL{n}B01", "ch": f"CHE-{str(n)[:3]}.{str(n)[3:6]}.{str(n)[6:]} MWST"}[country]


# --- forms --------------------------------------------------------------------------------------------------------

def money(value: Decimal, style: str) -> str:
    """`de` 1.234,56; `en` 1,234.56; `ch` 1'234.56; `fr` 1 234,56 (a narrow no-break space); `qr` 1 234.56."""
    text = f"{abs(value):,.2f}"
    text = {"de": text.replace(",", "_").replace(".", ",").replace("_", "."), "en": text,
            "ch": text.replace(",", "'"), "fr": text.replace(",", "\u202f").replace(".", ","),
            "qr": text.replace(",", " ")}[style]
    return ("-" if value < 0 else "") + text


def style_of(s: dict) -> str:
    return {"de": "de", "it": "de", "es": "de", "nl": "de", "fr": "fr", "ch": "ch"}.get(s["country"], "en")


def cur(s: dict, value: Decimal, where: str = "after") -> str:
    """The amount with its currency as the program writes it: `1.234,56 €`, `$1,234.56`, `CHF 1'234.55`."""
    body, sym = money(value, style_of(s)), SYMBOL[s["currency"]]
    if where == "code":
        return f"{s['currency']} {body}"
    if where == "before" or s["country"] in ("gb", "us", "en"):
        return f"{'-' if value < 0 else ''}{sym}{body.lstrip('-')}" if sym != "CHF" else f"CHF {body}"
    return f"{body} {sym}"


def day(value: dt.date, form: str, lang: str = "en") -> str:
    months = MONTHS.get(lang, MONTHS["en"]).split()
    return {"de": f"{value:%d.%m.%Y}", "iso": value.isoformat(), "us": f"{value:%m/%d/%Y}", "eu": f"{value:%d/%m/%Y}",
            "short": f"{value.day} {months[value.month - 1][:3].title()} {value.year}",
            "long": f"{value.day}. {months[value.month - 1]} {value.year}" if lang == "de" else
            f"{value.day} {months[value.month - 1]} {value.year}",
            "month first": f"{months[value.month - 1]} {value.day}, {value.year}",
            "dash": f"{value:%d-%b-%Y}"}[form]


_ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def words_en(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        return _TENS[n // 10] + ("-" + _ONES[n % 10] if n % 10 else "")
    if n < 1000:
        return _ONES[n // 100] + " hundred" + (" and " + words_en(n % 100) if n % 100 else "")
    return words_en(n // 1000) + " thousand" + (" " + words_en(n % 1000) if n % 1000 else "")


_UNITES = ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze",
           "treize", "quatorze", "quinze", "seize", "dix-sept", "dix-huit", "dix-neuf"]
_DIZAINES = ["_", "_", "vingt", "trente", "quarante", "cinquante", "soixante", "soixante", "quatre-vingt",
             "quatre-vingt"]


def words_fr(n: int) -> str:
    if n < 20:
        return _UNITES[n]
    if n < 100:
        tens, unit = divmod(n, 10)
        if tens in (7, 9):
            return _DIZAINES[tens] + "-" + _UNITES[10 + unit]
        return _DIZAINES[tens] + ("-et-un" if unit == 1 and tens < 8 else f"-{_UNITES[unit]}" if unit else
                                  "s" if tens == 8 else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        head = "cent" if hundreds == 1 else f"{_UNITES[hundreds]} cent{'s' if not rest else ''}"
        return head + (f" {words_fr(rest)}" if rest else "")
    thousands, rest = divmod(n, 1000)
    return ("mille" if thousands == 1 else f"{words_fr(thousands)} mille") + (f" {words_fr(rest)}" if rest else "")


def e(text: object) -> str:
    return html.escape(str(text))


# --- the pages ----------------------------------------------------------------------------------------------------

CSS = """@page { size: A4; margin: 0 }
body { margin: 0; font-family: 'DejaVu Sans', sans-serif; font-size: 9pt; color: #222 }
.page { position: relative; width: 210mm; height: 296mm; overflow: hidden; page-break-after: always }
.page:last-child { page-break-after: auto }
.abs { position: absolute }
table { border-collapse: collapse } td, th { padding: 1.2mm 2mm; vertical-align: top; text-align: left }
.r { text-align: right } .b { font-weight: bold } .small { font-size: 7pt } .big { font-size: 16pt }
.items { width: 170mm } .items th { border-bottom: 0.6pt solid #444 } .line td { border-bottom: 0.3pt solid #bbb }
.serif { font-family: 'DejaVu Serif', serif } .cond { font-family: 'DejaVu Sans Condensed', sans-serif }
"""


def page(body: str, top: float = 0) -> str:
    return f'<div class="page"><div class="abs" style="top:{top}mm;left:0;width:210mm">{body}</div></div>'


def at(top: float, left: float, body: str, width: float = 0, css: str = "") -> str:
    size = f"width:{width}mm;" if width else ""
    return f'<div class="abs" style="top:{top}mm;left:{left}mm;{size}{css}">{body}</div>'


def rows(pairs: list[tuple[str, str]], css: str = "") -> str:
    """A two-column block of labels and values."""
    return f'<table style="{css}">' + "".join(f"<tr><td>{e(k)}</td><td class='r'>{e(v)}</td></tr>"
                                              for k, v in pairs) + "</table>"


def items_table(s: dict, heads: list[str], cells, first: int = 0, last: int | None = None,
                carried: tuple[str, Decimal] | None = None, carry: tuple[str, Decimal] | None = None) -> str:
    """The items from `first` to `last`, with a brought-forward row over them and a carried-forward row under."""
    body = "".join(f"<th class='{'r' if k >= 2 else ''}'>{e(h)}</th>" for k, h in enumerate(heads))
    out = [f"<table class='items'><tr>{body}</tr>"]
    if carried:
        out.append(f"<tr><td colspan='{len(heads) - 1}'>{e(carried[0])}</td><td class='r'>{e(carried[1])}</td></tr>")
    for n, (name, qty, price) in enumerate(s["items"][first:last], first + 1):
        values = cells(n, name, qty, price)
        out.append("<tr class='line'>" + "".join(f"<td class='{'r' if k >= 2 else ''}'>{e(v)}</td>"
                                                 for k, v in enumerate(values)) + "</tr>")
    if carry:
        out.append(f"<tr><td colspan='{len(heads) - 1}' class='b'>{e(carry[0])}</td>"
                   f"<td class='r b'>{e(carry[1])}</td></tr>")
    return "".join(out) + "</table>"


def sign(s: dict, value: Decimal) -> Decimal:
    return -value if s["credit"] else value


def _chunks(s: dict, per: int) -> list[tuple[int, int]]:
    n = len(s["items"])
    return [(k, min(k + per, n)) for k in range(0, n, per)] or [(0, 0)]


def _running(s: dict, end: int) -> Decimal:
    return sum((q * p for _, q, p in s["items"][:end]), Decimal(0))


def footer_de(s: dict) -> str:
    cols = [[s["issuer"], s["street"], f"{s['zip']} {s['city']}"],
            [f"Tel. {s['phone']}", f"info@{_domain(s)}", f"www.{_domain(s)}"],
            ["Sparkasse", f"IBAN {s['iban']}", "BIC SPKADE2HXXX"],
            [f"Amtsgericht {s['city']} {s['register']}", f"Geschäftsführer: {s['person']}",
             f"USt-IdNr.: {s['vat_id']}"]]
    return at(272, 20, "<table class='small'><tr>" + "".join(
        "<td>" + "<br>".join(e(x) for x in col) + "</td>" for col in cols) + "</tr></table>", 175)


def _domain(s: dict) -> str:
    import re
    import unicodedata

    word = unicodedata.normalize("NFKD", s["issuer"].split()[0].lower()).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z]", "", word) + {"de": ".de", "ch": ".ch", "fr": ".fr", "it": ".it", "es": ".es",
                                          "nl": ".nl", "gb": ".co.uk"}.get(s["country"], ".com")


def window_de(s: dict, top: float = 45) -> str:
    sender = f"{s['issuer']} · {s['street']} · {s['zip']} {s['city']}"
    address = [s["client"], f"z. Hd. {s['person']}" if s["variant"] % 2 else "", s["client_street"],
               f"{s['client_zip']} {s['client_city']}"]
    line = "font-size:6.5pt;white-space:nowrap;text-decoration:underline"
    return at(top, 20, f"<div style='{line}'>{e(sender)}</div><br>" +
              "<br>".join(e(x) for x in address if x), 85)


def datev(s: dict) -> str:
    title = "Gutschrift" if s["credit"] else "Rechnung"
    long = len(s["items"]) > 20
    chunks = _chunks(s, 18 if long else 99)
    pages = []
    for k, (a, b) in enumerate(chunks):
        head = at(12, 120, f"<div class='big b'>{e(s['issuer'])}</div>", 80)
        info = rows([(f"{title}s-Nr.", s["number"]), ("Kunden-Nr.", s["customer_no"]),
                     ("Auftrags-Nr.", s["order_no"]), ("Datum", day(s["date"], "de")),
                     ("Lieferdatum", day(s["delivery"], "de")), ("Seite", f"{k + 1} von {len(chunks)}")])
        body = head + (window_de(s) + at(50, 125, info, 70) if k == 0 else at(30, 125, info, 70))
        top = 105 if k == 0 else 70
        heads = ["Pos.", "Bezeichnung", "Menge", "Einzelpreis", "Gesamtpreis"]
        text = (f"<div class='b' style='font-size:13pt'>{title} {e(s['number'])}</div><p>Sehr geehrte Damen und "
                f"Herren,<br>wir berechnen Ihnen für unsere Lieferung vom {day(s['delivery'], 'de')}:</p>"
                ) if k == 0 else ""
        carried = ("Übertrag", money(_running(s, a), "de")) if k else None
        carry = ("Übertrag", money(_running(s, b), "de")) if b < len(s["items"]) else None
        table = items_table(s, heads, lambda n, name, q, p: [n, name, q, money(p, "de"), money(q * p, "de")],
                            a, b, carried, carry)
        if k == len(chunks) - 1:
            rate = f"{s['rate']:g}"
            table += rows([("Nettobetrag", cur(s, s["net"])), (f"zzgl. {rate} % USt.", cur(s, s["tax"])),
                           (f"{title}sbetrag", cur(s, s["total"]))], "margin-left:95mm;margin-top:3mm")
            table += (f"<p>Zahlbar bis zum {day(s['due'], 'de')} ohne Abzug.</p>" if not s["credit"] else
                      f"<p>Der Betrag wird Ihrem Konto bis zum {day(s['due'], 'de')} gutgeschrieben.</p>")
        pages.append(page(body + at(top, 20, text + table, 170) + footer_de(s)))
    return "".join(pages)


def lexoffice(s: dict) -> str:
    title = "Rechnungskorrektur" if s["credit"] else "Rechnung"
    amount = sign(s, s["total"])
    info = rows([("Rechnungsnr.", s["number"]), ("Rechnungsdatum", day(s["date"], "de")),
                 ("Lieferdatum", day(s["delivery"], "de")), ("Ihre Kundennummer", s["customer_no"]),
                 ("Ihr Ansprechpartner", s["person"])], "font-size:8pt")
    top = at(15, 20, f"<div style='font-size:14pt'>{e(s['issuer'])}</div>", 100)
    table = items_table(s, ["Pos.", "Beschreibung", "Menge", "Einzelpreis", "Gesamtpreis"],
                        lambda n, name, q, p: [n, name, f"{q} Stk.", cur(s, sign(s, p)), cur(s, sign(s, q * p))])
    totals = rows([("Gesamtbetrag netto", cur(s, sign(s, s["net"]))),
                   (f"zzgl. Umsatzsteuer {s['rate']:g}%", cur(s, sign(s, s["tax"]))),
                   ("Gesamtbetrag", cur(s, amount))], "margin-left:95mm")
    text = (f"<div class='b' style='font-size:13pt'>{title} Nr. {e(s['number'])}</div>"
            f"<p>Vielen Dank für Ihren Auftrag. Vereinbarungsgemäß berechnen wir Ihnen hiermit folgende Leistungen:</p>"
            + table + totals + "<p>Zahlungsbedingungen: Zahlung innerhalb von 14 Tagen ab Rechnungseingang ohne "
            "Abzüge.</p><p>Mit freundlichen Grüßen<br>" + e(s["person"]) + "</p>")
    return page(top + window_de(s) + at(48, 130, info, 65) + at(100, 20, text, 170) + footer_de(s))


def sevdesk(s: dict) -> str:
    start = s["date"].replace(day=1) - dt.timedelta(days=1)
    info = rows([("Rechnungsnummer", s["number"]), ("Kundennummer", s["customer_no"]),
                 ("Rechnungsdatum", day(s["date"], "de")),
                 ("Leistungszeitraum", f"{day(start.replace(day=1), 'de')} - {day(start, 'de')}")], "font-size:8pt")
    head = at(12, 20, f"<div class='b' style='font-size:12pt'>{e(s['issuer'])}</div><div class='small'>"
              f"{e(s['street'])}, {e(s['zip'])} {e(s['city'])}</div>") + at(20, 150, "<div class='big'>RECHNUNG</div>")
    table = items_table(s, ["Pos.", "Artikel", "Menge", "Preis", "Gesamt"],
                        lambda n, name, q, p: [n, name, q, cur(s, p, "before"), cur(s, q * p, "before")])
    totals = rows([("Zwischensumme (netto)", cur(s, s["net"], "before")),
                   (f"Umsatzsteuer {s['rate']:g} %", cur(s, s["tax"], "before")),
                   ("Gesamtbetrag (brutto)", cur(s, s["total"], "before"))], "margin-left:95mm")
    text = (f"<p>Sehr geehrte Damen und Herren,<br>vielen Dank für Ihr Vertrauen.</p>{table}{totals}"
            f"<p>Bitte überweisen Sie den Rechnungsbetrag bis zum {day(s['due'], 'de')} auf unser Konto.</p>")
    return page(head + window_de(s, 42) + at(55, 125, info, 75) + at(100, 20, text, 170) + footer_de(s))


def hetzner(s: dict) -> str:
    head = at(12, 140, f"<div class='b' style='font-size:15pt'>{e(s['issuer'].split()[0])}</div>")
    info = rows([("Rechnungsnr.:", s["number"]), ("Kundennummer:", f"K{s['customer_no']}{s['order_no'][:4]}"),
                 ("Datum:", day(s["date"], "de"))], "font-size:8pt")
    table = items_table(s, ["Produkt", "Zeitraum", "Menge", "Einzelpreis", "Preis"],
                        lambda n, name, q, p: [name, f"{day(s['delivery'], 'de')} - {day(s['date'], 'de')}", q,
                                               f"€ {money(p, 'de')}", f"€ {money(q * p, 'de')}"])
    totals = rows([("Summe", f"€ {money(s['net'], 'de')}"), (f"Umsatzsteuer {s['rate']:g} %",
                   f"€ {money(s['tax'], 'de')}"), ("Rechnungsbetrag", f"€ {money(s['total'], 'de')}")],
                  "margin-left:100mm")
    text = (f"<div class='b' style='font-size:13pt'>Rechnung</div><p>Sehr geehrte Damen und Herren,<br>"
            f"für Ihre Bestellung berechnen wir Ihnen:</p>{table}{totals}"
            f"<p>Der Rechnungsbetrag wird am {day(s['due'], 'de')} per Lastschrift von Ihrem Konto eingezogen.</p>")
    return page(head + window_de(s) + at(50, 130, info, 65) + at(100, 20, text, 170) + footer_de(s))


def telekom(s: dict) -> str:
    month = MONTHS["de"].split()[s["date"].month - 1]
    info = rows([("Datum", day(s["date"], "de")), ("Kundennummer", s["order_no"]),
                 ("Rechnungsnummer", s["number"]), ("Buchungskonto", s["customer_no"] + "0"),
                 ("Seite", "1 von 2")], "font-size:8pt")
    head = at(12, 20, f"<div class='b' style='font-size:15pt'>{e(s['issuer'])}</div>")
    overview = rows([("Monatliche Beträge", money(s["net"], "de")), ("Summe netto", money(s["net"], "de")),
                     (f"Umsatzsteuer {s['rate']:g} %", money(s["tax"], "de")),
                     ("Rechnungsbetrag", f"{money(s['total'], 'de')} €")], "width:170mm")
    text = (f"<div class='b' style='font-size:13pt'>Ihre Rechnung für {month} {s['date'].year}</div>"
            f"<p>Guten Tag {e(s['person'])},<br>hier ist Ihre aktuelle Rechnung. Den Rechnungsbetrag buchen wir "
            f"frühestens am {day(s['due'], 'de')} von Ihrem Konto {s['iban'][:4]} **** ab.</p>"
            f"<div class='b'>Beträge in Euro</div>{overview}")
    first = page(head + window_de(s) + at(50, 130, info, 65) + at(100, 20, text, 170) + footer_de(s))
    details = items_table(s, ["", "Leistung", "Anzahl", "Preis", "Betrag"],
                          lambda n, name, q, p: ["", name, q, money(p, "de"), money(q * p, "de")])
    second = page(at(15, 20, f"<div class='b'>Rechnung {month} {s['date'].year} - Einzelheiten</div>"
                  f"<div class='small'>Kundennummer {s['order_no']} · Rechnungsnummer {e(s['number'])} · "
                  f"Seite 2 von 2</div><br>{details}", 170))
    return first + second


def sapb1(s: dict) -> str:
    title = "A/R Credit Memo" if s["credit"] else "A/R Invoice"
    minus = (lambda v: f"{money(v, 'en')}-") if s["credit"] else (lambda v: money(v, "en"))
    chunks = _chunks(s, 22 if len(s["items"]) > 20 else 99)
    pages = []
    for k, (a, b) in enumerate(chunks):
        head = at(12, 20, f"<div class='b' style='font-size:13pt'>{e(s['issuer'])}</div><div class='small'>"
                  f"{e(s['street'])}<br>{e(s['zip'])} {e(s['city'])}<br>VAT Reg. No. {s['vat_id']}</div>", 90)
        info = rows([("Document No.", s["number"]), ("Posting Date", day(s["date"], "de")),
                     ("Due Date", day(s["due"], "de")), ("Customer No.", f"C{s['customer_no']}"),
                     ("Your Ref.", s["order_no"]), ("Page", f"{k + 1}/{len(chunks)}")], "font-size:8pt")
        block = at(12, 125, f"<div class='big b'>{title}</div>{info}", 75)
        bill = at(50, 20, "<div class='small b'>Bill To</div>" + "<br>".join(
            e(x) for x in [s["client"], s["client_street"], f"{s['client_zip']} {s['client_city']}"]), 80
        ) if k == 0 else ""
        carried = ("Brought Forward", minus(_running(s, a))) if k else None
        carry = ("Carried Forward", minus(_running(s, b))) if b < len(s["items"]) else None
        table = items_table(s, ["#", "Description", "Quantity", "Unit Price", "Total (LC)"],
                            lambda n, name, q, p: [n, name, f"{q:.2f}", money(p, "en"), minus(q * p)],
                            a, b, carried, carry)
        if k == len(chunks) - 1:
            table += rows([("Total Before Discount", minus(s["net"])), ("Discount", "0.00"), ("Freight", "0.00"),
                           ("Tax", minus(s["tax"])), ("Total Payment Due", f"{s['currency']} {minus(s['total'])}")],
                          "margin-left:95mm;margin-top:3mm")
        pages.append(page(head + block + bill + at(85 if k == 0 else 60, 20, table, 170)))
    return "".join(pages)


def xero(s: dict) -> str:
    credit = s["credit"]
    title = "CREDIT NOTE" if credit else "TAX INVOICE"
    lines = [("Credit Note Date" if credit else "Invoice Date", day(s["date"], "short")),
             ("Credit Note Number" if credit else "Invoice Number", s["number"]),
             ("Reference", f"PO-{s['order_no'][-5:]}"), ("VAT Number", s["vat_id"])]
    info = "".join(f"<div class='b small'>{e(k)}</div><div>{e(v)}</div>" for k, v in lines)
    seller = "<br>".join(e(x) for x in [s["issuer"], s["street"], s["city"], s["zip"]])
    head = (at(15, 20, f"<div style='font-size:20pt'>{title}</div><br>" + "<br>".join(
        e(x) for x in [s["client"], s["client_street"], s["client_city"]]), 90) + at(15, 110, info, 40) +
        at(15, 155, seller, 45))
    table = items_table(s, ["Description", "Quantity", "Unit Price", "VAT", f"Amount {s['currency']}"],
                        lambda n, name, q, p: [name, f"{q:.2f}", money(p, "en"), f"{s['rate']:g}%", money(q * p, "en")])
    total_label = "TOTAL CREDIT" if credit else f"TOTAL {s['currency']}"
    totals = rows([("Subtotal", money(s["net"], "en")), (f"TOTAL VAT {s['rate']:g}%", money(s["tax"], "en")),
                   (total_label, money(s["total"], "en"))], "margin-left:100mm")
    foot = f"<p class='b'>Due Date: {day(s['due'], 'short')}</p>" if not credit else ""
    if s["currency"] != "GBP":
        gbp = (s["tax"] * Decimal("0.86")).quantize(CENT)
        foot += f"<p class='small'>VAT amount in GBP: £{money(gbp, 'en')} (rate 0.8600)</p>"
    advice = ("<hr style='border-top:1pt dashed #888'><div class='b' style='font-size:13pt'>PAYMENT ADVICE</div>" +
              rows([("To:", s["issuer"]), ("Customer", s["client"]), ("Invoice Number", s["number"]),
                    ("Amount Due", money(s["total"], "en")), ("Due Date", day(s["due"], "short")),
                    ("Amount Enclosed", "")]) if not credit else "")
    return page(head + at(75, 20, table + totals + foot, 175) + at(225, 20, advice, 170))


def quickbooks(s: dict) -> str:
    head = at(15, 20, f"<div class='b' style='font-size:12pt'>{e(s['issuer'])}</div>" + "<br>".join(
        e(x) for x in [s["street"], f"{s['city']}, {s['zip']}", f"billing@{_domain(s)}"]), 100)
    title = at(15, 150, "<div style='font-size:18pt;color:#2ca01c'>INVOICE</div>", 50)
    bill = at(50, 20, "<div class='small b'>BILL TO</div>" + "<br>".join(
        e(x) for x in [s["person"], s["client"], s["client_street"], f"{s['client_city']}, {s['client_zip']}"]), 60)
    ship = at(50, 80, "<div class='small b'>SHIP TO</div>" + "<br>".join(
        e(x) for x in [s["client"], s["client_street"], f"{s['client_city']}, {s['client_zip']}"]), 60)
    info = rows([("INVOICE #", s["number"]), ("DATE", day(s["date"], "us")), ("DUE DATE", day(s["due"], "us")),
                 ("TERMS", "Net 30" if (s["due"] - s["date"]).days == 30 else f"Net {(s['due'] - s['date']).days}")])
    ship_info = rows([("SHIP DATE", day(s["delivery"], "us")), ("P.O. NUMBER", s["order_no"][-6:])], "font-size:8pt")
    table = items_table(s, ["DATE", "ACTIVITY", "QTY", "RATE", "AMOUNT"],
                        lambda n, name, q, p: [day(s["delivery"], "us"), name, q, money(p, "en"), money(q * p, "en")])
    totals = rows([("SUBTOTAL", money(s["net"], "en")), ("TAX", money(s["tax"], "en")),
                   ("TOTAL", money(s["total"], "en")), ("BALANCE DUE", f"${money(s['total'], 'en')}")],
                  "margin-left:100mm")
    return page(head + title + bill + ship + at(50, 145, info, 60) + at(85, 20, ship_info, 100) +
                at(100, 20, table + totals, 175))


def freshbooks(s: dict) -> str:
    grid = (f"<table style='width:175mm'><tr><td class='small'>Billed To</td><td class='small'>Date of Issue</td>"
            f"<td class='small'>Invoice Number</td><td class='small r'>Amount Due ({s['currency']})</td></tr>"
            f"<tr><td>{e(s['client'])}<br>{e(s['client_street'])}<br>{e(s['client_city'])}</td>"
            f"<td>{day(s['date'], 'us')}</td><td>{e(s['number'])}</td>"
            f"<td class='r' style='font-size:22pt'>${money(s['total'], 'en')}</td></tr>"
            f"<tr><td></td><td class='small'>Due Date</td><td class='small'>Reference</td><td></td></tr>"
            f"<tr><td></td><td>{day(s['due'], 'us')}</td><td>{s['order_no'][-4:]}</td><td></td></tr></table>")
    head = at(12, 120, "<br>".join(e(x) for x in [s["issuer"], s["street"], f"{s['city']}, {s['zip']}",
                                                  s["phone"]]), 80, "text-align:right")
    table = items_table(s, ["Description", "", "Rate", "Qty", "Line Total"],
                        lambda n, name, q, p: [name, "", f"${money(p, 'en')}", q, f"${money(q * p, 'en')}"])
    totals = rows([("Subtotal", money(s["net"], "en")), ("Tax", money(s["tax"], "en")),
                   ("Total", money(s["total"], "en")), ("Amount Paid", "0.00"),
                   (f"Amount Due ({s['currency']})", f"${money(s['total'], 'en')}")], "margin-left:100mm")
    return page(head + at(45, 20, grid, 175) + at(100, 20, table + totals, 175))


def zoho(s: dict) -> str:
    sym = SYMBOL[s["currency"]]
    name = {"EUR": "Euro", "USD": "US Dollar", "GBP": "Pound Sterling"}[s["currency"]]
    whole, cents = divmod(int(s["total"] * 100), 100)
    words = f"{name} {words_en(whole).title()}" + (f" and {words_en(cents).title()} Cents" if cents else "") + " Only"
    head = at(15, 20, f"<div class='b' style='font-size:12pt'>{e(s['issuer'])}</div>" + "<br>".join(
        e(x) for x in [s["street"], f"{s['zip']} {s['city']}", f"VAT {s['vat_id']}"]), 100)
    title = at(15, 130, f"<div style='font-size:22pt'>TAX INVOICE</div><div class='b'># {e(s['number'])}</div>"
               f"<br><div class='small'>Balance Due</div><div class='b'>{sym}{money(s['total'], 'en')}</div>", 70,
               "text-align:right")
    info = rows([("Invoice Date :", day(s["date"], "short")), ("Terms :", f"Net {(s['due'] - s['date']).days}"),
                 ("Due Date :", day(s["due"], "short")), ("P.O.# :", f"PO-{s['order_no'][-4:]}")])
    bill = at(60, 20, "<div class='small'>Bill To</div><div class='b'>" + e(s["client"]) + "</div>" + "<br>".join(
        e(x) for x in [s["client_street"], s["client_city"]]), 80)
    table = items_table(s, ["#", "Item & Description", "Qty", "Rate", "Amount"],
                        lambda n, name, q, p: [n, name, f"{q:.2f}", money(p, "en"), money(q * p, "en")])
    totals = rows([("Sub Total", money(s["net"], "en")), (f"Tax ({s['rate']:g}%)", money(s["tax"], "en")),
                   ("Total", f"{sym}{money(s['total'], 'en')}"), ("Balance Due", f"{sym}{money(s['total'], 'en')}")],
                  "margin-left:100mm")
    return page(head + title + bill + at(60, 130, info, 70) + at(100, 20, table + totals +
                f"<p>Total In Words: <i>{e(words)}</i></p><p>Thanks for your business.</p>", 175))


def stripe(s: dict) -> str:
    credit = s["credit"]
    sym = SYMBOL[s["currency"]]
    date_form = "month first" if s["currency"] == "USD" else "long"
    lines = [("Credit note number" if credit else "Invoice number", s["number"]),
             ("Date of issue", day(s["date"], date_form))]
    if not credit:
        lines.append(("Date due", day(s["due"], date_form)))
    head = at(15, 20, f"<div class='b' style='font-size:18pt'>{'Credit note' if credit else 'Invoice'}</div>"
              + rows(lines, "font-size:8pt"), 100) + at(15, 150, f"<div class='b'>{e(s['issuer'])}</div>", 50)
    blocks = at(55, 20, "<br>".join(e(x) for x in [s["issuer"], s["street"], f"{s['city']} {s['zip']}",
                                                   f"billing@{_domain(s)}"]), 70)
    blocks += at(55, 95, "<div class='b'>Bill to</div>" + "<br>".join(
        e(x) for x in [s["client"], s["client_street"], s["client_city"], f"{s['person'].split()[0].lower()}@"
                       f"{_domain({**s, 'issuer': s['client']})}"]), 70)
    big = (f"{sym}{money(s['total'], 'en')} {s['currency']} credited" if credit else
           f"{sym}{money(s['total'], 'en')} {s['currency']} due {day(s['due'], date_form)}")
    table = items_table(s, ["Description", "", "Qty", "Unit price", "Amount"],
                        lambda n, name, q, p: [name, "", q, f"{sym}{money(p, 'en')}", f"{sym}{money(q * p, 'en')}"])
    last = [("Subtotal", f"{sym}{money(s['net'], 'en')}"), (f"VAT ({s['rate']:g}%)", f"{sym}{money(s['tax'], 'en')}"),
            ("Total", f"{sym}{money(s['total'], 'en')}")]
    last.append(("Total credited" if credit else "Amount due", f"{sym}{money(s['total'], 'en')} {s['currency']}"))
    return page(head + blocks + at(90, 20, f"<div class='b' style='font-size:14pt'>{big}</div><br>" + table +
                rows(last, "margin-left:100mm"), 175) +
                at(280, 20, f"<div class='small'>{e(s['number'])} · {sym}{money(s['total'], 'en')} · Page 1 of 1"
                   "</div>"))


def shopify(s: dict) -> str:
    sym = SYMBOL[s["currency"]]
    head = at(15, 20, f"<div class='b' style='font-size:16pt'>{e(s['issuer'])}</div><div class='small'>"
              f"{e(s['street'])}, {e(s['city'])} {e(s['zip'])}<br>{e(s['vat_id'])}</div>", 110)
    info = at(15, 140, f"<div class='b' style='font-size:14pt'>Invoice #{e(s['number'])}</div>" + rows(
        [("Order number:", f"#{s['number']}"), ("Invoice date:", day(s["date"], "long")),
         ("Order date:", day(s["order_date"], "long")), ("Payment:", "Credit card")], "font-size:8pt"), 65)
    bill = at(55, 20, "<div class='b'>Bill to</div>" + "<br>".join(e(x) for x in [
        s["person"], s["client"], s["client_street"], s["client_city"]]), 80)
    ship = at(55, 105, "<div class='b'>Ship to</div>" + "<br>".join(e(x) for x in [
        s["person"], s["client_street"], s["client_city"]]), 80)
    table = items_table(s, ["Item", "", "Qty", "Price", "Total"],
                        lambda n, name, q, p: [name, "", q, f"{sym}{money(p, 'en')}", f"{sym}{money(q * p, 'en')}"])
    totals = rows([("Subtotal", f"{sym}{money(s['net'], 'en')}"), ("Shipping", f"{sym}0.00"),
                   (f"Tax ({s['rate']:g}%)", f"{sym}{money(s['tax'], 'en')}"),
                   ("Total", f"{sym}{money(s['total'], 'en')} {s['currency']}"),
                   ("Paid", f"{sym}{money(s['total'], 'en')}"), ("Outstanding", f"{sym}0.00")], "margin-left:100mm")
    return page(head + info + bill + ship + at(95, 20, table + totals, 175))


def amazon(s: dict) -> str:
    sym = SYMBOL[s["currency"]]
    head = at(12, 20, "<div style='font-size:16pt' class='b'>Invoice</div>", 60)
    paid = at(12, 120, f"<div class='b'>Paid</div><div class='small'>Total payable</div>"
              f"<div class='big b'>{sym}{money(s['total'], 'en')}</div>", 75)
    info = rows([("Invoice date / Delivery date", day(s["date"], "de")), ("Invoice #", s["number"]),
                 ("Total payable", f"{sym}{money(s['total'], 'en')}")], "font-size:8pt")
    sold = (f"<div class='small'>Sold by <b>{e(s['issuer'])}</b><br>{e(s['street'])}, {e(s['zip'])} "
            f"{e(s['city'])}<br>VAT # {e(s['vat_id'])}</div>")
    addresses = ("<table style='width:175mm' class='small'><tr><td><b>Billing address</b><br>" + "<br>".join(
        e(x) for x in [s["client"], s["client_street"], s["client_city"]]) + "</td><td><b>Delivery address</b><br>" +
        "<br>".join(e(x) for x in [s["person"], s["client_street"], s["client_city"]]) +
        f"</td><td><b>Sold by</b><br>{e(s['issuer'])}<br>VAT # {e(s['vat_id'])}</td></tr></table>")
    order = rows([("Order date", day(s["order_date"], "de")), ("Order #", f"302-{s['order_no'][:7]}-{s['customer_no']}"
                                                                     "13")], "font-size:8pt")
    table = items_table(s, ["Description", "Qty", "Unit price (excl. VAT)", "VAT rate", "Item subtotal (incl. VAT)"],
                        lambda n, name, q, p: [name, q, f"{sym}{money(p, 'en')}", f"{s['rate']:g}%",
                                               f"{sym}{money((q * p * (1 + s['rate'] / 100)).quantize(CENT), 'en')}"])
    vat = ("<table class='small' style='margin-left:70mm'><tr><th>VAT rate</th><th class='r'>Item subtotal (excl. VAT)"
           f"</th><th class='r'>VAT</th></tr><tr><td>{s['rate']:g}%</td><td class='r'>{sym}{money(s['net'], 'en')}"
           f"</td><td class='r'>{sym}{money(s['tax'], 'en')}</td></tr><tr><td class='b'>Total</td><td class='r b'>"
           f"{sym}{money(s['net'], 'en')}</td><td class='r b'>{sym}{money(s['tax'], 'en')}</td></tr></table>")
    totals = rows([("Shipping charges", f"{sym}0.00"), ("Total", f"{sym}{money(s['total'], 'en')}")],
                  "margin-left:100mm")
    return page(head + paid + at(28, 20, info, 95) + at(48, 20, sold, 100) + at(70, 20, addresses, 175) +
                at(100, 20, "<div class='b'>Order information</div>" + order + table + totals + vat, 175))


def ukvat(s: dict) -> str:
    credit = s["credit"]
    title = "CREDIT NOTE" if credit else "VAT INVOICE"
    foreign = s["currency"] != "GBP"
    sym = SYMBOL[s["currency"]]
    head = at(12, 20, f"<div class='b serif' style='font-size:16pt'>{e(s['issuer'])}</div><div class='small'>"
              f"{e(s['street'])}, {e(s['city'])} {e(s['zip'])}<br>VAT Reg No: {e(s['vat_id'])} · Company No: "
              f"{s['order_no'][:8]} · Registered in England and Wales</div>", 170)
    info = rows([("Credit Note No:" if credit else "Invoice No:", s["number"]),
                 ("Invoice date:", day(s["date"], "short")), ("Tax point:", day(s["delivery"], "short")),
                 ("Account No:", s["customer_no"]), ("Your order:", s["order_no"][-6:])], "font-size:8pt")
    bill = at(45, 20, "<div class='small b'>Invoice to:</div>" + "<br>".join(
        e(x) for x in [s["client"], s["client_street"], s["client_city"], s["client_zip"]]), 80)
    table = items_table(s, ["Qty", "Description", "Unit price", "VAT %", "Net"],
                        lambda n, name, q, p: [q, name, f"{sym}{money(p, 'en')}", f"{s['rate']:g}",
                                               f"{sym}{money(q * p, 'en')}"])
    pairs = [("Total excl. VAT", f"{sym}{money(s['net'], 'en')}"), (f"VAT @ {s['rate']:g}%",
                                                                    f"{sym}{money(s['tax'], 'en')}"),
             ("Total credit inc. VAT" if credit else "Total inc. VAT", f"{sym}{money(s['total'], 'en')}")]
    if foreign:
        gbp = (s["tax"] * Decimal("0.8571")).quantize(CENT)
        pairs.append(("VAT in GBP (HMRC rate 0.8571)", f"£{money(gbp, 'en')}"))
    terms = f"<p>Payment terms: {(s['due'] - s['date']).days} days. Please quote invoice number {e(s['number'])}.</p>"
    return page(head + at(12 + 30, 120, f"<div class='b' style='font-size:14pt'>{title}</div>{info}", 80) + bill +
                at(100, 20, table + rows(pairs, "margin-left:95mm") + terms, 175))


def facture(s: dict) -> str:
    credit = s["credit"]
    title = "AVOIR" if credit else "FACTURE"
    siren = f"{s['order_no'][1:4]} {s['order_no'][4:7]} {s['order_no'][7:10]}"
    whole, cents = divmod(int(s["total"] * 100), 100)
    words = f"{words_fr(whole)} euros" + (f" et {words_fr(cents)} centimes" if cents else "")
    head = at(15, 20, f"<div class='b' style='font-size:14pt'>{e(s['issuer'])}</div>" + "<br>".join(
        e(x) for x in [s["street"], f"{s['zip']} {s['city']}", f"Tél. : 04 {s['phone'][-8:]}"]), 90)
    client = at(45, 115, "<br>".join(e(x) for x in [s["client"], s["client_street"],
                                                    f"{s['client_zip']} {s['client_city']}"]), 80)
    info = rows([(f"{title.title()} n°", s["number"]), ("Date de facturation", day(s["date"], "eu")),
                 ("Date d'échéance", day(s["due"], "eu")), ("Code client", s["customer_no"]),
                 ("N° TVA client", s["client_vat"])], "font-size:8pt")
    table = items_table(s, ["Réf.", "Désignation", "Qté", "P.U. HT", "Montant HT"],
                        lambda n, name, q, p: [f"A{n:03d}", name, q, money(p, "fr"), money(q * p, "fr")])
    totals = rows([("Total HT", f"{money(s['net'], 'fr')} €"), (f"TVA {s['rate']:g} %", f"{money(s['tax'], 'fr')} €"),
                   ("Total TTC", f"{money(s['total'], 'fr')} €"), ("Net à payer", f"{money(s['total'], 'fr')} €")],
                  "margin-left:100mm")
    words_line = (f"<p>Arrêté{'' if credit else 'e'} le présent{' avoir' if credit else 'e facture'} à la somme de "
                  f"{words} TTC.</p>")
    legal = (f"{e(s['issuer'])} au capital de 10 000 € · SIREN {siren} · RCS {e(s['city'])} · N° TVA intracommunautaire"
             f" {s['vat_id']} · Pénalités de retard : trois fois le taux d'intérêt légal · Indemnité forfaitaire pour "
             "frais de recouvrement : 40 €")
    return page(head + client + at(75, 20, f"<div class='b' style='font-size:14pt'>{title}</div>{info}", 100) +
                at(115, 20, table + totals + words_line, 175) + at(278, 20, f"<div class='small'>{legal}</div>", 170))


def ovh(s: dict) -> str:
    head = at(12, 20, f"<div class='b' style='font-size:16pt;color:#123f6d'>{e(s['issuer'].split()[0])}</div>", 80)
    info = rows([("Facture N°", s["number"]), ("Date :", day(s["date"], "eu")),
                 ("Référence client :", f"{s['person'][:2].lower()}{s['customer_no']}-ovh"),
                 ("Commande N° :", s["order_no"][-8:])], "font-size:8pt")
    client = at(45, 115, "<br>".join(e(x) for x in [s["client"], s["person"], s["client_street"],
                                                    f"{s['client_zip']} {s['client_city']}"]), 80)
    table = items_table(s, ["Description", "Période", "Qté", "Prix unitaire HT", "Prix HT"],
                        lambda n, name, q, p: [name, f"{day(s['delivery'], 'eu')} - {day(s['date'], 'eu')}", q,
                                               f"{money(p, 'fr')} €", f"{money(q * p, 'fr')} €"])
    totals = rows([("Total HT", f"{money(s['net'], 'fr')} €"), (f"TVA ({s['rate']:g} %)", f"{money(s['tax'], 'fr')} €"),
                   ("Total TTC", f"{money(s['total'], 'fr')} €")], "margin-left:100mm")
    legal = (f"{e(s['issuer'])} au capital de 50 000 000 € · RCS Lille Métropole {s['order_no'][:9]} 00045 · "
             f"Code APE 6202A · N° TVA : {s['vat_id']} · {e(s['street'])} {s['zip']} {e(s['city'])}")
    return page(head + at(30, 20, info, 90) + client + at(95, 20, "<div class='b'>Facture</div>" + table + totals +
                "<p>Paiement par prélèvement automatique. Aucun escompte pour paiement anticipé.</p>", 175) +
                at(280, 20, f"<div class='small'>{legal}</div>", 170))


def fattura(s: dict) -> str:
    head = at(12, 20, f"<div class='b' style='font-size:14pt'>{e(s['issuer'])}</div>" + "<br>".join(
        e(x) for x in [s["street"], f"{s['zip']} {s['city']} (MI)", f"P.IVA {s['vat_id'][2:]} - C.F. {s['vat_id'][2:]}",
                       f"PEC: amministrazione@pec.{_domain(s)}"]), 100)
    client = at(40, 115, "<div class='small'>Spett.le</div>" + "<br>".join(
        e(x) for x in [s["client"], s["client_street"], f"{s['client_zip']} {s['client_city']}",
                       f"P.IVA {s['client_vat'][2:]}"]), 80)
    title = (f"<div class='b' style='font-size:13pt'>FATTURA N. {e(s['number'])} del {day(s['date'], 'eu')}</div>"
             + rows([("Cod. cliente", s["customer_no"]), ("Rif. ordine", f"{s['order_no'][-5:]} del "
                     f"{day(s['order_date'], 'eu')}"),
                    ("DDT n.", f"{s['customer_no'][:3]} del {day(s['delivery'], 'eu')}")],
                    "font-size:8pt"))
    table = items_table(s, ["Codice", "Descrizione", "Q.tà", "Prezzo", "Importo"],
                        lambda n, name, q, p: [f"C{n:02d}", name, q, money(p, "de"), money(q * p, "de")])
    totals = rows([("Imponibile", f"€ {money(s['net'], 'de')}"), (f"IVA {s['rate']:g}%", f"€ {money(s['tax'], 'de')}"),
                   ("Totale documento", f"€ {money(s['total'], 'de')}")], "margin-left:100mm")
    pay = (f"<p>Pagamento: bonifico bancario a 30 gg d.f. - Scadenza {day(s['due'], 'eu')}<br>IBAN IT60 X054 2811 "
           f"1010 0000 0{s['customer_no']}</p>")
    return page(head + client + at(80, 20, title, 170) + at(110, 20, table + totals + pay, 175))


def factura(s: dict) -> str:
    head = at(12, 20, f"<div class='b' style='font-size:14pt'>{e(s['issuer'])}</div>" + "<br>".join(
        e(x) for x in [f"CIF: {s['vat_id'][2:]}", s["street"], f"{s['zip']} {s['city']}"]), 100)
    title = at(12, 150, "<div style='font-size:20pt'>FACTURA</div>", 50)
    info = rows([("Nº Factura:", s["number"]), ("Fecha:", day(s["date"], "eu")), ("Nº Cliente:", s["customer_no"]),
                 ("Nº Pedido:", s["order_no"][-6:])], "font-size:8pt")
    client = at(45, 20, "<div class='small b'>Datos del cliente</div>" + "<br>".join(
        e(x) for x in [s["client"], f"CIF: {s['client_vat'][2:]}", s["client_street"],
                       f"{s['client_zip']} {s['client_city']}"]), 80)
    table = items_table(s, ["Ref.", "Concepto", "Cantidad", "Precio", "Importe"],
                        lambda n, name, q, p: [n, name, q, f"{money(p, 'de')} €", f"{money(q * p, 'de')} €"])
    totals = rows([("Base imponible", f"{money(s['net'], 'de')} €"),
                   (f"IVA {s['rate']:g}%", f"{money(s['tax'], 'de')} €"),
                   ("Total factura", f"{money(s['total'], 'de')} €")], "margin-left:100mm")
    pay = f"<p>Forma de pago: transferencia. Vencimiento: {day(s['due'], 'eu')}</p>"
    foot = at(280, 20, f"<div class='small'>{e(s['issuer'])} - Inscrita en el Registro Mercantil de {e(s['city'])}, "
              f"Tomo {s['customer_no'][:4]}, Folio 12, Hoja M-{s['customer_no']}</div>", 170)
    return page(head + title + at(45, 120, info, 75) + client + at(95, 20, table + totals + pay, 175) + foot)


def factuur(s: dict) -> str:
    head = at(12, 120, f"<div class='b' style='font-size:14pt'>{e(s['issuer'])}</div>" + "<br>".join(
        e(x) for x in [s["street"], f"{s['zip']} {s['city']}", f"KvK-nummer: {s['order_no'][:8]}",
                       f"BTW-nummer: {s['vat_id']}", f"IBAN: NL{s['iban'][2:4]} INGB 000{s['customer_no'][:4]} 321"]),
              80)
    client = at(50, 20, "<br>".join(e(x) for x in [s["client"], f"t.a.v. {s['person']}", s["client_street"],
                                                   f"{s['client_zip']} {s['client_city']}"]), 80)
    info = rows([("Factuurnummer:", s["number"]), ("Factuurdatum:", day(s["date"], "long", "nl")),
                 ("Vervaldatum:", day(s["due"], "long", "nl")), ("Klantnummer:", s["customer_no"])], "font-size:8pt")
    table = items_table(s, ["Aantal", "Omschrijving", "", "Prijs", "Bedrag"],
                        lambda n, name, q, p: [q, name, "", f"€ {money(p, 'de')}", f"€ {money(q * p, 'de')}"])
    totals = rows([("Subtotaal", f"€ {money(s['net'], 'de')}"), (f"BTW {s['rate']:g}%", f"€ {money(s['tax'], 'de')}"),
                   ("Totaal", f"€ {money(s['total'], 'de')}"), ("Te betalen", f"€ {money(s['total'], 'de')}")],
                  "margin-left:100mm")
    pay = (f"<p>Wij verzoeken u het bedrag vóór {day(s['due'], 'long', 'nl')} over te maken onder vermelding van het "
           f"factuurnummer.</p>")
    return page(head + client + at(85, 20, "<div class='b' style='font-size:16pt'>Factuur</div>" + info, 100) +
                at(120, 20, table + totals + pay, 175))


def swiss(s: dict) -> str:
    amount = (s["total"] * 20).quantize(Decimal(1), ROUND_HALF_UP) / 20  # rounded to 5 Rappen, as Swiss invoices are
    s["total"] = amount.quantize(CENT)
    rounding = s["total"] - s["net"] - s["tax"]
    head = at(12, 20, f"<div class='b' style='font-size:14pt'>{e(s['issuer'])}</div><div class='small'>"
              f"{e(s['street'])} · {e(s['zip'])} {e(s['city'])} · {e(s['vat_id'])}</div>", 170)
    client = at(45, 115, "<br>".join(e(x) for x in [s["client"], s["client_street"],
                                                    f"{s['client_zip']} {s['client_city']}"]), 80)
    info = rows([("Rechnungsnummer", s["number"]), ("Datum", day(s["date"], "de")), ("Kundennummer", s["customer_no"]),
                 ("Zahlbar bis", day(s["due"], "de"))], "font-size:8pt")
    table = items_table(s, ["Pos.", "Beschreibung", "Menge", "Preis", "Total"],
                        lambda n, name, q, p: [n, name, q, money(p, "ch"), money(q * p, "ch")])
    totals = rows([("Total exkl. MWST", f"CHF {money(s['net'], 'ch')}"),
                   (f"MWST {s['rate']:g}%", f"CHF {money(s['tax'], 'ch')}"),
                   ("Rundungsdifferenz", f"CHF {money(rounding, 'ch')}"),
                   ("Total inkl. MWST", f"CHF {money(s['total'], 'ch')}")], "margin-left:100mm")
    iban = f"CH{s['iban'][2:4]} 0900 0000 {s['customer_no'][:4]} {s['order_no'][:4]} 1"
    qr = (f"<table class='small' style='width:190mm;border-top:1pt dashed #000'><tr><td style='width:55mm'><b>"
          f"Empfangsschein</b><br><b>Konto / Zahlbar an</b><br>{iban}<br>{e(s['issuer'])}<br>{e(s['street'])}<br>"
          f"{e(s['zip'])} {e(s['city'])}<br><b>Zahlbar durch</b><br>{e(s['client'])}<br><b>Währung</b> CHF "
          f"<b>Betrag</b> {money(s['total'], 'qr')}</td><td><b>Zahlteil</b><br><b>Währung</b> CHF<br><b>Betrag</b> "
          f"{money(s['total'], 'qr')}</td><td><b>Konto / Zahlbar an</b><br>{iban}<br>{e(s['issuer'])}<br>"
          f"<b>Zusätzliche Informationen</b><br>Rechnung {e(s['number'])}</td></tr></table>")
    return page(head + client + at(75, 20, "<div class='b' style='font-size:14pt'>Rechnung</div>" + info, 100) +
                at(110, 20, table + totals, 175) + at(192, 10, qr, 190))


LAYOUTS = {name: globals()[name] for name in SOURCES}


# --- printing -------------------------------------------------------------------------------------------------------

def _weasyprint_module() -> Any:
    """WeasyPrint imported into this process (pdftools runs it as a program). Importing it sets Pillow's
    `ImageFile.LOAD_TRUNCATED_IMAGES` for the whole process, so that a truncated image decodes without a word; set
    back, or a test run after it in the same worker took a cut PNG for a whole one (test_ocr's test_bad_inputs:
    tesseract's failure instead of BAD_IMAGE, in one full run of three)."""
    import weasyprint
    from PIL import ImageFile

    ImageFile.LOAD_TRUNCATED_IMAGES = False
    return weasyprint


def _weasyprint(document: str, out: Path) -> None:
    _weasyprint_module().HTML(string=document).write_pdf(out)


def _print(source: str, document: str, out: Path) -> str:
    """Print the HTML to `out`: Chromium for the web apps when installed, else WeasyPrint; the producer's name."""
    from invoices.realprograms import CHROMIUM, chromium_pdf

    if source in BROWSER and shutil.which(CHROMIUM):
        page_file = out.with_suffix(".html")
        page_file.write_text(document, encoding="utf-8")
        why = chromium_pdf(page_file, out, header_footer=False)
        page_file.unlink()
        if why is None:
            return "chromium"
    _weasyprint(document, out)
    return "weasyprint"


def install() -> dict[str, str]:
    try:
        _weasyprint_module()
    except (ImportError, OSError) as exc:  # OSError: Pango missing
        return dict.fromkeys(SOURCES, f"WeasyPrint cannot run: {exc}")
    return {}


def build(folder: Path, count: int, seed: int = 5, sources: tuple[str, ...] = SOURCES,
          ) -> tuple[dict[str, dict[str, str | None]], dict[str, str]]:
    """`count` invoices per source into `folder`; (truth by file name, {source: why skipped})."""
    from invoices.realprograms import _check
    from invoices.scripted import write_truth

    folder.mkdir(parents=True, exist_ok=True)
    skipped = {k: v for k, v in install().items() if k in sources} if count else {}
    made = []
    for source in sources:
        if source in skipped or not count:
            continue
        rng = random.Random(f"{source}-{seed}")
        for index in range(count):
            s = spec(rng, index, source)
            document = f"<html><head><meta charset='utf-8'><style>{CSS}</style></head><body>" \
                       f"{LAYOUTS[source](s)}</body></html>"
            _print(source, document, folder / s["file"])
            wrong = _check(folder / s["file"], s["number"], f"{s['total']:.2f}")
            if wrong:
                raise RuntimeError(f"{source}: {wrong}")
            corrected = s["credit"] and source == "lexoffice"  # a `Rechnungskorrektur` states its signs
            made.append({"file": s["file"], "issuer": s["issuer"], "number": s["number"],
                         "date": s["date"].isoformat(), "amount": f"{-s['total'] if corrected else s['total']:.2f}",
                         "currency": s["currency"]})
    return write_truth(folder, made), skipped


def main() -> None:
    from invoices.scripted import command_line

    command_line(__doc__, build, "source", 5, 5)


if __name__ == "__main__":
    main()
