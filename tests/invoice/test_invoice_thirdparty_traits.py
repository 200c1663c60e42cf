"""What invoices printed by other people's generators (tests/invoices/thirdparty.py) show that the reader
missed: a seller heading over `Name:` rows, a bare `Provider` heading, a legal form the OCR split off in
brackets, a table heading over a quantity taken for a name over an address, `Total paid with VAT`, day-month-year
dates with a space after each dot, and the Czech and Portuguese words for invoice, number, date and total."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest

from pdftools.invoice import currencies, issuer, text, totals
from pdftools.invoice.layout import Candidate, Doc
from pdftools.invoice.parse import find_dates, fold
from pdftools.invoice.reader import Options, _from_text, contested, read_invoice


def _doc(lines: list[str]) -> Doc:
    return Doc.from_pages(["\n".join(lines)])


def _total(lines: list[str]) -> Decimal | None:
    best = totals.best_total(*totals.totals(_doc(lines)))
    return best.value if best is not None else None


def test_a_seller_heading_over_name_rows_names_the_seller_not_the_client() -> None:
    doc = _doc(["                                                     Invoice",
                "                                        Invoice id:      A-1207",
                "Service Provider                                 Client",
                "Name:              Harbour Lights Ltd            Name:                  Pinewood Stores GmbH",
                "Street:            12 Quay Road                  Street:                Lindenweg 3",
                "City:              Bristol                       City:                  Bremen"])
    best = issuer.issuers(doc)[0]
    assert best.value == "Harbour Lights Ltd" and best.score >= 0.7


@pytest.mark.parametrize(("seller", "buyer"), [("Provider", "Customer"), ("Dodavatel", "Odběratel"),
                                               ("Poskytovatel", "Odběratel"), ("Fornecedor", "Cliente")])
def test_a_bare_provider_heading_names_the_seller(seller: str, buyer: str) -> None:
    doc = _doc([f"{seller}",
                "Brookfield Tools s.r.o.",
                "Husova 12",
                "60200 Brno",
                f"                                        {buyer}",
                "                                        Lakeside Trading Ltd",
                "                                        4 Mill Lane",
                "                                        LE1 5AB Leicester"])
    best = issuer.issuers(doc)[0]
    assert best.value == "Brookfield Tools s.r.o." and best.score >= 0.7


def test_a_legal_form_in_brackets_split_off_by_the_ocr_is_part_of_the_name_not_one() -> None:
    doc = _doc(["Rechnung an:                                   Rechnung von:",
                "Karl Ott                                       Seeblick Druck UG      (haftungsbeschrankt)",
                "Gartenweg 2, Kiel                              Hafenstr. 9, Rostock"])
    best = issuer.issuers(doc)[0]
    assert best.value == "Seeblick Druck UG (haftungsbeschrankt)"
    assert all(c.value != "(haftungsbeschrankt)" for c in issuer.issuers(doc))


def test_a_table_heading_over_a_quantity_is_no_name_over_an_address() -> None:
    doc = _doc(["                                                    INVOICE",
                "Description                                  Units     Price per one      Total price",
                "Garden benches                               3 pcs         £120.00          £360.00"])
    assert all(c.value != "Units" for c in issuer.issuers(doc))


@pytest.mark.parametrize(("label", "amount"), [
    ("Total paid with VAT", "811.72"), ("Total with tax:", "811.72"), ("Celkem s DPH:", "811,72"),
    ("Total com imposto:", "811,72"), ("Celkem k úhradě:", "811,72")])
def test_a_total_with_vat_is_the_total(label: str, amount: str) -> None:
    assert _total(["                        Total without VAT          676,43 CHF",
                   "                        VAT                        135,29 CHF",
                   f"                        {label}     {amount} CHF"]) == Decimal("811.72")


@pytest.mark.parametrize(("written", "date"), [("8. 11. 2023", dt.date(2023, 11, 8)),
                                               ("31. 1. 2024", dt.date(2024, 1, 31)),
                                               ("5 de outubro de 2023", dt.date(2023, 10, 5)),
                                               ("12 de set. de 2022", dt.date(2022, 9, 12)),
                                               ("3 de fevereiro de 2021", dt.date(2021, 2, 3))])
def test_day_month_year_with_a_space_after_each_dot_and_portuguese_months(written: str, date: dt.date) -> None:
    assert [d.value for d in find_dates(fold(written))] == [date]


@pytest.mark.parametrize(("issued", "due"), [
    ("Datum vystavení: 8. 11. 2023", "Datum splatnosti: 22. 11. 2023"),
    ("Den vystavení daňového dokladu: 8. 11. 2023", "Splatnost: 22. 11. 2023"),
    ("Data de emissão: 8 de nov. de 2023", "Data de vencimento: 22 de nov. de 2023"),
    ("Data de exposição: 8 de nov. de 2023", "Data de validade: 22 de nov. de 2023"),
    ("Date of exposure: Nov 8, 2023", "Due date: Nov 22, 2023")])
def test_the_issue_date_not_the_due_date(issued: str, due: str) -> None:
    doc = _doc([f"                                        {issued}", f"                                        {due}"])
    best = contested(text.dates(doc))
    assert best.value == dt.date(2023, 11, 8) and best.score >= 0.7


@pytest.mark.parametrize("label", ["Faktura č.:", "Daňový doklad č.:", "Číslo faktury:", "Fatura num.:",
                                   "Fatura com impostos num.:", "Nota fiscal nº", "Fatura n.º"])
def test_czech_and_portuguese_invoice_number_labels(label: str) -> None:
    doc = _doc([f"                                        {label} RE-2024-0017",
                "Brookfield Tools s.r.o."])
    assert [c.value for c in text.numbers(doc)][:1] == ["RE-2024-0017"]


def test_a_line_total_column_is_not_the_invoice_total() -> None:
    assert _total(["Descrição             Preço unitário    Preço total com impostos",
                   "Office chairs              168,00 €                   203,28 €",
                   "Training day             1.000,00 €                 1.210,00 €",
                   "                                      Total com imposto: 1.413,28 €"]) == Decimal("1413.28")
    best = totals.best_total(*totals.totals(_doc([
        "Description           Price per one    Total price with tax",
        "Office chairs              £168.00                 £203.28",
        "                                      Total with tax: £203.28"])))
    assert best is not None and best.score >= 0.7


def test_a_name_with_a_letter_the_font_could_not_show_is_not_trusted() -> None:
    doc = _doc(["Service Provider", "Dvo\u25a0ák elektro s.r.o.", "Národní 12", "11000 Praha"])
    best = issuer.issuers(doc)[0]
    assert best.value == "Dvo\u25a0ák elektro s.r.o." and best.score < 0.7


def _one_page(path: Path, lines: list[tuple[float, float, str]]) -> Path:
    import pikepdf

    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    ops = "\n".join(f"BT /F1 11 Tf {x} {y} Td ({s}) Tj ET" for x, y, s in lines)
    pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
        Type=pikepdf.Name.Page, MediaBox=[0, 0, 612, 792], Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(
            F1=font)), Contents=pdf.make_stream(ops.encode()))))
    pdf.save(path)
    return path


def test_a_number_that_runs_off_the_page_is_not_trusted(tmp_path: Path) -> None:
    """pdftotext drops the characters past the page's edge: `RE-2022-7737` reads `RE-2022-773`."""
    path = _one_page(tmp_path / "cut.pdf", [
        (50, 740, "Lumen Software GmbH - Hauptstrasse 5 - 10115 Berlin"), (490, 700, "Invoice No.: RE-2022-7737"),
        (470, 680, "Invoice date: 05.06.2024"), (50, 400, "Total due                                 119.00 EUR")])
    reading = read_invoice(path, None, Options())
    number = reading.fields["number"]
    assert number.confidence < 0.7 and "page" in number.how, number


def test_a_name_with_a_word_ocr_was_unsure_of_is_not_trusted() -> None:
    page = "\n".join(["Fornecedor:                  Cliente:", "Novakats                     Jana Dvorak",
                      "Hlavni 5                     Lipova 7", "110 00 Praha                 602 00 Brno"])
    found = _from_text([page], Options(), {"Novakats": "OCR was unsure of {}"})
    assert found["issuer"].value == "Novakats" and found["issuer"].score < 0.7
    assert _from_text([page], Options(), {})["issuer"].score >= 0.7


def test_a_name_ocr_read_once_is_not_trusted() -> None:
    from pdftools.invoice.reader import unconfirmed_ocr_name

    once = Candidate("Novakats", 0.9, "after the label 'Fornecedor'")
    assert unconfirmed_ocr_name(once).score < 0.7
    assert unconfirmed_ocr_name(Candidate("Merny obchod s.r.o.", 0.9, "after the label 'Provider'")).score < 0.7
    sure = Candidate("Novakats", 0.9, "after the label 'Fornecedor', printed 2 times")
    assert unconfirmed_ocr_name(sure) is sure


def test_a_name_printed_again_is_confirmed_even_where_ocr_was_unsure_once() -> None:
    page = "\n".join(["Rossi Forniture S.r.l.", "Via Roma 5", "20121 Milano", "", "Fattura n. 2024/118",
                      *[""] * 20, "Rossi Forniture S.r.l. - P. IVA IT01234567890 - IBAN IT60X0542811101000000123456"])
    found = _from_text([page], Options(), {"S.r.l.": "OCR was unsure of {}"})
    assert found["issuer"].value == "Rossi Forniture S.r.l." and found["issuer"].score >= 0.7


def test_an_amount_ocr_split_and_was_unsure_of_is_not_trusted() -> None:
    from pdftools.invoice.reader import _doubted

    doc = _doc(["                       Rechnungsbetrag              6.569,   21-CHF"])
    read = Candidate(Decimal("6569.00"), 0.82, "after 'rechnungsbetrag'", 0)
    assert _doubted(doc, read, {"6.569,": "OCR was unsure of {}"}).score < 0.7


_ARGENTINA = [  # an AFIP/ARCA invoice as arca-factura-pdf prints it
    "            Sánchez                                                                           FACTURA",
    "Razón Social: Sánchez S.L.",
    "                                                                                  A           Punto de Venta: "
    "0010 Comp. Nro: 20233516",
    "                                                                                              Fecha de Emisión: "
    "05/02/2023",
    "Domicilio Comercial: Via Roma 55, Rosario                                                     CUIT: 30-24299780-5",
    "Condición frente al IVA: IVA Responsable Inscripto",
    "DATOS DEL RECEPTOR",
    "",
    "CUIT: 30-48072815-2                                                                Razón Social: Bianchi "
    "Costruzioni S.p.A.",
    "Condición IVA: IVA Responsable Inscripto                                           Domicilio Comercial:",
    "Importe Neto Gravado: $3.600,00",
    "IVA 21%: $714,00",
    "Importe Total: $4.335,00",
    "Este documento no es un comprobante fiscal y no reemplaza a la factura electrónica exigida por ARCA/AFIP.",
]


def test_a_bare_dollar_sign_in_an_argentine_invoice_is_the_peso() -> None:
    """`$` is the sign of the peso too: an invoice that names AFIP, ARCA or a CUIT is in pesos (before: USD,
    sure). Without such a mark, `$` stays the US dollar."""
    doc = _doc(_ARGENTINA)
    total = totals.best_total(*totals.totals(doc))
    found = currencies.currency(doc, total)
    assert total is not None and total.value == Decimal("4335.00")
    assert found is not None and found.value == "ARS" and found.score >= 0.7
    plain = _doc(["Invoice 1001", "Total due: $4,335.00"])
    assert currencies.currency(plain, totals.best_total(*totals.totals(plain))).value == "USD"


def test_a_comprobante_number_after_its_point_of_sale() -> None:
    assert [c.value for c in text.numbers(_doc(_ARGENTINA))][:1] == ["20233516"]


def test_razon_social_rows_name_each_party_by_its_value() -> None:
    """`Razón Social: Sánchez S.L.` names the seller (its value, not the label with it); the one under `DATOS
    DEL RECEPTOR`, in another column of the block's first row, names the buyer (before: the label was part
    of the name, and the buyer's was nearly as likely)."""
    found = issuer.issuers(_doc(_ARGENTINA))
    assert found[0].value == "Sánchez S.L." and found[0].score >= 0.7
    assert all("Bianchi" not in c.value for c in found)


def test_a_field_label_over_another_is_no_name_over_an_address() -> None:
    """`Importe Neto Gravado:` over `IVA 21%:` (labels, their amounts in the next column), `Período Facturado
    Desde:` over its dates: labels, not a name over an address (before: the seller's name's rival)."""
    found = issuer.issuers(_doc([
        "Razón Social: Pérez S.L.",
        "Domicilio Comercial: Via Roma 55, Rosario                                 CUIT: 30-24299780-5",
        "Período Facturado Desde:                               Hasta:",
        "01/02/2023                                             28/02/2023",
        "",
        "Importe Otros Tributos: $0,00                        Importe Neto Gravado:              $1.005,57",
        "                                                                  IVA 21%:              $211,17",
    ]))
    assert [c.value for c in found if "Importe" in c.value or "Período" in c.value] == []


def test_ocr_misreadings_of_accented_label_words() -> None:
    """English OCR reads `Razón` as `Raz6n` and `Emisión` as `Emisién`: still the labels they are."""
    found = issuer.issuers(_doc(["Raz6n Social: Sanchez S.L.", "Domicilio Comercial: Via Roma 55, Rosario"]))
    assert found[0].value == "Sanchez S.L."
    dates = text.dates(_doc(["Fecha de Emisién: 05/02/2023", "Fecha de Vto. para el pago: 07/03/2023"]))
    assert dates[0].value == dt.date(2023, 2, 5) and "Emisién" in dates[0].how and dates[0].score >= 0.85


_QR_BILL = [  # a Swiss letter with its QR payment slip (billwright)
    "             BLUE HARBOR.                                                               rechnung@example.ch",
    "             Claire Martin · Rue de la Paix 91 · 1880 London · Switzerland",
    "             Chevalier Transports SARL                                    Date                      28.03.2024",
    "             Seestrasse 4",
    "             6003 Genève                                                  Invoice number               6954/24",
    "             Switzerland",
    "             Invoice",
    "                                                          Total due                         8’341.00 CHF",
    "             Kind regards",
    "             Claire Martin",
    "Receipt                                              Payment part               Account / Payable to",
    "                                                                                CH93 0076 2011 6238 5295 7",
    "Account / Payable to",
    "                                                                                Blue Harbor LLP",
    "CH93 0076 2011 6238 5295 7",
    "                                                                                Rue de la Paix 91",
    "Blue Harbor LLP",
    "                                                                                CH-1880 London",
    "Rue de la Paix 91",
    "CH-1880 London",
    "Payable by                                                                    Blue Harbor LLP | Rechnung 6954/24",
    "Chevalier Transports SARL",
    "Seestrasse 4",
    "CH-6003 Genève",
]


@pytest.mark.parametrize("label", ["Account / Payable to", "Konto / Zahlbar an", "Compte / Payable à",
                                   "Conto / Pagabile a"])
def test_a_qr_bills_creditor_is_the_seller_over_a_person_in_the_sender_line(label: str) -> None:
    """A Swiss QR-bill names the creditor under `Account / Payable to`, after the IBAN: the seller, with the
    same street as the sender line that names a person (before: the person, sure, from the sender line)."""
    found = issuer.issuers(_doc([line.replace("Account / Payable to", label) for line in _QR_BILL]))
    assert found[0].value == "Blue Harbor LLP" and found[0].score >= 0.7 and "after the label" in found[0].how
    assert "Claire Martin" not in [c.value for c in found]


@pytest.mark.parametrize("sentence", [
    "Bitte überweisen Sie den Rechnungsbetrag innerhalb von 30 Tagen auf das unten stehende Konto.",
    "Please transfer the total due within 30 days to the account shown below.",
    "Merci de régler le montant total sous 30 jours.",
])
def test_a_number_of_days_after_a_total_label_is_no_amount(sentence: str) -> None:
    """`den Rechnungsbetrag innerhalb von 30 Tagen`: 30 days, not a rival total (before: the total was unsure)."""
    doc = _doc(["                                              Rechnungsbetrag          2’586.10 CHF", sentence])
    best = totals.best_total(*totals.totals(doc))
    assert best is not None and best.value == Decimal("2586.10") and best.score >= 0.7


@pytest.mark.parametrize(("net", "gross"), [("Sum (net)", "Sum (gross)"), ("Summe (netto)", "Summe (brutto)"),
                                            ("Total (net)", "Total (gross)")])
def test_sums_with_net_and_gross_in_brackets(net: str, gross: str) -> None:
    assert _total([f"                                       {net}               9401.11 $",
                   "                                       +10% VAT                 940.11 $",
                   f"                                       {gross}            10341.22 $"]) == Decimal("10341.22")


def test_a_contact_person_over_the_customers_company_keeps_the_company_out() -> None:
    """`Factuuradres` / `Claire Martin` / `Müller Handel e.K.` / its address: the customer's block starts with
    a person, its company on the next line is the customer's too (before: the seller's rival)."""
    found = issuer.issuers(_doc([
        "Atelier Bellevue Informatique SA                                 FACTUUR",
        "Via Roma 109, 18769 Genève                                       Factuurnr.: #R24-05754",
        "+32 396172977                                                    Factuurdatum: 29-12-2024",
        "billing@example.com                                              Vervaldatum: 12-01-2025",
        "FR267699316",
        "Factuuradres",
        "Claire Martin",
        "Müller Handel e.K.",
        "Business Park 4, Köln",
        "accounts@example.org",
    ]))
    assert found[0].value == "Atelier Bellevue Informatique SA" and found[0].score >= 0.7
    assert "Müller Handel e.K." not in [c.value for c in found]


def test_a_legal_form_wrapped_onto_the_next_line_in_brackets_is_part_of_the_name() -> None:
    """`Schäfer Haustechnik UG` / `(haftungsbeschränkt)`: the name wrapped in its column (before: the name
    without its bracket, sure)."""
    found = issuer.issuers(_doc([
        "Schäfer Haustechnik UG                                        RECHNUNG",
        "(haftungsbeschränkt)                                          Rechnungsnummer: #7516/24",
        "                                                              Rechnungsdatum: 15.03.2024",
        "Oudegracht 116, 96924 Leipzig                                 Fällig am: 25.03.2024",
    ]))
    assert found[0].value == "Schäfer Haustechnik UG (haftungsbeschränkt)"


@pytest.mark.parametrize("row", ["Nº: #2022/0323", "Nr.: #2022/0323", "Nº #2022/0323"])
def test_a_number_word_under_the_title_with_a_hash_before_the_number(row: str) -> None:
    doc = _doc(["Transportes Sánchez S.L.                                          FACTURA",
                f"High Street 62, 44150 Rosario                                     {row}"])
    assert [c.value for c in text.numbers(doc)][:1] == ["2022/0323"]


def test_an_amount_wrapped_over_its_currency_belongs_to_the_label_beside_the_currency() -> None:
    """A narrow column wraps `16041.52 CHF` into `16041.52` over `CHF`; the label stands beside the currency
    (dinbrief): the amount is the label's (before: no total at all)."""
    lines = ["  5    Installation                                  1042.37                  2.00   2084.74 CHF",
             "                                                        CHF",
             "                                                                                        14839.52",
             "                                                                  Summe (netto)             CHF",
             "                                                                  +8% USt            1202.00 CHF",
             "                                                                                        16041.52",
             "                                                                  Summe (brutto)            CHF",
             "Bitte überweisen Sie den Betrag innerhalb von 14 Tagen."]
    best = totals.best_total(*totals.totals(_doc(lines)))
    assert best is not None and best.value == Decimal("16041.52") and best.score >= 0.9


def test_a_sender_lines_dot_read_by_ocr_as_a_guillemet() -> None:
    """OCR reads the sender line's `·` as `«` at times: still a separator (dinbrief, scanned)."""
    found = issuer.issuers(_doc(["Nordlicht GmbH & Co. KG « Rue de la Paix 49 - 32395 Leipzig",
                                 "Northwind LLP",
                                 "Jana Nováková",
                                 "Business Park 4",
                                 "11000 Leeds"]))
    assert found[0].value == "Nordlicht GmbH & Co. KG"


def test_an_invoice_without_tax_has_its_net_sum_for_total_unsure() -> None:
    """dinbrief's letter with no VAT: `Sum (net)` is all there is to pay, so it is the total, but a net sum
    is not said to be the total: unsure. With a tax on the invoice, a net sum is never the total."""
    lines = ["Invoice No. 2022/8336                                                 Leeds, 04/10/2022",
             "   1    Training day                          348.00      5.00   1740.00 USD",
             "                                                 Sum (net)          8575.18 USD",
             "Please pay within 14 days."]
    best = totals.best_total(*totals.totals(_doc(lines)))
    assert best is not None and best.value == Decimal("8575.18") and best.score < 0.7
    taxed = [*lines[:3], "                                                 VAT 19 %           1629.28 USD"]
    assert totals.best_total(*totals.totals(_doc(taxed))) is None
