"""Layouts of widely used accounting programs, written here from how they print (Xero, QuickBooks, SAP, Lexware,
Sage): what the reader got wrong on them, each rule as a general one. Tuning material of our own, like
tests/invoices; nothing of the held-out set."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pdftools.invoice import issuer, totals
from pdftools.invoice.text import Doc


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
