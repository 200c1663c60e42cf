"""Convert documents with pandoc: markdown, HTML, docx, odt, epub, rst, LaTeX, org, text, and PDF in and out.

Formats come from the file names; {{from_format}} / {{to_format}} name them (`gfm`, `commonmark`,
`markdown+emoji`...). Without an output file the text comes back ({{cli:on standard output}}{{mcp:in the result}});
docx, odt, epub, pptx and PDF need an output file{{cli: (or `-o -` into a pipe)}}. PDF output is made by weasyprint
(or typst: {{pdf_engine}}). PDF input is read by pdftools itself: headings from font sizes, paragraphs and lists from
the text layout, OCR for pages without text.

{{cli:Images (PNG, JPEG, TIFF and its frames, WebP; several in order) become a PDF, a page each, without OCR: a
JPEG as it is, the others without loss, alpha a soft mask; a page is the image's size at its dpi (72 if none),
or {{page_size}} with the image fitted on it; an EXIF orientation turns the page.}}

pandoc always runs in its sandbox: images are embedded only from the input's folder and {{resource_path}}
(within the allowed roots), nothing is downloaded, and filters and templates are for the command line only.

{{mcp:Without {{output}} the text comes back; docx, odt, epub, pptx and PDF need one. Images become a PDF.}}
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, ClassVar, Literal

from pdftools.convert import inputs, nesting, options, pandoc
from pdftools.convert.media import Resolver
from pdftools.core import limits, task
from pdftools.core.outputs import atomic_output, check_output
from pdftools.core.params import Cli, MaxChars, Mcp, Offset, Param, Password
from pdftools.core.paths import file_output_path, folder_path, input_path, pdf_output_path
from pdftools.document.images import PageSize, is_image, not_the_image_named
from pdftools.errors import EmptyInput, InvalidArgument

MARKDOWNS = ("markdown", "gfm", "commonmark", "commonmark_x", "markdown_strict", "markdown_mmd",
             "markdown_phpextra", "markdown_github")


@dataclass
class ConvertResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    table_labels: ClassVar = {"bytes": "size"}  # a person reads the size written as other commands give it
    input: str | None
    """The file converted; None when the document was given as a string (`content`)."""
    from_format: str
    to_format: str
    output: str | None = None
    """The file written; None when the text came back inline (`content`)."""
    bytes: int = 0
    content: str | None = None
    """The converted text, when no output file was given."""
    truncated: bool = False
    """True when `content` was cut at max_chars."""
    next_offset: int | None = None
    """Where a cut `content` goes on: the offset to give next."""
    pdf_engine: str | None = None
    images: list[str] = field(default_factory=list)
    """Images pdftools found for the document and embedded, as the document names them (images inside a docx,
    odt or epub input travel by themselves)."""
    ocr_pages: list[int] = field(default_factory=list)
    """Pages of a PDF input that had no text layer and were read with OCR."""
    warnings: list[str] = field(default_factory=list)
    """What pandoc warned about, and images left out (with the reason)."""
    appended: list[str] = field(default_factory=list)
    """Documents joined after the input, in order."""
    budgeted: ClassVar = ("content",)  # text in pieces of max_chars: a front end never cuts it otherwise
    table_optional: ClassVar = ("truncated",)  # a person reads it when the budget cut the text

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """Images made into a PDF: `images` lists them all, in order; `appended` (those after the first) would say
        them again."""
        return ("appended",) if self.from_format == "image" else ()


    def reword_errors(self, reword: Callable[[str, str], str]) -> None:
        """The warnings in a front end's terms (`reword(text, command)`): `--resource-path` is `resource_path`
        over MCP."""
        self.warnings = [reword(warning, "convert") for warning in self.warnings]

    def as_text(self) -> str | None:
        if self.content is None:
            return None
        cut = f"\n[truncated: {len(self.content)} characters; continue with offset={self.next_offset}]"
        return self.content + (cut if self.truncated else "")


def _as_pairs(metadata: list[str] | dict[str, str | None] | None) -> list[str] | None:
    """`key=value` texts, from an object too (over MCP: `{"title": "Report"}`; a null value: the key alone, true)."""
    if isinstance(metadata, dict):
        if any("=" in key for key in metadata):
            raise InvalidArgument(f"metadata keys hold no `=`: {next(k for k in metadata if '=' in k)!r}")
        return [f"{key}={value}" if value is not None else key for key, value in metadata.items()]
    return metadata


def _languages() -> tuple[str, ...]:
    """The installed OCR languages, for a shell's Tab after `-l` (tesseract's module imported only then)."""
    from pdftools.engines import tesseract

    return tesseract.offered()


def _readers() -> tuple[str, ...]:
    """The input formats, for a shell's Tab after --from (pandoc's readers, and pdf)."""
    from pdftools.convert.pandoc import READERS

    return tuple(sorted({*READERS, "pdf"}))


def _writers() -> tuple[str, ...]:
    """The output formats, for a shell's Tab after --to."""
    from pdftools.convert.pandoc import WRITERS

    return WRITERS


MISSING = "Check the path of the document to convert; `pdftools convert --help` lists the formats it reads."


def convert(
    input: Annotated[str | None, Param("Document to convert"), Cli(argument=True, note="`-`: standard input")] = None,
    append: Annotated[list[str] | None, Param("Text documents (or images) joined after the input{{cli:, in "
                                              "order (as pandoc joins its inputs)}}"),
                      Cli(argument=True, stdin=True)] = None,
    output: Annotated[str | None, Param("File to write ({{cli:`-`: standard output}}{{mcp:none: the text comes "
                                        "back}})"),
                      Cli("-o", "--output", default="-")] = None,
    content: Annotated[str | None, Param("The document as a string, instead of a file"),
                       Cli("--text")] = None,
    from_format: Annotated[str | None, Param("Input format (default: the input's extension, else markdown)"),
                           Cli("-f", "--from", complete=_readers)] = None,
    to_format: Annotated[str | None, Param("Output format (default: the output's extension, else markdown; "
                                           "html from markdown)"),
                         Cli("-t", "--to", complete=_writers)] = None,
    standalone: Annotated[bool, Param("A whole document (HTML head, LaTeX preamble){{cli:, not a fragment}}"),
                          Cli("-s", "--standalone")] = False,
    toc: Annotated[bool, Param("Add a table of contents")] = False,
    # typography, at the command line only: each parameter costs every agent's tool listing (TOOL_BUDGET)
    toc_depth: Annotated[int | None, Param("Heading levels the contents list (default: 3)", ge=1, le=6),
                         Mcp(hidden=True)] = None,
    number_sections: Annotated[bool, Param("Number the headings: 1, 1.1, 1.2..."),
                               Cli("-N", "--number-sections"), Mcp(hidden=True)] = False,
    metadata: Annotated[list[str] | None, Param("Metadata `key=value`, e.g. title=Report{{cli: (repeatable)}}"),
                        Cli("-M", "--metadata"),
                        Mcp(annotation=list[str] | dict[str, str | None] | None)] = None,  # an agent's object too
    reference_doc: Annotated[str | None, Param("A docx, odt or pptx whose styles the output takes"),
                             Cli(stdin=True)] = None,
    resource_path: Annotated[list[str] | None, Param("More folders images may come from (else only the input's)")
                             ] = None,
    wrap: Annotated[Literal["auto", "none", "preserve"], Param("Text output's lines: auto (at 72 columns), none "
                                                              "(a paragraph a line), preserve (the input's)"),
                    Mcp(hidden=True)] = "auto",
    embed_resources: Annotated[bool, Param("HTML output: its images inside (data: URIs)"),
                               Cli("--embed-resources", "--self-contained")] = False,
    css: Annotated[list[str] | None, Param("CSS for HTML and weasyprint's PDF: `@page { size: A5 }`"
                                           "{{cli: (repeatable)}}"), Cli(stdin=True)] = None,
    pdf_engine: Annotated[Literal["weasyprint", "typst"] | None, Param("PDF engine (default: weasyprint, "
                                                                       "else typst)")] = None,
    ocr_language: Annotated[str, Param("PDF input: OCR languages, e.g. eng+deu"),
                            Cli("-l", "--language", complete=_languages)] = "eng",
    template: Annotated[str | None, Param("pandoc template"), Cli(stdin=True), Mcp(hidden=True)] = None,
    lua_filter: Annotated[list[str] | None, Param("Lua filter to run: a program with your rights "
                                                  "(repeatable)"), Cli(stdin=True), Mcp(hidden=True)] = None,
    timeout: Annotated[float, Param("Seconds before giving up", ge=1)] = 120,
    max_chars: MaxChars = None,
    offset: Offset = 0,
    force: Annotated[bool, Param("Overwrite an existing output")] = False,
    password: Password = None,
    page_size: PageSize = None,
) -> ConvertResult:
    if (input is None) == (content is None):
        given = "both" if input is not None else "neither"
        raise InvalidArgument(f"give the document to convert as a file or as text, one of them ({given} given)",
                              hint="{{mcp:`input`: its path; `content`: the document itself, as a string.}}"
                                   "{{cli:Give its file, or --text '# Title'.}}")
    source = input_path(input, MISSING, pdf=False) if input is not None else None
    if source is not None and is_image(source):
        pandoc_only = {"from_format": from_format, "standalone": standalone, "toc": toc, "toc_depth": toc_depth,
                 "number_sections": number_sections, "metadata": metadata, "reference_doc": reference_doc,
                 "resource_path": resource_path, "wrap": wrap != "auto", "embed_resources": embed_resources,
                 "css": css, "pdf_engine": pdf_engine, "template": template, "lua_filter": lua_filter,
                 "offset": offset}  # (max_chars has a default over MCP)
        return _images(source, append, output, to_format, [f"{{{{{name}}}}}" for name, v in pandoc_only.items() if v],
                       force, page_size, timeout)
    if source is not None and from_format is None and input != "-":
        misnamed = not_the_image_named(source, str(input))
        if misnamed is not None:
            raise misnamed
    if page_size is not None:
        raise InvalidArgument("{{page_size}} is for images (a PDF of them); a document's paper is CSS's "
                              "`@page { size: A4 }`", hint="Give the paper with {{css}}.")
    src = pandoc.check_format(from_format, "input") if from_format else _input_format(input, source)
    more = options.joined(append, source, src, from_format is not None, MISSING)
    dst = _output_format(to_format, output, src)
    if pandoc.base(src) == "pdf" and source is None:
        raise InvalidArgument("a PDF cannot be given as text: give it as the input file")
    text = inputs.check_input(source, content, src)
    for path, data, label in [(source, text, input or "the content"), *((path, None, str(path)) for path in more)]:
        nesting.check(path, data, src, label)  # before pandoc, whose readers may never end on deep nesting
    out = _target(output, dst, source, force)
    if offset and out is not None:
        raise InvalidArgument("{{offset}} continues a text that came back cut{{cli: inside --json}}, not a file",
                              hint="{{cli:Add --json}}{{mcp:Leave out `output`}}, or leave out {{offset}}.")
    with task.current().limit(timeout), tempfile.TemporaryDirectory(prefix="pdftools-convert-") as tmp:
        result = ConvertResult(input=str(source) if source else None, from_format=src, to_format=dst,
                               appended=[str(path) for path in more])
        folders = _folders(input, source, resource_path) + [path.parent for path in more]
        if pandoc.base(src) == "pdf" and source is not None:  # (a PDF given as text was refused above)
            from pdftools.convert import pdfinput as pandoc_pdfinput

            markdown, result.ocr_pages = pandoc_pdfinput.markdown(source, password, _ocr(source, password,
                                                                                           ocr_language))
            if not markdown.strip():
                raise EmptyInput(f"{source} has no text, not even by OCR",
                                 hint="Check that its pages show text (`pdftools thumbnails FILE`), and give their "
                                      "languages ({{ocr_language}}) when they are not English.")
            source, text, src = None, markdown.encode(), "markdown"
        writer = options.writer_args(standalone, toc, _as_pairs(metadata), reference_doc, template, toc_depth,
                                     number_sections, wrap)
        doc = pandoc.Document(source, text, src, input or "the content", Path(tmp), more,
                              Resolver(folders, limits.max_input_bytes()), options.reader_args(lua_filter), writer)
        if pandoc.base(dst) == "pdf":
            from pdftools.convert import engines as pandoc_engines

            result.pdf_engine = pandoc_engines.choose(pdf_engine)
            styles = options.stylesheets(css, f"a PDF made by {result.pdf_engine}", result.pdf_engine == "weasyprint",
                                         Path(tmp))
            data = pandoc_engines.render(result.pdf_engine, doc, styles)
        else:
            styles = options.stylesheets(css, f"{pandoc.base(dst)} output", pandoc.base(dst) in pandoc.HTML, Path(tmp))
            data = doc.convert(dst, [*pandoc.embedding(src, dst, embed_resources), *styles])
            doc.warnings += doc.left_behind(dst)
        result.images, result.warnings = list(doc.resolver.used), doc.warnings + doc.resolver.warnings()
        if out is None:
            _inline(result, data.decode("utf-8", errors="replace"), offset, max_chars)
        else:
            with atomic_output(out) as part:
                part.write_bytes(data)
            result.output = str(out)  # `-`: its temporary file, which the front end names (`-`, standard output)
        result.bytes = len(data)
        return result




def _images(source: Path, append: list[str] | None, output: str | None, to_format: str | None,
            pandoc_options: list[str], force: bool, page_size: str | None, timeout: float) -> ConvertResult:
    """Images (the input and those appended) made a PDF, a page each, without pandoc."""
    from pdftools.convert import images

    paths, out = images.check(source, append, output, to_format, MISSING, pandoc_options, force)
    with task.current().limit(timeout):
        size, _, warnings = images.write(paths, out, page_size)
    return ConvertResult(input=str(source), from_format="image", to_format="pdf", output=str(out), bytes=size,
                         images=[str(path) for path in paths], warnings=warnings,
                         appended=[str(path) for path in paths[1:]])


def _inline(result: ConvertResult, text: str, offset: int, max_chars: int | None) -> None:
    """The text from `offset`, at most `max_chars` of it, and where a cut one goes on."""
    if offset > len(text):
        raise InvalidArgument(f"{{{{offset}}}} {offset} is past the end of the text ({len(text)} characters)",
                              hint="{{offset}} continues a cut text: give the result's {{cli:next_offset (--json)}}"
                                   "{{mcp:next_offset}}.")
    text = text[offset:]
    result.truncated = max_chars is not None and len(text) > max_chars
    result.content = text[:max_chars] if result.truncated else text
    result.next_offset = offset + len(result.content) if result.truncated else None


def _input_format(input: str | None, source: Path | None) -> str:
    """From the file's name (an upload keeps its name; stdin has none), else from its first bytes, else markdown."""
    if source is None:
        return "markdown"
    named = pandoc.format_of(source.name, "input") if input != "-" else None
    return named or pandoc.sniff(source) or "markdown"


def _output_format(to_format: str | None, output: str | None, src: str) -> str:
    if to_format:
        return pandoc.check_format(to_format, "output")
    implied = pandoc.format_of(output, "output")
    if implied is None and output not in (None, "-"):
        raise InvalidArgument(f"cannot tell the output format from {output!r}: give --to (e.g. --to html)")
    return implied or ("html" if pandoc.base(src) in MARKDOWNS else "markdown")


_SUFFIXES = {"epub2": "epub", "epub3": "epub", "chunkedhtml": "zip"}  # the rest: the format's name


def _target(output: str | None, dst: str, source: Path | None, force: bool) -> Path | None:
    """Where the output goes: a file, stdout (`-`, a file the CLI copies out), or None (inline)."""
    binary = pandoc.base(dst) in pandoc.BINARY
    if binary and output is None:
        name = f"{source.stem if source else 'document'}.{_SUFFIXES.get(pandoc.base(dst), pandoc.base(dst))}"
        raise InvalidArgument(f"{pandoc.base(dst)} is a binary format: give an output file{{{{cli: (-o FILE, or "
                              f"-o - into a pipe)}}}}",
                              hint=f"{{{{cli:E.g. -o {name}.}}}}{{{{mcp:E.g. \"output\": \"{name}\".}}}}")
    if output is None:
        return None
    kind = pandoc.base(dst)
    out = pdf_output_path(output, f"{kind} data", _SUFFIXES.get(kind, kind)) if binary else file_output_path(output)
    check_output(out, [source] if source else [], force=force)
    return out


def _folders(input: str | None, source: Path | None, resource_path: list[str] | None) -> list[Path]:
    """Where the document's images may come from: the input's folder (the working folder for a string or
    stdin), then each --resource-path folder."""
    base = source.parent if source is not None and input != "-" else folder_path(".", listed=False)
    return [base, *(folder_path(folder, listed=False) for folder in resource_path or [])]  # files looked up






def _ocr(source: Path, password: str | None, language: str) -> Callable[[list[int]], dict[int, str]]:
    def read(pages: list[int]) -> dict[int, str]:
        from pdftools.ops.ocr import ocr

        found = ocr(str(source), mode="text", language=language, pages=",".join(map(str, pages)),
                    password=password).text
        return {page.page: page.text for page in found.pages} if found else {}

    return read
