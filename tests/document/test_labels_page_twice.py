"""A label scheme that starts two ranges on one page (`1:i,1:1`) is refused naming the page; the first range
was dropped in silence."""

from __future__ import annotations

import pytest

from pdftools.document.labels import parse_scheme
from pdftools.errors import InvalidArgument


@pytest.mark.parametrize(("spec", "page"), [("1:i,1:1", "1"), ("3:A-1,2:i,3:1", "3")])
def test_a_page_that_starts_two_ranges(spec: str, page: str) -> None:
    with pytest.raises(InvalidArgument, match=f"page {page} starts two ranges"):
        parse_scheme(spec, 4)


def test_distinct_first_pages_still_read() -> None:
    assert [r.first_page for r in parse_scheme("3:A-1,1:i", 4)] == [1, 3]
