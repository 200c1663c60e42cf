"""The set of invoices in accounting programs' and vendors' layouts (tests/invoices/vendors.py) builds: each source
writes an invoice whose page shows the truth's issuer, number, date and total, and a missing WeasyPrint is a reason
to skip, not a failure."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from invoices import realprograms, vendors  # noqa: E402

from pdftools.invoice.pages import shown  # noqa: E402


@pytest.mark.parametrize("source", vendors.SOURCES)
def test_each_source_prints_an_invoice_with_its_truth(source: str, tmp_path: Path) -> None:
    why = vendors.install().get(source)
    if why:
        pytest.skip(why)
    expected, skipped = vendors.build(tmp_path, 1, seed=3, sources=(source,))
    assert not skipped
    assert list(expected) == [f"{source}-000.pdf"]
    truth = expected[f"{source}-000.pdf"]
    text = realprograms.page_text(tmp_path / f"{source}-000.pdf")
    assert re.sub(r"\W", "", truth["issuer"]) in re.sub(r"\W", "", text)
    assert realprograms._check(tmp_path / f"{source}-000.pdf", truth["number"], truth["amount"]) is None
    assert shown([text], truth)["date"], truth["date"]


def test_a_missing_weasyprint_is_a_reason_not_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # `import weasyprint` raises ImportError
    expected, skipped = vendors.build(tmp_path, 2)
    assert expected == {} and set(skipped) == set(vendors.SOURCES)
    assert all("WeasyPrint" in why for why in skipped.values())
