"""Layouts of widely used accounting programs, written here from how they print (Xero, QuickBooks, SAP, Lexware,
Sage): what the reader got wrong on them, each rule as a general one. Tuning material of our own, like
tests/invoices; nothing of the held-out set."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pdftools.invoice import totals
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
