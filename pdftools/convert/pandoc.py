"""pandoc, run safely: always `--sandbox` (its readers and writers open no file but the input), formats checked
against fixed lists (no pandoc process is spent listing them), images handed over by pdftools after the path
policy allowed them (core.pandoc_media), and failures mapped to the error tree.

Which pandoc: $PDFTOOLS_PANDOC (a path, or a name looked up on PATH), else the one the pypandoc-binary wheel
ships (pandoc 3, data files built in), else `pandoc` on PATH. A pandoc that keeps its data files on disk
(Debian 12's 2.17) cannot write docx, odt, epub or pptx under --sandbox (jgm/pandoc#8128): that is reported as
DEPENDENCY_MISSING with the fix.
"""

from __future__ import annotations

import difflib
import json
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pdftools import engines
from pdftools.convert import media
from pdftools.core import task
from pdftools.engines.pandoc import INSTALL, program
from pdftools.errors import (
    DependencyMissing,
    ExternalToolFailed,
    PdftoolsError,
    UnknownFormat,
    WrongFormat,
)

# pandoc 3.9's --list-input-formats and --list-output-formats, fixed here so that no call pays for listing them.
READERS = (
    "asciidoc", "biblatex", "bibtex", "bits", "commonmark", "commonmark_x", "creole", "csljson", "csv", "djot",
    "docbook", "docx", "dokuwiki", "endnotexml", "epub", "fb2", "gfm", "haddock", "html", "ipynb", "jats", "jira",
    "json", "latex", "man", "markdown", "markdown_github", "markdown_mmd", "markdown_phpextra", "markdown_strict",
    "mdoc", "mediawiki", "muse", "native", "odt", "opml", "org", "pod", "pptx", "ris", "rst", "rtf", "t2t",
    "textile", "tikiwiki", "tsv", "twiki", "typst", "vimwiki", "xlsx", "xml",
)
WRITERS = (
    "ansi", "asciidoc", "asciidoc_legacy", "asciidoctor", "bbcode", "beamer", "biblatex", "bibtex", "chunkedhtml",
    "commonmark", "commonmark_x", "context", "csljson", "djot", "docbook", "docbook4", "docbook5", "docx",
    "dokuwiki", "dzslides", "epub", "epub2", "epub3", "fb2", "gfm", "haddock", "html", "html4", "html5", "icml",
    "ipynb", "jats", "jira", "json", "latex", "man", "markdown", "markdown_github", "markdown_mmd",
    "markdown_phpextra", "markdown_strict", "markua", "mediawiki", "ms", "muse", "native", "odt", "opendocument",
    "opml", "org", "pdf", "plain", "pptx", "revealjs", "rst", "rtf", "s5", "slideous", "slidy", "tei", "texinfo",
    "textile", "typst", "vimdoc", "xml", "xwiki", "zimwiki",
)
BINARY = frozenset({"docx", "odt", "epub", "epub2", "epub3", "pptx", "pdf", "chunkedhtml"})
BINARY_READERS = frozenset({"docx", "odt", "epub", "pptx", "xlsx", "pdf"})
CONTAINERS = frozenset({"docx", "odt", "epub", "pptx"})  # readers whose images are inside the input
HTML = frozenset({"html", "html4", "html5"})  # writers that can hold those images (data: URIs)
ALIASES = {"md": "markdown", "htm": "html", "xhtml": "html", "tex": "latex", "txt": "plain", "text": "plain",
           "adoc": "asciidoc", "typ": "typst", "wiki": "mediawiki", "dbk": "docbook", "ltx": "latex"}
EXTENSIONS = {".markdown": "markdown", ".mkd": "markdown", ".html": "html", ".rtf": "rtf", ".org": "org",
              ".rst": "rst", ".docx": "docx", ".odt": "odt", ".epub": "epub", ".pptx": "pptx", ".pdf": "pdf",
              ".ipynb": "ipynb", ".json": "json", ".csv": "csv", ".tsv": "tsv", ".xlsx": "xlsx", ".fb2": "fb2",
              ".textile": "textile", ".opml": "opml", ".bib": "biblatex", ".djot": "djot"}


def check_format(name: str, kind: str) -> str:
    """`name` (`gfm+emoji` keeps its extensions) as pandoc spells it, or UNKNOWN_FORMAT naming close matches.
    `kind` is "input" (pandoc's readers, and pdf: pdftools reads PDFs itself) or "output"."""
    known = [*READERS, "pdf"] if kind == "input" else WRITERS
    base, rest = re.match(r"([^+-]*)(.*)", name.strip().lower()).groups()  # type: ignore[union-attr]
    base = "markdown" if kind == "input" and base in ("txt", "text", "plain") else ALIASES.get(base, base)
    if base in known:
        return base + rest
    close = difflib.get_close_matches(base, known, n=4, cutoff=0.6)
    maybe = f"; did you mean {', '.join(close)}?" if close else ""
    raise UnknownFormat(f"unknown {kind} format {name!r}{maybe}", hint=f"{kind.capitalize()} formats: "
                        f"{', '.join(known)}.")


def format_of(path: str | None, kind: str) -> str | None:
    """The format a file name implies (`.md` is markdown; `.txt` is markdown in, plain text out), or None."""
    suffix = Path(path or "").suffix.lower()
    if not suffix or path == "-":
        return None
    name = EXTENSIONS.get(suffix, suffix[1:])
    return check_format(name, kind) if name in (*ALIASES, *READERS, *WRITERS) else None


def sniff(path: Path) -> str | None:
    """The format a file's content shows, for names that say nothing (stdin, uploads): PDF, or the zip
    containers pandoc reads (docx, odt, epub, pptx, xlsx)."""
    with path.open("rb") as fh:
        head = fh.read(8)
    if head.startswith(b"%PDF-"):
        return "pdf"
    if not head.startswith(b"PK"):
        return None
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            mimetype = z.read("mimetype").decode(errors="replace") if "mimetype" in names else ""
    except (zipfile.BadZipFile, OSError, KeyError):
        return None
    if mimetype in ("application/epub+zip", "application/vnd.oasis.opendocument.text"):
        return "epub" if "epub" in mimetype else "odt"
    parts = {name.split("/", 1)[0] for name in names}
    return next((fmt for folder, fmt in (("word", "docx"), ("ppt", "pptx"), ("xl", "xlsx")) if folder in parts),
                None)


def base(fmt: str) -> str:
    return re.split(r"[+-]", fmt, maxsplit=1)[0]


def embedding(src: str, dst: str, wanted: bool = False) -> list[str]:
    """pandoc's options that put images inside an HTML `dst` output (data: URIs, as the PDF route does): when
    `wanted`, and always for the images inside a docx, odt, epub or pptx input, which exist nowhere else. Binary
    outputs carry images by themselves; other text formats cannot."""
    return ["--embed-resources"] if base(dst) in HTML and (wanted or base(src) in CONTAINERS) else []


def a_or_an(fmt: str) -> str:
    return f"{'an' if fmt[0] in 'aeiox' else 'a'} {fmt}"  # an xlsx (said "ex...")


def run(args: Sequence[str], work: Path, *, stdin: bytes | None, label: str) -> tuple[bytes, list[dict[str, Any]]]:
    """pandoc in its sandbox; its stdout and its log (pandoc's messages as JSON: `--log`)."""
    log = work / "pandoc-log.json"
    log.unlink(missing_ok=True)
    try:
        out = engines.run([program(), "--sandbox", "--quiet", f"--log={log}", *args], stdin=stdin,
                          timeout=time_left())
    except ExternalToolFailed as exc:
        raise _mapped(exc, label, args) from None
    messages = json.loads(log.read_text(encoding="utf-8")) if log.exists() else []
    return out, messages


def time_left() -> float:
    """Seconds a child may run: what the task has left (its deadline kills the child), else a day."""
    return task.current().remaining() or 24 * 3600


PARSE_ERRORS = (44, 64, 65, 93)  # pandoc's exit codes for invalid XML, a parse error (parsec's), bad ipynb JSON


def _mapped(failed: ExternalToolFailed, label: str, args: Sequence[str]) -> PdftoolsError:
    """pandoc's failure (its message quotes its last stderr line, its output is all of it) as the error a person
    or an agent can act on. A parse error is WRONG_FORMAT with pandoc's whole message: where it stopped, what it
    expected, the line with a caret."""
    said = re.sub(r"^.*? failed \(exit \d+\): ", "", failed.message)
    source = args[args.index("-f") + 1] if "-f" in args else "?"
    if any(words in said for words in ("couldn't unpack", "not enough bytes", "couldn't parse", "Could not unzip",
                                       "No entry on path", "Failed to unpack", "Failed to parse XLSX",
                                       "Failed to parse PPTX")):
        return WrongFormat(f"{label} is not {a_or_an(base(source))} file: {said}")
    if "UTF-8" in said:
        return WrongFormat(f"{label} is not UTF-8 text, so not {base(source)}: is it a binary document? ({said})")
    if "Could not find data file" in said:
        return DependencyMissing(f"this pandoc ({program()}) keeps its data files on disk, where --sandbox "
                                 f"cannot read them ({said})", hint=f"Use a pandoc with its data built in: {INSTALL}.")
    if failed.returncode in PARSE_ERRORS:
        whole = "\n".join(line.rstrip() for line in (failed.output or said).strip().splitlines() if line.strip())
        return WrongFormat(f"{label} is not valid {base(source)}; pandoc says:", detail=whole,
                           hint="pandoc's message says where its reader stopped (line, column); correct the "
                                "document there, or give its real format ({{from_format}}).")
    return ExternalToolFailed(f"pandoc could not convert {label}: {said}")


@dataclass
class Document:
    """One input for pandoc (a file, or text on stdin) with its options; `convert` may be called per output."""

    source: Path | None
    text: bytes | None
    from_format: str
    label: str
    work: Path
    more: list[Path]  # documents joined after `source`, as pandoc joins its inputs
    resolver: media.Resolver
    reader_args: list[str] = field(default_factory=list)  # lua filters
    writer_args: list[str] = field(default_factory=list)  # -s, --toc, -M, --template, --reference-doc
    warnings: list[str] = field(default_factory=list)

    def convert(self, to: str, extra: Sequence[str] = ()) -> bytes:
        """One pandoc run; when the writer wanted images the sandbox kept from it and pdftools may hand over,
        a second pass through the AST puts them inside the document (data: URIs). A container's dates and a docx's
        picture descriptions are put right (`containers`)."""
        if base(to) == "pptx":  # its writer stops at an image it cannot read, and under the sandbox it reads none
            out = self.write(media.embed(self.ast(), self.resolver, described=True), to, extra)
            return self._finished(out, to)
        out, log = self._run(["-f", self.from_format, *self.reader_args, "-t", to, *self.writer_args, *extra],
                             self.text, source=True)
        wanted = [m["path"] for m in log if m.get("type") == "CouldNotFetchResource"]
        if any(self.resolver.resolve(path) for path in wanted):
            out = self.write(media.embed(self.ast(), self.resolver), to, extra)
        else:
            self._note(log)
        return self._finished(out, to)

    def _finished(self, out: bytes, to: str) -> bytes:
        if base(to) not in BINARY - {"pdf", "chunkedhtml"}:
            return out
        from pdftools.convert import containers  # only for docx, odt, epub, pptx

        return containers.finish(out, base(to), self.resolver)

    def ast(self, extract_media: Path | None = None) -> bytes:
        """The document as pandoc's JSON AST (media of docx/odt/epub inputs written to `extract_media`)."""
        more = [f"--extract-media={extract_media}"] if extract_media else []
        out, log = self._run(["-f", self.from_format, *self.reader_args, "-t", "json", *more], self.text,
                             source=True)
        self._note(log)
        return out

    def write(self, ast: bytes, to: str, extra: Sequence[str] = ()) -> bytes:
        """The AST (from `ast`, perhaps changed) written as `to`."""
        out, log = self._run(["-f", "json", "-t", to, *self.writer_args, *extra], ast, source=False)
        self._note(log)
        return out

    def left_behind(self, to: str) -> list[str]:
        """Warnings naming the images inside a docx, odt, epub or pptx input that a `to` output (a text format
        other than HTML) only names: links to files nobody wrote. One more pandoc run, only for such inputs."""
        if base(self.from_format) not in CONTAINERS or base(to) in BINARY | HTML:
            return []
        folder = self.work / "contained"
        inside = [Path(t) for t in media.image_targets(self.ast(extract_media=folder))]
        names = dict.fromkeys(str(t.relative_to(folder)) for t in inside if t.is_relative_to(folder))
        return [f"image {name} is inside {self.label}: the {base(to)} output names it but cannot hold it (html, "
                f"docx, odt, epub and pdf outputs carry it)" for name in names]

    def _run(self, args: list[str], stdin: bytes | None, *, source: bool) -> tuple[bytes, list[dict[str, Any]]]:
        named = [str(path) for path in (self.source, *self.more)] if source and self.source is not None else []
        return run([*args, "-o", "-", *named], self.work, stdin=stdin, label=self.label)

    def _note(self, log: list[dict[str, Any]]) -> None:
        for message in log:
            if message.get("type") == "CouldNotFetchResource":
                self.resolver.leave(str(message.get("path")))
                continue
            text = str(message.get("pretty", message)).replace("\n", " ")
            if message.get("verbosity") in ("WARNING", "ERROR") and text not in self.warnings:
                self.warnings.append(text)
