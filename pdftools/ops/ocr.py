"""Make a scanned PDF or an image searchable with tesseract, or read its text.

`pdf` mode writes a searchable PDF: the page images stay as they are (nothing re-encoded) and an invisible
text layer is added. `text` mode returns the text per page, with the same character budget as `text`.
Pages with text are left alone unless {{force_ocr}}, which rasterises them (as OCRmyPDF does): new text
replaces theirs. If every page has text, nothing is done: {{cli:exit 14}}{{mcp:`already_text`}}. Pages run in
parallel ({{jobs}}); {{cli:Ctrl-C}}{{mcp:a client's cancel}} or {{timeout}} stop every tesseract and leave no output.
An encrypted input's output keeps its encryption unless {{decrypt}}.{{cli: {{sidecar}} also writes the text of
the searchable PDF's pages, a form feed after each, as OCRmyPDF's option of that name.}}
"""

from __future__ import annotations

import inspect
import os
import tempfile
from pathlib import Path
from typing import Annotated, Literal

from pdftools.core import task
from pdftools.core.edit import Decrypt, Force, InPlace, Linearize, ObjectStreams, paths_of, saving
from pdftools.core.outputs import check_output
from pdftools.core.params import Cli, MaxChars, Mcp, Offset, Pages, Param, Password, StartPage
from pdftools.core.paths import file_output_path, input_path
from pdftools.core.pdf import is_pdf, not_empty
from pdftools.core.pipes import to_pipe
from pdftools.engines import tesseract as engine
from pdftools.errors import InvalidArgument
from pdftools.ocr.images import ocr_images
from pdftools.ocr.job import Job
from pdftools.ocr.pdf import ocr_pdf
from pdftools.ocr.result import ALREADY_TEXT_EXIT, NOTHING_READ, OcrLanguages, OcrResult

__all__ = ["ALREADY_TEXT_EXIT", "NOTHING_READ", "OcrLanguages", "OcrResult", "ocr"]


def ocr(
    input: Annotated[str | None, Param("PDF or image (PNG, JPEG, TIFF) to OCR"), Cli(argument=True),
                     Mcp(annotation=str, default=inspect.Parameter.empty)] = None,  # over MCP, no list_languages
    output: Annotated[
        str | None, Param("Searchable PDF to write (default: {{cli:INPUT-ocr.pdf beside the input}}"
                                 "{{mcp:scan.pdf gives scan-ocr.pdf}})"),
        Cli("-o", "--output"),
    ] = None,
    mode: Annotated[Literal["pdf", "text"], Param("pdf: searchable PDF; text: the text per page")] = "pdf",
    language: Annotated[str, Param("tesseract language codes, e.g. eng+deu"),
                        Cli("-l", "--language", complete=engine.offered)] = "eng",
    pages: Pages = None,
    dpi: Annotated[int, Param("Rasterising dpi (images: when the file does not say)", ge=50, le=1200)]
    = 300,
    force_ocr: Annotated[bool, Param("Also OCR pages with text (rasterised)")] = False,
    rotate_pages: Annotated[bool, Param("Turn pages upright (tesseract's OSD)")] = False,
    deskew: Annotated[bool, Param("Turn askew pages straight"),
                      Cli(note="by the slant of the lines read, as OCRmyPDF's option of that name")] = False,
    jobs: Annotated[int | None, Param("Pages at once (default: one per CPU)", ge=1, le=64),
                    Cli("-j", "--jobs")] = None,
    timeout: Annotated[float | None, Param("Give up after this many seconds", ge=1)] = None,
    in_place: InPlace = False,
    force: Force = False,
    max_chars: MaxChars = None,
    start_page: StartPage = None,
    offset: Offset = 0,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
    sidecar: Annotated[str | None, Param("Also write the text of the output's pages to FILE (`-`: standard "
                                         "output), a form feed after each, as OCRmyPDF's option of that name"),
                       Cli("--sidecar", metavar="FILE"), Mcp(hidden=True)] = None,
    skip_text: Annotated[bool, Param("A PDF whose pages all have text is no failure: its output is the input as it "
                                     "is, exit 0 (as OCRmyPDF's option of that name)"),
                         Cli("--skip-text"), Mcp(hidden=True)] = False,  # -s is convert's --standalone
    redo_ocr: Annotated[bool, Param("OCR anew the pages whose only text is an earlier OCR's (invisible): that text is "
                                    "taken out, the page image kept (as OCRmyPDF's option of that name)"),
                        Cli("--redo-ocr"), Mcp(hidden=True)] = False,
    list_languages: Annotated[bool, Param("List the installed languages and stop"), Mcp(hidden=True)] = False,
) -> OcrResult:
    if list_languages:
        # a CLI-only switch (hidden over MCP, whose output schema is OcrResult's)
        return OcrLanguages(list(engine.languages()))  # type: ignore[return-value]
    if input is None:
        raise InvalidArgument("give a PDF or an image to OCR")
    check_arguments(language, force_ocr, skip_text, redo_ocr)
    langs = check_here(language, rotate_pages)
    _check_mode(mode, {"output": output is not None, "in_place": in_place, "decrypt": decrypt,
                       "linearize": linearize, "object_streams": object_streams != "preserve",
                       "start_page": start_page is not None, "offset": offset != 0, "sidecar": sidecar is not None,
                       "deskew": deskew})
    out: Path | None = None
    side: Path | None = None
    if mode == "pdf":  # the outputs are checked before any work (and before standard input is read)
        if sidecar == "-" and to_pipe(input, output) and not in_place:
            raise InvalidArgument("the PDF goes to standard output, so {{sidecar}} cannot",
                                  hint="Give {{sidecar}} a file name, or the PDF one ({{output}}).")
        path, out = paths_of(input, output, suffix="ocr", in_place=in_place, force=force)
        if sidecar is not None:
            side = file_output_path(sidecar)
            check_output(side, [path], force=force)
            if os.path.realpath(side) == os.path.realpath(out):
                raise InvalidArgument(f"{side} is the PDF's output too: give {{{{sidecar}}}} another name")
    else:
        path = input_path(input)
    not_empty(path)  # neither a PDF nor an image: empty
    if in_place and not is_pdf(path):
        raise InvalidArgument(f"{path.name} is an image: its searchable PDF is a new file, so no --in-place")
    with task.current().limit(timeout), tempfile.TemporaryDirectory(prefix="pdftools-ocr-") as tmp:
        job = Job(langs, dpi, Path(tmp), rotate_pages, jobs or os.cpu_count() or 1, mode, pages, output, force,
                  max_chars, start_page, offset, input_raw=input, out=out, in_place=in_place, decrypt=decrypt,
                  saving=saving(linearize, object_streams), sidecar=side, skip_text=skip_text,
                  deskew=deskew, redo=redo_ocr)
        result = OcrResult(input=str(path), language="+".join(langs))
        result.skip_text = skip_text
        if is_pdf(path):
            ocr_pdf(path, password, force_ocr, job, result)
        else:
            ocr_images(path, job, result)
        return result


def check_arguments(language: str, force_ocr: bool, skip_text: bool, redo_ocr: bool = False) -> None:
    """Refuse what no file could make right, on any machine (a batch calls it before any file is read)."""
    for other, given in (("force_ocr", force_ocr), ("skip_text", skip_text)):
        if redo_ocr and given:
            raise InvalidArgument(f"{{{{redo_ocr}}}} OCRs anew only the pages an earlier OCR made searchable, "
                                  f"{{{{{other}}}}} does otherwise: give one of them",
                                  hint="As in OCRmyPDF, the two do not go together.")
    if skip_text and force_ocr:
        raise InvalidArgument("{{force_ocr}} OCRs every page, so {{skip_text}} would do nothing: give one of them",
                              hint="As in OCRmyPDF, the two do not go together.")
    engine.check_codes(language)


def check_here(language: str, rotate_pages: bool = False) -> list[str]:
    """The languages, refused when this machine's tesseract lacks one, or lacks its orientation data when pages
    are to be turned upright (a batch calls it before any file is read when its files run here; on a cluster each
    worker calls it, asked before any file: `work.check_here`)."""
    langs = engine.check_languages(language)
    if rotate_pages:
        engine.check_orientation_data()
    return langs


PDF_ONLY = ("output", "in_place", "decrypt", "linearize", "object_streams", "sidecar", "deskew")  # what the PDF
# mode writes (deskew turns the PDF's pages: tesseract reads an askew page's text as well without it)
TEXT_ONLY = ("start_page", "offset")  # where a cut text goes on (max_chars has a default over MCP)


def _check_mode(mode: str, given: dict[str, bool]) -> None:
    """Refuse an option of the other mode: it would do nothing."""
    wrong = [name for name in (PDF_ONLY if mode == "text" else TEXT_ONLY) if given[name]]
    if wrong:
        names = " and ".join(f"{{{{{name}}}}}" for name in wrong)
        if mode == "text":
            raise InvalidArgument(f"text mode writes no PDF, so it takes no {names}",
                                  hint=f"Leave out {names} to read the text, or give {{{{mode}}}} pdf (the "
                                       "default) to write a searchable PDF.")
        raise InvalidArgument(f"only text mode takes {names} (where a cut text goes on)",
                              hint=f"Leave out {names}, or give {{{{mode}}}} text.")
