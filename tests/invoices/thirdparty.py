"""Invoices printed by other people's invoice generators, with known fields: a tuning set whose layouts nobody
on this team wrote.

Seven libraries, each pinned and installed on first use into a cache folder (never a dependency of pdftools);
four of them (dinbrief, arca-factura-pdf, billwright, @h1dd3nsn1p3r/pdf-invoice) are in thirdparty_more.py:

- InvoiceGenerator (PyPI, reportlab): a Czech-born layout in boxes, `Invoice num.: ...` beside the title, the
  provider and the customer side by side, dates written by Babel in the locale asked for (English, Czech,
  Brazilian Portuguese labels; German dates with the English labels), a VAT breakdown and `Total with tax`.
- pyinvoice (PyPI, reportlab): label/value tables (`Invoice id:`, `Invoice date:`), `Service Provider` and
  `Client` side by side, each line `Name:`, `Street:` ..., amounts without a currency (the currency is said in
  the note under the table, as such invoices do).
- microinvoice (npm, pdfkit): label over value headers (`Invoice Number` / `1`), `Bill From` / `Bill To`
  blocks, amounts followed by the currency code, every label free text (English, German, French here).

Each invoice's fields vary with a seeded random generator: company names with legal forms of several countries,
invoice numbers (`RE-2024-0017`, `2024/118`, `000451` ...), dates, net/tax/total amounts, EUR/USD/GBP/CHF.
The truth of each file is what its page shows: the provider's name, the number, the date, the total to pay
(as the library computed it) and the currency.

    python tests/invoices/thirdparty.py OUT [--count 12] [--seed 3]   # writes OUT/*.pdf and OUT/truth.json
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import shutil
import subprocess
import sys
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from pathlib import Path

CACHE = Path.home() / ".cache" / "pdftools"
PY_TARGET = CACHE / "thirdparty-py"
NPM_PREFIX = CACHE / "thirdparty-npm"
PY_PINS = ("InvoiceGenerator==1.2.0", "pyinvoice==0.1.7")
NPM_PINS = ("microinvoice@1.0.6",)
FIRST = ("invoicegenerator", "pyinvoice", "microinvoice")
LIBRARIES = FIRST + ("dinbrief", "arcafactura", "billwright", "pdfinvoice")  # the last four: thirdparty_more.py

NAMES = {
    "en": (["Northwind", "Blue Harbor", "Kestrel", "Oakridge", "Brightline", "Redfern", "Ashcombe", "Meridian"],
           ["Trading", "Consulting", "Software", "Logistics", "Supplies", "Media", "Engineering", "Foods"],
           ["Ltd", "Limited", "LLC", "Inc.", "Corp.", "LLP", "PLC"]),
    "de": (["Müller", "Bergmann", "Schäfer", "Hofstetter", "Nordlicht", "Weißenburg", "Krämer", "Alpen"],
           ["Haustechnik", "Software", "Logistik", "Druck", "Bau", "Beratung", "Metallbau", "Handel"],
           ["GmbH", "AG", "GmbH & Co. KG", "e.K.", "UG (haftungsbeschränkt)", "KG"]),
    "fr": (["Dupont", "Lefèvre", "Moreau", "Atelier Bellevue", "Garnier", "Rousseau", "Chevalier", "Fontaine"],
           ["Conseil", "Informatique", "Transports", "Bâtiment", "Distribution", "Services", "Imprimerie"],
           ["SARL", "SAS", "SA", "EURL", "SASU"]),
    "cs": (["Novák", "Dvořák", "Svoboda", "Horák", "Černý", "Procházka", "Kučera", "Veselý"],
           ["stavby", "software", "logistika", "tisk", "obchod", "servis", "elektro"],
           ["s.r.o.", "a.s.", "spol. s r.o.", "v.o.s."]),
    "pt": (["Silva", "Oliveira", "Costa", "Pereira", "Almeida", "Ribeiro", "Carvalho", "Souza"],
           ["Comércio", "Serviços", "Tecnologia", "Transportes", "Engenharia", "Alimentos", "Consultoria"],
           ["Ltda.", "S.A.", "ME", "EIRELI", "Lda."]),
    "it": (["Rossi", "Bianchi", "Ferrari", "Esposito", "Colombo", "Ricci", "Marino"],
           ["Impianti", "Informatica", "Trasporti", "Costruzioni", "Forniture"],
           ["S.r.l.", "S.p.A.", "S.n.c.", "S.a.s."]),
    "nl": (["Van Dijk", "De Vries", "Bakker", "Visser", "Smit", "Meijer"],
           ["Techniek", "Handel", "Transport", "Advies", "Bouw"],
           ["B.V.", "N.V.", "V.O.F."]),
}
CITIES = {"en": ("London", "Leeds", "Boston", "Denver"), "de": ("Köln", "Leipzig", "Graz", "Zürich"),
          "fr": ("Lyon", "Nantes", "Lille", "Genève"), "cs": ("Praha", "Brno", "Ostrava", "Plzeň"),
          "pt": ("São Paulo", "Curitiba", "Porto", "Recife"), "it": ("Milano", "Torino"), "nl": ("Utrecht", "Delft")}
PEOPLE = ("Jana Nováková", "Peter Brandt", "Claire Martin", "John Hale", "Ana Souza", "Luca Bianchi")
ITEMS = ("Consulting hours", "Web hosting (annual)", "Support contract", "Printer cartridges", "Office chairs",
         "Software licence", "Installation", "Travel expenses", "Maintenance", "Training day", "Cables and parts")
CURRENCIES = ("EUR", "USD", "GBP", "CHF")
TAX_RATES = (0, 7, 10, 19, 20, 21, 23)


def company(rng: random.Random, lang: str) -> str:
    first, trade, forms = NAMES[lang]
    form = rng.choice(forms)
    name = rng.choice(first) if rng.random() < 0.4 else f"{rng.choice(first)} {rng.choice(trade)}"
    return f"{name} {form}"


def number(rng: random.Random, day: dt.date) -> str:
    y, n = day.year, rng.randint(1, 9999)
    return rng.choice([f"RE-{y}-{n:04d}", f"{y}/{n % 1000}", f"{n:06d}", f"INV-{rng.randint(1000, 99999)}",
                       f"F{y}-{n:04d}", f"{y}-{n:05d}", f"{rng.randint(10, 99)}{y % 100}{n:04d}",
                       f"{rng.choice('ABCDFRS')}{rng.randint(100000, 999999)}"])


def lines(rng: random.Random) -> list[dict]:
    out = []
    for _ in range(rng.randint(1, 5)):
        price = Decimal(rng.choice([rng.randint(5, 900), rng.randint(500, 250000) / 100]))
        out.append({"description": rng.choice(ITEMS), "count": rng.choice([1, 1, 1, 2, 3, 5, 10, 12]),
                    "price": str(price.quantize(Decimal("0.01")))})
    return out


def spec(rng: random.Random, index: int, library: str) -> dict:
    """One invoice's inputs, and the languages its library offers."""
    day = dt.date(2021, 1, 1) + dt.timedelta(days=rng.randint(0, 1500))
    if library == "invoicegenerator":
        lang = rng.choice(["en", "cs", "pt_BR", "de"])
    elif library == "pyinvoice":
        lang = "en"
    else:
        lang = rng.choice(["en", "de", "fr"])
    name_lang = rng.choice(list(NAMES)) if rng.random() < 0.5 else {"pt_BR": "pt"}.get(lang, lang)
    client_lang = rng.choice(list(NAMES))
    return {
        "file": f"{library}-{index:03d}.pdf", "library": library, "lang": lang,
        "issuer": company(rng, name_lang), "issuer_city": rng.choice(CITIES[name_lang]),
        "client": company(rng, client_lang), "client_city": rng.choice(CITIES[client_lang]),
        "street": f"{rng.choice(['Main Street', 'Hauptstraße', 'Rue de la Paix', 'Národní', 'Rua Augusta'])} "
                  f"{rng.randint(1, 180)}",
        "zip": f"{rng.randint(10000, 99999)}",
        "vat_id": f"{rng.choice(['DE', 'CZ', 'FR', 'GB'])}{rng.randint(10**8, 10**9 - 1)}",
        "number": number(rng, day), "date": day.isoformat(),
        "due": (day + dt.timedelta(days=rng.choice([7, 14, 30]))).isoformat(),
        "currency": rng.choice(CURRENCIES), "tax": rng.choice(TAX_RATES), "items": lines(rng),
        "person": rng.choice(PEOPLE), "variant": rng.randint(0, 9),
    }


# --- installs -------------------------------------------------------------------------------------------------------

def install() -> dict[str, str]:
    """Install the pinned libraries into the cache folder if missing; {library: why it is unavailable}."""
    missing: dict[str, str] = {}
    py_ok = all((PY_TARGET / pkg).is_dir() for pkg in ("InvoiceGenerator", "pyinvoice"))
    if not py_ok:
        done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                               "--target", str(PY_TARGET), *PY_PINS], capture_output=True, text=True)
        if done.returncode:
            why = f"pip install {' '.join(PY_PINS)} failed: {done.stderr.strip().splitlines()[-1:]}"
            missing.update({"invoicegenerator": why, "pyinvoice": why})
    if not (NPM_PREFIX / "node_modules" / "microinvoice").is_dir():
        if not shutil.which("npm") or not shutil.which("node"):
            missing["microinvoice"] = "node/npm not installed"
        else:
            NPM_PREFIX.mkdir(parents=True, exist_ok=True)
            done = subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix",
                                   str(NPM_PREFIX), *NPM_PINS], capture_output=True, text=True)
            if done.returncode:
                missing["microinvoice"] = f"npm install {' '.join(NPM_PINS)} failed: {done.stderr.strip()[-200:]}"
    return missing


# --- the generators, run in a child process with the cache on its path ----------------------------------------------

def _invoicegenerator(s: dict, out: Path) -> dict:
    os.environ["INVOICE_LANG"] = s["lang"]
    from InvoiceGenerator.api import Client, Creator, Invoice, Item, Provider
    from InvoiceGenerator.pdf import SimpleInvoice

    provider = Provider(s["issuer"], address=s["street"], city=s["issuer_city"], zip_code=s["zip"],
                        vat_id=s["vat_id"], bank_name="Banka a.s." if s["lang"] == "cs" else "City Bank",
                        bank_account=f"{s['variant']}2345678", bank_code="0800", phone="+420 777 123 456",
                        email="billing@example.com")
    client = Client(s["client"], address="Business Park 4", city=s["client_city"], zip_code="11000")
    invoice = Invoice(client, provider, Creator(s["person"]))
    invoice.number = s["number"]
    invoice.date = dt.date.fromisoformat(s["date"])
    invoice.payback = dt.date.fromisoformat(s["due"])
    invoice.use_tax = s["variant"] % 3 != 0
    invoice.currency = s["currency"]
    invoice.currency_locale = {"cs": "cs_CZ", "pt_BR": "pt_BR", "de": "de_DE"}.get(s["lang"], "en_US")
    if s["variant"] % 2:
        invoice.variable_symbol = "".join(c for c in s["number"] if c.isdigit())[-10:] or "1"
    for item in s["items"]:
        invoice.add_item(Item(item["count"], Decimal(item["price"]), description=item["description"],
                              unit="ks" if s["lang"] == "cs" else "pcs", tax=Decimal(s["tax"])))
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        SimpleInvoice(invoice).gen(str(out))
    total = invoice.price_tax if invoice.use_tax else invoice.price
    return {"amount": str(Decimal(total).quantize(Decimal("0.01"), ROUND_HALF_EVEN))}


def _pyinvoice(s: dict, out: Path) -> dict:
    from pyinvoice.models import ClientInfo, InvoiceInfo, Item, PDFInfo, ServiceProviderInfo
    from pyinvoice.templates import SimpleInvoice

    doc = SimpleInvoice(str(out), pdf_info=PDFInfo(title="Invoice", author=s["issuer"], subject="Invoice"))
    day, due = dt.date.fromisoformat(s["date"]), dt.date.fromisoformat(s["due"])
    doc.invoice_info = InvoiceInfo(s["number"], day if s["variant"] < 5 else dt.datetime(
        day.year, day.month, day.day, 9 + s["variant"], 15), due if s["variant"] % 2 else None)
    doc.service_provider_info = ServiceProviderInfo(name=s["issuer"], street=s["street"], city=s["issuer_city"],
                                                    post_code=s["zip"], vat_tax_number=s["vat_id"])
    doc.client_info = ClientInfo(name=s["client"], street="Business Park 4", city=s["client_city"],
                                 email="accounts@example.org", client_id=str(1000 + s["variant"] * 37))
    for item in s["items"]:
        doc.add_item(Item(item["description"].split()[0], item["description"], item["count"], item["price"]))
    if s["tax"]:
        doc.set_item_tax_rate(s["tax"])
    doc.set_bottom_tip(["All amounts in {c}. Thank you for your business.", "Currency: {c}",
                        "Prices are in {c}, payable within 14 days."][s["variant"] % 3].format(c=s["currency"]))
    doc.finish()
    net = sum(int(i["count"]) * Decimal(i["price"]) for i in s["items"])
    tax = (net * Decimal(s["tax"]) / 100).quantize(Decimal("0.01"), ROUND_HALF_UP) if s["tax"] else Decimal(0)
    return {"amount": str((net + tax).quantize(Decimal("0.01"), ROUND_HALF_UP))}


def run_child(library: str, specs: list[dict], folder: Path) -> list[dict]:
    """In the child: write each invoice, return its truth."""
    made = []
    for s in specs:
        extra = (_invoicegenerator if library == "invoicegenerator" else _pyinvoice)(s, folder / s["file"])
        made.append(truth(s, extra))
    return made


MICRO_JS = r"""
const MicroInvoice = require("microinvoice");
const specs = JSON.parse(require("fs").readFileSync(0, "utf8"));
(async () => { for (const s of specs) { await new MicroInvoice(s.options).generate(s.out); } })()
  .catch((e) => { console.error(e); process.exit(1); });
"""

MICRO_LABELS = {
    "en": {"name": ["Invoice", "INVOICE", "Tax Invoice"], "number": ["Invoice Number", "Invoice No.", "Invoice #"],
           "status": "Status", "paid": ["Paid", "Due"], "date": ["Date", "Invoice Date", "Issued"],
           "to": "Bill To", "from": "Bill From", "tax_id": "Tax Identifier", "desc": "Description",
           "qty": "Quantity", "sub": "Subtotal", "net": "Total without VAT", "rate": "VAT Rate",
           "vat": "VAT", "total": ["Total paid with VAT", "Total", "Amount due"]},
    "de": {"name": ["Rechnung", "RECHNUNG"], "number": ["Rechnungsnummer", "Rechnung Nr.", "Beleg-Nr."],
           "status": "Status", "paid": ["Bezahlt", "Offen"], "date": ["Datum", "Rechnungsdatum"],
           "to": "Rechnung an", "from": "Rechnung von", "tax_id": "USt-IdNr.", "desc": "Beschreibung",
           "qty": "Menge", "sub": "Summe", "net": "Nettobetrag", "rate": "MwSt.-Satz", "vat": "MwSt.",
           "total": ["Gesamtbetrag", "Rechnungsbetrag", "Zu zahlen"]},
    "fr": {"name": ["Facture", "FACTURE"], "number": ["Numéro de facture", "Facture n°", "N° de facture"],
           "status": "Statut", "paid": ["Payée", "À payer"], "date": ["Date", "Date de facture", "Émise le"],
           "to": "Facturé à", "from": "Émetteur", "tax_id": "N° TVA", "desc": "Désignation",
           "qty": "Quantité", "sub": "Montant", "net": "Total HT", "rate": "Taux de TVA", "vat": "TVA",
           "total": ["Total TTC", "Net à payer", "Montant total"]},
}
MONTHS = {"en": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                 "October", "November", "December"],
          "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                 "November", "Dezember"],
          "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
                 "novembre", "décembre"]}


def _micro_date(day: dt.date, lang: str, variant: int) -> str:
    if variant % 3 == 0:
        return day.isoformat()
    if lang == "en":
        return [f"{MONTHS['en'][day.month - 1]} {day.day}, {day.year}", f"{day.day:02d}/{day.month:02d}/{day.year}"
                ][variant % 2]
    if variant % 2:
        return f"{day.day}. {MONTHS['de'][day.month - 1]} {day.year}" if lang == "de" else \
            f"{day.day} {MONTHS['fr'][day.month - 1]} {day.year}"
    return f"{day.day:02d}.{day.month:02d}.{day.year}" if lang == "de" else f"{day.day:02d}/{day.month:02d}/{day.year}"


def _micro_money(value: Decimal, lang: str) -> str:
    text = f"{value:,.2f}"  # 1,234.56
    if lang == "en":
        return text
    group = "." if lang == "de" else " "
    return text.replace(",", "_").replace(".", ",").replace("_", group)


def _micro_options(s: dict, rng: random.Random) -> tuple[dict, str]:
    lang, v = s["lang"], s["variant"]
    words = MICRO_LABELS[lang]
    day = dt.date.fromisoformat(s["date"])
    net = sum(int(i["count"]) * Decimal(i["price"]) for i in s["items"])
    tax = (net * Decimal(s["tax"]) / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)
    total = net + tax
    parts = [[{"value": i["description"]}, {"value": i["count"]},
              {"value": _micro_money(int(i["count"]) * Decimal(i["price"]), lang), "price": True}]
             for i in s["items"]]
    invoice = {
        "name": rng.choice(words["name"]),
        "header": [{"label": rng.choice(words["number"]), "value": s["number"]},
                   {"label": words["status"], "value": rng.choice(words["paid"])},
                   {"label": rng.choice(words["date"]), "value": _micro_date(day, lang, v)}],
        "currency": s["currency"],
        "customer": [{"label": words["to"], "value": [s["person"], s["client"], "accounts@example.org",
                                                       f"Business Park 4, {s['client_city']}"]},
                     {"label": words["tax_id"], "value": f"{rng.randint(10**10, 10**11 - 1)}"}],
        "seller": [{"label": words["from"], "value": [s["issuer"], f"{s['street']}, {s['issuer_city']}",
                                                       f"+{rng.randint(30, 49)} {rng.randint(10**8, 10**9 - 1)}",
                                                       "billing@example.com"]},
                   {"label": words["tax_id"], "value": s["vat_id"]}],
        "legal": [{"value": f"{s['issuer']} - {s['street']}, {s['issuer_city']}", "weight": "bold",
                   "color": "primary"}],
        "details": {"header": [{"value": words["desc"]}, {"value": words["qty"]}, {"value": words["sub"]}],
                    "parts": parts,
                    "total": ([{"label": words["net"], "value": _micro_money(net, lang), "price": True},
                               {"label": words["rate"], "value": f"{s['tax']}%"},
                               {"label": words["vat"], "value": _micro_money(tax, lang), "price": True}]
                              if v % 4 else []) +
                             [{"label": rng.choice(words["total"]), "value": _micro_money(total, lang),
                               "price": True}]},
    }
    return {"data": {"invoice": invoice}}, str(total.quantize(Decimal("0.01")))


def truth(s: dict, extra: dict) -> dict:
    return {"file": s["file"], "issuer": s["issuer"], "number": s["number"], "date": s["date"],
            "currency": s["currency"], **extra}


# --- the set --------------------------------------------------------------------------------------------------------

def build(folder: Path, count: int, seed: int = 3) -> tuple[dict[str, dict[str, str | None]], dict[str, str]]:
    """`count` invoices per available library into `folder`; (truth by file name, {library: why skipped})."""
    folder.mkdir(parents=True, exist_ok=True)
    skipped = install()
    rng = random.Random(seed)
    specs = {lib: [spec(rng, i, lib) for i in range(count)] for lib in FIRST}
    rows: list[dict] = []
    for lib in ("invoicegenerator", "pyinvoice"):
        if lib in skipped or not count:
            continue
        env = {**os.environ, "PYTHONPATH": str(PY_TARGET)}
        done = subprocess.run([sys.executable, __file__, "--child", lib, str(folder)], input=json.dumps(specs[lib]),
                              capture_output=True, text=True, env=env)
        if done.returncode:
            skipped[lib] = f"generation failed: {done.stderr.strip().splitlines()[-1:]}"
            continue
        rows += json.loads(done.stdout)
    if "microinvoice" not in skipped and count:
        jobs, made = [], []
        for s in specs["microinvoice"]:
            options, amount = _micro_options(s, rng)
            jobs.append({"options": options, "out": str(folder / s["file"])})
            made.append(truth(s, {"amount": amount}))
        script = folder / ".microinvoice.js"
        script.write_text(MICRO_JS)
        done = subprocess.run(["node", str(script)], input=json.dumps(jobs), capture_output=True, text=True,
                              env={**os.environ, "NODE_PATH": str(NPM_PREFIX / "node_modules")})
        script.unlink()
        if done.returncode:
            skipped["microinvoice"] = f"generation failed: {done.stderr.strip()[-300:]}"
        else:
            rows += made
    from invoices import thirdparty_more
    from invoices.scripted import write_truth

    rows += thirdparty_more.build(folder, count, seed, skipped)
    return write_truth(folder, rows), skipped


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: `invoices` importable
    if sys.argv[1:2] == ["--child"]:
        library, folder = sys.argv[2], Path(sys.argv[3])
        print(json.dumps(run_child(library, json.loads(sys.stdin.read()), folder)))
        return
    from invoices.scripted import command_line

    command_line(__doc__, build, "library", 12, 3)


if __name__ == "__main__":
    main()
