"""The set of invoices printed by real invoicing programs (tests/invoices/realprograms.py) builds where Debian's
Kraft and GnuCash are installed: each route writes an invoice whose page shows the truth's number and total, and
a route whose programs are missing is skipped with the reason."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from invoices import realprograms  # noqa: E402


@pytest.mark.parametrize("source", realprograms.SOURCES)
def test_each_route_prints_an_invoice_with_its_truth(source: str, tmp_path: Path) -> None:
    why = realprograms.install().get(source)
    if why:
        pytest.skip(why)
    expected, skipped = realprograms.build(tmp_path, 1, seed=3, sources=(source,))
    assert not skipped
    assert list(expected) == [f"{source}-000.pdf"]
    truth = expected[f"{source}-000.pdf"]
    assert all(truth[key] for key in ("issuer", "number", "date", "amount", "currency"))
    text = realprograms.page_text(tmp_path / f"{source}-000.pdf")
    assert re.sub(r"\W", "", truth["issuer"]) in re.sub(r"\W", "", text)  # a line may wrap anywhere
    assert realprograms._check(tmp_path / f"{source}-000.pdf", truth["number"], truth["amount"]) is None


def test_a_missing_program_is_a_reason_not_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(realprograms, "KRAFT", tmp_path / "no-kraft")
    monkeypatch.setattr(realprograms, "SYSTEM_PYTHON", str(tmp_path / "no-python"))
    missing = realprograms.install()
    assert "apt-get install kraft" in missing["kraft-rml"] and "apt-get install kraft" in missing["kraft-html"]
    assert "apt-get install gnucash" in missing["gnucash"]
    expected, skipped = realprograms.build(tmp_path / "out", 2)
    assert expected == {} and set(skipped) == set(realprograms.SOURCES)
