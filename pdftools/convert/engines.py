"""PDF output: pandoc writes HTML (for weasyprint) or typst markup (for typst), and the engine makes the PDF in a
child process that reads nothing but what it is given, so a cancel or the deadline kills it.

- weasyprint (the default): self-contained HTML (images inside, as data: URIs) on stdin, run with
  `--allowed-protocols data`: no file and no URL is fetched, whatever the HTML names (images, stylesheets,
  fonts, attachments). Its text goes through Pango/HarfBuzz with fontconfig's fallback fonts (Arabic, CJK).
- typst (`pip install typst`): the typst package in a child Python, with a private root folder holding the markup
  and the images; typst reads nothing outside its root, and raw typst (which could fetch packages) is dropped.
  typst stops at a reference to a label its document lacks, where HTML shows text or a dangling link: citations
  (pandoc's markdown reads any `@name` as one) become the text they were written as, and links to an anchor typst
  has no label for (a misspelt one, a code block's id) their text, with a warning.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from typing import Any
from urllib.parse import unquote

from pdftools import engines
from pdftools.convert import fonts, media, pandoc
from pdftools.engines import typst as typst_engine
from pdftools.engines import weasyprint as weasyprint_engine
from pdftools.errors import DependencyMissing, ExternalToolFailed, InputTooLarge

ENGINES = ("weasyprint", "typst")
INSTALL = {"weasyprint": weasyprint_engine.INSTALL, "typst": typst_engine.INSTALL}
TYPST = """\
import sys
import typst
try:
    pdf = typst.compile(sys.argv[1], root=sys.argv[2], package_path=sys.argv[2], package_cache_path=sys.argv[2])
except Exception as exc:
    sys.exit(f"typst: {exc}".replace("\\n", " "))
sys.stdout.buffer.write(pdf)
"""


weasyprint = weasyprint_engine.program


def versions() -> dict[str, str | None]:
    """Each engine's version, or None when it is not installed (for doctor)."""
    return {"weasyprint": weasyprint_engine.version(), "typst": typst_engine.version()}


def choose(wanted: str | None) -> str:
    """The engine to use: `wanted` if installed, else the first installed one; DEPENDENCY_MISSING otherwise."""
    for engine in [wanted] if wanted else ENGINES:
        try:
            _check(engine)
            return engine
        except DependencyMissing:
            if wanted:
                raise
    raise DependencyMissing("no PDF engine is installed (pdftools uses weasyprint or typst)",
                            hint=f"Install one: {INSTALL['weasyprint']}, or {INSTALL['typst']}.")


def _check(engine: str) -> None:
    if engine == "weasyprint":
        weasyprint()
    elif not typst_engine.installed():
        raise DependencyMissing("the typst PDF engine is not installed", hint=f"Install it: {INSTALL['typst']}.")


def render(engine: str, doc: pandoc.Document, html_args: Sequence[str] = ()) -> bytes:
    """The document as PDF bytes, made by `engine` (`html_args`: pandoc's options for weasyprint's HTML)."""
    if engine == "weasyprint":
        html = doc.convert("html5", ["--standalone", "--embed-resources", *html_args])
        doc.warnings += fonts.missing(html.decode("utf-8", errors="replace"))
        try:
            return engines.run([weasyprint(), "--allowed-protocols", "data", "--quiet", "-", "-"], stdin=html,
                               timeout=pandoc.time_left())
        except ExternalToolFailed as exc:
            if "--allowed-protocols" in exc.message:  # older than 67: it could not be kept from fetching
                raise DependencyMissing(f"{weasyprint()} is too old to be confined (--allowed-protocols)",
                                        hint=f"Install a newer one: {INSTALL['weasyprint']}.") from None
            if "RecursionError" in exc.message:  # its layout recurses per level: ~130 nested blocks
                raise _too_deep("weasyprint", doc.label, "Python's recursion limit", "typst") from None
            raise
    root = doc.work / "typst"
    root.mkdir()
    ast, unlinked = _for_typst(media.embed(doc.ast(extract_media=root / "media"), doc.resolver, into=root))
    doc.warnings += [f"link to {target} written as text: typst has no anchor of that name in the document"
                     for target in unlinked]
    markup = doc.write(ast, "typst", ["--standalone"])
    doc.warnings += fonts.missing(markup.decode("utf-8", errors="replace"))
    (root / "document.typ").write_bytes(markup)
    try:
        return engines.run([sys.executable, "-c", TYPST, str(root / "document.typ"), str(root)],
                           timeout=pandoc.time_left())
    except ExternalToolFailed as exc:  # (typst runs in a child Python: name typst, not python)
        said = re.sub(r"^.*? failed \(exit \d+\): (typst: )?", "", exc.message)
        if re.search(r"maximum [\w ]+ depth exceeded", said):  # show rules, parsing, layout: ~100 nested quotes
            raise _too_deep("typst", doc.label, said, "weasyprint") from None
        raise ExternalToolFailed(f"typst could not make the PDF: {said}") from None



def _too_deep(engine: str, label: str, said: str, other: str) -> InputTooLarge:
    return InputTooLarge(f"{label} nests too deep for {engine} to lay it out ({said})",
                         hint=f"Nest it less deep (block quotes, lists, HTML elements), or make the PDF with {other} "
                              f"({{{{cli:--pdf-engine {other}}}}}{{{{mcp:pdf_engine {other}}}}}), or another output "
                              f"format (html, docx).")


LABELLED = {"Header": 1, "Div": 0, "Span": 0, "Table": 0, "Figure": 0}  # where pandoc's typst writer finds the id


def _for_typst(ast: bytes) -> tuple[bytes, list[str]]:
    """The AST with what typst would stop at made text: citations, and links to `#id`s pandoc's typst writer
    gives no label (it labels headings, divs, spans, tables and figures); and the targets of those links."""
    tree = json.loads(ast)
    ids = {node["c"][LABELLED[node["t"]]][0] for node in media.elements(tree) if node["t"] in LABELLED}
    ids.discard("")
    unlinked: list[str] = []

    def text(node: Any) -> Any:
        if isinstance(node, list):
            return [text(item) for item in node]
        if not isinstance(node, dict):
            return node
        kind = node.get("t")
        if kind == "Cite":
            node = {"t": "Span", "c": [["", ["citation"], []], node["c"][1]]}
        elif kind == "Link" and node["c"][2][0].startswith("#") and \
                not {node["c"][2][0][1:], unquote(node["c"][2][0][1:])} & ids:
            unlinked.extend([node["c"][2][0]] if node["c"][2][0] not in unlinked else [])
            node = {"t": "Span", "c": [["", [], []], node["c"][1]]}
        return {key: text(value) for key, value in node.items()}

    return json.dumps(text(tree), ensure_ascii=False).encode(), unlinked
