"""What accounting programs print beyond `invoices.erp` (tests/invoices/erp_traits.py), read right or left
untrusted: a tax line that names its base (`VAT 20 % on 1,000.00   200.00`), a deposit before the amount
due, another payment's date, and the family as a whole."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from invoices.generate import build

from pdftools.invoice import issuer, names, text, totals
from pdftools.invoice.layout import WEAK, Doc
from pdftools.invoice.reader import Options, read_invoice


def _total(lines: list[str]) -> totals.Candidate | None:
    return totals.best_total(*totals.totals(Doc.from_pages(["\n".join(lines)])))


@pytest.mark.parametrize("tax_line", [
    "TVA 20 % sur 1 000,00 €                       200,00 €",
    "zzgl. 19% USt. auf 1.000,00 €                 190,00 €",
    "VAT 20% on £1,000.00                          £200.00",
])
def test_a_tax_line_that_names_its_base_gives_the_tax_after_it(tax_line: str) -> None:
    found, nets, taxes, _ = totals.totals(Doc.from_pages([tax_line]))
    assert not found and taxes[-1] in (Decimal("200.00"), Decimal("190.00"))


def test_the_gross_total_before_a_deposit_is_the_invoice_total() -> None:
    """`Net à payer` is a strong total label, but after a deposit it is what is left to pay: the invoice's total
    is the gross amount that net + tax confirms."""
    best = _total(["Sous-total                                  1 000,00 €",
                   "TVA 20 % sur 1 000,00 €                       200,00 €",
                   "Total TTC                                   1 200,00 €",
                   "Acompte versé le 15/03/2025                  -500,00 €",
                   "Net à payer                                   700,00 €"])
    assert best is not None and best.value == Decimal("1200.00") and best.score >= 0.9


def test_a_deposit_explains_the_amount_due_without_net_and_tax() -> None:
    """Gross total minus the deposit is the amount due: the larger one is the invoice's total, trusted."""
    best = _total(["Invoice total                       £1,200.00",
                   "Less deposit paid on 15/03/2025      -£500.00",
                   "Amount due                            £700.00"])
    assert best is not None and best.value == Decimal("1200.00") and best.score >= 0.9


def test_two_totals_that_no_deposit_explains_stay_unsure() -> None:
    best = _total(["Invoice total                       £1,200.00",
                   "Less deposit paid on 15/03/2025      -£300.00",
                   "Amount due                            £700.00"])
    assert best is not None and best.score < 0.7


@pytest.mark.parametrize("line", ["Reeds betaald voorschot van 27-02-2023", "abzüglich Anzahlung vom 27.02.2023",
                                  "Less deposit paid of 27 February 2023", "Acconto versato del 27/02/2023"])
def test_a_deposits_date_is_not_the_invoice_date(line: str) -> None:
    found = text.dates(Doc.from_pages([line]))
    assert all(c.value != dt.date(2023, 2, 27) or c.score < WEAK for c in found)


@pytest.fixture(scope="module")
def traits(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list]:
    folder = tmp_path_factory.mktemp("erp-traits")
    return folder, build(folder, 24, seed=17, holdout="traits")


def test_the_accounting_program_traits_are_read_right_or_not_trusted(traits: tuple[Path, list]) -> None:
    folder, rows = traits
    right = sure = wrong = 0
    for row in rows:
        reading = read_invoice(folder / row.file, None, Options())
        for key in ("issuer", "number", "date", "amount", "currency"):
            found = reading.fields.get(key)
            good = found is not None and found.value.casefold() == str(getattr(row, key)).casefold()
            right += good
            sure += good and found.confidence >= 0.7
            wrong += (not good) and found is not None and found.confidence >= 0.7
    assert wrong == 0
    assert right / (5 * len(rows)) >= 0.98 and sure / (5 * len(rows)) >= 0.95


@pytest.mark.parametrize("line", ["Fecha de pedido        2022-04-02", "Fecha del pedido: 2022-04-02",
                                  "Prestatieperiode       2022-04-02 - 2022-04-30", "Leveringsdatum  2022-04-02"])
def test_an_order_date_or_a_period_is_not_the_invoice_date(line: str) -> None:
    doc = Doc.from_pages(["Fecha                  2022-04-05\n" + line])
    best = max(text.dates(doc), key=lambda c: (c.score, -c.line))
    assert best.value == dt.date(2022, 4, 5) and best.score >= WEAK
    assert all(c.score < 0.7 for c in text.dates(doc) if c.value == dt.date(2022, 4, 2))


@pytest.mark.parametrize("name", ["Ltd", "Limited", "GmbH", "S.n.c.", "S.A.S.", "B.V.", "Sp. z o.o."])
def test_a_legal_form_alone_is_no_name(name: str) -> None:
    """OCR splits `Blue Harbor Consulting Ltd` at a wide gap: the `Ltd` left over names no one."""
    assert not names.plausible(name)
    assert names.plausible(f"Blue Harbor {name}")
    doc = Doc.from_pages([f"Blue Harbor iia    {name} - 14 Wharf Road - London N1 7GR\n\nAcme Widgets Inc.\n"
                          "500 Market Street\nSan Francisco, CA 94105"])
    assert all(c.value != name for c in issuer.issuers(doc))


@pytest.mark.parametrize(("title", "label", "corrects"), [
    ("Credit note", "Credit note No.", "Original invoice No. INV-2024-676 of 3 May 2024"),
    ("Gutschrift", "Gutschriftsnummer", "Korrektur zur Rechnung Nr. INV-2024-676 vom 03.05.2024"),
    ("AVOIR", "N° d'avoir", "Avoir sur facture n° INV-2024-676 du 03/05/2024"),
    ("Creditnota", "Creditnotanummer", "Betreft factuur nr. INV-2024-676 van 03-05-2024"),
    ("Abono", "Nº de abono", "Factura rectificada nº INV-2024-676 del 03/05/2024"),
    ("Nota di credito", "Nota di credito n.", "Rif. fattura n. INV-2024-676 del 03/05/2024"),
])
def test_a_credit_note_has_its_own_number_not_the_corrected_invoices(title: str, label: str, corrects: str) -> None:
    doc = Doc.from_pages([f"Weber GmbH                                 {title}\n"
                          f"                                           {label}:   CN-2024-0012\n"
                          f"Kunde AG\n\n{corrects}"])
    found = text.numbers(doc)
    best = max(found, key=lambda c: c.score)
    assert best.value == "CN-2024-0012" and best.score >= WEAK
    assert all(c.score < 0.7 for c in found if c.value == "INV-2024-676")
    assert all(c.value != dt.date(2024, 5, 3) or c.score < 0.7 for c in text.dates(doc))


@pytest.mark.parametrize("lines", [
    ["Subtotal        -1,000.00 €", "VAT 20%           -200.00 €", "Total           -1,200.00 €"],
    ["Zwischensumme   -1.000,00 €", "MwSt. 20%         -200,00 €", "Gesamtbetrag    - 1.200,00 €"],
])
def test_a_credit_notes_total_with_its_minus_is_the_amount_credited(lines: list[str]) -> None:
    best = _total(lines)
    assert best is not None and best.value == Decimal("1200.00") and best.score >= 0.9


def test_a_bank_account_under_a_total_label_is_no_total() -> None:
    best = _total(["Balance due", "IBAN DE45 3704 0044 0532 0130 00"])
    assert best is None


_LOWER_VALUES = "\n".join([
    "                                        Rechnungsnummer",
    "                                                                  A/2025/2835",
    "                                        Datum",
    "                                                                   03.10.2025",
    "Weber GmbH · Hauptstr. 5 · 10115 Berlin",
    "                                        Kundennummer",
    "Kunde AG                                                                81399",
    "                                        Bestelldatum",
    "Bahnweg 2                                                         05.09.2025",
])


def test_a_value_set_lower_than_its_label_is_read_on_the_next_line() -> None:
    """Small labels with bigger values aligned at their tops: the text layer puts each value on the line under
    its label, right of it."""
    doc = Doc.from_pages([_LOWER_VALUES])
    numbers = text.numbers(doc)
    assert [(c.value, c.score >= 0.8) for c in numbers] == [("A/2025/2835", True)]
    best = max(text.dates(doc), key=lambda c: (c.score, -c.line))
    assert best.value == dt.date(2025, 10, 3) and best.score >= 0.75
    assert all(c.score < 0.7 for c in text.dates(doc) if c.value == dt.date(2025, 9, 5))


def test_a_value_under_another_column_is_not_a_labels() -> None:
    """A grid (labels in a row, values under each) or a value under the label's own columns is read as before;
    a label followed by more on its line takes nothing from the next line."""
    doc = Doc.from_pages(["Rechnungsnummer     Kunde\n                    4711"])
    assert [c.value for c in text.numbers(doc)] == []


@pytest.mark.parametrize(("header", "row"), [
    ("USt.-Satz        Netto          USt.         Brutto", "Summe         1.500,00        225,00       1.725,00"),
    ("VAT rate          Net            VAT          Gross", "Total         1,500.00        225.00       1,725.00"),
    ("Taux TVA           HT            TVA            TTC", "Total         1 500,00        225,00       1 725,00"),
    ("Aliquota IVA  Imponibile         IVA         Totale", "Totale        1.500,00        225,00       1.725,00"),
    ("Btw-tarief        Netto          Btw          Bruto", "Totaal        1.500,00        225,00       1.725,00"),
])
def test_a_sum_row_under_net_vat_and_gross_headings_gives_the_gross_as_total(header: str, row: str) -> None:
    """Totals printed only as a VAT table's last row: each amount is what its column's heading says; the one
    under the gross heading is the total, and net + VAT confirms it."""
    best = _total([header, "19 %          1.000,00        190,00       1.190,00",
                   "7 %             500,00         35,00         535,00", row])
    assert best is not None and best.value == Decimal("1725.00") and best.score >= 0.9


def test_a_sum_row_without_headings_is_read_as_before_unless_it_adds_up() -> None:
    best = _total(["Summe         1.500,00        225,00       1.800,00"])
    assert best is not None and best.value == Decimal("1500.00") and best.score < 0.9
    best = _total(["Summe         1.500,00        225,00       1.725,00"])  # net + tax = gross
    assert best is not None and best.value == Decimal("1725.00")
