"""How deeply a markdown document nests, for `nesting.check`: block quotes and list levels on a line, `<div>`s;
in pandoc's `markdown`, brackets and `<span>`s open at once in one paragraph (code spans and fenced code skipped;
those never closed stop counting at a plain `;`, see `_Brackets`)."""

from __future__ import annotations

import re
from collections import deque

from pdftools.convert.depth import Depth

_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")
_PREFIX = re.compile(r"(?:>[ \t]*|(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$))*")
_MARKER = re.compile(r">|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)")
_INLINE = re.compile(r"\\.|`+|!?\[|\]|<(/?)(span|div)\b[^>]*>|;", re.IGNORECASE)
_MARK = re.compile(r"[^\w\s.,:!?/#%+-]|_")  # what may begin something that holds a `;` (emphasis, a link, HTML...)


def markdown(text: str, pandoc_markdown: bool) -> tuple[Depth, Depth]:
    """Blocks: `>` and list markers leading a line, list levels by indentation, `<div>`s. Inline (pandoc's
    markdown): brackets and `<span>`s open at once within one paragraph."""
    depth = Depth()
    indents: list[int] = []
    fence = ""
    divs = 0
    brackets = _Brackets()
    blank = code_block = True  # after a blank line (or at the start), a line indented 4 starts a code block
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" \t")
        indent = len(line) - len(stripped) + 3 * line[:len(line) - len(stripped)].count("\t")
        if fence:
            fence = "" if stripped.startswith(fence) else fence
            continue
        if opened := _FENCE.match(line):
            fence = opened[1]
            continue
        if not stripped:
            if not blank:
                brackets.paragraph()
            blank = True
            continue
        code_block = indent >= 4 and not indents and (blank or code_block)
        blank = False
        if code_block:
            continue
        markers = _PREFIX.match(stripped)[0]  # type: ignore[index]
        count = len(_MARKER.findall(markers))
        if markers and not markers.startswith(">"):
            while indents and indents[-1] >= indent:
                indents.pop()
            indents.append(indent)
            levels = len(indents) + count - 1
        elif indent == 0:
            indents.clear()
            levels = count
        else:
            levels = len(indents) + count
        depth.see(levels, "block quotes and lists", f"line {number}")
        code, end = _code_spans(line) if "`" in line else [], 0
        for token in _INLINE.finditer(line):
            if brackets.clean:
                brackets.between(line, end, token.start())
            word, end = token[0], token.end()
            while code and code[-1][1] <= token.start():
                code.pop()
            if code and code[-1][0] <= token.start() or word[0] in "`\\":
                brackets.clean = False
            elif token[2] and token[2].lower() == "div":
                divs = max(0, divs - 1) if token[1] else divs + 1
                depth.see(divs, "<div>s", f"line {number}")
            elif pandoc_markdown:
                brackets.read(word, token[1] if token[2] else None, number)
        if brackets.clean:
            brackets.between(line, end, len(line))
    return depth, brackets.deepest


_TICKS = re.compile(r"(\\*)(`+)")


def _code_spans(line: str) -> list[tuple[int, int]]:
    """Where the line's code spans are, last first: from a run of backticks to the next run as long (one that
    closes none is text, and so is a backtick escaped outside code). A span running on into the next line is not
    found: the brackets in it count, as if pandoc read them."""
    runs = [(m.start(2), m.end(2), len(m[1]) % 2) for m in _TICKS.finditer(line)]  # odd backslashes: escaped
    closing: dict[int, deque[int]] = {}
    for i, (start, end, _) in enumerate(runs):
        closing.setdefault(end - start, deque()).append(i)
    spans, i = [], 0
    while i < len(runs):
        start, end, escaped = runs[i]
        ahead = closing.get(end - start - escaped, deque())
        while ahead and ahead[0] <= i:
            ahead.popleft()
        if end - start - escaped and ahead:
            spans.append((start + escaped, runs[ahead[0]][1]))
            i = ahead[0]
        i += 1
    return spans[::-1]


class _Brackets:
    """Brackets and `<span>`s open at once in one paragraph of pandoc's markdown. From each `[` left open, pandoc
    tries a citation whose text runs on to the paragraph's end, trying one from each `[` within: three times the
    work for each. A `;` that such a try reads as plain text ends it (`^[[0;1;36m`), so the brackets open before
    it stop counting, when it is sure that none of them closes later (told when one does: the `;` is taken back,
    and what it hid is counted) and that nothing opened after the first of them (emphasis, quotes, math, code, a
    link, HTML, an escape or entity: any mark but `.,:!?/#%+-`, and a `]`) may hold the `;`."""

    def __init__(self) -> None:
        self.deepest = Depth()
        self.paragraph()

    def paragraph(self) -> None:
        self.open = self.spans = 0
        self.clean = False  # nothing but plain text since the first bracket that still counts was opened
        self.cuts: deque[list[int]] = deque(maxlen=64)  # [brackets open at a `;`, most open at once since]

    @property
    def base(self) -> int:
        """The brackets that no longer count: those open at the last `;` that ended them."""
        return self.cuts[-1][0] if self.cuts else 0

    def between(self, line: str, start: int, end: int) -> None:
        """The text between two tokens: a mark in it, after the first bracket that counts, may hold a `;`."""
        if self.clean and self.open > self.base and _MARK.search(line, start, end):
            self.clean = False

    def read(self, word: str, span: str | None, line: int) -> None:
        """One token: `[`, `]`, `;`, or a `<span>` (`span`: "" opening, "/" closing)."""
        if word == ";":
            if self.clean and self.open > self.base:
                self.cuts.append([self.open, self.open + self.spans])
            return
        if word[-1] == "[":
            self.clean = self.clean or self.open == self.base  # the first bracket that counts starts clean
            self.open += 1
        elif word == "]":
            self.clean = False
            self.open = max(0, self.open - 1)
            while self.cuts and self.cuts[-1][0] > self.open:  # a bracket open at that `;` closes: it did not end
                hidden = self.cuts.pop()[1]
                if self.cuts:
                    self.cuts[-1][1] = max(self.cuts[-1][1], hidden)
                self._see(hidden - self.base, line)
        else:
            self.clean = False
            self.spans = max(0, self.spans - 1) if span else self.spans + 1
        if self.cuts:
            self.cuts[-1][1] = max(self.cuts[-1][1], self.open + self.spans)
        self._see(self.open + self.spans - self.base, line)

    def _see(self, levels: int, line: int) -> None:
        self.deepest.see(levels, "brackets and spans", f"line {line}")
