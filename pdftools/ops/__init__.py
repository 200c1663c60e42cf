"""The registry: every operation by name, without importing it (so `--help` stays fast).

Each entry names the op's module and function (whose docstring is its help and MCP description), its MCP
tool name and title, and the hints agents use to decide how careful to be.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Op:
    name: str  # CLI subcommand
    tool: str  # MCP tool name
    title: str
    summary: str  # the module docstring's first line, so `--help` need not import it (a test checks)
    read_only: bool
    module: str = ""  # default: pdftools.ops.<name>
    function: str = ""  # default: <name> (a CLI name with a dash needs both)

    def module_name(self) -> str:
        return self.module or f"pdftools.ops.{self.name}"

    def load(self) -> Callable[..., Any]:
        module = importlib.import_module(self.module_name())
        return getattr(module, self.function or self.name)  # type: ignore[no-any-return]


OPS: tuple[Op, ...] = (
    Op("merge", "pdf_merge", "Merge PDFs", "Merge PDFs into one, in the order given.", False),
    Op("split", "pdf_split", "Split a PDF",
       "Split a PDF into several: every page, every N pages, given ranges, or at top-level bookmarks.", False),
    Op("info", "pdf_info", "Read PDF info", "Show a PDF's pages, metadata, encryption, outline and contents.", True),
    Op("text", "pdf_extract_text", "Extract text",
       "Extract the text of a PDF, page by page (poppler's pdftotext): `plain` reading order or `layout`.", True),
    Op("ls", "pdf_list", "List PDFs",
       "List the PDFs in a folder, with page count, size, title and whether they are encrypted.", True),
    Op("thumbnails", "pdf_thumbnails", "Render page images",
       "Render pages as images (poppler via pdf2image): PNG, JPEG or WebP, by width, height or dpi.", False),
    Op("doctor", "pdf_diagnose", "Check dependencies",
       "Check the programs and data pdftools uses, with versions and the command that installs what is missing.",
       True),
    Op("ocr", "pdf_ocr", "OCR a scan", "Make a scanned PDF or an image searchable with tesseract, or read its text.",
       False),
    Op("protect", "pdf_protect", "Encrypt a PDF",
       "Encrypt a PDF with a password: AES-256 by default, AES-128 on request, RC4 only with --legacy.", False),
    Op("unprotect", "pdf_unprotect", "Decrypt a PDF", "Remove a PDF's encryption, with its user or owner password.",
       False),
    Op("rename-invoice", "pdf_rename_invoice", "Rename invoices",
       "Rename invoice PDFs from what they say: date, issuer, number, total, currency.", False,
       module="pdftools.ops.rename_invoice", function="rename_invoice"),
)


def get(name: str) -> Op:
    return next(op for op in OPS if op.name == name)
