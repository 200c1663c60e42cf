"""What invoices laid out by real programs' own templates (tests/invoices/templated.py: Tryton, KOMA-Script with
`invoice`, LaTeX `letter` with `invoice2`) show that the reader missed: a decimal comma followed by a space, as
LaTeX prints a comma in mathematics (`9 245, 04`: read as 9245.00, and sure of it, as net + tax agreed), a
currency named by its word only (`Betrag (Euro)`), and a number with a capital-letter prefix before a space
(`Rechnung Nr.: RG 2024/5801`)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pdftools.invoice import currencies, issuer, text, totals
from pdftools.invoice.layout import Candidate, Doc
from pdftools.invoice.parse import find_amounts


def _doc(lines: list[str]) -> Doc:
    return Doc.from_pages(["\n".join(lines)])


INVOICE2 = ["Rechnung",
            "Rechnungs-Nr.: 2025-0187",
            "Anzahl           Posten        USt   Stückpreis (€)    Preis (€)",
            "  2           Beratung        19 %     3 884, 47       9 245, 04",
            "                                   Nettobetrag (€)     7 768, 94",
            "                                               USt     1 476, 10",
            "                                  Gesamtbetrag (€)     9 245, 04"]


def test_a_decimal_comma_followed_by_a_space_keeps_its_cents() -> None:
    best = totals.best_total(*totals.totals(_doc(INVOICE2)))
    assert best is not None and best.value == Decimal("9245.04")
    assert [a.value for a in find_amounts("Gesamtbetrag     9 245, 04 €")] == [Decimal("9245.04")]
    assert [a.value for a in find_amounts("USt 1 476, 10")] == [Decimal("1476.10")]
    # eurosym draws its `€`: the text has an `e` there
    assert [a.value for a in find_amounts("Gesamtbetrag       14 168, 50 e")] == [Decimal("14168.50")]


@pytest.mark.parametrize("line", ["Positionen 1, 12 und 14 entfallen", "Lieferung 3, 15 Stück", "7, 19 % USt"])
def test_a_comma_and_a_space_between_words_and_numbers_is_no_decimal_comma(line: str) -> None:
    assert all(a.decimals is False or a.value == a.value.to_integral() for a in find_amounts(line))


@pytest.mark.parametrize(("header", "code"), [("Betrag (Euro)", "EUR"), ("Amount (Euro)", "EUR"),
                                              ("Amount (US-Dollar)", "USD"), ("Alle Beträge in Euro", "EUR")])
def test_a_currency_named_by_its_word_only(header: str, code: str) -> None:
    doc = _doc(["Rechnung 2024-0017",
                f"Leistung                                      Rate/Einheit   Anzahl   {header}",
                "Beratung                                            562.00        2       1124.00",
                "Gesamtsumme                                                               1124.00"])
    total = totals.best_total(*totals.totals(doc))
    found = currencies.currency(doc, total)
    assert found is not None and found.value == code and found.score >= 0.7


def test_no_currency_word_no_currency() -> None:
    doc = _doc(["Rechnung 2024-0017", "Europaallee 3, Frankfurt", "Gesamtsumme      1124.00"])
    assert currencies.currency(doc, totals.best_total(*totals.totals(doc))) is None


@pytest.mark.parametrize(("row", "number"), [
    ("                        Rechnung Nr.: RG 2024/5801", "RG 2024/5801"),
    ("Invoice No: RG 2023/0429", "RG 2023/0429"),
    ("Customer no.          Invoice no.          Date", None)])
def test_a_number_with_a_capital_prefix_before_a_space(row: str, number: str | None) -> None:
    found = text.numbers(_doc(["Hofstetter KG", row, "Datum: 18.10.2024"]))
    if number is None:
        assert not found or all(" " not in c.value for c in found)
    else:
        assert found and found[0].value == number and found[0].score >= 0.7


def test_a_word_after_the_number_label_is_no_prefix() -> None:
    found = text.numbers(_doc(["Invoice No: TBA 12 days after delivery"]))
    assert all(c.value != "TBA 12" for c in found)


LETTER = ["                                                            Chevalier Bâtiment SA",
          "                                                            Avenue Foch 69",
          "                                                            85220 Nantes",
          "                                                            USt-IdNr. DE620542659",
          "",
          "                                                            Nantes, 21.04.2025",
          "Bakker V.O.F.",
          "Oudegracht 4",
          "02258 Delft",
          "Rechnung",
          "Rechnungsnummer: 2024009628",
          "Sehr geehrte Damen und Herren,",
          "             Amount        Item       VAT     Unit Price     Price",
          "                  10   Schulungstag   8.1 %        111.00      1 199.91",
          "                                          Gross Total         1 199.91",
          "                              {closing}",
          "", "", "", "",  # room for the signature
          "                              Claire Martin",
          "                              Chevalier Bâtiment SA"]


@pytest.mark.parametrize("closing", ["Mit freundlichen Grüßen", "Kind regards", "Yours faithfully"])
def test_the_firm_signing_under_a_letters_closing_is_the_sender(closing: str) -> None:
    doc = _doc([line.format(closing=closing) for line in LETTER])
    best = issuer.issuers(doc)[0]
    assert best.value == "Chevalier Bâtiment SA" and best.score >= 0.7


def test_without_a_closing_the_letters_sender_stays_unsure() -> None:
    doc = _doc([line.format(closing="") for line in LETTER])
    assert issuer.issuers(doc)[0].score < 0.7


def test_a_prefix_before_a_space_read_by_ocr_is_not_trusted() -> None:
    from pdftools.invoice.reader import spaced_ocr_number

    split = Candidate("F 2025-00708", 0.92, "after the label 'Numéro de facture'")  # `F2025-00708` on the page
    assert spaced_ocr_number(split).score < 0.7
    whole = Candidate("F2025-00708", 0.92, "after the label 'Numéro de facture'")
    assert spaced_ocr_number(whole) is whole
