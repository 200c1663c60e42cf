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
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pdftools.core import edit, streams, task
from pdftools.core.edit import Decrypt, Force, InPlace, Linearize, ObjectStreams, paths_of, saving
from pdftools.core.pages import parse_pages
from pdftools.core.params import Cli, MaxChars, Mcp, Offset, Pages, Param, Password, StartPage
from pdftools.core.paths import input_path, output_path, to_pipe
from pdftools.core.pdf import atomic_output, check_output, is_pdf, not_empty, open_pdf, page_list, save_pdf
from pdftools.document import text as pagetext
from pdftools.document.images import Frame, frames
from pdftools.document.text import TextResult
from pdftools.engines import poppler
from pdftools.engines import tesseract as engine
from pdftools.errors import InvalidArgument, NoPages

if TYPE_CHECKING:
    import pikepdf

ALREADY_TEXT_EXIT = 14  # every page asked for already has text: nothing to do (OCRmyPDF's "prior OCR found")
NOTHING_READ = "OCR found no text on pages {pages}: blank? a higher dpi or another language may read them"

@dataclass
class OcrResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    language: str
    output: str | None = None
    """The searchable PDF (pdf mode)."""
    pages_ocred: list[int] = field(default_factory=list)
    pages_skipped: list[int] = field(default_factory=list)
    """Pages left alone because they already have text (use force_ocr to redo them)."""
    pages_rotated: list[int] = field(default_factory=list)
    pages_rasterised: list[int] = field(default_factory=list)
    """Pages with text redone by force_ocr (now an image)."""
    encrypted: bool = False
    """The output kept the input's encryption."""
    already_text: bool = False
    """Every page had text: nothing done."""
    sidecar: str | None = None
    """The text of the output's pages (--sidecar), a form feed after each."""
    cli_only: ClassVar = ("sidecar",)  # no tool argument sets it
    skip_text = False  # --skip-text: nothing to do is no failure (exit 0, not 14)
    text: TextResult | None = None
    """The recognised text (text mode)."""
    budgeted: ClassVar = ("text",)  # text in pieces of max_chars: a front end never cuts it otherwise

    def as_text(self) -> str | None:
        return self.text.as_text(empty=NOTHING_READ) if self.text is not None else None

    def notes(self) -> list[str]:
        """At a shell, on stderr: why exit 14 (nothing done)."""
        if not self.already_text or self.skip_text:
            return []
        return ["every page asked for already has text, so nothing was OCRed" + (
            "" if self.text is not None else " and no searchable PDF written") + ": --force-ocr OCRs them again"]

    @property
    def exit_code(self) -> int:
        """The CLI's verdict: ALREADY_TEXT_EXIT when there was nothing to do."""
        return ALREADY_TEXT_EXIT if self.already_text and not self.skip_text else 0


@dataclass
class OcrLanguages:
    """What {{list_languages}} returns (command line only): the installed languages, nothing of an OCR run."""

    languages: list[str]

    def output_lines(self) -> list[str]:
        return self.languages  # one a line, as `tesseract --list-langs` prints them

    def notes(self) -> list[str]:
        return []


@dataclass
class Job:
    """One OCR request, as the page workers need it."""

    langs: list[str]
    dpi: int
    work: Path
    rotate: bool
    workers: int
    mode: str
    pages: str | None
    output: str | None
    force: bool
    budget: int | None
    start_page: int | None
    offset: int
    input_raw: str = ""
    out: Path | None = None  # pdf mode: where the searchable PDF goes (checked before any work)
    in_place: bool = False
    decrypt: bool = False
    saving: dict[str, Any] = field(default_factory=dict)  # --linearize, --object-streams
    sidecar: Path | None = None  # pdf mode: where the text of the pages goes (checked before any work)
    recognised: dict[int, str] = field(default_factory=dict)  # the text tesseract read, by page
    skip_text: bool = False
    progress: task.Counter = field(default_factory=lambda: task.Counter(0, "OCR"))

    def raw_output(self, path: Path) -> str:
        """The output as given; by default beside the input, or to stdout when the input is stdin."""
        if to_pipe(self.input_raw, self.output):
            return "-"
        return self.output or str(path.with_name(f"{path.stem}-ocr.pdf"))

    def read(self, path: Path, count: int, extract: pagetext.Extractor) -> TextResult:
        selected = pagetext.select(self.pages, count, self.start_page, path)
        return pagetext.collect(path, count, selected, extract, budget=self.budget, offset=self.offset,
                                label="OCR")


def ocr(
    input: Annotated[str | None, Param("PDF or image (PNG, JPEG, TIFF) to OCR"), Cli(argument=True),
                     Mcp(annotation=str, default=inspect.Parameter.empty)] = None,  # over MCP, no list_languages
    output: Annotated[
        str | None, Param("Searchable PDF to write (default: {{cli:INPUT-ocr.pdf beside the input}}"
                                 "{{mcp:scan.pdf gives scan-ocr.pdf}})"),
        Cli("-o", "--output"),
    ] = None,
    mode: Annotated[Literal["pdf", "text"], Param("pdf: searchable PDF; text: the text per page")] = "pdf",
    language: Annotated[str, Param("tesseract language codes, e.g. eng+deu"), Cli("-l", "--language")] = "eng",
    pages: Pages = None,
    dpi: Annotated[int, Param("Rasterising dpi (images: when the file does not say)", ge=50, le=1200)]
    = 300,
    force_ocr: Annotated[bool, Param("Also OCR pages with text (rasterised)")] = False,
    rotate_pages: Annotated[bool, Param("Turn pages upright (tesseract's OSD)")] = False,
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
    list_languages: Annotated[bool, Param("List the installed languages and stop"), Mcp(hidden=True)] = False,
) -> OcrResult:
    if list_languages:
        # a CLI-only switch (hidden over MCP, whose output schema is OcrResult's)
        return OcrLanguages(list(engine.languages()))  # type: ignore[return-value]
    if input is None:
        raise InvalidArgument("give a PDF or an image to OCR")
    if skip_text and force_ocr:
        raise InvalidArgument("{{force_ocr}} OCRs every page, so {{skip_text}} would do nothing: give one of them",
                              hint="As in OCRmyPDF, the two do not go together.")
    langs = engine.check_languages(language)
    _check_mode(mode, {"output": output is not None, "in_place": in_place, "decrypt": decrypt,
                       "linearize": linearize, "object_streams": object_streams != "preserve",
                       "start_page": start_page is not None, "offset": offset != 0, "sidecar": sidecar is not None})
    out: Path | None = None
    side: Path | None = None
    if mode == "pdf":  # the outputs are checked before any work (and before standard input is read)
        if sidecar == "-" and to_pipe(input, output) and not in_place:
            raise InvalidArgument("the PDF goes to standard output, so {{sidecar}} cannot",
                                  hint="Give {{sidecar}} a file name, or the PDF one ({{output}}).")
        path, out = paths_of(input, output, suffix="ocr", in_place=in_place, force=force)
        if sidecar is not None:
            side = output_path(sidecar)
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
                  saving=saving(linearize, object_streams), sidecar=side, skip_text=skip_text)
        result = OcrResult(input=str(path), language="+".join(langs))
        result.skip_text = skip_text
        if is_pdf(path):
            _ocr_pdf(path, password, force_ocr, job, result)
        else:
            _ocr_images(path, job, result)
        return result


PDF_ONLY = ("output", "in_place", "decrypt", "linearize", "object_streams", "sidecar")  # what the PDF mode writes
TEXT_ONLY = ("start_page", "offset")  # where a cut text goes on (max_chars has a default over MCP)


def _check_mode(mode: str, given: dict[str, bool]) -> None:
    """Refuse an option of the other mode: it would do nothing."""
    wrong = [name for name in (PDF_ONLY if mode == "text" else TEXT_ONLY) if given[name]]
    if wrong:
        names = " and ".join(f"{{{{{name}}}}}" for name in wrong)
        raise InvalidArgument(f"text mode writes no PDF, so it takes no {names}" if mode == "text"
                              else f"only text mode takes {names} (where a cut text goes on)")


def _ocr_pdf(path: Path, password: str | None, force_ocr: bool, job: Job, result: OcrResult) -> None:
    pdf = open_pdf(path, password)
    if not len(pdf.pages):
        raise NoPages(f"{path} has no pages")
    with pdf, pagetext.readable(pdf, path) as source:
        count = len(pdf.pages)
        selected = list(dict.fromkeys(parse_pages(job.pages, count, path)))
        streams.check_pages(pdf, selected, str(path), images=True)  # pdftotext and pdftoppm would inflate a bomb
        with task.muted():  # a look at the text layer, not the OCR the client's progress counts
            texts = dict(zip(selected, pagetext.pdftotext(source)(selected, task.Counter(0)), strict=True))
        has_text = {p for p, t in texts.items() if t.strip()}
        known = {} if force_ocr else texts
        todo = [p for p in selected if not known.get(p, "").strip()]
        result.pages_skipped = [p for p in selected if p not in todo]
        if not todo:
            result.already_text = True
        listed = page_list(pdf) if todo else []
        for p in todo:
            box = listed[p - 1].cropbox
            engine.check_pixels(abs(float(box[2] - box[0])), abs(float(box[3] - box[1])), job.dpi, p)
        if job.mode == "text":
            result.text = job.read(path, count, _text_extractor(source, known, job))
            result.pages_ocred = [t.page for t in result.text.pages if t.page in todo]
            return
        if not todo:
            _pass_through(path, job, result)
            if job.skip_text:  # the file goes through, and so does its text
                _write_sidecar(job, selected, texts, result)
            return
        assert job.out is not None  # pdf mode
        job.progress.total = len(todo)
        layers = task.map_threads(lambda p: _pdf_page(source, p, job, whole=p in has_text), todo, job.workers)
        for number, (turn, layer) in zip(todo, layers, strict=True):
            _apply(pdf, number, turn, layer, result, whole=number in has_text)
        saved = edit.Job(path, job.out, pdf, job.in_place, job.saving).save(job.decrypt)  # encryption kept
        result.output, result.encrypted, result.pages_ocred = saved["output"], saved["encrypted"], todo
        _write_sidecar(job, selected, texts, result)


def _write_sidecar(job: Job, pages: list[int], own: dict[int, str], result: OcrResult) -> None:
    """--sidecar: each page's text, tesseract's where it read the page, else the page's own, a form feed after
    each (as pdftotext and OCRmyPDF write it)."""
    if job.sidecar is None:
        return
    texts = (job.recognised.get(p, own.get(p, "")).rstrip("\f") + "\f" for p in pages)
    with atomic_output(job.sidecar) as tmp:
        tmp.write_text("".join(texts), encoding="utf-8")
    result.sidecar = str(job.sidecar)


def _text_extractor(source: Path, known: dict[int, str], job: Job) -> pagetext.Extractor:
    def extract(numbers: list[int], progress: task.Counter) -> list[str]:
        todo = [p for p in dict.fromkeys(numbers) if not known.get(p, "").strip()]
        job.progress = progress
        texts = task.map_threads(lambda p: _pdf_page(source, p, job, layer=False)[1], todo, job.workers)
        found = {**known, **dict(zip(todo, texts, strict=True))}
        return [found[p] for p in numbers]

    return extract


def _pass_through(path: Path, job: Job, result: OcrResult) -> None:
    """Nothing to OCR: to a pipe the input goes through unchanged (an empty pipe would break the next
    command); a file is not written, though its path is checked as any output's is (confinement), unless
    --skip-text, which makes the input as it is the output (as OCRmyPDF's and a batch's)."""
    if job.out is None:
        return
    if job.raw_output(path) == "-" and not job.in_place:
        shutil.copyfile(path, job.out)
    elif job.skip_text and not job.in_place:
        with atomic_output(job.out) as tmp:
            shutil.copyfile(path, tmp)
    if job.skip_text:
        result.output = str(job.out)


def _pdf_page(source: Path, number: int, job: Job, *, layer: bool = True, whole: bool = False) -> tuple[int, Any]:
    """Rasterise, maybe turn upright, recognise; return (clockwise turn, text layer PDF or text). `whole`: the
    page has text of its own, so tesseract's PDF carries the page's image too (in colour, as JPEG), to be drawn
    instead of the page's own content."""
    image = poppler.rasterize(source, number, job.dpi, job.work / f"p{number}")
    turn = engine.orientation(image) if job.rotate else 0
    if turn:
        image = frames(image)[0].turned(turn, job.work / f"p{number}-upright.pgm")
    if layer and whole:
        picture = poppler.rasterize(source, number, job.dpi, job.work / f"c{number}", colour=True)
        if turn:
            picture = frames(picture)[0].turned(turn, job.work / f"c{number}-upright.jpg")
        found = engine.recognise(picture, job.work / f"p{number}", job.langs, job.dpi, pdf="page")
        picture.unlink(missing_ok=True)
    else:
        found = engine.recognise(image, job.work / f"p{number}", job.langs, job.dpi, pdf="layer" if layer else None)
    job.recognised[number] = found.text
    image.unlink(missing_ok=True)
    job.progress.add()
    return turn, (found.pdf if layer else found.text)


def _apply(pdf: pikepdf.Pdf, number: int, turn: int, layer_path: Path, result: OcrResult, *,
           whole: bool = False) -> None:
    """Graft the text layer onto the page; `whole`: the layer carries the page's image, which replaces what
    the page drew (its text included; annotations and links stay)."""
    import pikepdf

    page = pdf.pages[number - 1]
    if turn:
        page.obj.Rotate = (int(page.obj.get("/Rotate", 0)) + turn) % 360
        result.pages_rotated.append(number)
    if whole:
        page.obj.Contents = pdf.make_stream(b"")
        page.obj.Resources = pikepdf.Dictionary()
        result.pages_rasterised.append(number)
    with pikepdf.open(layer_path) as layer:
        engine.graft(pdf, page, layer)


def _ocr_images(path: Path, job: Job, result: OcrResult) -> None:
    import pikepdf

    found = frames(path, job.work, default_dpi=job.dpi)
    turned: list[int] = []  # the frames turned upright (--rotate-pages), from the page threads
    if job.mode == "text":
        result.text = job.read(path, len(found), _image_extractor(found, job, turned))
        result.pages_ocred, result.pages_rotated = [t.page for t in result.text.pages], sorted(turned)
        return
    assert job.out is not None  # pdf mode
    selected = list(dict.fromkeys(parse_pages(job.pages, len(found), path)))
    job.progress.total = len(selected)
    made = task.map_threads(lambda n: _image_page(found[n - 1], n, job, turned, pdf="page"), selected,
                            job.workers)
    merged = pikepdf.new()
    for part in made:
        with pikepdf.open(part) as one:
            merged.pages.extend(one.pages)
    save_pdf(merged, job.out, **job.saving)
    result.output, result.pages_ocred, result.pages_rotated = str(job.out), selected, sorted(turned)
    _write_sidecar(job, selected, {}, result)


def _image_extractor(found: list[Frame], job: Job, turned: list[int]) -> pagetext.Extractor:
    def extract(numbers: list[int], progress: task.Counter) -> list[str]:
        job.progress = progress
        return task.map_threads(lambda n: _image_page(found[n - 1], n, job, turned, pdf=None), numbers,
                                job.workers)

    return extract


def _image_page(frame: Frame, number: int, job: Job, turned: list[int], *, pdf: str | None) -> Any:
    """OCR one frame; with --rotate-pages turned upright first (the pixels themselves: the searchable PDF
    shows the image upright, as a PDF page is shown turned)."""
    engine.check_pixels(frame.width / frame.dpi * 72, frame.height / frame.dpi * 72, frame.dpi, number)
    image = frame.path
    turn = engine.orientation(image) if job.rotate else 0
    if turn:
        image = frame.turned(turn, job.work / f"f{number}-upright.png")
        turned.append(number)
    found = engine.recognise(image, job.work / f"f{number}", job.langs, frame.dpi, pdf=pdf)
    job.recognised[number] = found.text
    job.progress.add()
    return found.pdf if pdf else found.text
