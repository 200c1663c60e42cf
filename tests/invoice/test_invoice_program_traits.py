"""Layouts of widely used accounting programs, written here from how they print (Xero, QuickBooks, SAP, Lexware,
Sage): what the reader got wrong on them, each rule as a general one. Tuning material of our own, like
tests/invoices; nothing of the held-out set."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pdftools.invoice import issuer, names, text, totals
from pdftools.invoice.layout import Doc


def _doc(lines: list[str]) -> Doc:
    return Doc.from_pages(["\n".join(lines)])


@pytest.mark.parametrize("tax", ["TOTAL GST 15%", "GST 10%", "HST 13%", "PST 7%", "QST", "CGST 9%", "IGST",
                                 "Sales Tax", "Total Sales Tax"])
def test_goods_and_services_and_sales_taxes_are_no_total(tax: str) -> None:
    doc = _doc(["Description                          Quantity     Unit Price     GST      Amount NZD",
                "Design work March                        10.00         120.00     15%        1,200.00",
                "                                                            Subtotal           1,200.00",
                f"                                                    {tax:>17}             180.00",
                "                                                           TOTAL NZD           1,380.00"])
    best = totals.best_total(*totals.totals(doc))
    assert best is not None and best.value == Decimal("1380.00") and best.score >= 0.9


def test_a_customer_labelled_inline_beside_the_invoice_fields_is_no_rival_of_the_seller() -> None:
    doc = _doc(["TALLERES GARCÍA S.L.", "CIF B12345678", "C/ Mayor 5, 28013 Madrid", "FACTURA",
                "Nº Factura: F2024-001                 Cliente: Construcciones López S.A.",
                "Fecha: 05/03/2024                     CIF: A87654321",
                "Vencimiento: 04/04/2024               C/ Sol 1, 28001 Madrid"])
    found = issuer.issuers(doc)
    assert found[0].value == "TALLERES GARCÍA S.L." and "López" not in found[0].how
    assert not any("Construcciones" in c.value for c in found)


@pytest.mark.parametrize("line", ["Telefonica Germany GmbH & Co. OHG, 90345 Nürnberg",
                                  "Kranich Systemhaus AG, Industriestraße 7, 37073 Göttingen"])
def test_a_sender_line_of_a_name_and_its_address_after_a_comma_names_the_seller(line: str) -> None:
    doc = _doc([line, "Frau", "Erika Musterfrau", "Musterweg 5",
                "12345 Berlin                                 Rechnungsnummer    9876543210",
                "                                             Rechnungsdatum     05.03.2024", *[""] * 10,
                "Rechnungsbetrag                                    29,99 €"])
    best = issuer.issuers(doc)[0]
    assert best.value == line.split(",")[0] and best.score >= 0.7


def test_a_customer_on_one_line_after_its_label_is_no_sender() -> None:
    doc = _doc(["Rechnungsempfänger: Muster Handel GmbH, 12345 Berlin", "Rechnungsnummer    9876543210"])
    assert all("Muster Handel" not in c.value for c in issuer.issuers(doc))


@pytest.mark.parametrize("title", ["Gutschrift", "Rechnung", "INVOICE", "Facture"])
@pytest.mark.parametrize("word", ["Nummer", "Number", "No.", "Nr.:", "N°"])
def test_a_number_in_the_cells_after_a_title_and_a_number_word_is_the_invoices(title: str, word: str) -> None:
    doc = _doc(["Kranich Maschinenbau GmbH · Industriestr. 5 · 70173 Stuttgart",
                f"{title}                                    {word}     90012399",
                "                                              Datum      14.03.2024"])
    found = text.numbers(doc)
    assert found and found[0].value == "90012399" and found[0].score >= 0.7


def test_a_heading_row_after_a_title_gives_no_number() -> None:
    doc = _doc(["Invoice          Number          Date", "                 2024-17         05.03.2024"])
    assert all(c.value != "Date" for c in text.numbers(doc))


@pytest.mark.parametrize("title", ["Gutschrift", "Rechnungskorrektur"])
def test_amounts_with_a_trailing_minus_are_read(title: str) -> None:
    from pdftools.invoice.reader import Options, _from_text

    lines = ["Kranich Maschinenbau GmbH · Industriestr. 5 · 70173 Stuttgart",
             f"{title}                                    Nummer     90012399",
             "                                              Datum      14.03.2024",
             "Pos  Material   Bezeichnung          Menge     Wert",
             "10   4711       Fräser               2 ST    100,00-",
             "                                       Nettowert           100,00- EUR",
             "                                       MwSt 19 %            19,00- EUR",
             "                                       Endbetrag           119,00- EUR"]
    fields = _from_text(["\n".join(lines)], Options(), {})
    want = Decimal("119.00") if title == "Gutschrift" else Decimal("-119.00")  # a credit note's, without its sign
    assert fields["amount"].value == want and fields["amount"].score >= 0.9


@pytest.mark.parametrize("words", ["Brought forward", "Carried forward", "Balance forward", "Übertrag",
                                   "Saldovortrag", "À reporter", "Suma y sigue"])
def test_a_carried_total_s_label_is_no_name(words: str) -> None:
    assert not names.plausible(words)
    doc = _doc(["Atlas Tools Ltd", "Invoice No: AT-7", "Item 1                         100.00",
                f"{words}                100.00", "\f", f"{words}                100.00",
                "Item 2                          50.00", "Total                          150.00"])
    assert all(c.value != words for c in issuer.issuers(doc))


@pytest.mark.parametrize("line", ["Rechnung 2024-0042                                        Bremen, 05.03.2024",
                                  "Rechnung Nr. 2024-0042                                    05.03.2024",
                                  "INVOICE #1042                                             5 March 2024"])
def test_a_date_at_the_end_of_the_title_line_is_the_invoices(line: str) -> None:
    doc = _doc(["Weber & Söhne GmbH", "Hafenstr. 3, 28195 Bremen", "", line,
                "Ihre Bestellung 4711 vom 01.03.2024"])
    best = max(text.dates(doc), key=lambda c: c.score)
    assert best.value.isoformat() in ("2024-03-05",) and best.score >= 0.7


def test_a_place_and_date_in_their_own_cell_is_a_letters_date() -> None:
    doc = _doc(["Weber & Söhne GmbH                                      Bremen, 05.03.2024"])
    assert max(c.score for c in text.dates(doc)) >= 0.7


@pytest.mark.parametrize(("title", "row"), [
    ("                                                   Rechnung",
     "                                                   Nummer RE-20240305/505"),
    ("                                                                     Facture",
     "                                                          Réf. : FA2403-0001"),
    ("                                                   INVOICE",
     "                                                   No. 2024-117"),
])
def test_a_number_row_under_the_title_alone_is_the_invoices_number(title: str, row: str) -> None:
    doc = _doc(["Spielwaren Schmidt GmbH, Hauptstr. 2, 12345 Berlin", "Musterhändler GmbH", "Kundenstr. 15",
                "69876 Frankfurt", title, row, "                                                   Datum 05.03.2024"])
    found = text.numbers(doc)
    assert found and found[0].value == row.split()[-1] and found[0].score >= 0.7


def test_a_customer_number_under_the_title_is_not_the_invoices() -> None:
    doc = _doc(["                          Rechnung", "                          Kunden-Nr. 4711",
                "                          Datum 05.03.2024"])
    assert all(c.score < 0.7 for c in text.numbers(doc) if c.value == "4711")


@pytest.mark.parametrize(("line", "want"), [("Köln, den 07.03.2024", "2024-03-07"),
                                            ("Paris, le 7 mars 2024", "2024-03-07"),
                                            ("Milano, lì 07/03/2024", "2024-03-07")])
def test_a_letters_date_with_the_word_after_its_place_is_the_invoices(line: str, want: str) -> None:
    doc = _doc(["Rhein Catering GmbH · Ufer 2 · 50667 Köln", "Rechnung RE-20240305-01", line,
                "Summe brutto 238,00 €"])
    best = max(text.dates(doc), key=lambda c: c.score)
    assert best.value.isoformat() == want and best.score >= 0.7


@pytest.mark.parametrize("line", ["Facture d'origine : FA-2024-120 du 01/03/2024",
                                  "Facture initiale FA-2024-120 du 01/03/2024",
                                  "Original invoice INV-120 dated 01/03/2024",
                                  "Related invoice INV-120 of 01/03/2024",
                                  "Ursprüngliche Rechnung RE-120 vom 01.03.2024",
                                  "Factura original F-120 del 01/03/2024",
                                  "Fattura di riferimento 120 del 01/03/2024"])
def test_the_corrected_invoices_date_is_not_the_credit_notes(line: str) -> None:
    pad = " " * 37
    doc = _doc(["DUPONT ET FILS SARL", f"{pad}AVOIR N° AV-2024-007", f"{pad}Date : 12/03/2024", f"{pad}{line}"])
    assert all(c.value.isoformat() != "2024-03-01" or c.score < 0.7 for c in text.dates(doc))


@pytest.mark.parametrize("line", ["abzüglich Abschlagsrechnung Nr. 2024-50 vom 01.02.2024   -5.950,00 €",
                                  "abzgl. Anzahlungsrechnung Nr. 2024-50 vom 01.02.2024   -5.950,00 €",
                                  "Less deposit invoice no. 2024-50 of 01.02.2024   -5,950.00",
                                  "Moins facture d'acompte n° 2024-50 du 01/02/2024   -5 950,00 €"])
def test_a_deducted_deposit_invoices_number_and_date_are_not_the_final_invoices(line: str) -> None:
    doc = _doc(["Bau Huber GmbH · Ring 4 · 90402 Nürnberg", "Schlussrechnung Nr. 2024-77", "Datum: 05.03.2024",
                "Gesamtbetrag brutto                 11.900,00 €", line,
                "Noch zu zahlender Betrag             5.950,00 €"])
    assert all(c.value.isoformat() != "2024-02-01" or c.score < 0.7 for c in text.dates(doc))
    numbers = text.numbers(doc)
    assert numbers[0].value == "2024-77" and numbers[0].score >= 0.9
    assert all(c.value != "2024-50" or c.score < 0.7 for c in numbers)


def test_a_deposit_invoice_titled_as_such_keeps_its_own_number_and_date() -> None:
    doc = _doc([" Abschlagsrechnung Nr. 2024-50 vom 01.02.2024", "Gesamtbetrag brutto   5.950,00 €"])
    assert max(text.dates(doc), key=lambda c: c.score).score >= 0.9
    assert text.numbers(doc)[0].value == "2024-50"


@pytest.mark.parametrize("label", ["TOTAL TTC", "Total TTC", "Montant TTC"])
def test_a_strong_total_label_is_not_outranked_by_a_weak_one_padded_with_spaces(label: str) -> None:
    from pdftools.invoice.labels import TOTAL

    found = TOTAL.find(_doc([f"{label}       1.190,00"]).folded[0])
    assert [kind for _, _, kind in found] == ["strong"]


@pytest.mark.parametrize("label", ["Invoice amount", "Gross amount", "Gross total", "Total gross", "Total général"])
def test_more_total_labels_are_strong(label: str) -> None:
    best = totals.best_total(*totals.totals(_doc([f"{label}       1,190.00"])))
    assert best is not None and best.value == Decimal("1190.00") and best.score >= 0.9


def test_a_field_row_naming_a_company_and_its_address_is_no_sender_line() -> None:
    doc = _doc(["Leistungsort: Muster Handel GmbH, Hauptstr. 5, 12345 Berlin", "Rechnungsnummer    9876543210"])
    assert all(c.score < 0.7 for c in issuer.issuers(doc) if "Muster Handel" in c.value)


def test_a_bilingual_number_row_under_the_title_is_the_invoices_number() -> None:
    doc = _doc(["Technik Nord GmbH · Hafenstr. 1 · 20457 Hamburg",
                "RECHNUNG                                       INVOICE",
                "Nr./No.                  RN-2024-1001", "Datum/Date               05.03.2024"])
    found = text.numbers(doc)
    assert found and found[0].value == "RN-2024-1001" and found[0].score >= 0.7


def test_brutto_after_netto_and_the_tax_is_the_total() -> None:
    doc = _doc(["Rechnung Nr. 1001       Datum 05.03.2024", "                              EUR",
                "Netto                     1.000,00", "MwSt 19%                    190,00",
                "Brutto                    1.190,00"])
    best = totals.best_total(*totals.totals(doc))
    assert best is not None and best.value == Decimal("1190.00") and best.score >= 0.9
