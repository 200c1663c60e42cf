"""How deeply a document to convert nests, measured in one linear pass before pandoc runs.

pandoc's readers take time that grows fast with nesting, and some never finish: its markdown reader takes about
three times as long for each level of brackets or `<span>`s in one paragraph (10 levels: ~6 s, 12: over a minute),
5,000 `>` take seconds, a list indented 2,000 levels or LaTeX with 5,000 unclosed `{` do not end. A document
nested deeper than PDFTOOLS_MAX_NESTING (default 100; markdown's brackets and spans: a tenth of it) is refused
with INPUT_TOO_LARGE before pandoc sees it. What is measured, by format:

- markdown (all flavours): block quotes and list levels on a line, and `<div>`s; pandoc's `markdown` also
  brackets (`[`, `![`) and `<span>`s open at once in one paragraph (code spans and fenced code skipped; those
  never closed stop counting at a plain `;`, see `_Brackets`);
- html: open elements (void elements and those whose end tag may be left out, `<p>`, `<li>`..., not counted);
- latex: `{` groups and `\\begin` environments; org: `#+begin_` blocks;
- mediawiki (wiki_nesting.py): lists; elements, templates, tables, links and crossing `''`/`'''` marks open at once (a
  tenth);
- docx, odt, epub: the XML depth of each part, read as a stream; docbook, jats, opml, fb2...: the document's.

rst is not measured: its reader slows with depth times size, not exponentially (a list 400 levels deep, 160 kB:
13 s, where a flat document of that size takes 5 s), and its inline markup (5,000 `*`, `` ` ``, roles) is linear.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from pdftools.core.limits import Limit
from pdftools.errors import InputTooLarge

NESTING = Limit("PDFTOOLS_MAX_NESTING", 100, InputTooLarge, "levels", "100 or 500")
INLINE_SHARE = 10  # markdown's brackets and spans may nest a tenth as deep as blocks
MARKDOWNS = ("markdown", "gfm", "commonmark", "commonmark_x", "markdown_strict", "markdown_mmd",
             "markdown_phpextra", "markdown_github")
XML_TEXT = frozenset({"docbook", "jats", "bits", "opml", "fb2", "endnotexml", "xml"})  # readers of XML documents
XML_PARTS = (".xml", ".xhtml", ".html", ".htm", ".opf", ".ncx")
VOID = frozenset({  # elements without an end tag, or whose end tag may be left out: they are not counted
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    "basefont", "frame", "keygen", "p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot", "option",
    "optgroup", "colgroup", "caption", "rb", "rt", "rp"})


@dataclass
class Depth:
    """The deepest point found: how deep, of what, and where (a line, or a part of a zip)."""

    levels: int = 0
    what: str = ""
    where: str | int = ""  # an offset into the text until `_lined` makes it a line

    def see(self, levels: int, what: str, where: str | int) -> None:
        if levels > self.levels:
            self.levels, self.what, self.where = levels, what, where


def check(source: Path | None, text: bytes | None, fmt: str, label: str) -> None:
    """INPUT_TOO_LARGE when the document (a file, or `text`) nests deeper than pandoc can read in reasonable time."""
    limit = NESTING.value()
    if limit is None:
        return
    kind = re.split(r"[+-]", fmt, maxsplit=1)[0]
    if kind in ("docx", "odt", "epub"):
        if source is not None:
            _refuse(_xml_depth(source, int(limit)), limit, label)
        return
    if kind in XML_TEXT:
        with source.open("rb") if source is not None else io.BytesIO(text or b"") as stream:
            depth = Depth()
            _xml_stream(stream, label, depth, int(limit))
        _refuse(depth, limit, label)
        return
    measure = {"html": _html, "latex": _latex, "org": _org, "mediawiki": _mediawiki}.get(
        kind, _markdown if kind in MARKDOWNS else None)
    if measure is None:
        return
    data = (text if text is not None else source.read_bytes() if source else b"").decode("utf-8", "replace")
    depth, inline = measure(data, kind == "markdown")
    _refuse(depth, limit, label)
    brackets = max(1, limit // INLINE_SHARE)
    if inline.levels > brackets and kind == "mediawiki":
        raise InputTooLarge(
            f"{label} has {inline.levels} {inline.what} open at once ({inline.where}): pandoc's mediawiki reader "
            f"takes about twice as long for each; the limit is {brackets:g} (a tenth of PDFTOOLS_MAX_NESTING, "
            f"{limit:g})",
            hint="Close them (`</ref>`, `]]`, `]`, `}}`, `|}`, `''`, `\'\'\'`); if you trust the document, raise "
                 "PDFTOOLS_MAX_NESTING (0: no limit).")
    if inline.levels > brackets:
        raise InputTooLarge(
            f"{label} has {inline.levels} {inline.what} open at once in one paragraph ({inline.where}): pandoc's "
            f"markdown reader takes about three times as long for each; the limit is {brackets:g} (a tenth of "
            f"PDFTOOLS_MAX_NESTING, {limit:g})",
            hint="Close the brackets, or escape them (`\\[`); if you trust the document, raise PDFTOOLS_MAX_NESTING "
                 "(0: no limit), or read it as commonmark or gfm ({{from_format}}), whose readers do not slow down "
                 "so.")


def _refuse(depth: Depth, limit: float, label: str) -> None:
    if depth.levels > limit:
        raise InputTooLarge(
            f"{label} nests {depth.what} {depth.levels} levels deep ({depth.where}); the limit is {limit:g} "
            f"(PDFTOOLS_MAX_NESTING)",
            hint=f"Nesting this deep makes pandoc's reader very slow or overflow its stack; if you trust the "
                 f"document, raise PDFTOOLS_MAX_NESTING (now {limit:g}; 0: no limit).")


_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")
_PREFIX = re.compile(r"(?:>[ \t]*|(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$))*")
_MARKER = re.compile(r">|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)")
_INLINE = re.compile(r"\\.|`+|!?\[|\]|<(/?)(span|div)\b[^>]*>|;", re.IGNORECASE)
_MARK = re.compile(r"[^\w\s.,:!?/#%+-]|_")  # what may begin something that holds a `;` (emphasis, a link, HTML...)


def _markdown(text: str, pandoc_markdown: bool) -> tuple[Depth, Depth]:
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


_TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][\w:.-]*)(?:\s[^>]*)?>", re.DOTALL)


def _html(text: str, _: bool) -> tuple[Depth, Depth]:
    """Open elements; an end tag closes its element and those opened inside it that were left open."""
    depth = Depth()
    stack: list[str] = []
    opened: dict[str, int] = {}
    for tag in _TAG.finditer(text):
        if tag[2] is None:
            continue
        name = tag[2].lower()
        if tag[1]:
            if opened.get(name):
                while stack:
                    top = stack.pop()
                    opened[top] -= 1
                    if top == name:
                        break
        elif name not in VOID and not tag[0].endswith("/>"):
            stack.append(name)
            opened[name] = opened.get(name, 0) + 1
            if len(stack) > depth.levels:
                depth.see(len(stack), "elements", tag.start())
    return _lined(depth, text), Depth()


_TEX = re.compile(r"\\begin\s*\{|\\end\s*\{|\\.|%[^\n]*|[{}]", re.DOTALL)


def _latex(text: str, _: bool) -> tuple[Depth, Depth]:
    depth = Depth()
    braces = environments = 0
    for token in _TEX.finditer(text):
        word = token[0]
        if word.startswith(("\\begin", "\\end")):
            environments = environments + 1 if word.startswith("\\begin") else max(0, environments - 1)
            braces += 1
        elif word in "{}":
            braces = braces + 1 if word == "{" else max(0, braces - 1)
        else:
            continue
        if braces + environments > depth.levels:
            depth.see(braces + environments, "groups and environments", token.start())
    return _lined(depth, text), Depth()


def _org(text: str, _: bool) -> tuple[Depth, Depth]:
    depth = Depth()
    blocks = 0
    for number, line in enumerate(text.splitlines(), 1):
        word = line.lstrip()[:8].lower()
        if word.startswith("#+begin_"):
            blocks += 1
            depth.see(blocks, "#+begin_ blocks", f"line {number}")
        elif word.startswith("#+end_"):
            blocks = max(0, blocks - 1)
    return depth, Depth()


def _mediawiki(text: str, _: bool) -> tuple[Depth, Depth]:
    from pdftools.convert import wiki_nesting  # only for mediawiki

    blocks, deepest = Depth(), Depth()
    wiki_nesting.measure(text, blocks, deepest, VOID)
    return blocks, deepest


def _lined(depth: Depth, text: str) -> Depth:
    if isinstance(depth.where, int):
        depth.where = f"line {text.count(chr(10), 0, depth.where) + 1}"
    return depth


class _Deep(Exception):
    pass


def _xml_depth(path: Path, limit: int) -> Depth:
    """The deepest XML element of the container's parts, read as a stream; it stops past `limit`. A part that is
    no XML is left to pandoc, which says so."""
    depth = Depth()
    try:
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                if info.filename.lower().endswith(XML_PARTS):
                    _xml_part(z, info, depth, limit)
                    if depth.levels > limit:
                        break
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, RuntimeError):
        pass
    return depth


def _xml_part(z: zipfile.ZipFile, info: zipfile.ZipInfo, depth: Depth, limit: int) -> None:
    try:
        with z.open(info) as stream:
            _xml_stream(stream, info.filename, depth, limit)
    except (zipfile.BadZipFile, OSError, EOFError):
        pass


def _xml_stream(stream: IO[bytes], name: str, depth: Depth, limit: int) -> None:
    """The deepest element of one XML document read from `stream` into `depth`; it stops past `limit`, or at
    what is no XML (pandoc says what)."""
    from xml.parsers import expat  # only for XML

    level = 0

    def start(*_: object) -> None:
        nonlocal level
        level += 1
        if level > depth.levels:
            depth.see(level, "XML elements", name)
            if level > limit:
                raise _Deep

    def end(*_: object) -> None:
        nonlocal level
        level -= 1

    parser = expat.ParserCreate()
    parser.StartElementHandler, parser.EndElementHandler = start, end
    try:
        while chunk := stream.read(1 << 16):
            parser.Parse(chunk, False)
    except (_Deep, expat.ExpatError):
        pass
