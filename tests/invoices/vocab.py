"""What invoices say, per language: labels (several wordings each), parties, items, dates and amounts as
people in each country write them. The generator picks among these at random (seeded)."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

LABELS: dict[str, dict[str, list[str]]] = {
    "en": {
        "title": ["INVOICE", "Invoice", "TAX INVOICE"],
        "number": ["Invoice No.", "Invoice number", "Invoice #", "Invoice No:", "Invoice ID"],
        "date": ["Invoice date", "Date", "Date of issue", "Issue date", "Invoice Date"],
        "due": ["Due date", "Payment due", "Due"],
        "customer_no": ["Customer No.", "Account No.", "Customer ID"],
        "order": ["Order No.", "PO number", "Your reference"],
        "bill_to": ["Bill to", "Invoice to", "Billed to"],
        "from": ["From"],
        "subtotal": ["Subtotal", "Net amount", "Total excl. VAT"],
        "vat": ["VAT {rate}%", "Tax ({rate}%)", "Sales tax {rate}%"],
        "total": ["Total", "Total due", "Amount due", "Grand total", "Balance due", "Total (incl. VAT)"],
        "cols": ["Description", "Qty", "Unit price", "Amount"],
        "thanks": ["Thank you for your business.", "Please pay within 30 days.", "Payment terms: 14 days net."],
        "bank": ["Bank", "Account name"],
        "vat_id": ["VAT No.", "VAT Reg. No.", "Tax ID"],
    },
    "de": {
        "title": ["RECHNUNG", "Rechnung"],
        "number": ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Rechnungsnr.", "Re.-Nr."],
        "date": ["Rechnungsdatum", "Datum", "Belegdatum"],
        "due": ["Fällig am", "Zahlbar bis", "Fälligkeitsdatum"],
        "customer_no": ["Kundennummer", "Kunden-Nr.", "Kundennr."],
        "order": ["Bestellnummer", "Auftrags-Nr.", "Ihr Zeichen"],
        "bill_to": ["Rechnungsempfänger", "Rechnungsadresse", "Kunde"],
        "from": ["Absender"],
        "subtotal": ["Zwischensumme", "Nettobetrag", "Summe netto"],
        "vat": ["zzgl. {rate}% MwSt.", "USt. {rate} %", "MwSt. {rate}%"],
        "total": ["Gesamtbetrag", "Rechnungsbetrag", "Endbetrag", "Gesamtsumme", "Summe brutto", "Zu zahlen"],
        "cols": ["Beschreibung", "Menge", "Einzelpreis", "Betrag"],
        "thanks": ["Vielen Dank für Ihren Auftrag.", "Zahlbar innerhalb von 14 Tagen ohne Abzug.",
                   "Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer."],
        "bank": ["Bankverbindung", "Kontoinhaber"],
        "vat_id": ["USt-IdNr.", "Steuernummer", "USt-ID"],
    },
    "fr": {
        "title": ["FACTURE", "Facture"],
        "number": ["N° de facture", "Numéro de facture", "Facture n°", "Facture N°", "No de facture"],
        "date": ["Date de facture", "Date", "Date d'émission", "Date de facturation"],
        "due": ["Date d'échéance", "Échéance", "À payer avant le"],
        "customer_no": ["N° client", "Code client", "Référence client"],
        "order": ["N° de commande", "Bon de commande", "Votre référence"],
        "bill_to": ["Facturé à", "Client", "Adresse de facturation"],
        "from": ["Émetteur"],
        "subtotal": ["Total HT", "Montant HT", "Sous-total"],
        "vat": ["TVA {rate} %", "TVA ({rate}%)"],
        "total": ["Total TTC", "Montant TTC", "Net à payer", "Total à payer", "Montant total"],
        "cols": ["Désignation", "Qté", "Prix unitaire", "Montant"],
        "thanks": ["Merci de votre confiance.", "Paiement à 30 jours fin de mois.",
                   "Pénalités de retard : trois fois le taux d'intérêt légal."],
        "bank": ["Coordonnées bancaires", "Titulaire du compte"],
        "vat_id": ["N° TVA intracommunautaire", "SIRET", "TVA"],
    },
    "nl": {
        "title": ["FACTUUR", "Factuur"],
        "number": ["Factuurnummer", "Factuurnr.", "Factuur nr."],
        "date": ["Factuurdatum", "Datum"],
        "due": ["Vervaldatum", "Te betalen voor"],
        "customer_no": ["Klantnummer", "Debiteurnummer"],
        "order": ["Ordernummer", "Uw referentie"],
        "bill_to": ["Factuuradres", "Klant", "Aan"],
        "from": ["Van"],
        "subtotal": ["Subtotaal", "Totaal excl. btw"],
        "vat": ["Btw {rate}%", "BTW {rate}%"],
        "total": ["Totaal", "Totaalbedrag", "Te betalen", "Totaal incl. btw", "Totaal te betalen"],
        "cols": ["Omschrijving", "Aantal", "Prijs", "Bedrag"],
        "thanks": ["Bedankt voor uw opdracht.", "Gelieve binnen 30 dagen te betalen."],
        "bank": ["Bankgegevens", "Rekeninghouder"],
        "vat_id": ["Btw-nummer", "KvK", "BTW-nr."],
    },
    "es": {
        "title": ["FACTURA", "Factura"],
        "number": ["Número de factura", "Nº de factura", "Factura n.º", "Factura Nº", "Nº factura"],
        "date": ["Fecha de factura", "Fecha", "Fecha de emisión", "Fecha factura"],
        "due": ["Fecha de vencimiento", "Vencimiento"],
        "customer_no": ["Nº de cliente", "Código cliente"],
        "order": ["Nº de pedido", "Su referencia"],
        "bill_to": ["Facturar a", "Cliente", "Datos del cliente"],
        "from": ["Emisor"],
        "subtotal": ["Base imponible", "Subtotal"],
        "vat": ["IVA {rate}%", "IVA ({rate} %)"],
        "total": ["Importe total", "Total factura", "Total a pagar", "TOTAL"],
        "cols": ["Descripción", "Cant.", "Precio", "Importe"],
        "thanks": ["Gracias por su confianza.", "Forma de pago: transferencia bancaria a 30 días."],
        "bank": ["Datos bancarios", "Titular"],
        "vat_id": ["CIF", "NIF"],
    },
    "it": {
        "title": ["FATTURA", "Fattura"],
        "number": ["Numero fattura", "Fattura n.", "N. fattura", "Fattura N°", "Nr. fattura"],
        "date": ["Data fattura", "Data", "Data documento", "Data emissione"],
        "due": ["Scadenza", "Data scadenza"],
        "customer_no": ["Codice cliente", "Cod. cliente"],
        "order": ["Ordine n.", "Vs. riferimento"],
        "bill_to": ["Spett.le", "Cliente", "Destinatario"],
        "from": ["Mittente"],
        "subtotal": ["Imponibile", "Totale imponibile"],
        "vat": ["IVA {rate}%", "IVA {rate} %"],
        "total": ["Totale", "Totale fattura", "Totale documento", "Totale da pagare", "Netto a pagare"],
        "cols": ["Descrizione", "Q.tà", "Prezzo unitario", "Importo"],
        "thanks": ["Grazie per la preferenza.", "Pagamento: bonifico bancario a 30 giorni d.f."],
        "bank": ["Coordinate bancarie", "Intestatario"],
        "vat_id": ["P.IVA", "Partita IVA", "C.F."],
    },
}

# Issuers and customers: (name, street, postcode + city, country, vat id, web domain).
PARTIES: dict[str, list[tuple[str, str, str, str, str]]] = {
    "en": [
        ("Blue Harbor Consulting Ltd", "14 Wharf Road", "London N1 7GR", "GB 123 4567 89", "blueharbor.co.uk"),
        ("Acme Widgets Inc.", "500 Market Street, Suite 210", "San Francisco, CA 94105", "EIN 94-1234567",
         "acmewidgets.com"),
        ("Greenfield Analytics LLC", "77 Lake Shore Drive", "Chicago, IL 60611", "EIN 36-7654321",
         "greenfield-analytics.com"),
        ("Northwind Traders Limited", "3 Castle Street", "Edinburgh EH2 3AH", "GB 987 6543 21", "northwind.co.uk"),
        ("Jane Porter Design", "22 Elm Grove", "Bristol BS8 2QT", "GB 555 1212 00", "janeporter.design"),
        ("Summit Cloud Services Corp.", "1200 Pine Avenue", "Seattle, WA 98101", "EIN 91-2223334",
         "summitcloud.io"),
    ],
    "de": [
        ("Müller & Söhne GmbH", "Hauptstraße 5", "10115 Berlin", "DE123456789", "mueller-soehne.de"),
        ("Bäckerei Schäfer KG", "Marktplatz 12", "80331 München", "DE234567890", "baeckerei-schaefer.de"),
        ("Nordlicht Software AG", "Am Hafen 3", "20457 Hamburg", "DE345678901", "nordlicht-software.de"),
        ("Weber Elektrotechnik e.K.", "Industriestr. 44", "70565 Stuttgart", "DE456789012", "weber-elektro.de"),
        ("Studio Kranich", "Kastanienallee 9", "10435 Berlin", "DE567890123", "studio-kranich.de"),
        ("Alpenblick Hotel GmbH & Co. KG", "Seestraße 1", "83471 Berchtesgaden", "DE678901234", "alpenblick.de"),
    ],
    "fr": [
        ("Dupont Rénovation SARL", "12 rue de la République", "69002 Lyon", "FR 12 345678901", "dupont-renovation.fr"),
        ("Atelier Lumière SAS", "8 avenue Jean Jaurès", "75019 Paris", "FR 23 456789012", "atelier-lumiere.fr"),
        ("Boulangerie Martin", "3 place du Marché", "33000 Bordeaux", "FR 34 567890123", "boulangerie-martin.fr"),
        ("Transports Lefèvre SA", "45 boulevard de Strasbourg", "59000 Lille", "FR 45 678901234",
         "lefevre-transports.fr"),
        ("Éditions du Midi EURL", "17 cours Mirabeau", "13100 Aix-en-Provence", "FR 56 789012345",
         "editionsdumidi.fr"),
    ],
    "nl": [
        ("Van der Berg Installatie B.V.", "Keizersgracht 120", "1015 CX Amsterdam", "NL123456789B01",
         "vanderberg.nl"),
        ("De Groene Tuin VOF", "Dorpsstraat 8", "3512 AB Utrecht", "NL234567890B01", "degroenetuin.nl"),
        ("Jansen Fotografie", "Markt 4", "5611 EB Eindhoven", "NL345678901B01", "jansenfoto.nl"),
        ("Bakker Logistiek N.V.", "Havenweg 30", "3089 JH Rotterdam", "NL456789012B01", "bakkerlogistiek.nl"),
    ],
    "es": [
        ("Construcciones García S.L.", "Calle Mayor 15", "28013 Madrid", "B12345678", "construccionesgarcia.es"),
        ("Ferretería López S.A.", "Avenida Diagonal 200", "08018 Barcelona", "A23456789", "ferreterialopez.es"),
        ("Estudio Ruiz Arquitectos", "Calle Colón 7", "46004 Valencia", "B34567890", "estudioruiz.es"),
        ("Distribuciones Navarro S.L.U.", "Polígono Industrial Sur, nave 3", "41016 Sevilla", "B45678901",
         "navarro-distribuciones.es"),
    ],
    "it": [
        ("Rossi Forniture S.r.l.", "Via Roma 21", "20121 Milano", "IT01234567890", "rossiforniture.it"),
        ("Tipografia Bianchi S.p.A.", "Corso Vittorio Emanuele 88", "10121 Torino", "IT02345678901",
         "tipografiabianchi.it"),
        ("Studio Legale Conti", "Piazza Navona 3", "00186 Roma", "IT03456789012", "studioconti.it"),
        ("Cantina Ferrari S.n.c.", "Via dei Vigneti 5", "37121 Verona", "IT04567890123", "cantinaferrari.it"),
    ],
}

ITEMS: dict[str, list[str]] = {
    "en": ["Consulting services", "Website maintenance (March)", "Software licence, annual", "Office chairs",
           "Travel expenses", "Design work, logo and brand guide", "Cloud hosting, 12 months", "Printer toner"],
    "de": ["Beratungsleistung", "Wartung Heizungsanlage", "Softwarelizenz (jährlich)", "Brötchen und Gebäck",
           "Montage und Anfahrt", "Elektroinstallation Büro", "Übernachtung Doppelzimmer", "Fotoshooting"],
    "fr": ["Prestation de conseil", "Travaux de peinture", "Pains et viennoiseries", "Transport de marchandises",
           "Impression de brochures", "Main-d'œuvre", "Location de matériel", "Frais de déplacement"],
    "nl": ["Installatiewerkzaamheden", "Tuinonderhoud", "Fotoreportage", "Transportkosten", "Advieswerk",
           "Materiaalkosten"],
    "es": ["Reforma de cocina", "Material de ferretería", "Proyecto de arquitectura", "Transporte y montaje",
           "Servicios de consultoría", "Mano de obra"],
    "it": ["Forniture per ufficio", "Stampa cataloghi", "Consulenza legale", "Vino rosso (cassa da 6)",
           "Spese di trasporto", "Manutenzione impianto"],
}

MONTHS: dict[str, list[str]] = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
           "November", "Dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
           "novembre", "décembre"],
    "nl": ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober",
           "november", "december"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
           "noviembre", "diciembre"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre",
           "novembre", "dicembre"],
}

# How each language writes dates (names of the formats in `format_date`); `mdy` only with US dollars.
DATE_STYLES = {
    "en": ["iso", "d_month_y", "month_d_y", "dmy_slash", "d_mon_y"],
    "de": ["dmy_dot", "d_month_y", "dmy_dot", "iso", "dmy_dot_short"],
    "fr": ["dmy_slash", "d_month_y", "dmy_slash", "iso"],
    "nl": ["dmy_dash", "d_month_y", "dmy_dash", "iso"],
    "es": ["dmy_slash", "d_de_month_y", "dmy_slash", "iso"],
    "it": ["dmy_slash", "d_month_y", "dmy_dot", "iso"],
}
# Amount styles: (thousands separator, decimal separator).
NUMBER_STYLES = {"en": [(",", "."), ("", ".")], "de": [(".", ","), ("", ",")], "fr": [("\u00a0", ","), (" ", ",")],
                 "nl": [(".", ",")], "es": [(".", ",")], "it": [(".", ",")]}
CURRENCIES = {"en": ["USD", "GBP", "EUR", "USD"], "de": ["EUR", "EUR", "EUR", "CHF"], "fr": ["EUR"],
              "nl": ["EUR"], "es": ["EUR"], "it": ["EUR"]}
SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£", "CHF": "CHF"}
NUMBER_SHAPES = ["RE-{y}-{n:04}", "{y}/{n:03}", "F{y}-{n:05}", "INV-{n:05}", "{n:06}", "FA-{yy}-{n:04}",
                 "{y}.{n:04}", "A/{y}/{n:03}", "FV-{n:06}", "{yy}{n:04}"]


def format_date(day: dt.date, style: str, lang: str) -> str:
    month = MONTHS[lang][day.month - 1]
    if style == "iso":
        return day.isoformat()
    if style == "dmy_dot":
        return day.strftime("%d.%m.%Y")
    if style == "dmy_dot_short":
        return day.strftime("%d.%m.%y")
    if style == "dmy_slash":
        return day.strftime("%d/%m/%Y")
    if style == "mdy_slash":
        return day.strftime("%m/%d/%Y")
    if style == "dmy_dash":
        return day.strftime("%d-%m-%Y")
    if style == "d_mon_y":
        return f"{day.day:02}-{MONTHS['en'][day.month - 1][:3]}-{day.year}"
    if style == "month_d_y":
        return f"{month} {day.day}, {day.year}"
    if style == "d_de_month_y":
        return f"{day.day} de {month} de {day.year}"
    if lang == "de":
        return f"{day.day}. {month} {day.year}"
    if lang == "fr" and day.day == 1:
        return f"1er {month} {day.year}"
    return f"{day.day} {month} {day.year}"


def format_amount(value: Decimal, style: tuple[str, str], currency: str, lang: str, where: str) -> str:
    thousands, decimal = style
    whole, _, cents = f"{value:.2f}".partition(".")
    groups = []
    while len(whole) > 3:
        groups.insert(0, whole[-3:])
        whole = whole[:-3]
    number = thousands.join([whole, *groups]) + decimal + cents
    symbol = SYMBOLS[currency] if where != "code" else currency
    if where == "none":
        return number
    if lang == "en" or symbol in ("CHF",) or (where == "code" and lang in ("de", "nl", "it")):
        return f"{symbol}{number}" if symbol in "$£" else f"{symbol} {number}"
    if lang in ("nl", "it") and symbol == "€":
        return f"€ {number}"
    return f"{number} {symbol}"


def pick_number(rng: random.Random, day: dt.date) -> str:
    return rng.choice(NUMBER_SHAPES).format(y=day.year, yy=day.year % 100, n=rng.randint(1, 9999))
