"""How deeply a mediawiki document nests, for `nesting.check`: pandoc's mediawiki reader takes about twice as long
for each element, template, table, link or crossing mark open at once (16 unclosed `<ref>`s: 9 s; 20: over 30 s)."""

from __future__ import annotations

import re
from collections.abc import Set
from typing import Protocol


class Depth(Protocol):  # depth.Depth: the deepest point seen
    def see(self, levels: int, what: str, where: str | int) -> None: ...


_WIKI = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z]\w*)\b[^>]*?(/?)>|\[\[|\]\]|\{\{|\}\}|'{2,}|\]"
                   r"|\[(?=(?:https?|ftp|mailto|news|irc|//))", re.IGNORECASE)
WIKI_QUICK = frozenset({  # elements pandoc's mediawiki reader passes at once, open or not (measured)
    "b", "i", "s", "u", "small", "big", "span", "font", "center", "poem", "ins", "math", "var", "samp", "abbr",
    "cite", "q", "em", "strong", "div", "table", "caption"})


class Wiki:
    """What mediawiki opens, counted together: each makes pandoc's reader take about twice as long. Elements
    (but those it passes at once), `{{` templates and `{|` tables count until closed, across paragraphs; `[[`
    links, `[http...` links and `''`/`'''` marks until the paragraph ends (the marks: until a new block). Lists
    (`*#:;` leading a line) are blocks, under the whole limit."""

    def __init__(self, blocks: Depth, deepest: Depth, void: Set[str]) -> None:
        self.blocks, self.deepest, self.void = blocks, deepest, void  # void: HTML's elements without an end tag
        self.elements: list[str] = []
        self.templates = self.tables = 0
        self.paragraph()

    def paragraph(self) -> None:
        self.links = self.external = 0
        self.marks: list[str] = []

    def line(self, line: str, number: int) -> None:
        if not line.strip():
            self.paragraph()
            return
        if line[:1] in "*#:;=|!{":  # a new block: a list item, heading, table row...
            self.marks.clear()
            self.blocks.see(len(line) - len(line.lstrip("*#:;")), "lists", f"line {number}")
            if line.startswith(("{|", "|}")):
                self.tables = self.tables + 1 if line[1] == "|" else max(0, self.tables - 1)
                self._see(number)
        for token in _WIKI.finditer(line):
            self.read(token)
            self._see(number)

    def _see(self, number: int) -> None:
        open_ = len(self.elements) + self.templates + self.tables + self.links + self.external + len(self.marks)
        self.deepest.see(open_, "elements, templates, tables, links and '' ''' marks", f"line {number}")

    def read(self, token: re.Match[str]) -> None:
        word = token[0]
        if token[2]:
            self._element(token[2].lower(), bool(token[1]), bool(token[3]))
        elif word[0] == "'":
            self._marks(len(word))
        elif word in ("{{", "}}"):
            self.templates = self.templates + 1 if word == "{{" else max(0, self.templates - 1)
        elif word == "[[":
            self.links += 1
        elif word == "]]":
            self.links = max(0, self.links - 1)
        elif word == "[":
            self.external += 1
        elif word == "]":
            self.external = max(0, self.external - 1)

    def _element(self, name: str, closing: bool, empty: bool) -> None:
        if closing and name in self.elements:
            while self.elements.pop() != name:
                pass
        elif not closing and not empty and name not in self.void and name not in WIKI_QUICK:
            self.elements.append(name)

    def _marks(self, length: int) -> None:
        """`''` italic, `'''` bold, `'''''` both (more: the extra are apostrophes); each closes its own kind only
        when it is the last opened (marks crossing each other are what slows pandoc down)."""
        wanted = ["b", "i"] if length >= 5 else ["b"] if length >= 3 else ["i"]
        if sorted(self.marks[-len(wanted):]) == wanted:
            del self.marks[-len(wanted):]
        elif wanted == ["b"] and self.marks[-1:] == ["i"]:  # ''Kane'''s: an apostrophe closing the italic
            self.marks[-1] = "'"  # still a level for pandoc (24 in a paragraph: over 12 s; 12: 0.3 s)
        else:
            self.marks += wanted


def measure(text: str, blocks: Depth, deepest: Depth, void: Set[str]) -> None:
    """The lists' depth into `blocks`, what is open at once at the most into `deepest` (see `Wiki`)."""
    wiki = Wiki(blocks, deepest, void)
    for number, line in enumerate(text.splitlines(), 1):
        wiki.line(line, number)
