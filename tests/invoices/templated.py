"""Invoices laid out by real programs' own invoice templates, with known fields: a tuning set whose layouts nobody
on this team wrote, measured once before anybody tuned on it (see benchmarks/invoices.py, `templates-`).

Three template sources, each filled with seeded random data (company names with legal forms, invoice numbers of
several styles, dates in several formats, net/tax/total, EUR mostly, credit notes):

- `tryton`: Tryton's own customer invoice report, `invoice.fodt` of trytond_account_invoice (PyPI, pinned), a
  relatorio/Genshi ODT template, rendered as Tryton renders it (relatorio with Genshi's Translator fed the
  module's own German catalogue, Tryton's `format_date`/`format_currency` rules for its `de` and `en` languages)
  and printed to PDF by LibreOffice (`soffice --headless --convert-to pdf`): the company name at the top, its
  header and footer lines, `Rechnung Nr.: 2024-0017` / `Invoice No: ...`, `Datum:` / `Date:`, a tax table,
  `Netto:`, `Steuern:`, `Rechnungsbetrag:` / `Total:`, payment term lines with their own dates and amounts; a
  credit note is an invoice with a negative total, as Tryton prints it.
- `koma`: a German (or English) business letter of KOMA-Script's `scrlttr2` class (TeX Live, Debian), with one of
  its own letter layouts (`DIN`, `DINmtext`, `SN` Swiss, `UScommercial9`), the sender in the letter head and the
  return address line, the invoice number, customer number and date in the class's reference line (`Rechnungsnummer`,
  `Kundennummer`, `Datum`), and the items table of Oliver Corff's `invoice` package (`Honorare`, `Summe MWSt.`,
  `Gesamtsumme`, amounts as the package computes them, currency written as a word or code in each row).
- `invoice2`: the standard LaTeX `letter` class (sender's address top right, the date under it) with Simon Dierl's
  `invoice2` package table (German, Swiss German or English labels: `Nettobetrag`, `USt`, `Gesamtbetrag`; amounts
  with a thin-space thousands separator, the currency symbol in each row or in the header).

The programs are pinned: the Python packages are installed on first use into ~/.cache/pdftools (never a
dependency of pdftools); LibreOffice and TeX Live come from Debian (`apt-get install libreoffice-writer-nogui
texlive-latex-extra texlive-lang-german texlive-fonts-recommended`): a source whose program is missing is skipped
with the reason. The truth of each file is what its page shows; each written file's text is checked to show its
number and total before it is kept.

    python tests/invoices/templated.py OUT [--count 16] [--seed 5]   # writes OUT/*.pdf and OUT/truth.json
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: `invoices` importable

from invoices import thirdparty as tp  # noqa: E402

SOURCES = ("tryton", "koma", "invoice2")
PY_TARGET = tp.CACHE / "templated-py"
PY_PINS = ("relatorio==1.0.0", "Genshi==0.7.12", "lxml==6.1.3", "puremagic==1.30")
TRYTON_PIN = "trytond_account_invoice==8.2.0"  # installed without its dependencies: only its report is used
TRYTON_MODULE = PY_TARGET / "trytond" / "modules" / "account_invoice"
TEX_FILES = {"koma": ("scrlttr2.cls", "invoice.sty", "ngerman.ldf", "helvet.sty"),
             "invoice2": ("letter.cls", "invoice2.sty", "mathptmx.sty", "eurosym.sty")}

CENT = Decimal("0.01")
MONTHS_DE = ("Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
             "November", "Dezember")
MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
             "November", "December")
SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"}
STREETS = {"de": ("Hauptstraße", "Bahnhofstraße", "Industriestraße", "Am Markt", "Lindenweg", "Gewerbepark"),
           "en": ("High Street", "Station Road", "Mill Lane", "Church Street", "Market Square"),
           "fr": ("Rue de la Paix", "Avenue Foch"), "cs": ("Národní",), "pt": ("Rua Augusta",), "it": ("Via Roma",),
           "nl": ("Oudegracht",)}
ITEMS = {"de": ("Beratung", "Wartungsvertrag", "Softwarelizenz", "Montage vor Ort", "Druckerpatronen",
                "Bürostühle", "Schulungstag", "Fahrtkosten", "Reparatur", "Hosting (jährlich)", "Kabel und Kleinteile"),
         "en": tp.ITEMS}


def _number(rng: random.Random, day: dt.date) -> str:
    y, n = day.year, rng.randint(1, 9999)
    return rng.choice([tp.number(rng, day), f"RE{y}-{n:05d}", f"{y}{n:06d}", f"R-{n:05d}", f"{n}",
                       f"{y % 100}-{n:04d}", f"RG {y}/{n:04d}", f"INV/{y}/{n:04d}"])


def spec(rng: random.Random, index: int, source: str) -> dict:
    """One invoice's inputs: German mostly, English otherwise; EUR mostly; some credit notes."""
    day = dt.date(2021, 1, 1) + dt.timedelta(days=rng.randint(0, 1700))
    lang = "de" if rng.random() < 0.6 else "en"
    name_lang = lang if rng.random() < 0.75 else rng.choice(["de", "en", "fr", "it", "nl"])
    client_lang = rng.choice(["de", "de", "en", "fr", "nl"])
    if lang == "de":
        currency = rng.choice(["EUR"] * 7 + ["CHF", "USD"])
    else:
        currency = rng.choice(["EUR", "EUR", "USD", "GBP", "CHF"])
    items = []
    for _ in range(rng.randint(1, 5)):
        price = Decimal(rng.choice([rng.randint(5, 900), rng.randint(500, 250000) / 100])).quantize(CENT)
        items.append({"description": rng.choice(ITEMS["de" if lang == "de" else "en"]),
                      "count": rng.choice([1, 1, 1, 2, 3, 4, 5, 8, 10, 12]), "price": str(price)})
    return {
        "file": f"{source}-{index:03d}.pdf", "source": source, "lang": lang,
        "issuer": tp.company(rng, name_lang), "issuer_city": rng.choice(tp.CITIES[name_lang]),
        "street": f"{rng.choice(STREETS[name_lang])} {rng.randint(1, 180)}", "zip": f"{rng.randint(10000, 99999)}",
        "client": tp.company(rng, client_lang), "client_city": rng.choice(tp.CITIES[client_lang]),
        "client_street": f"{rng.choice(STREETS[client_lang])} {rng.randint(1, 99)}",
        "person": rng.choice(tp.PEOPLE), "vat_id": f"DE{rng.randint(10**8, 10**9 - 1)}",
        "number": _number(rng, day), "date": day.isoformat(),
        "due": (day + dt.timedelta(days=rng.choice([8, 14, 30]))).isoformat(), "currency": currency,
        "tax": rng.choice([19, 19, 19, 7, 0, 20, 8.1] if lang == "de" else [20, 19, 0, 21, 10]),
        "items": items, "credit": rng.random() < 0.15, "customer_no": str(rng.randint(10000, 99999)),
        "variant": rng.randint(0, 9),
    }


def money(value: Decimal, lang: str) -> str:
    """1.234,56 (de) or 1,234.56 (en), with the sign."""
    text = f"{abs(value):,.2f}"
    if lang == "de":
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return ("-" if value < 0 else "") + text


# --- installs -------------------------------------------------------------------------------------------------------

def install() -> dict[str, str]:
    """Install the pinned Python packages into the cache folder if missing; {source: why it is unavailable}."""
    missing: dict[str, str] = {}
    if not (PY_TARGET / "puremagic").is_dir() or not TRYTON_MODULE.is_dir():
        for pins, extra in ((PY_PINS, []), ((TRYTON_PIN,), ["--no-deps"])):
            done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                                   "--target", str(PY_TARGET), *extra, *pins], capture_output=True, text=True)
            if done.returncode:
                missing["tryton"] = f"pip install {' '.join(pins)} failed: {done.stderr.strip().splitlines()[-1:]}"
                break
    if "tryton" not in missing and not shutil.which("soffice"):
        missing["tryton"] = "LibreOffice not installed (apt-get install libreoffice-writer-nogui)"
    for source, files in TEX_FILES.items():
        if not shutil.which("pdflatex") or not shutil.which("kpsewhich"):
            missing[source] = "TeX Live not installed (apt-get install texlive-latex-extra texlive-lang-german)"
            continue
        absent = [f for f in files if not subprocess.run(["kpsewhich", f], capture_output=True, text=True).stdout]
        if absent:
            missing[source] = (f"TeX Live lacks {', '.join(absent)} (apt-get install texlive-latex-extra "
                               "texlive-lang-german)")
    return missing


# --- Tryton ---------------------------------------------------------------------------------------------------------

class Obj:
    """A record as the template reads it (attributes only)."""

    def __init__(self, **kw):
        self.__dict__.update(kw)


LANGS = {"de": {"date": "%d.%m.%Y", "point": ",", "sep": ".", "precedes": False, "space": True},
         "en": {"date": "%m/%d/%Y", "point": ".", "sep": ",", "precedes": True, "space": False}}


def _tryton_number(value: Decimal, lang: dict, digits: int = 2) -> str:
    text = f"{abs(value):,.{digits}f}".replace(",", "_").replace(".", lang["point"]).replace("_", lang["sep"])
    return ("-" if value < 0 else "") + text


def _tryton_currency(value: Decimal, lang: dict, currency: Obj, digits: int | None = None) -> str:
    """ir.lang.currency: the symbol before or after, a space or not, the sign in front (sign position 1)."""
    body = _tryton_number(abs(Decimal(value)), lang, currency.digits if digits is None else digits)
    body = (currency.symbol + (" " if lang["space"] else "") + body if lang["precedes"]
            else body + (" " if lang["space"] else "") + currency.symbol)
    return ("-" if value < 0 else "") + body


def _tryton_catalogue(lang: str) -> dict[str, str]:
    """The module's own translations of the report's strings (msgctxt `report:account.invoice:`)."""
    if lang == "en":
        return {}
    text = (TRYTON_MODULE / "locale" / f"{lang}.po").read_text(encoding="utf-8")
    pairs = re.findall(r'msgctxt "report:account\.invoice:"\s*msgid "((?:[^"\\]|\\.)*)"\s*msgstr "((?:[^"\\]|\\.)*)"',
                       text)
    return {k: v for k, v in pairs if v}


def _tryton(s: dict, out: Path) -> dict:
    """Render invoice.fodt for `s` into `out` (.fodt); the truth's amount."""
    from genshi.filters import Translator
    from relatorio.templates.opendocument import Template

    v, lang_code = s["variant"], s["lang"]
    lang = dict(LANGS[lang_code])
    if lang_code == "en" and s["currency"] in ("GBP", "EUR") and v % 2:
        lang["date"] = "%d/%m/%Y"  # an English company's own setting of the `en` language
    currency = Obj(digits=2, symbol=SYMBOLS[s["currency"]], code=s["currency"])
    rate = Decimal(str(s["tax"]))
    sign = -1 if s["credit"] else 1
    lines, net = [], Decimal(0)
    tax_obj = Obj(sequence_number=1, description=(f"{'USt' if lang_code == 'de' else 'VAT'} {s['tax']}%"
                                                  if rate else ("steuerfrei" if lang_code == "de" else "exempt")),
                  base=Decimal(0), amount=Decimal(0), legal_notice=None)
    unit = Obj(digits=0, symbol="h" if v % 3 == 0 else ("Stk." if lang_code == "de" else "u"))
    for item in s["items"]:
        quantity = Decimal(item["count"]) * sign
        amount = (quantity * Decimal(item["price"])).quantize(CENT)
        net += amount
        lines.append(Obj(type="line", product_name=item["description"], description=None, quantity=quantity,
                         unit=unit, unit_price=Decimal(item["price"]), invoice_taxes=[tax_obj], amount=amount))
    if v % 4 == 1:
        lines.insert(0, Obj(type="title", description="Leistungen" if lang_code == "de" else "Services"))
    tax = (net * rate / 100).quantize(CENT, ROUND_HALF_UP)
    tax_obj.base, tax_obj.amount = net, tax
    total = net + tax
    day, due = dt.date.fromisoformat(s["date"]), dt.date.fromisoformat(s["due"])
    header = [f"{s['street']}, {s['zip']} {s['issuer_city']}", "Tel. +49 30 1234567 · info@example.com"]
    footer = [f"{s['issuer']} · {s['street']} · {s['zip']} {s['issuer_city']}",
              f"{'USt-IdNr.' if lang_code == 'de' else 'VAT No.'} {s['vat_id']} · IBAN DE02 1203 0000 0000 2020 51"]
    company = Obj(header=bool(v % 3), header_used="\n".join(header), footer=v % 5 != 0,
                  footer_used="\n".join(footer), logo=None, rec_name=s["issuer"])
    party = Obj(lang=lang_code, rec_name=s["client"])
    to_pay = [Obj(reconciliation=None, maturity_date=due, amount_second_currency=None,
                  debit=total if total > 0 else Decimal(0), credit=-total if total < 0 else Decimal(0))]
    if v % 4 == 2 and total > 0:  # two instalments
        first = (total / 2).quantize(CENT)
        to_pay = [Obj(reconciliation=None, maturity_date=due, amount_second_currency=None, debit=first,
                      credit=Decimal(0)),
                  Obj(reconciliation=None, maturity_date=due + dt.timedelta(days=30), amount_second_currency=None,
                      debit=total - first, credit=Decimal(0))]
    term = {"de": ["Zahlbar innerhalb von 14 Tagen ohne Abzug.", "Sofort zahlbar.", None],
            "en": ["Payable within 14 days.", "Due on receipt.", None]}[lang_code][v % 3]
    identifier = Obj(type_string="USt-IdNr." if lang_code == "de" else "VAT", code=s["vat_id"])
    invoice = Obj(
        company=company, party=party, set_lang=lambda language=None: "", type="out", state="posted",
        number=s["number"], description=None if v % 2 else ("Projekt" if lang_code == "de" else "Project") +
        f" {s['customer_no']}", origins=None, reference=f"PO-{s['customer_no']}" if v % 3 == 1 else None,
        invoice_date=day, tax_identifier=identifier if v % 2 == 0 else None, party_tax_identifier=None,
        invoice_address=Obj(full_address="\n".join([s["client"], s["person"], s["client_street"],
                                                    f"{s['zip'][::-1]} {s['client_city']}"])),
        lines=lines, taxes=[tax_obj], untaxed_amount=net, tax_amount=tax, total_amount=total,
        lines_to_pay=to_pay, payment_term=Obj(description=term) if term else None,
        customer_payment_reference=s["number"] if v % 2 else None, payment_means=[],
        comment=None if v % 3 else ("Vielen Dank für Ihren Auftrag." if lang_code == "de"
                                    else "Thank you for your business."),
        currency=currency)
    line_class = type("Line", (), {"unit_price": Obj(digits=(16, 4 if v % 4 == 3 else 2))})
    for line in lines:
        line.__class__ = type("LineObj", (Obj, line_class), {})
    context = {
        "records": [invoice], "record": invoice, "invoice": invoice, "today": day, "datetime": dt,
        "set_lang": lambda language=None: "",
        "format_date": lambda value, lang_=None, format=None: value.strftime(format or lang["date"]),
        "format_currency": lambda value, lang_, cur, symbol=True, digits=None: _tryton_currency(value, lang, cur,
                                                                                                digits),
        "format_number": lambda value, lang_, digits=None, monetary=None: _tryton_number(
            Decimal(value), lang, 2 if digits is None else digits),
        "format_number_symbol": lambda value, lang_, symbol, digits=None: (
            _tryton_number(Decimal(value), lang, digits or 0) + " " + symbol.symbol),
    }
    catalogue = _tryton_catalogue(lang_code)
    with open(TRYTON_MODULE / "invoice.fodt", "rb") as fh:
        template = Template(fh)
    translator = Translator(lambda text: catalogue.get(text, text))
    template.filters.append(translator)
    template.add_directives(Translator.NAMESPACE, translator)
    out.write_bytes(template.generate(**context).render().getvalue())
    return {"amount": str(total), "shown": [_tryton_currency(total, lang, currency), s["number"]]}


def _tryton_child(specs: list[dict], folder: Path) -> list[dict]:
    made = []
    for s in specs:
        extra = _tryton(s, folder / s["file"].replace(".pdf", ".fodt"))
        made.append(truth(s, extra))
    return made


def _soffice(folder: Path, sources: list[Path]) -> str | None:
    """Print each .fodt to a PDF beside it with LibreOffice (one run, its own profile); an error or None."""
    with tempfile.TemporaryDirectory(prefix="pdftools-soffice-") as profile:
        done = subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--norestore",
                               "--convert-to", "pdf", "--outdir", str(folder), *map(str, sources)],
                              capture_output=True, text=True, timeout=900)
    if done.returncode:
        return f"soffice failed: {done.stderr.strip()[-300:]}"
    return None


# --- LaTeX ----------------------------------------------------------------------------------------------------------

def tex(text: str) -> str:
    """`text` escaped for LaTeX (UTF-8 input)."""
    out = []
    for c in text:
        out.append({"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
                    "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}"}.get(c, c))
    return "".join(out)


def _date_words(day: dt.date, lang: str, v: int) -> str:
    if lang == "de":
        return [f"{day.day}. {MONTHS_DE[day.month - 1]} {day.year}", f"{day:%d.%m.%Y}",
                f"{day.day}.{day.month}.{day.year}", f"{day:%d.%m.%Y}"][v % 4]
    return [f"{MONTHS_EN[day.month - 1]} {day.day}, {day.year}", f"{day.day} {MONTHS_EN[day.month - 1]} {day.year}",
            f"{day:%d/%m/%Y}", day.isoformat()][v % 4]


def _koma(s: dict, out: Path) -> dict:
    """A scrlttr2 letter with the `invoice` package's table; the .tex and the truth's amount."""
    v, lang = s["variant"], s["lang"]
    lco = ["DIN", "DINmtext", "SN", "DIN", "UScommercial9"][v % 5] if lang == "de" else ["UScommercial9", "DIN",
                                                                                           "DINmtext"][v % 3]
    day = dt.date.fromisoformat(s["date"])
    sign = 1  # a credit note here says so in its title and credits positive amounts (the package cuts negatives)
    word = {"EUR": ["Euro", "EUR"], "USD": ["USD", "US-Dollar"], "GBP": ["GBP", "GBP"], "CHF": ["CHF", "sFr."]}[
        s["currency"]][v % 2]
    if word == "sFr.":
        word = "CHF"
    rows, net = [], Decimal(0)
    for item in s["items"]:
        price = Decimal(item["price"]) * sign
        rows.append(rf"\Fee{{{tex(item['description'])}}}{{{price}}}{{{item['count']}}}")
        net += (price * item["count"]).quantize(CENT)
    rate = Decimal(str(s["tax"]))
    vat = (net * rate / 100).quantize(CENT, ROUND_DOWN)  # the package's fixed-point arithmetic cuts, as printed
    total = net + vat
    title = ({"de": "Gutschrift", "en": "Credit note"} if s["credit"] else {"de": "Rechnung", "en": "Invoice"})[lang]
    babel = "ngerman" if lang == "de" else "english"
    inv_lang = "german" if lang == "de" else "english"
    back = f"{s['issuer']}, {s['street']}, {s['zip']} {s['issuer_city']}"
    footer = ""
    if v % 2:
        footer = (r"\setkomavar{firstfoot}{\footnotesize\centering " + tex(s["issuer"]) + r" \textperiodcentered{} "
                  + ("USt-IdNr." if lang == "de" else "VAT No.") + f" {s['vat_id']}"
                  + r" \textperiodcentered{} IBAN DE02 1203 0000 0000 2020 51}")
    recipient = rf"{tex(s['client'])}\\{tex(s['person'])}\\{tex(s['client_street'])}\\{s['zip'][::-1]} " \
        rf"{tex(s['client_city'])}"
    source = rf"""\documentclass[{babel},{lco},fromalign=right,fromphone=true,fromemail=true,
  fromrule=aftername,refline=wide,foldmarks=true]{{scrlttr2}}
\usepackage[T1]{{fontenc}}
\usepackage[utf8]{{inputenc}}
\usepackage[scaled]{{helvet}}
\renewcommand{{\familydefault}}{{\sfdefault}}
\usepackage[{babel}]{{babel}}
\usepackage[{inv_lang}]{{invoice}}
\setkomavar{{fromname}}{{{tex(s['issuer'])}}}
\setkomavar{{fromaddress}}{{{tex(s['street'])}\\{s['zip']} {tex(s['issuer_city'])}}}
\setkomavar{{fromphone}}{{+49 30 {1000000 + v * 7919}}}
\setkomavar{{fromemail}}{{rechnung@example.com}}
\setkomavar{{backaddress}}{{{tex(back)}}}
\setkomavar{{invoice}}{{{tex(s['number'])}}}
\setkomavar{{customer}}{{{s['customer_no']}}}
\setkomavar{{date}}{{{_date_words(day, lang, v)}}}
\setkomavar{{subject}}{{{title} {tex(s['number'])}}}
{footer}
\begin{{document}}
\begin{{letter}}{{{recipient}}}
\opening{{{'Sehr geehrte Damen und Herren,' if lang == 'de' else 'Dear Sir or Madam,'}}}
{'für unsere Leistungen erlauben wir uns zu berechnen:' if lang == 'de' else 'for our services we charge:'}
\begin{{invoice}}{{{word}}}{{{s['tax']}}}
\ProjectTitle{{{'Projekt' if lang == 'de' else 'Project'} {s['customer_no']}}}
{chr(10).join(rows)}
\end{{invoice}}
\closing{{{'Mit freundlichen Grüßen' if lang == 'de' else 'Yours faithfully'}}}
\end{{letter}}
\end{{document}}
"""
    out.write_text(source, encoding="utf-8")
    shown = f"{total:.2f}"
    return {"amount": str(total), "currency_word": word, "shown": [shown, s["number"]]}


def _invoice2(s: dict, out: Path) -> dict:
    """A `letter` with the `invoice2` package's table; the .tex and the truth's amount."""
    v, lang = s["variant"], s["lang"]
    day = dt.date.fromisoformat(s["date"])
    sign = 1  # a credit note says so in its title and credits positive amounts
    babel = ("ngerman" if v % 3 else "nswissgerman") if lang == "de" else "english"
    symbol = {"EUR": r"\euro{}" if v % 2 else "EUR", "USD": r"\$", "GBP": r"\pounds{}", "CHF": "CHF"}[s["currency"]]
    rate = Decimal(str(s["tax"]))
    rows, net = [], Decimal(0)
    for item in s["items"]:
        price = Decimal(item["price"]) * sign
        if item["count"] == 1 and v % 2:
            rows.append(rf"\invoicesingleitem{{{tex(item['description'])}}}{{{price}}}")
        else:
            rows.append(rf"\invoiceitem{{{item['count']}}}{{{tex(item['description'])}}}{{{price}}}")
        net += price * item["count"]
    vat = net * rate / 100
    total = (net + vat).quantize(CENT, ROUND_HALF_UP)
    title = ({"de": "Gutschrift", "en": "Credit Note"} if s["credit"] else {"de": "Rechnung", "en": "Invoice"})[lang]
    number_label = {"de": ["Rechnungsnummer:", "Rechnung Nr.", "Rechnungs-Nr.:"],
                    "en": ["Invoice number:", "Invoice No.", "Invoice #"]}[lang][v % 3]
    if s["credit"]:
        number_label = {"de": "Gutschrift Nr.", "en": "Credit note no."}[lang]
    options = [f"vat={rate / 100}", f"currency-symbol={{{symbol}}}",
               f"currency-in-header={'true' if v % 3 == 0 else 'false'}",
               f"colorize={'true' if v % 4 == 1 else 'false'}"]
    sender = rf"\textbf{{{tex(s['issuer'])}}}\\{tex(s['street'])}\\{s['zip']} {tex(s['issuer_city'])}\\" \
        rf"{'USt-IdNr.' if lang == 'de' else 'VAT No.'} {s['vat_id']}"
    words = {"de": ("Kundennummer", "Sehr geehrte Damen und Herren,"), "en": ("Customer no.", "Dear Sir or Madam,")}
    opening = rf"\textbf{{{title}}}\\[1ex]{tex(number_label)} {tex(s['number'])}\\{words[lang][0]} " \
        rf"{s['customer_no']}\\[2ex]{words[lang][1]}"
    source = rf"""\documentclass[11pt,a4paper]{{letter}}
\usepackage[T1]{{fontenc}}
\usepackage[utf8]{{inputenc}}
\usepackage{{mathptmx,eurosym}}
\usepackage[{babel}]{{babel}}
\usepackage[a4paper,margin=2.2cm]{{geometry}}
\usepackage{{invoice2}}
\signature{{{tex(s['person'])}\\{tex(s['issuer'])}}}
\address{{{sender}}}
\date{{{tex(s['issuer_city']) + ', ' if v % 2 == 0 else ''}{_date_words(day, lang, v + 1)}}}
\begin{{document}}
\begin{{letter}}{{{tex(s['client'])}\\{tex(s['client_street'])}\\{s['zip'][::-1]} {tex(s['client_city'])}}}
\opening{{{opening}}}
\invoiceoptions{{{', '.join(options)}}}
\begin{{invoice}}
{chr(10).join(rows)}
\end{{invoice}}
\closing{{{'Mit freundlichen Grüßen' if lang == 'de' else 'Kind regards'}}}
\end{{letter}}
\end{{document}}
"""
    out.write_text(source, encoding="utf-8")
    # the decimal mark is the package's translation's: a babel language it has no dictionary for gets its English one
    return {"amount": str(total), "shown": [s["number"], (f"{total:.2f}", f"{total:.2f}".replace(".", ","))]}


def _pdflatex(tex_file: Path) -> str | None:
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex_file.name],
                          cwd=tex_file.parent, capture_output=True, text=True, errors="replace", timeout=300)
    if done.returncode:
        return f"pdflatex failed on {tex_file.name}: {done.stdout.strip()[-400:]}"
    return None


# --- checks and the set ---------------------------------------------------------------------------------------------

def truth(s: dict, extra: dict) -> dict:
    return {"file": s["file"], "issuer": s["issuer"], "number": s["number"], "date": s["date"],
            "currency": s["currency"], **extra}


def page_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                          text=True, check=False).stdout


def _check(pdf: Path, shown: list) -> str | None:
    """Why `pdf` does not show what its truth says (None: it does): each of `shown` (a string, or a list of
    spellings of which one must be there) is on its pages, spaces of any width ignored."""
    text = re.sub(r"[\s\u00a0\u2009\u202f]", "", page_text(pdf))
    absent = [part for part in shown
              if not any(re.sub(r"\s", "", one) in text for one in ([part] if isinstance(part, str) else part))]
    return f"{pdf.name} does not show {absent}" if absent else None


def build(folder: Path, count: int, seed: int = 5) -> tuple[dict[str, dict[str, str | None]], dict[str, str]]:
    """`count` invoices per available source into `folder`; (truth by file name, {source: why skipped})."""
    folder.mkdir(parents=True, exist_ok=True)
    skipped = install() if count else {}
    rows: list[dict] = []
    for source in SOURCES:
        if source in skipped or not count:
            continue
        rng = random.Random(f"{source}-{seed}")
        specs = [spec(rng, i, source) for i in range(count)]
        work = folder / f".{source}"
        work.mkdir(exist_ok=True)
        if source == "tryton":
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PY_TARGET), str(Path(__file__).parents[1])])}
            done = subprocess.run([sys.executable, __file__, "--child", source, str(work)], input=json.dumps(specs),
                                  capture_output=True, text=True, env=env)
            if done.returncode:
                skipped[source] = f"rendering failed: {done.stderr.strip().splitlines()[-1:]}"
                continue
            made = json.loads(done.stdout)
            why = _soffice(work, [work / m["file"].replace(".pdf", ".fodt") for m in made])
        else:
            made, why = [], None
            for s in specs:
                extra = (_koma if source == "koma" else _invoice2)(s, work / s["file"].replace(".pdf", ".tex"))
                why = _pdflatex(work / s["file"].replace(".pdf", ".tex"))
                if why:
                    break
                made.append(truth(s, extra))
        if why:
            skipped[source] = why
            continue
        for m in made:
            shutil.move(work / m["file"], folder / m["file"])
            wrong = _check(folder / m["file"], m.pop("shown"))
            if wrong:
                raise RuntimeError(f"{source}: {wrong}")
            rows.append(m)
        shutil.rmtree(work)
    from invoices.scripted import write_truth

    return write_truth(folder, rows), skipped


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        folder = Path(sys.argv[3])
        print(json.dumps(_tryton_child(json.loads(sys.stdin.read()), folder)))
        return
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: `invoices` importable
    from invoices.scripted import command_line

    command_line(__doc__, build, "template source", 16, 5)


if __name__ == "__main__":
    main()
