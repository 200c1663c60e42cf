"""Page ranges as pdftk, pdfcpu and qpdf 11.8+ users write them, beyond the words `test_pages_qpdf_syntax`
covers: pdftk's `even` / `odd` qualifier after a range (`1-endodd`, `6-1even`: by page number, as pdftk picks
them) and its `~` that takes pages out (`1-20~5-6`, `~5` for every page but 5); qpdf's `x` group that takes pages
out of the group before it (`1-z,x3-4`); pdfcpu's `l` (the last page) and its `!` / `n` that take pages out of
everything named so far (`1-,!5`, `odd,n1,nl`). They used to be refused as unreadable.

The pdftk expectations are what pdftk-java 3.3 printed on a 10-page file whose pages draw their numbers
(`pdftk ten.pdf cat SPEC output out.pdf`); pdftk is not a dependency, so they are written out here. The qpdf
ones follow its manual (the `x` syntax is newer than the qpdf 11.3 of Debian 12, so it cannot be asked).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_pages_qpdf_syntax import numbered, page_numbers

from pdftools.core.pages import check_spec, parse_pages, parse_ranges
from pdftools.errors import InvalidPageRange

ALL = list(range(1, 11))

PDFTK = {  # spec -> pages, as pdftk-java gave them from a 10-page file
    "2-6odd": [3, 5], "1-6even": [2, 4, 6], "6-1even": [6, 4, 2], "1-endodd": [1, 3, 5, 7, 9],
    "1-10~3~5-6": [1, 2, 4, 7, 8, 9, 10], "~5": [1, 2, 3, 4, 6, 7, 8, 9, 10], "~r1": ALL[:-1],
    "1-endodd~5": [1, 3, 7, 9], "even~2": [4, 6, 8, 10], "3-1~2": [3, 1], "r1-r3even": [10, 8],
    "~2-3": [1, 4, 5, 6, 7, 8, 9, 10], "r2odd": [9], "1-end~r2-r1": ALL[:-2], "1-3~4": [1, 2, 3],
    "~5~6": [1, 2, 3, 4, 7, 8, 9, 10],
}

QPDF_X = {  # qpdf 11.8+: `x` takes pages out of the group before it
    "1-z,x3-4": [1, 2, 5, 6, 7, 8, 9, 10], "1-10,x3,x7": [1, 2, 4, 5, 6, 8, 9, 10],
    "10-1,x5": [10, 9, 8, 7, 6, 4, 3, 2, 1], "1-3,x2,8-10,x9": [1, 3, 8, 10], "1-z,xr2-r1": ALL[:-2],
    "1-z,x2-9:odd": [1],
}

PDFCPU = {  # pdfcpu's page selection: `l` the last page; `!` or `n` take pages out of what came before
    "l": [10], "3-l": [3, 4, 5, 6, 7, 8, 9, 10], "1-,!5": [1, 2, 3, 4, 6, 7, 8, 9, 10], "4-7,!6": [4, 5, 7],
    "odd,n1,nl": [3, 5, 7, 9], "!5": [1, 2, 3, 4, 6, 7, 8, 9, 10],
    "1-3,5-7,n2-6": [1, 7],
}


@pytest.mark.parametrize(("spec", "pages"), [*PDFTK.items(), *QPDF_X.items(), *PDFCPU.items()])
def test_the_words_of_pdftk_qpdf_and_pdfcpu(spec: str, pages: list[int]) -> None:
    assert parse_pages(spec, 10) == pages
    assert parse_pages(spec.upper(), 10) == pages  # as every other word, in any case
    check_spec(spec)  # known before a document is opened (batch, split)


def test_ranges_stay_runs_so_split_parts_are_what_is_left_of_each() -> None:
    assert parse_ranges("1-10~5", 10) == [(1, 4), (6, 10)]
    assert parse_ranges("10-1,x5", 10) == [(10, 6), (4, 1)]
    assert parse_ranges("2-6odd", 10) == [(3, 3), (5, 5)]


@pytest.mark.parametrize(("spec", "says"), [
    ("x3", "nothing before it"), ("1-3,x0", "out of range"), ("1-3~", "cannot read"), ("!", "cannot read"),
    ("1-3east", "rotate FILE --absolute --angle 90 --pages 1-3`"), ("2left", "rotate FILE --angle -90 --pages 2`"),
    ("1-endoddwest", "--absolute --angle 270 --pages 1-endodd`"), ("1-3,!1-3", "selects no pages"),
    ("endodd", "selects no pages"), ("r11~1", "out of range"), ("1-3~11", "out of range"),
    ("1-3oddeven", "cannot read"), ("1-3,xx2", "cannot read"),
])
def test_what_cannot_be_read_is_refused_with_what_to_do(spec: str, says: str) -> None:
    with pytest.raises(InvalidPageRange) as raised:
        parse_pages(spec, 10)
    assert says in str(raised.value) + (raised.value.hint or ""), raised.value


def test_commands_take_them(cli: Any, tmp_path: Path) -> None:
    ten = numbered(tmp_path / "ten.pdf", 10)
    done = cli("select", ten, "1-endodd~5", "-o", tmp_path / "sel.pdf")
    assert done.exit_code == 0, done
    assert page_numbers(tmp_path / "sel.pdf") == [1, 3, 7, 9]
    done = cli("delete", ten, "1-z,x2-9", "-o", tmp_path / "del.pdf")
    assert done.exit_code == 0, done
    assert page_numbers(tmp_path / "del.pdf") == list(range(2, 10))
    done = cli("merge", f"{ten}:odd,n1,nl", f"{ten}:~2-10", "-o", tmp_path / "merged.pdf")
    assert done.exit_code == 0, done
    assert page_numbers(tmp_path / "merged.pdf") == [3, 5, 7, 9, 1]
    done = cli("split", ten, "--ranges", "1-10~5", "-d", tmp_path / "parts", "--json")
    assert done.exit_code == 0, done
    assert sorted(p.name for p in (tmp_path / "parts").iterdir()) == ["ten-001-004.pdf", "ten-006-010.pdf"]
