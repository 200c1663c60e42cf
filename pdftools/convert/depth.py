"""The deepest point a measure of a document's nesting found: how deep, of what, and where."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Depth:
    """The deepest point found: how deep, of what, and where (a line, or a part of a zip)."""

    levels: int = 0
    what: str = ""
    where: str | int = ""  # an offset into the text until `lined` makes it a line

    def see(self, levels: int, what: str, where: str | int) -> None:
        if levels > self.levels:
            self.levels, self.what, self.where = levels, what, where


def lined(depth: Depth, text: str) -> Depth:
    if isinstance(depth.where, int):
        depth.where = f"line {text.count(chr(10), 0, depth.where) + 1}"
    return depth
