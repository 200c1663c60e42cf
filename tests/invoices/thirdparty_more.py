"""Four more invoice generators by other people for the third-party set (tests/invoices/thirdparty.py builds them
beside the first three): layouts and label languages nobody on this team wrote.

- dinbrief (PyPI, reportlab): a German DIN 5008 letter for window envelopes: the sender only in the small line
  over the recipient's address, an info box top right (`Rechnungs-Nr.:`), the place and date in words beside the
  subject line (`Rechnung Nr. 2024/0017`), amounts with the currency sign after the number and no thousands
  separator (`4460.66 €`), `Summe (brutto)`, and a bank transfer box (`Betrag:`); German labels from the package's
  own catalogue, or English.
- arca-factura-pdf (PyPI, fpdf2): the Argentine AFIP/ARCA layout in Spanish: `FACTURA` with the letter box (A, B,
  C), `Punto de Venta: 0003 Comp. Nro: 00000871`, `Fecha de Emisión: 12/03/2024`, the issuer as `Razón Social:`
  under a brand name, `Importe Total: $24.360,00` in pesos written with a bare `$`; drawn as the library's sample
  (`fiscal=False`: a `MUESTRA` watermark across the page, no CAE), which is what it allows without a real CAE.
- billwright (PyPI, weasyprint): a Swiss letter with a QR bill (`Empfangsschein` / `Zahlteil`) at the foot: the
  issuer as a wordmark, in the signature (letter-spaced capitals) and as the payee; `Rechnungsnummer` and `Datum`
  in a meta column, `1’562.59 CHF` with the Swiss apostrophe, and again as `CHF 1 562.59` in the payment part;
  German (Swiss spelling) or English; always CHF.
- @h1dd3nsn1p3r/pdf-invoice (npm, pdfmake): the issuer as the heading, `Ref no: #...` under the title, totals in a
  grey box on the right, amounts formatted by the locale (`€ 1.234,50` in Dutch, `1 234,50 €` in French,
  `CHF 1’234.50` in Swiss German); every label free text: English, German, French, Spanish, Italian, Dutch,
  Portuguese here, dates in each language's ways (some in words).

Each has its own random generator (seeded from the set's seed and its name), so adding one moves no other's files.
"""

from __future__ import annotations

import datetime as dt
import gettext
import json
import os
import random
import shutil
import subprocess
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from invoices import thirdparty as tp

PY_PINS = {"dinbrief": ("dinbrief==0.5.2", "reportlab==5.1.0"),
           "arcafactura": ("arca-factura-pdf==0.1.0", "fpdf2==2.8.9"),
           "billwright": ("billwright==0.4.0", "weasyprint==70.0", "qrbill==1.2.0")}
PY_MODULES = {"dinbrief": "dinbrief", "arcafactura": "factura_pdf", "billwright": "billwright"}
NPM_PINS = {"pdfinvoice": ("@h1dd3nsn1p3r/pdf-invoice@1.0.12", "pdfmake@0.2.23")}
LIBRARIES = ("dinbrief", "arcafactura", "billwright", "pdfinvoice")

NAMES_ES = (["Pérez", "González", "Fernández", "Rodríguez", "López", "Gómez", "Sánchez", "Martínez"],
            ["Distribuidora", "Servicios", "Construcciones", "Sistemas", "Transportes", "Insumos", "Consultores"],
            ["S.A.", "S.R.L.", "S.A.S.", "S.C.", "S.L."])
CITIES_ES = ("Buenos Aires", "Córdoba", "Rosario", "Mendoza")
MONTHS = {**tp.MONTHS,
          "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
                 "noviembre", "diciembre"],
          "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre",
                 "ottobre", "novembre", "dicembre"],
          "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
                 "november", "december"],
          "pt": ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro",
                 "novembro", "dezembro"]}


def target(library: str) -> Path:
    return tp.CACHE / f"thirdparty-py-{library}"


def npm_prefix(library: str) -> Path:
    return tp.CACHE / f"thirdparty-npm-{library}"


def install() -> dict[str, str]:
    """Install the pinned libraries, each into its own cache folder, if missing; {library: why unavailable}."""
    missing: dict[str, str] = {}
    for lib, pins in PY_PINS.items():
        if (target(lib) / PY_MODULES[lib]).is_dir():
            continue
        done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                               "--target", str(target(lib)), *pins], capture_output=True, text=True)
        if done.returncode:
            missing[lib] = f"pip install {' '.join(pins)} failed: {done.stderr.strip().splitlines()[-1:]}"
    for lib, pins in NPM_PINS.items():
        if (npm_prefix(lib) / "node_modules" / pins[0].rsplit("@", 1)[0]).is_dir():
            continue
        if not shutil.which("npm") or not shutil.which("node"):
            missing[lib] = "node/npm not installed"
            continue
        npm_prefix(lib).mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix",
                               str(npm_prefix(lib)), *pins], capture_output=True, text=True)
        if done.returncode:
            missing[lib] = f"npm install {' '.join(pins)} failed: {done.stderr.strip()[-200:]}"
    return missing


# --- what each invoice says -----------------------------------------------------------------------------------------

def _company(rng: random.Random, lang: str) -> str:
    if lang != "es":
        return tp.company(rng, lang)
    first, trade, forms = NAMES_ES
    name = rng.choice(first) if rng.random() < 0.3 else f"{rng.choice(trade)} {rng.choice(first)}"
    return f"{name} {rng.choice(forms)}"


def _number(rng: random.Random, day: dt.date) -> str:
    y, n = day.year, rng.randint(1, 9999)
    return rng.choice([tp.number(rng, day), f"{y}/{n:04d}", f"{n:04d}/{y % 100}", f"R{y % 100}-{n:05d}"])


def spec(rng: random.Random, index: int, library: str) -> dict:
    """One invoice's inputs for a new library (`lang` among those it can print)."""
    day = dt.date(2021, 1, 1) + dt.timedelta(days=rng.randint(0, 1500))
    lang = rng.choice({"dinbrief": ["de", "de", "en"], "arcafactura": ["es"], "billwright": ["de", "de", "en"],
                       "pdfinvoice": ["en", "de", "fr", "es", "it", "nl", "pt"]}[library])
    # pdfmake's and fpdf2's standard fonts draw only Latin-1 (and €): no Czech names there
    langs = [k for k in tp.NAMES if k != "cs" or library in ("dinbrief", "billwright")]
    name_lang = lang if lang in tp.NAMES or lang == "es" else "en"
    if library != "arcafactura" and rng.random() < 0.3:
        name_lang = rng.choice(langs)
    cities = CITIES_ES if name_lang == "es" else tp.CITIES[name_lang]
    client_lang = rng.choice(langs)
    currency = {"arcafactura": "ARS", "billwright": "CHF"}.get(library) or rng.choice(tp.CURRENCIES)
    return {
        "file": f"{library}-{index:03d}.pdf", "library": library, "lang": lang,
        "issuer": _company(rng, name_lang), "issuer_city": rng.choice(cities),
        "client": tp.company(rng, client_lang), "client_city": rng.choice(tp.CITIES[client_lang]),
        "street": rng.choice(["Hauptstraße", "Bahnhofstrasse", "Rue de la Paix", "Calle Mayor", "Oudegracht",
                              "Via Roma", "High Street"]), "house": str(rng.randint(1, 180)),
        "zip": f"{rng.randint(1000, 99999)}",
        "vat_id": f"{rng.choice(['DE', 'FR', 'NL', 'IT'])}{rng.randint(10**8, 10**9 - 1)}",
        "number": _number(rng, day), "date": day.isoformat(),
        "due": (day + dt.timedelta(days=rng.choice([10, 14, 30]))).isoformat(),
        "currency": currency, "tax": rng.choice([0, 7, 8.1, 10, 19, 20, 21]), "items": tp.lines(rng),
        "person": rng.choice(tp.PEOPLE), "variant": rng.randint(0, 9),
    }


def words(day: dt.date, lang: str) -> str:
    month = MONTHS[lang][day.month - 1]
    return {"en": f"{day.day} {month} {day.year}", "de": f"{day.day}. {month} {day.year}",
            "es": f"{day.day} de {month} de {day.year}", "pt": f"{day.day} de {month} de {day.year}"}.get(
        lang, f"{day.day} {month} {day.year}")


def _net(s: dict) -> Decimal:
    return sum((int(i["count"]) * Decimal(i["price"]) for i in s["items"]), Decimal(0))


# --- dinbrief -------------------------------------------------------------------------------------------------------

DIN_WORDS = {"de": ("Rechnung", ["Rechnungs-Nr.:", "Rechnungsnummer:", "Beleg-Nr.:"], ["Kunden-Nr.:"], "Datum:",
                    "Bitte überweisen Sie den Betrag innerhalb von 14 Tagen."),
             "en": ("Invoice", ["Invoice no.:", "Invoice number:", "Our ref.:"], ["Customer no.:"], "Date:",
                    "Please pay within 14 days.")}


def _dinbrief(s: dict, out: Path) -> dict:
    import dinbrief

    os.environ["LANGUAGE"] = s["lang"]  # the package's own German catalogue, read without Django
    gettext.bindtextdomain("django", str(Path(dinbrief.__file__).parent / "locale"))
    gettext.textdomain("django")
    from dinbrief.document import Document
    from dinbrief.invoice import BankTransferForm, Invoice, Item, ItemTable, TotalTable
    from dinbrief.styles import styles
    from dinbrief.template import BriefTemplate
    from reportlab.platypus import Paragraph, Spacer

    lang, v = s["lang"], s["variant"]
    title, number_labels, client_labels, date_label, pay = DIN_WORDS[lang]
    day = dt.date.fromisoformat(s["date"])
    sign = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"}[s["currency"]] if v % 2 else s["currency"]
    rate = Decimal(str(s["tax"])) / 100
    invoice = Invoice(items=[Item(n + 1, i["description"], price=Decimal(i["price"]), quantity=int(i["count"]),
                                  vat_rate=rate) for n, i in enumerate(s["items"])], currency=sign)
    shown_date = words(day, lang) if v < 5 else f"{day:%d.%m.%Y}" if lang == "de" else f"{day:%d/%m/%Y}"
    infobox = [Paragraph(f"{number_labels[v % 3]} {s['number']}", styles["Text"]),
               Paragraph(f"{client_labels[0]} {10000 + v * 317}", styles["Text"])]
    if v % 3 == 0:
        infobox.append(Paragraph(f"{date_label} {day:%d.%m.%Y}", styles["Text"]))
    template = BriefTemplate()
    content = [Paragraph(f"{title} {'Nr. ' if lang == 'de' else 'No. '}{s['number']}", styles["Subject"]),
               ItemTable(template, invoice), TotalTable(template, invoice), Spacer(0, 20),
               Paragraph(pay, styles["Text"])]
    if v % 4 != 3:
        content += [Spacer(0, 10), BankTransferForm(s["issuer"], "DE02 1203 0000 0000 2020 51", "BYLADEM1001",
                                                    s["number"], invoice.gross, s["currency"], sign)]
    document = Document(sender=[s["issuer"], f"{s['street']} {s['house']}", f"{s['zip']} {s['issuer_city']}"],
                        recipient=[s["client"], s["person"], "Business Park 4", f"11000 {s['client_city']}"],
                        infobox=infobox, date=f"{s['issuer_city']}, {shown_date}" if v % 2 == 0 else shown_date,
                        content=content, author=s["issuer"], title=f"{title} {s['number']}")
    with open(out, "wb") as fh:
        template.render(document, fh)
    return {"amount": f"{invoice.gross:.2f}"}  # as the page prints it (format() rounds half to even)


# --- arca-factura-pdf -----------------------------------------------------------------------------------------------

ALICUOTAS = {Decimal("21"): 5, Decimal("10.5"): 4, Decimal("27"): 6}


def _arcafactura(s: dict, out: Path) -> dict:
    from factura_pdf import PdfBranding, PdfOptions, PdfStyle, generate_invoice_pdf

    v, rng = s["variant"], random.Random(s["number"])
    letter = [1, 6, 11][v % 3]  # Factura A, B, C
    items, bases = [], {}
    for i in s["items"]:
        rate = Decimal(rng.choice(["21", "21", "10.5", "27"]))
        line = int(i["count"]) * Decimal(i["price"])
        items.append({"name": i["description"], "description": "", "quantity": float(i["count"]),
                      "rate": float(i["price"]), "item_total": float(line)})
        bases[rate] = bases.get(rate, Decimal(0)) + line
    if letter == 11:  # Factura C (monotributo): no VAT at all
        bases = {}
    alicuotas = [{"id": ALICUOTAS[r], "base_imp": float(b), "importe": float((b * r / 100).quantize(Decimal("0.01"),
                                                                                                       ROUND_HALF_UP))}
                 for r, b in sorted(bases.items())]
    net = _net(s)
    tax = sum((Decimal(str(a["importe"])) for a in alicuotas), Decimal(0))
    total = (net + tax).quantize(Decimal("0.01"))
    detail = {"invoice_number": s["number"], "date": s["date"], "due_date": s["due"], "customer_name": s["client"],
              "total": float(total), "tax_total": float(tax), "notes": "", "custom_fields": [], "line_items": items}
    arca = {"tipo_cbte": letter, "punto_venta": 1 + v, "fecha": s["date"], "fecha_vto": s["due"],
            "cuit_receptor": f"30{rng.randint(10**8, 10**9 - 1)}", "importe_neto": float(net),
            "importe_iva": float(tax), "importe_total": float(total), "concepto": 1 + v % 2, "alicuotas": alicuotas}
    trade = s["issuer"].rsplit(" ", 1)[0]
    branding = PdfBranding(brand_name=s["issuer"] if v % 3 else trade, emisor_razon_social=s["issuer"],
                           emisor_domicilio=f"{s['street']} {s['house']}, {s['issuer_city']}",
                           emisor_iibb=f"901-{rng.randint(100000, 999999)}-{rng.randint(1, 9)}",
                           emisor_inicio_act=f"01/0{1 + v % 9}/20{10 + v}", contact_email="ventas@example.com",
                           emisor_iva="Responsable Monotributo" if letter == 11 else "IVA Responsable Inscripto",
                           style=PdfStyle(preset=["clasico", "moderno", "minimal", "corporativo", "elegante"][v % 5]),
                           options=PdfOptions(show_proforma=False))
    number = int("".join(c for c in s["number"] if c.isdigit())[-8:])
    cuit = f"30-{rng.randint(10**7, 10**8 - 1)}-{rng.randint(0, 9)}"
    out.write_bytes(generate_invoice_pdf(detail, arca, {"nro_comprobante": number}, cuit, branding, fiscal=False))
    return {"amount": str(total), "number": f"{number:08d}"}  # the page: `Comp. Nro: 00000871`


# --- billwright -----------------------------------------------------------------------------------------------------

def _billwright(s: dict, out: Path) -> dict:
    from billwright.model import Address, Bill, Brand, Client, Company, LineItem
    from billwright.paths import DEFAULT_ASSETS
    from billwright.render import render_bill

    v = s["variant"]
    zip_code = s["zip"][:4]
    registered = s["tax"] != 0
    company = Company(name=s["issuer"], person=s["person"],
                      address=Address(name=s["issuer"], street=s["street"], house_number=s["house"],
                                      postal_code=zip_code, city=s["issuer_city"][:35]),
                      email="rechnung@example.ch", iban="CH93 0076 2011 6238 5295 7", bank="Zürcher Kantonalbank",
                      uid="CHE-123.456.789" if v % 2 else "", vat_registered=registered,
                      vat_rate=Decimal("8.1") if registered else Decimal(0))
    client = Client(key="c", address=Address(name=s["client"], street="Seestrasse", house_number="4",
                                             postal_code="6003", city=s["client_city"]), language=s["lang"])
    units = ["hours", "days", "items", "flat"]
    items = tuple(LineItem(description=i["description"], quantity=int(i["count"]), unit=units[(v + n) % 4],
                           unit_price=Decimal(i["price"])) for n, i in enumerate(s["items"]))
    bill = Bill(number=s["number"], date=dt.date.fromisoformat(s["date"]), client=client, items=items,
                language=s["lang"], terms_days=[10, 14, 30][v % 3])
    trade = s["issuer"].rsplit(" ", 1)[0]
    brand = Brand(wordmark={"line2": trade} if v % 3 else {"line1": trade, "line2": "", "dot": ""})
    render_bill(bill, company, brand, DEFAULT_ASSETS, out)
    return {"amount": str(bill.total(company.effective_vat_rate))}


# --- @h1dd3nsn1p3r/pdf-invoice --------------------------------------------------------------------------------------

PDFINVOICE_JS = r"""
const { PDFInvoice } = require("@h1dd3nsn1p3r/pdf-invoice");
const jobs = JSON.parse(require("fs").readFileSync(0, "utf8"));
(async () => {
  const totals = [];
  for (const j of jobs) {
    await new PDFInvoice(j.payload, j.config).create();
    // the library's own arithmetic (floating point, toFixed): what its `grandTotal` row prints
    let sum = 0;
    for (const o of j.payload.items) { const s = o.quantity * o.price; sum += s + (o.tax ? s * (o.tax / 100) : 0); }
    totals.push(Number(sum.toFixed(2)).toFixed(2));
  }
  process.stdout.write(JSON.stringify(totals));
})().catch((e) => { console.error(e); process.exit(1); });
"""

PDFINVOICE_WORDS = {
    "en": ("INVOICE", ["Invoice No", "Ref no", "Invoice #"], "Date", "Due Date", "Status", ["Unpaid", "Paid"],
           "Bill To", "Item", "Qty", "Price", "Discount", "Tax", "Total", "Subtotal", "Total Tax",
           ["Grand Total", "Amount Due", "Total"], "Thank you for your business."),
    "de": ("RECHNUNG", ["Rechnungsnr.", "Rechnungsnummer", "Beleg-Nr."], "Rechnungsdatum", "Fällig am", "Status",
           ["Offen", "Bezahlt"], "Rechnungsempfänger", "Artikel", "Menge", "Preis", "Rabatt", "USt.", "Summe",
           "Zwischensumme", "Umsatzsteuer", ["Gesamtbetrag", "Zu zahlen", "Endbetrag"],
           "Vielen Dank für Ihren Auftrag."),
    "fr": ("FACTURE", ["Facture n°", "N° de facture", "Référence"], "Date", "Échéance", "Statut", ["À payer", "Payée"],
           "Facturé à", "Article", "Qté", "Prix", "Remise", "TVA", "Montant", "Sous-total", "Total TVA",
           ["Total TTC", "Net à payer", "Montant dû"], "Merci de votre confiance."),
    "es": ("FACTURA", ["Factura n.º", "Número de factura", "Nº"], "Fecha", "Vencimiento", "Estado",
           ["Pendiente", "Pagada"], "Facturar a", "Concepto", "Cant.", "Precio", "Descuento", "IVA", "Importe",
           "Subtotal", "Total IVA", ["Total factura", "Total a pagar", "Importe total"], "Gracias por su confianza."),
    "it": ("FATTURA", ["Fattura n.", "Numero fattura", "N. documento"], "Data", "Scadenza", "Stato",
           ["Da pagare", "Pagata"], "Destinatario", "Descrizione", "Q.tà", "Prezzo", "Sconto", "IVA", "Importo",
           "Imponibile", "Totale IVA", ["Totale documento", "Totale da pagare", "Totale"], "Grazie per la fiducia."),
    "nl": ("FACTUUR", ["Factuurnummer", "Factuurnr.", "Kenmerk"], "Factuurdatum", "Vervaldatum", "Status",
           ["Openstaand", "Betaald"], "Factuuradres", "Omschrijving", "Aantal", "Prijs", "Korting", "BTW", "Bedrag",
           "Subtotaal", "Totaal BTW", ["Te betalen", "Totaal", "Totaalbedrag"], "Bedankt voor uw opdracht."),
    "pt": ("FATURA", ["Fatura n.º", "Número da fatura", "Nº"], "Data", "Vencimento", "Estado", ["Pendente", "Paga"],
           "Faturar a", "Descrição", "Qtd.", "Preço", "Desconto", "IVA", "Total", "Subtotal", "Total IVA",
           ["Total a pagar", "Valor total", "Total"], "Obrigado pela preferência."),
}
# fr-FR, fr-BE and fr-CH group thousands with U+202F, which pdfmake's standard fonts draw as a slash: French
# here as Canada (no-break space) and Luxembourg (dots) write it
LOCALES = {"en": ["en-GB", "en-US"], "de": ["de-DE", "de-AT", "de-CH"], "fr": ["fr-CA", "fr-LU"], "es": ["es-ES"],
           "it": ["it-IT", "it-CH"], "nl": ["nl-NL", "nl-BE"], "pt": ["pt-PT", "pt-BR"]}


def _pdfinvoice_date(day: dt.date, lang: str, variant: int) -> str:
    if variant % 3 == 0:
        return words(day, lang)
    if lang == "en":
        return [f"{day:%d/%m/%Y}", f"{MONTHS['en'][day.month - 1]} {day.day}, {day.year}"][variant % 2]
    if lang == "nl":
        return f"{day:%d-%m-%Y}"
    return f"{day:%d.%m.%Y}" if lang == "de" else f"{day:%d/%m/%Y}"


def _pdfinvoice_job(s: dict, rng: random.Random, out: Path) -> dict:
    lang, v = s["lang"], s["variant"]
    (title, number, date, due, status, states, bill_to, item, qty, price, discount, tax, total, sub, total_tax,
     grand, note) = PDFINVOICE_WORDS[lang]
    day, due_day = dt.date.fromisoformat(s["date"]), dt.date.fromisoformat(s["due"])
    return {"payload": {
        "company": {"name": s["issuer"], "address": f"{s['street']} {s['house']}, {s['zip']} {s['issuer_city']}",
                    "phone": f"+{rng.randint(30, 49)} {rng.randint(10**8, 10**9 - 1)}", "email": "billing@example.com",
                    **({"taxId": s["vat_id"]} if v % 2 else {}), **({"website": "www.example.com"} if v % 3 else {})},
        "customer": {"name": s["person"], "company": s["client"], "address": f"Business Park 4, {s['client_city']}",
                     "email": "accounts@example.org"},
        "invoice": {"label": rng.choice([title, title.capitalize()]), "number": s["number"],
                    "date": _pdfinvoice_date(day, lang, v), "dueDate": _pdfinvoice_date(due_day, lang, v),
                    "status": rng.choice(states), "path": str(out), "currency": s["currency"],
                    "locale": rng.choice(LOCALES[lang])},
        "items": [{"name": i["description"], "quantity": int(i["count"]), "price": float(i["price"]),
                   **({"tax": s["tax"]} if s["tax"] else {})} for i in s["items"]],
        "qr": None, "note": note},
        "config": {"string": {"invoice": title, "refNumber": rng.choice(number), "date": date, "dueDate": due,
                              "status": status, "billTo": bill_to, "item": item, "quantity": qty, "price": price,
                              "discount": discount, "tax": tax, "total": total, "subTotal": sub,
                              "totalTax": total_tax, "grandTotal": rng.choice(grand)}}}


def _pdfinvoice(specs: list[dict], rng: random.Random, folder: Path) -> tuple[list[dict], str | None]:
    jobs = [_pdfinvoice_job(s, rng, folder / s["file"]) for s in specs]
    script = folder / ".pdfinvoice.js"
    script.write_text(PDFINVOICE_JS)
    done = subprocess.run(["node", str(script)], input=json.dumps(jobs), capture_output=True, text=True,
                          env={**os.environ, "NODE_PATH": str(npm_prefix("pdfinvoice") / "node_modules")})
    script.unlink()
    if done.returncode:
        return [], f"generation failed: {done.stderr.strip()[-300:]}"
    return [tp.truth(s, {"amount": amount}) for s, amount in zip(specs, json.loads(done.stdout), strict=True)], None


# --- the set --------------------------------------------------------------------------------------------------------

CHILD = {"dinbrief": _dinbrief, "arcafactura": _arcafactura, "billwright": _billwright}


def build(folder: Path, count: int, seed: int, skipped: dict[str, str]) -> list[dict]:
    """`count` invoices per available new library into `folder`; their truth rows (`skipped` gets the reasons)."""
    skipped.update(install())
    rows: list[dict] = []
    for lib in LIBRARIES:
        if lib in skipped or not count:
            continue
        rng = random.Random(f"{lib}-{seed}")
        specs = [spec(rng, i, lib) for i in range(count)]
        if lib == "pdfinvoice":
            made, why = _pdfinvoice(specs, rng, folder)
        else:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target(lib)), str(Path(__file__).parents[1])])}
            done = subprocess.run([sys.executable, __file__, "--child", lib, str(folder)],
                                  input=json.dumps(specs), capture_output=True, text=True, env=env)
            made, why = (json.loads(done.stdout), None) if not done.returncode else (
                [], f"generation failed: {done.stderr.strip().splitlines()[-1:]}")
        if why:
            skipped[lib] = why
        rows += made
    return rows


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    library, out_folder = sys.argv[2], Path(sys.argv[3])
    print(json.dumps([tp.truth(s, CHILD[library](s, out_folder / s["file"]))
                      for s in json.loads(sys.stdin.read())]))
