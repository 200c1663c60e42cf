"""Page texts and the character budget, shared by `text` (pdftotext) and `ocr --mode text` (tesseract).

`collect` walks the selected pages in rounds, asks an extractor for each round's texts, and stops where a
`max_chars` budget runs out, saying where to go on (`next_page`, `next_offset`).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from pdftools.core import streams, task
from pdftools.core.pages import parse_pages, runs
from pdftools.core.pdf import write_pdf
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    import pikepdf

ROUND = 64  # pages per round under a budget: enough to amortise the processes, few enough to stop early
FIRST_ROUND, GROWTH, LAST_ROUND = 4, 2, 512  # pages per round when each page is printed as it comes (`rounds`);
# LAST_ROUND is also the most pages one pdftotext reads (`_chunks`)
EMPTY_COST = 32  # of a text budget, for a page without text (its marker and number cost that in a result)
MIN_CHUNK = 32  # pages per pdftotext process when a round is shared out across CPUs
Extractor = Callable[[list[int], task.Counter], list[str]]


@dataclass
class PageText:
    page: int
    text: str
    cut = False  # (no field) the budget ended inside this page: its text goes on in the next read


@dataclass
class TextBox:
    """A word or a line of text (`text --format words|lines`) and where it is on its page."""

    page: int
    block: int  # numbered from 1 on each page; `line` from 1 in its block
    line: int
    text: str
    x0: float  # the box: PDF points, origin at the top-left of the page as displayed, y down
    y0: float
    x1: float
    y1: float
    size: float  # the box's height (of the upright text): ~0.9-1.2 times the font size, which poppler omits

    def tsv(self) -> str:
        return "\t".join([str(self.page), str(self.block), str(self.line), *(f"{v:.2f}" for v in (
            self.x0, self.y0, self.x1, self.y1, self.size)), self.text])


BOX_COLUMNS = "page\tblock\tline\tx0\ty0\tx1\ty1\tsize\ttext"


@dataclass
class TextResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    path: str
    page_count: int
    pages: list[PageText]
    chars: int
    truncated: bool
    """True when the budget cut the text: call again with start_page=next_page, offset=next_offset."""
    next_page: int | None = None
    next_offset: int | None = None
    empty_pages: list[int] = field(default_factory=list)
    """Pages with no text layer (scanned? try OCR)."""
    warnings: list[str] = field(default_factory=list)
    boxes: list[TextBox] = field(default_factory=list)  # format words or lines (next_offset then counts boxes)
    budgeted: ClassVar = ("pages", "boxes")  # text in pieces of max_chars: a front end never cuts it otherwise
    pages_streamed = False  # the pages were printed as they were read (`collect`'s on_page): not a field
    damaged = None  # type: str | None  # why qpdf could not read the file (poppler read it): not a field

    def as_text(self, empty: str | None = None) -> str:
        """The text with page markers and, when cut, where to continue: what a reader (or a model) needs.
        `empty` says what pages without text mean after OCR; otherwise `agent_notes` says it, apart."""
        parts = [f"--- page {p.page} ---\n{p.text}" for p in self.pages]
        if self.boxes:
            parts += [BOX_COLUMNS, *(box.tsv() for box in self.boxes)]
        if self.truncated:
            parts.append(f"[truncated: continue with start_page={self.next_page}, offset={self.next_offset or 0}]")
        if self.empty_pages and empty is not None:
            parts.append(f"[{empty.format(pages=self.empty_pages)}]")
        return "\n".join(parts)

    def agent_notes(self) -> list[str]:
        """Pages without a text layer, and the command that reads them (named as the front end names it)."""
        if not self.empty_pages:
            return []
        if self.damaged is not None:
            return [f"no text on pages {self.empty_pages}: {damaged_note(self.damaged, self.path)}"]
        return [f"no text layer on pages {self.empty_pages}: scanned? `pdftools ocr` reads them (mode `text`) or makes "
                "them searchable"]


def damaged_note(why: str, name: str) -> str:
    """What pages without text mean in a file qpdf cannot read (poppler read what it could): no scan to OCR (OCR
    refuses such a file: DAMAGED_PDF), a damaged file; the commands that say what is wrong and recover what can be,
    as a shell names them (an agent's front end names the tools)."""
    import shlex

    quoted = shlex.quote(name)
    return (f"the file is damaged ({why}): `pdftools check {quoted}` says what is wrong, `pdftools repair {quoted} "
            "-o fixed.pdf` rewrites what can be recovered")


def damage(extract: Extractor, pages: list[int] | None = None) -> str | None:
    """Why the file `extract` reads is taken as damaged, not scanned, None when it is not: qpdf could not read it
    (`pdftotext`'s `damaged`), or had to repair it and `pages` (all without text) draw no scan (its `lost`, which
    `document.search.page_texts` sets: `lost`). `extract` may be a bound method of what holds it (a file read
    ahead: `ahead.Prepared`)."""
    for owner in (extract, getattr(extract, "__self__", None)):
        if getattr(owner, "damaged", None) is not None:
            return str(owner.damaged)  # type: ignore[union-attr]
        if pages is not None and callable(found := getattr(owner, "lost", None)):
            return found(pages)  # type: ignore[no-any-return]
    return None


def lost(pdf: pikepdf.Pdf, empty: list[int], repairs: list[str]) -> str | None:
    """Why the pages `empty` (without text) are taken as lost, not scanned: qpdf had to repair the file
    (`repairs`, from `readable`) and none of them draws an image over half the page, as a scan does (a page cut off
    a truncated file draws nothing, or a logo: OCR finds nothing there). None otherwise: a page that may be a scan,
    and a sound file's empty pages, are left as they were."""
    import pikepdf

    if not empty or not repairs:
        return None
    from pdftools.document.resources import placements

    for number in empty:
        page = pdf.pages[number - 1]
        try:
            box = [float(v) for v in page.mediabox]
            area = abs((box[2] - box[0]) * (box[3] - box[1]))
            for drawn in placements(page, number):
                a, b, c, d = drawn.matrix[:4]
                if area and abs(a * d - b * c) >= area / 2:
                    return None
        except (pikepdf.PdfError, ValueError, KeyError, TypeError):  # what it draws cannot be read: no scan either
            continue
    return f"qpdf had to repair {len(repairs)} problem(s) to open it"


def unread(damaged: BaseException) -> str:
    """qpdf's reason, without the file's name its message starts with (`a.pdf cannot be read: <reason>`)."""
    message = str(getattr(damaged, "message", damaged))
    return message.partition(" cannot be read: ")[2] or message


def select(pages: str | None, count: int, start_page: int | None, name: str | Path | None = None) -> list[int]:
    """The pages to read, in the spec's order, from `start_page` on (a previous call's next_page); a spec that
    names none is refused, naming the file (`name`)."""
    selected = list(dict.fromkeys(parse_pages(pages, count, name)))  # each page once: a page is read, not built
    if start_page is not None:
        if start_page not in selected:
            raise InvalidArgument(f"{{{{start_page}}}} {start_page} is not among the selected pages",
                                  hint="{{start_page}} goes on where a cut read stopped: give the page it named"
                                       "{{mcp: (next_page)}}, with the same {{pages}}.")
        selected = selected[selected.index(start_page):]
    return selected


def past_end(offset: int, size: int, page: int, unit: str) -> None:
    """A cut read goes on inside its page: an offset at or past the page's end came from no cut."""
    if offset >= size:
        raise InvalidArgument(f"{{{{offset}}}} {offset} is past the end of page {page} ({size} {unit})",
                              hint="{{offset}} goes on inside {{start_page}} where a cut read stopped: give the "
                                   "two it named.")


def collect(path: Path, count: int, selected: list[int], extract: Extractor, *, budget: int | None,
            offset: int = 0, label: str = "extracting text",
            on_page: Callable[[PageText], bool] | None = None) -> TextResult:
    """The selected pages' text, up to `budget` characters. A page without text costs EMPTY_COST of the budget
    (its marker and its number in `empty_pages`): 5,000 empty pages otherwise came back whole, 120 kB of
    markers in one result.

    `on_page` (`task.emit`) is handed each page as soon as it is read (`rounds`: as pdftotext writes them, or in
    rounds that start small and grow under a budget), so the first page is out before the rest are read; once
    it declines one (True: taken), the rest are handed over at the end.
    The result's `pages_streamed` says whether its pages were all taken."""
    out: list[PageText] = []
    used, spent, empty = 0, 0, list[int]()  # characters returned; of the budget (with the empty pages' cost)
    whole = ROUND if budget is not None else max(len(selected), 1)  # a round when nobody takes pages as they come
    streaming = on_page is not None
    progress = task.Counter(len(selected), label)

    def keep(page: PageText) -> None:
        nonlocal streaming
        out.append(page)
        if streaming:
            streaming = on_page(page)  # type: ignore[misc]  # (not None while streaming)

    def done(result: TextResult) -> TextResult:
        result.pages_streamed = bool(out) and on_page is not None and streaming
        return result

    with rounds(selected, extract, progress, lambda: streaming, whole, to_the_end=budget is None) as batches:
        first = True
        for batch, texts in batches:
            for number, page_text in zip(batch, texts, strict=True):
                skip = offset if first else 0  # the offset applies to the first page only
                first = False
                if skip:
                    past_end(skip, len(page_text), number, "characters")
                body = page_text[skip:]
                if not page_text.strip():
                    if budget is not None and out and budget - spent < EMPTY_COST:  # spent on the pages before
                        return done(_result(path, count, out, used, empty, number, None))
                    empty.append(number)
                    spent += EMPTY_COST
                room = max(budget - spent, 0) if budget is not None else len(body)
                if len(body) > room:  # the budget ends inside this page: take what fits, say where to go on
                    if room:
                        piece = PageText(page=number, text=body[:room])
                        piece.cut = True
                        keep(piece)
                    return done(_result(path, count, out, used + room, empty, number, skip + room))
                keep(PageText(page=number, text=body))
                used += len(body)
                spent += len(body)
    return done(_result(path, count, out, used, empty))


def first_round(selected: list[int], streaming: bool, whole: int) -> list[int]:
    """The pages `rounds` reads first (read ahead of a search's next file: `document.ahead`)."""
    return selected[:FIRST_ROUND if streaming else whole]


@contextlib.contextmanager
def rounds(selected: list[int], extract: Extractor, progress: task.Counter, streaming: Callable[[], bool],
           whole: int, to_the_end: bool = True) -> Iterator[Iterator[tuple[list[int], list[str]]]]:
    """`selected` in rounds of `whole` pages, each with its texts (`text`'s pages, `search`'s lines). While
    `streaming()` (each page printed as it is read) when it starts, pdftotext's pages come as it writes them, in
    the runs a read of the whole takes (`text_stream`: the first page from the first run's pipe), when the pages
    are read `to_the_end` (not under `text`'s character budget, whose read goes no further than a round past the
    page it ends in). An extractor of other pages (tesseract's; a search's file read ahead), pages out of order,
    or a budget's, come in rounds that start at
    FIRST_ROUND pages and grow, two read at once; once nobody takes them as they come, `whole` pages again.
    Leaving the block (a reader gone, an error, a budget spent, a search's --max-count) kills what is still
    read."""
    if not streaming():
        yield ((selected[i:i + whole], extract(selected[i:i + whole], progress))
               for i in range(0, len(selected), whole))
        return
    import collections
    import contextvars
    from concurrent.futures import Future, ThreadPoolExecutor

    cap = min(whole, LAST_ROUND)
    context = contextvars.copy_context()  # (the task, the path policy)
    runs = getattr(extract, "runs", None)  # pdftotext's: the pages as it writes them, in the runs of a whole read
    workers = os.cpu_count() or 1
    with task.current().scope() as part, ThreadPoolExecutor(max_workers=workers if runs else 2) as pool:
        def read(fn: Callable[[list[int]], list[str]], batch: list[int]) -> list[str]:
            with task.running(part):
                return fn(batch)

        if runs is not None and to_the_end and selected == sorted(set(selected)):
            from pdftools.document.text_stream import pages_as_written

            written = pages_as_written(runs, _chunks(selected, workers), progress,
                                       lambda fn, batch: pool.submit(context.copy().run, read, fn, batch), workers)
            try:
                yield written
            finally:
                part.cancel()  # the runs read ahead: their programs are killed
                written.close()  # the first one's too
            return

        def counted(batch: list[int]) -> list[str]:
            return extract(batch, progress)

        def ahead() -> Iterator[tuple[list[int], list[str]]]:
            at, size = 0, FIRST_ROUND
            flight: collections.deque[tuple[list[int], Future[list[str]]]] = collections.deque()
            while at < len(selected) or flight:
                while at < len(selected) and len(flight) < 2:
                    batch = selected[at:at + size]
                    flight.append((batch, pool.submit(context.copy().run, read, counted, batch)))
                    at += len(batch)
                    size = min(size * GROWTH, cap) if streaming() else whole
                batch, future = flight.popleft()
                yield batch, future.result()

        try:
            yield ahead()
        finally:
            part.cancel()  # the rounds still being read, if any: their programs are killed


def _result(path: Path, count: int, pages: list[PageText], chars: int, empty: list[int],
            next_page: int | None = None, next_offset: int | None = None) -> TextResult:
    return TextResult(path=str(path), page_count=count, pages=pages, chars=chars, truncated=next_page is not None,
                      next_page=next_page, next_offset=next_offset or None, empty_pages=empty)


def pdftotext(source: Path, mode: str = "plain", before: Callable[[list[int]], None] | None = None,
              damaged: str | None = None) -> Extractor:
    """An extractor running pdftotext over runs of consecutive pages, shared out over parallel processes.
    `before(pages)` runs ahead of each process (one at a time): a check of what it will read. `damaged`: why qpdf
    could not read the file (the extractor's `damaged`, `damage` tells): its pages without text are no scans.
    Its `runs` read pages as pdftotext writes them (`rounds`, printing as it goes: `text_stream`)."""
    from pdftools.document.text_stream import Runs

    layout = ["-layout"] if mode == "layout" else []
    runs = Runs(lambda chunk: ["pdftotext", "-enc", "UTF-8", "-f", str(chunk[0]), "-l", str(chunk[-1]), *layout,
                               str(source), "-"], before)

    def extract(numbers: list[int], progress: task.Counter) -> list[str]:
        def run(chunk: list[int]) -> list[str]:
            out = runs.whole(chunk, before_refused=False)
            progress.add(len(chunk))
            return out

        chunks = _chunks(sorted(set(numbers)), os.cpu_count() or 1)
        outs = task.map_threads(run, chunks, workers=os.cpu_count() or 1)
        texts = {n: t for chunk, out in zip(chunks, outs, strict=True) for n, t in zip(chunk, out, strict=False)}
        return [texts.get(n, "") for n in numbers]

    extract.damaged = damaged  # type: ignore[attr-defined]
    extract.runs = runs  # type: ignore[attr-defined]
    return extract


def measured(source: Path, mode: str, pdf: pikepdf.Pdf, name: str) -> Extractor:
    """pdftotext, each process once the streams drawing its pages are measured (STREAM_TOO_LARGE for a
    decompression bomb, which it would otherwise inflate for hours). The first process starts as soon as its
    own pages are measured, while the next ones' are (on two cores a 500-page text waited ~0.1 s less)."""
    return pdftotext(source, mode, before=lambda pages: streams.check_pages(pdf, pages, name))


def _chunks(pages: list[int], workers: int) -> list[list[int]]:
    """Consecutive runs of `pages`, long runs cut so that `workers` processes share the work (LAST_ROUND pages at
    most a process: the texts of the runs read ahead of the one printed are held until their turn)."""
    size = min(max(MIN_CHUNK, -(-len(pages) // workers)), LAST_ROUND)
    return [run[i:i + size] for run in runs(pages) for i in range(0, len(run), size)]


@contextlib.contextmanager
def readable(pdf: pikepdf.Pdf, path: Path, warnings: list[str] | None = None,
             repairs: list[str] | None = None) -> Iterator[Path]:
    """A path poppler can read without a password: the file itself, or a copy qpdf writes in a private temp
    folder: decrypted (poppler takes passwords only on its command line, where other users could see them), or
    repaired, when qpdf had to rebuild a file poppler cannot open (a warning then goes into `warnings`)."""
    from pdftools.engines import poppler

    repaired = pdf.get_warnings()  # (qpdf hands them over once: `repairs` gets them, for `lost`)
    if repairs is not None:
        repairs += [str(problem) for problem in repaired]
    if not pdf.is_encrypted and (not repaired or poppler.opens(path)):
        yield path
        return
    if not pdf.is_encrypted and warnings is not None:
        warnings.append(poppler.REPAIRED.format(repaired[0].removeprefix(f"{path}: ")))
    with tempfile.TemporaryDirectory(prefix="pdftools-") as tmp:
        os.chmod(tmp, 0o700)
        copy = Path(tmp) / "readable.pdf"
        write_pdf(pdf, copy)
        yield copy
