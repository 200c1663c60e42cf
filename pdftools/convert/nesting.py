"""How deeply a document to convert nests, measured in one linear pass before pandoc runs.

pandoc's readers take time that grows fast with nesting, and some never finish: its markdown reader takes about
three times as long for each level of brackets or `<span>`s in one paragraph (10 levels: ~6 s, 12: over a minute),
5,000 `>` take seconds, a list indented 2,000 levels or LaTeX with 5,000 unclosed `{` do not end. A document
nested deeper than PDFTOOLS_MAX_NESTING (default 100; markdown's brackets and spans: a tenth of it) is refused
with INPUT_TOO_LARGE before pandoc sees it. What is measured, by format:

- markdown (all flavours): block quotes and list levels on a line, and `<div>`s; pandoc's `markdown` also
  brackets (`[`, `![`) and `<span>`s open at once in one paragraph (code spans and fenced code skipped; those
  never closed stop counting at a plain `;`, see markdown_nesting.py);
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
from pathlib import Path
from typing import IO

from pdftools.convert.depth import Depth, lined
from pdftools.convert.markdown_nesting import markdown
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
        kind, markdown if kind in MARKDOWNS else None)
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
    return lined(depth, text), Depth()


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
    return lined(depth, text), Depth()


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
