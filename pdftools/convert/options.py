"""What `convert`'s options become for pandoc: the documents joined after the input, the stylesheets put inside
the document's head, and the reader's and writer's arguments. Every file named goes through the path policy."""

from __future__ import annotations

import re
from pathlib import Path

from pdftools.convert import inputs, pandoc
from pdftools.core import limits
from pdftools.core.paths import input_path
from pdftools.errors import InputTooLarge, InvalidArgument


def joined(append: list[str] | None, source: Path | None, src: str, given: bool, missing: str) -> list[Path]:
    """The documents to join after the input, as pandoc joins its inputs: files of the input's text format (one
    reader reads them all; a docx, odt, epub or PDF is read whole, alone), within the input size limit together.
    `given`: the format was named (--from), so the files' names do not decide it; nor does the name of standard
    input's copy (`-`), read as the input's format."""
    if not append:
        return []
    if source is None:
        raise InvalidArgument("{{append}} joins files after an input file; give the first document as a file, "
                              "not as {{content}}")
    if pandoc.base(src) in pandoc.BINARY_READERS:
        raise InvalidArgument(f"a {pandoc.base(src)} document cannot be joined with others: pandoc reads it whole, "
                              f"alone", hint=f"Convert it to markdown first, then join that "
                              f"({{{{cli:`pdftools convert {source.name} -t markdown`}}}}{{{{mcp:to_format "
                              f"markdown}}}}).")
    paths = [input_path(path, missing, pdf=False) for path in append]
    for raw, path in zip(append, paths, strict=True):
        named = None if given or raw == "-" else pandoc.format_of(path.name, "input")  # `-` has no name
        if named is not None and pandoc.base(named) != pandoc.base(src):
            raise InvalidArgument(f"{path.name} is {pandoc.base(named)}, not {pandoc.base(src)} as {source.name}: "
                                  f"pandoc joins documents of one format",
                                  hint="Convert it to the first document's format first, or give {{from_format}} "
                                       "when the names mislead.")
        inputs.check_input(path, None, src)
    total = sum(path.stat().st_size for path in [source, *paths])
    if total > limits.max_input_bytes():
        raise InputTooLarge(f"the documents are {total / 1e6:.3g} MB together; the limit is "
                            f"{limits.max_input_bytes() / 1e6:g} MB, set by PDFTOOLS_MAX_INPUT_MB")
    return paths


def stylesheets(css: list[str] | None, target: str, reads_css: bool, work: Path) -> list[str]:
    """pandoc's options that put the stylesheets inside the document's head (pandoc's own --css only links them,
    and its sandbox cannot read them to embed them); INVALID_ARGUMENT where nothing would read them."""
    if not css:
        return []
    if not reads_css:
        raise InvalidArgument(f"{{{{css}}}} styles HTML output and PDFs made by weasyprint, not {target}",
                              hint="Leave the stylesheet out, or convert to html (or to pdf with weasyprint).")
    sheets = [input_path(path, "Check the path of the stylesheet.", pdf=False) for path in css]
    size = sum(sheet.stat().st_size for sheet in sheets)
    if size > limits.max_input_bytes():
        raise InputTooLarge(f"the stylesheets are {size / 1e6:.3g} MB; the limit is "
                            f"{limits.max_input_bytes() / 1e6:g} MB, set by PDFTOOLS_MAX_INPUT_MB")
    rules = "\n".join(sheet.read_text(encoding="utf-8", errors="replace") for sheet in sheets)
    header = work / "stylesheets.html"  # `</style` in a comment would end the element early
    header.write_text("<style>\n" + re.sub(r"(?i)</(style)", r"<\\/\1", rules) + "\n</style>\n", encoding="utf-8")
    return ["--standalone", f"--include-in-header={header}"]


def reader_args(lua_filter: list[str] | None) -> list[str]:
    return [f"--lua-filter={input_path(path, pdf=False)}" for path in lua_filter or []]


def writer_args(standalone: bool, toc: bool, metadata: list[str] | None, reference_doc: str | None,
                template: str | None, toc_depth: int | None = None, number_sections: bool = False,
                wrap: str = "auto") -> list[str]:
    args = ["--standalone"] * standalone + ["--toc"] * toc + ["--number-sections"] * number_sections
    args += [f"--wrap={wrap}"] if wrap != "auto" else []
    args += [f"--toc-depth={toc_depth}"] if toc_depth is not None else []
    for item in metadata or []:
        key, _, value = item.partition("=")
        if not re.fullmatch(r"[A-Za-z][\w.-]*", key.strip()):
            raise InvalidArgument(f"metadata {item!r} is not key=value (e.g. title=Report)")
        args.append(f"--metadata={key.strip()}:{value}" if value else f"--metadata={key.strip()}")
    if reference_doc:
        args.append(f"--reference-doc={input_path(reference_doc, pdf=False)}")
    if template:
        args.append(f"--template={input_path(template, pdf=False)}")
    return args
