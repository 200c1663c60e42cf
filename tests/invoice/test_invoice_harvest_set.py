"""The harvested real invoices (tests/invoices/harvest.py) are tuning material: none of them may be, or share
an issuer or invoice number with, a file of the held-out set. Checked without printing which held-out value is
which: a failure says only how many."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from invoices import harvest
from invoices.real import truth

from pdftools.invoice.parse import fold


def _key(text: str | None) -> str:
    return re.sub(r"[^a-z0-9]", "", fold(text or ""))


def test_harvest_shares_nothing_with_the_held_out_set() -> None:
    held = truth().values()
    issuers = {_key(t["issuer"]) for t in held}
    numbers = {_key(t["number"]) for t in held}
    shared = sum(_key(t["issuer"]) in issuers or _key(t["number"]) in numbers
                 for entries in harvest.SETS.values() for _, _, _, t in entries.values())
    assert shared == 0, f"{shared} harvested invoices share an issuer or number with the held-out set"


def test_every_harvested_invoice_has_a_whole_truth_and_its_own_file() -> None:
    entries = [e for s in harvest.SETS.values() for e in s.values()]
    assert len({digest for _, _, digest, _ in entries}) == len(entries)
    for key, _, digest, t in entries:
        assert key in harvest.PACKAGES and re.fullmatch(r"[0-9a-f]{64}", digest)
        assert set(t) == {"issuer", "number", "date", "amount", "currency"} and all(t.values())
        dt.date.fromisoformat(t["date"])
        assert Decimal(t["amount"]).as_tuple().exponent == -2 and re.fullmatch(r"[A-Z]{3}", t["currency"])
