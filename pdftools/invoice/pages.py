"""Does a page show a value? The check of an e-invoice's XML against its pages, and the ceiling of a reading.

A hybrid e-invoice (ZUGFeRD, Factur-X) carries the same invoice twice: the XML a program reads and the pages a
person reads. Nothing makes them agree. `shown` answers, per field, whether the pages print the XML's value in
any form the text reader knows: any date format (day or month first), any amount format (`1.234,56`,
`1,234.56 €`; a credit note's total with or without its minus), the name's letters and digits in any case and
spacing, the number with or without spaces, the currency's code or symbol. It is a test of presence, not a
reading: it cannot be fooled into agreeing by a confident misreading, and a value it calls absent is absent in
every form the reader could read. The same test gives the most a reading of the pages can get right
(`benchmarks/invoices.py`'s `printed on the pages`).
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from pdftools.invoice.parse import CURRENCY_SYMBOLS, MINUS, clean, find_amounts, find_dates, fold

NAMES = {"issuer": "issuer", "number": "invoice number", "date": "date", "amount": "total", "currency": "currency"}
_NOT_ALNUM = re.compile(r"[^a-z0-9]")


def shown(texts: list[str], values: dict[str, Any]) -> dict[str, bool]:
    """Per field of `values` (issuer, number, date, amount, currency; typed or as text: `2024-03-05`,
    `119.00`), whether the pages' text shows it."""
    text = clean("\n".join(texts))
    lines = text.splitlines()
    folded = fold(text)
    found: dict[str, bool] = {}
    for key, value in values.items():
        if value is None or value == "":
            continue
        if key == "issuer":
            name = _NOT_ALNUM.sub("", fold(str(value)))
            found[key] = bool(name) and name in _NOT_ALNUM.sub("", folded)
        elif key == "number":
            found[key] = re.sub(r"\s", "", fold(str(value))) in re.sub(r"[^\S\n]", "", folded)  # on one line
        elif key == "date":
            date = value if isinstance(value, dt.date) else _date(str(value))
            found[key] = date is not None and any(
                d.value == date for line in lines for order in ("dmy", "mdy") for d in find_dates(fold(line), order))
        elif key == "amount":
            amount = _amount(value)
            found[key] = amount is not None and any(
                a.value == abs(amount) for line in lines for a in find_amounts(MINUS.sub(" ", line)))
        elif key == "currency":
            code = str(value)
            found[key] = code in text or any(c == code and symbol in text for symbol, c in CURRENCY_SYMBOLS.items())
    return found


def unshown(texts: list[str], values: dict[str, Any]) -> list[str]:
    """A warning for each value the pages do not show (`the pages do not show the XML's total 119.00`), the value
    as given."""
    shows = shown(texts, values)
    return [f"the pages do not show the XML's {NAMES[key]} {values[key]}" for key in NAMES if key in shows and
            not shows[key]]


def _date(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


def _amount(value: Any) -> Decimal | None:
    try:
        return value if isinstance(value, Decimal) else Decimal(str(value))
    except InvalidOperation:
        return None

