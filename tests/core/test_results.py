"""Results as the front ends show them (pdftools/core/results.py)."""

from __future__ import annotations

from dataclasses import dataclass

from pdftools.core.results import map_strings


@dataclass
class _Shown:
    path: str
    shown_as = "plain"  # how a front end prints it: not a field of the data


def test_map_strings_keeps_what_is_not_a_field() -> None:
    value = _Shown(path="/tmp/stdin.pdf")
    value.shown_as = "count"
    changed = map_strings(value, lambda text: "-" if text == "/tmp/stdin.pdf" else text)
    assert changed.path == "-" and changed.shown_as == "count"
