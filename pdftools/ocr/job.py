"""The OCR request the page workers share: its options, the work folder, the outputs (checked before any work),
and the text tesseract read, by page."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pdftools.core import task
from pdftools.core.pipes import to_pipe
from pdftools.document import text as pagetext
from pdftools.document.text import TextResult


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
    redo: bool = False  # --redo-ocr: a page whose only text is invisible is OCRed anew, that text taken out
    deskew: bool = False  # pdf mode: turn askew pages straight by the slant of tesseract's lines
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
