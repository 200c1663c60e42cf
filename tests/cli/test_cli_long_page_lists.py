"""A page list in a result is shown to a person as a table is: `select big.pdf z-1` on a 3,000-page document
printed `order  3000, 2999, ... 1`, some 16,000 characters, at the terminal (`delete odd`, `rotate --pages odd`
the same). At a terminal a long list shows its first numbers and says how many more there are; piped, every
number is printed; --json always has them all."""

from __future__ import annotations

import re


def _order_row(tty: bool, count: int) -> str:
    from pdftools.cli.blocks import layout, plain_lines
    from pdftools.ops.select import SelectResult

    result = SelectResult(input="big.pdf", output="out.pdf", pages=count, size=849_053, encrypted=False,
                          order=list(range(count, 0, -1)), removed=[], warnings=[])
    return next(line for line in plain_lines(layout(result, tty=tty)) if line.startswith("order"))


def test_a_long_page_list_at_a_terminal_says_how_many_more() -> None:
    row = _order_row(tty=True, count=3000)
    assert len(row) < 400, len(row)
    assert re.match(r"^order\s+3000, 2999, 2998, .*… and 2,9\d\d more \(--json lists all", row), row


def test_a_long_page_list_piped_or_short_is_whole() -> None:
    assert _order_row(tty=False, count=3000).split(None, 1)[1] == ", ".join(map(str, range(3000, 0, -1)))
    assert _order_row(tty=True, count=20).split(None, 1)[1] == ", ".join(map(str, range(20, 0, -1)))
