"""Extract the text of a PDF, page by page (poppler's pdftotext): `plain` reading order or `layout`.

A character budget (`max_chars`) cuts long documents into pieces: the result says where to continue
(`next_page`, `next_offset`), so a 1,000-page PDF can be read in several calls.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pdftools.core import engines, poppler, streams, task
from pdftools.core.pages import parse_pages
from pdftools.core.params import Cli, Mcp, Param
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf, write_pdf
from pdftools.errors import DamagedPdf, InvalidArgument

if TYPE_CHECKING:
    import pikepdf

BATCH = 64  # pages per round under a budget: enough to amortise the processes, few enough to stop early
MIN_CHUNK = 32  # pages per pdftotext process when a round is shared out across CPUs


@dataclass
class PageText:
    page: int
    text: str


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

    def as_text(self) -> str:
        """The text with page markers and, when cut, where to continue: what a reader (or a model) needs."""
        parts = [f"--- page {p.page} ---\n{p.text}" for p in self.pages]
        if self.truncated:
            parts.append(f"[truncated: continue with start_page={self.next_page}, offset={self.next_offset or 0}]")
        if self.empty_pages:
            parts.append(f"[no text layer on pages {self.empty_pages}: scanned? use OCR]")
        return "\n".join(parts)


def text(
    input: Annotated[str, Param("PDF to read"), Cli(argument=True)],
    pages: Annotated[str | None, Param("Pages to read: `1-3,7,10-`, `last`")] = None,
    mode: Annotated[Literal["plain", "layout"], Param("plain: reading order; layout: keep columns")]
    = "plain",
    max_chars: Annotated[
        int | None, Param("Character budget for this call; the result says where to go on", ge=1),
        Mcp(default=40_000),
    ] = None,
    start_page: Annotated[
        int | None, Param("Continue from this page (a previous result's next_page)", ge=1)
    ] = None,
    offset: Annotated[int, Param("Characters to skip on start_page (a previous next_offset)", ge=0)] = 0,
    password: Annotated[
        str | None, Param("Password of an encrypted PDF"), Cli(envvar="PDFTOOLS_PASSWORD")
    ] = None,
) -> TextResult:
    path = input_path(input)
    try:
        pdf = open_pdf(path, password)
    except DamagedPdf as damaged:  # poppler may still read what qpdf rejects
        count = int(poppler.pdfinfo(path, damaged)["Pages"])
        return _collect(path, path, None, count, _selection(pages, count, start_page), mode, max_chars, offset)
    with pdf, tempfile.TemporaryDirectory(prefix="pdftools-text-") as tmp:
        count = len(pdf.pages)
        selected = _selection(pages, count, start_page)
        source = path
        if pdf.is_encrypted:  # pdftotext takes passwords only on its command line: hand it a decrypted copy
            os.chmod(tmp, 0o700)
            source = Path(tmp) / "decrypted.pdf"
            write_pdf(pdf, source)
        return _collect(path, source, pdf, count, selected, mode, max_chars, offset)


def _selection(pages: str | None, count: int, start_page: int | None) -> list[int]:
    selected = parse_pages(pages, count)
    if start_page is not None:  # continue where a previous call stopped, in the selection's own order
        if start_page not in selected:
            raise InvalidArgument(f"start_page {start_page} is not among the selected pages",
                                  hint="Pass a previous result's next_page with the same pages.")
        selected = selected[selected.index(start_page):]
    return selected


def _collect(path: Path, source: Path, pdf: pikepdf.Pdf | None, count: int, selected: list[int], mode: str,
             budget: int | None, offset: int) -> TextResult:
    out: list[PageText] = []
    used, empty = 0, []
    step = BATCH if budget is not None else max(len(selected), 1)
    progress = task.Counter(len(selected), "extracting text")
    for i in range(0, len(selected), step):
        batch = selected[i:i + step]
        if pdf is not None:  # measured first: pdftotext would inflate a decompression bomb for hours
            streams.check_pages(pdf, batch, str(path))
        for number, page_text in zip(batch, _extract(source, batch, mode, progress), strict=True):
            skip = offset if not out and i == 0 else 0  # the offset applies to the first page only
            body = page_text[skip:]
            if not page_text.strip():
                empty.append(number)
            room = budget - used if budget is not None else len(body)
            if len(body) > room:  # the budget ends inside this page: take what fits, say where to go on
                if room:
                    out.append(PageText(page=number, text=body[:room]))
                return _result(path, count, out, used + room, number, skip + room, empty)
            out.append(PageText(page=number, text=body))
            used += len(body)
    return _result(path, count, out, used, None, None, empty)


def _result(path: Path, count: int, pages: list[PageText], chars: int, next_page: int | None,
            next_offset: int | None, empty: list[int]) -> TextResult:
    return TextResult(path=str(path), page_count=count, pages=pages, chars=chars, truncated=next_page is not None,
                      next_page=next_page, next_offset=next_offset or None,
                      empty_pages=empty)


def _extract(source: Path, numbers: list[int], mode: str, progress: task.Counter) -> list[str]:
    """Text of the given pages: runs of consecutive pages, shared out over parallel pdftotext processes."""
    chunks = _chunks(sorted(set(numbers)), os.cpu_count() or 1)
    layout = ["-layout"] if mode == "layout" else []

    def run(chunk: list[int]) -> list[str]:
        args = ["pdftotext", "-enc", "UTF-8", "-f", str(chunk[0]), "-l", str(chunk[-1]), *layout]
        out = engines.run([*args, str(source), "-"]).decode("utf-8", errors="replace").split("\f")
        progress.add(len(chunk))
        return out

    outs = task.map_threads(run, chunks, workers=os.cpu_count() or 1)
    texts = {n: text for chunk, out in zip(chunks, outs, strict=True) for n, text in zip(chunk, out, strict=False)}
    return [texts.get(n, "") for n in numbers]


def _chunks(pages: list[int], workers: int) -> list[list[int]]:
    """Consecutive runs of `pages`, long runs cut so that `workers` processes share the work."""
    runs: list[list[int]] = []
    for n in pages:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    size = max(MIN_CHUNK, -(-len(pages) // workers))
    return [run[i:i + size] for run in runs for i in range(0, len(run), size)]
