"""What the public real invoices (tests/invoices/public.py: invoice2data's samples, tuned on) print that the
reader missed: a US date with a space before its comma, a seller named by `Sold by` or `Service provider`, a
French company's legal mention (`... SAS au capital de ...`), a file or case number that is no name, an invoice
number under the title, a date tied by a bare preposition to nothing, rupees written `Rs`."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from pdftools.invoice import currencies, issuer, text, totals
from pdftools.invoice.layout import Doc
from pdftools.invoice.parse import find_dates
from pdftools.invoice.reader import contested


def _doc(lines: list[str]) -> Doc:
    return Doc.from_pages(["\n".join(lines)])


@pytest.mark.parametrize(("written", "date"), [
    ("september 3 , 2014", dt.date(2014, 9, 3)), ("march 12 ,2021", dt.date(2021, 3, 12)),
    ("march 12, 2021", dt.date(2021, 3, 12)),
])
def test_a_us_date_with_a_space_before_its_comma(written: str, date: dt.date) -> None:
    assert [d.value for d in find_dates(written)] == [date]


def test_the_total_after_a_due_date_is_not_read_from_the_date() -> None:
    doc = _doc(["                                   Invoice Date:                  September 3 , 2014",
                "                                   TOTAL AMOUNT DUE ON September 3 , 2014          $12.40"])
    best = totals.best_total(*totals.totals(doc))
    assert best is not None and best.value == Decimal("12.40")
    assert max(text.dates(doc), key=lambda c: c.score).value == dt.date(2014, 9, 3)


@pytest.mark.parametrize("label", ["Sold By :", "Sold by:", "Service Provider:", "Verkauft von:", "Vendu par :"])
def test_a_sold_by_label_names_the_seller(label: str) -> None:
    doc = _doc(["                         Retail Invoice", f"{label} Kestrel Trading Pvt. Ltd.,",
                "Warehouse: Plot 7, Industrial Area, Pune 411001", "Billing Address", "Asha Rao", "12 Lake Road",
                "Invoice Date: 02-03-2021"])
    found = issuer.issuers(doc)
    assert found[0].value == "Kestrel Trading Pvt. Ltd." and found[0].score >= 0.8


def test_a_seller_label_with_a_note_under_it_names_the_line_after() -> None:
    doc = _doc(["Invoice Number: 771", *[""] * 12,
                "                                                   Service Provider:",
                "                                                   (Not to be used for payment remittance)",
                "                                                   Nimbus Hosting, Inc.",
                "                                                   410 Harbor Ave North"])
    assert issuer.issuers(doc)[0].value == "Nimbus Hosting, Inc."


@pytest.mark.parametrize(("line", "name"), [
    ("Lumen SAS au capital de 3.441.812 Euros - B 421 938 861 RCS Paris - Siège social: 8 rue Haute", "Lumen SAS"),
    ("Atelier Brun SARL, au capital de 10 000 € - RCS Lyon 530 848 134", "Atelier Brun SARL"),
    ("Rossi Forniture S.r.l. - capitale sociale 10.000 € i.v. - REA MI-123456", "Rossi Forniture S.r.l."),
    ("Gómez Suministros S.L. - Capital social 3.006 € - Registro Mercantil de Madrid", "Gómez Suministros S.L."),
])
def test_a_legal_mention_names_the_seller(line: str, name: str) -> None:
    doc = _doc(["Jeanne Martin", "12 rue des Lilas", "69100 Villeurbanne", "", "Facture n° 2024-118 du 05/06/2024",
                *[""] * 20, "Conditions de paiement : 30 jours", line])
    found = issuer.issuers(doc)
    assert found[0].value == name and found[0].score >= 0.8


@pytest.mark.parametrize("line", ["Numéro de dossier : 365146 - MARTIN", "File No: 8841 - Smith",
                                  "Aktenzeichen: 2024/17 - Meier"])
def test_a_file_number_is_no_sender_line(line: str) -> None:
    doc = _doc(["                              Facture n° 2024-118", f"          {line}"])
    assert all(c.value.split()[0] not in ("Numéro", "File", "Aktenzeichen") for c in issuer.issuers(doc))


def test_an_invoice_number_under_the_title() -> None:
    doc = _doc(["Dana Holt                                                  INVOICE",
                "dana@example.com                                              # inv_2022_001",
                "                                                  Date:          Jan 1, 2022"])
    assert [c.value for c in text.numbers(doc)] == ["inv_2022_001"]


def test_a_date_labelled_date_beats_one_a_bare_preposition_ties_to_nothing() -> None:
    doc = _doc(["                                  Facture n° 2022089083",
                "            Date : 28/11/2022",
                "            Désignation                                 Montant HT",
                "            annonce-legale.fr du 06/12/2022                  45,93 €"])
    best = contested(text.dates(doc))
    assert best.value == dt.date(2022, 11, 28) and best.score >= 0.7


@pytest.mark.parametrize(("where", "score"), [("Bangalore, Karnataka, India - 560067", 0.8), ("", 0.6)])
def test_rupees_written_rs(where: str, score: float) -> None:
    doc = _doc(["Tax Invoice", where, "Price is inclusive of a discount of Rs -40.00",
                "                                  Grand Total              319.00"])
    found = currencies.currency(doc, totals.best_total(*totals.totals(doc)))
    assert found is not None and found.value == "INR" and found.score == score


def test_a_letterhead_name_followed_by_the_title_is_the_same_name() -> None:
    doc = _doc(["                                            Nimbus Hosting Invoice", "Account number:",
                "                                            Invoice Number:          771", *[""] * 12,
                "                                            Service Provider:",
                "                                            Nimbus Hosting, Inc.",
                "                                            410 Harbor Ave North",
                "All services are sold by Nimbus Hosting, Inc."])
    best = issuer.issuers(doc)[0]
    assert best.value == "Nimbus Hosting, Inc." and best.score >= 0.8


@pytest.mark.parametrize("office", ["Siège social : 16 rue Haute - 92100 Boulogne - Tél : 01 71 17 61 67",
                                    "Registered office: 5 Mill Lane - Leeds LS1 4AB - Phone 0113 496 0000",
                                    "Sede legale: Via Roma 5 - 20121 Milano - Tel. 02 1234567"])
def test_a_registered_office_line_is_no_name(office: str) -> None:
    doc = _doc(["Facture n° 2024-118 du 05/06/2024", *[""] * 20, "   Virement   LA BANQUE - Titulaire du compte : "
                "LUMEN", "              IBAN : FR76 1010 7002 4500 6170 5231 739", "                    LUMEN",
                f"       {office}"])
    found = issuer.issuers(doc)
    assert found[0].value == "LUMEN" and found[0].score >= 0.7


def test_the_sum_to_pay_is_the_total() -> None:
    doc = _doc(["                         Montant EUR HT      Montant TVA      Montant EUR TTC",
                "Total facture                     24.99             5.00                29.99",
                "Somme à payer                                                           29.99 € TTC",
                "Montant du prélèvement                                                  29.99"])
    best = totals.best_total(*totals.totals(doc))
    assert best is not None and best.value == Decimal("29.99") and best.score >= 0.7


def test_a_dollar_sign_ocr_read_into_an_id_does_not_outvote_rupees() -> None:
    doc = _doc(["Tax Invoice     Bangalore, Karnataka, India", "Price is inclusive of a discount of Rs -40.00",
                "                                  Grand Total              319.00",
                "   PL:      T:     Pack: BX                    S: $132415345        page 1 of 1"])
    found = currencies.currency(doc, totals.best_total(*totals.totals(doc)))
    assert found is None or found.score < 0.7 or found.value == "INR"


@pytest.mark.parametrize("heads", [
    "                      Montant EUR HT        Montant TVA        Montant EUR TTC",
    "                      Montant      EUR HT   Montant TVA        Montant      EUR TTC",  # OCR's wide gaps
    "                      Amount (EUR) net      VAT amount         Amount (EUR) gross",
    "",  # no headings: the row adds up
])
def test_a_sum_row_gives_its_gross_amount(heads: str) -> None:
    doc = _doc([heads, "Subscriptions                     24.99             5.00                29.99",
                "Total facture                     24.99             5.00                29.99"])
    best = totals.best_total(*totals.totals(doc))
    assert best is not None and best.value == Decimal("29.99") and best.score >= 0.7


@pytest.mark.parametrize("label", ["Fälliger Betrag", "Zahlungsbetrag", "Rechnungsendbetrag", "Endbetrag brutto"])
def test_german_words_for_the_amount_to_pay(label: str) -> None:
    best = _total(["Summe netto                    100,00 EUR", "zzgl. 19 % USt.                 19,00 EUR",
                   f"{label}                    119,00 EUR", "Bereits gezahlt                  0,00 EUR"])
    assert best is not None and best.value == Decimal("119.00") and best.how.startswith("after")


def _total(lines: list[str]) -> totals.Candidate | None:
    return totals.best_total(*totals.totals(_doc(lines)))


@pytest.mark.parametrize("label", ["Abrechnungszeitraum:", "Versanddatum:", "Auslieferungsdatum:",
                                   "Lieferscheindatum:", "Angebotsdatum:", "Zahlungsdatum:", "Date de prestation :",
                                   "Date de règlement :", "Payment date:", "Service date:"])
def test_other_dates_an_invoice_names_are_not_its_date(label: str) -> None:
    found = text.dates(_doc([f"{label} 01.02.2024", "Rechnungsdatum: 05.03.2024"]))
    assert [c.value for c in found] == [dt.date(2024, 3, 5)]
