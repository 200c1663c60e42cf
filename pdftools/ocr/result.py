"""What an OCR run returns: `OcrResult` (and `OcrLanguages` for `--list-languages`), and exit 14 when every page
asked for already has text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from pdftools.document.text import TextResult

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
    pages_deskewed: list[int] = field(default_factory=list)
    """Pages turned straight by deskew."""
    encrypted: bool = False
    """The output kept the input's encryption."""
    already_text: bool = False
    """Every page had text: nothing done."""
    sidecar: str | None = None
    """The text of the output's pages (--sidecar), a form feed after each."""
    cli_only: ClassVar = ("sidecar",)  # no tool argument sets it
    table_optional: ClassVar = ("already_text",)  # a person reads it when every page had text
    skip_text = False  # --skip-text: nothing to do is no failure (exit 0, not 14)
    earlier_ocr = False  # (no field) every page's text is an earlier OCR's invisible layer: --redo-ocr redoes it
    text: TextResult | None = None
    """The recognised text (text mode)."""
    budgeted: ClassVar = ("text",)  # text in pieces of max_chars: a front end never cuts it otherwise

    def as_text(self) -> str | None:
        return self.text.as_text(empty=NOTHING_READ) if self.text is not None else None

    def shortfalls(self) -> list[str]:
        """Why exit 14 (nothing done), to a person, a script and an agent (`already_text` alone is a success that
        says nothing to a model); when every page's text is an earlier OCR's layer, the option that OCRs them
        anew (command line only: not offered over MCP)."""
        if not self.already_text or self.skip_text:
            return []
        done = "every page asked for already has text, so nothing was OCRed" + (
            "" if self.text is not None else " and no searchable PDF written")
        again = "{{force_ocr}}{{mcp:: true}} OCRs them again"
        if self.earlier_ocr:  # (over MCP: the plain advice; --redo-ocr is the command line's)
            again = ("{{cli:their text is an earlier OCR's invisible layer, which --redo-ocr replaces with a new one, "
                     "the page images kept (--force-ocr would redraw the pages as images)}}{{mcp:force_ocr: true "
                     "OCRs them again}}")
        return [f"{done}: {again}"]

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
