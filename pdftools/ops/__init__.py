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
    heavy: bool = False  # CPU-bound for seconds: the MCP server limits how many run at once
    no_match_exit: bool = False  # exit 1 is "nothing matched" (grep's contract): an error exits 2 or more
    module: str = ""

    @property
    def function(self) -> str:
        return self.name.replace("-", "_")  # `insert-blank` is pdftools.ops.insert_blank.insert_blank

    def doc(self) -> str:
        """The op module's docstring: its help and MCP description."""
        return module_doc(self.load().__module__)

    def load(self) -> Callable[..., Any]:
        module = importlib.import_module(self.module or f"pdftools.ops.{self.function}")
        return getattr(module, self.function)  # type: ignore[no-any-return]


def module_doc(name: str) -> str:
    """A module's docstring; under `python -OO` (PYTHONOPTIMIZE=2), which drops docstrings, read from its source."""
    import sys

    module = sys.modules[name]
    source = getattr(module, "__file__", None)
    if module.__doc__ is not None or source is None:
        return module.__doc__ or ""
    import ast
    from pathlib import Path

    return ast.get_docstring(ast.parse(Path(source).read_text(encoding="utf-8")), clean=False) or ""


OPS: tuple[Op, ...] = (
    Op("merge", "pdf_merge", "Merge PDFs", "Merge PDFs into one, in the order given.", False),
    Op("split", "pdf_split", "Split a PDF",
       "Split a PDF into several: every page, every N pages, given ranges, at top-level bookmarks, or by size.", False),
    Op("info", "pdf_info", "Read PDF info", "Show a PDF's pages, metadata, encryption, outline and contents.", True),
    Op("text", "pdf_extract_text", "Extract text",
       "Extract the text of a PDF, page by page (poppler's pdftotext): `plain` reading order or `layout`.", True),
    Op("ls", "pdf_list", "List PDFs",
       "List the PDFs in a folder, with page count, size, title and whether they are encrypted.", True),
    Op("thumbnails", "pdf_thumbnails", "Render page images",
       "Render pages as images (poppler's pdftoppm): PNG, JPEG or WebP, by width, height or dpi.", False,
       heavy=True),
    Op("doctor", "pdf_diagnose", "Check dependencies",
       "Check the programs and data pdftools uses, with versions and the command that installs what is missing.",
       True),
    Op("ocr", "pdf_ocr", "OCR a scan", "Make a scanned PDF or an image searchable with tesseract, or read its text.",
       False, heavy=True),
    Op("rotate", "pdf_rotate", "Rotate pages",
       "Rotate pages by 90, 180 or 270 degrees, or to an absolute rotation.", False),
    Op("select", "pdf_select_pages", "Select pages",
       "Keep only the given pages, in the given order (repeats allowed): `3,1-2`, `odd`, `5-1`.", False),
    Op("delete", "pdf_delete_pages", "Delete pages", "Delete pages: `2`, `1-3,7`, `even`, `last`.", False),
    Op("reorder", "pdf_reorder_pages", "Reorder pages",
       "Reorder pages: `reverse`, or `interleave` the two halves (collate scans of the front and back sides).",
       False),
    Op("insert-blank", "pdf_insert_blank", "Insert blank pages",
       "Insert blank pages, each the size (and rotation) of the page before it (or after it, at the start).",
       False),
    Op("insert", "pdf_insert_pages", "Insert pages",
       "Insert pages from another PDF: at the start, after any page, or at the end.", False),
    Op("metadata", "pdf_metadata", "Show or change metadata",
       "Show, set or remove a PDF's metadata (the Info dictionary and XMP).", False),
    Op("bookmarks", "pdf_bookmarks", "List or change bookmarks",
       "List a PDF's bookmarks as a tree, replace them all from JSON, or add one.", False),
    Op("attachments", "pdf_attachments", "List, add, extract or remove attachments",
       "List, add, extract or remove the files attached to a PDF.", False),
    Op("annotations", "pdf_annotations", "List, remove or flatten annotations",
       "List, remove or flatten a PDF's annotations: links, comments, highlights, stamps, ink, form widgets.", False),
    Op("forms", "pdf_forms", "List, fill or flatten form fields",
       "List a PDF's form fields (types, values, options), fill them, or flatten them into the pages.", False),
    Op("images", "pdf_extract_images", "Extract images",
       "Extract the images embedded in a PDF, each in its own format where possible (JPEG, JPEG 2000, TIFF, PNG).",
       False),
    Op("compress", "pdf_compress", "Compress a PDF",
       "Make a PDF smaller, losslessly first, then (when asked) by resampling images.", False),
    Op("stamp", "pdf_stamp", "Stamp text or a PDF page",
       "Stamp text or a PDF page on pages: watermarks, page numbers, Bates numbers.", False),
    Op("nup", "pdf_nup", "Several pages per sheet",
       "Put 2, 4 or more pages on each sheet (n-up), in reading order, on a chosen paper size.",
       False),
    Op("booklet", "pdf_booklet", "Impose as a booklet",
       "Impose a PDF as a booklet: two pages per sheet side, in the order that folds into a book.", False),
    Op("protect", "pdf_protect", "Encrypt a PDF",
       "Encrypt a PDF with a password: AES-256 by default, AES-128 on request, RC4 only for old readers.", False),
    Op("unprotect", "pdf_unprotect", "Decrypt a PDF", "Remove a PDF's encryption, with its user or owner password.",
       False),
    Op("rename-invoice", "pdf_rename_invoice", "Rename invoices",
       "Rename invoice PDFs from what they say: date, issuer, number, total, currency.", False, heavy=True),
    Op("convert", "doc_convert", "Convert a document",
       "Convert documents with pandoc: markdown, HTML, docx, odt, epub, rst, LaTeX, org, text, and PDF in and out.",
       False, heavy=True),
    Op("batch", "pdf_batch", "Run a command over many files",
       "Run one command over many files, on local processes or a Dask cluster; resumable.", False,
       heavy=True, module="pdftools.batch.op"),  # above the ops it runs (tests/test_layers.py)
    # issue 16: search, words and lines, page labels, crop, resize
    Op("search", "pdf_search", "Search PDFs",
       "Search PDFs for a regular expression, as pdfgrep does: files, folders and globs, with page numbers and "
       "context.", True, no_match_exit=True),
    Op("labels", "pdf_page_labels", "Show or set page labels",
       "Show or set page labels, the page numbers a viewer shows: `i, ii, iii` for the front matter, then "
       "`1, 2, 3`.", False),
    Op("crop", "pdf_crop", "Crop pages",
       "Crop pages: by margins, or to what they draw.",
       False, heavy=True),
    Op("resize", "pdf_resize", "Resize pages",
       "Resize pages to a paper size, scaling their content to fit, centred.",
       False),
    # issue 16 (check, repair, inspect, linearize)
    Op("check", "pdf_check", "Check a PDF for damage",
       "Check a PDF for damage: syntax, cross-reference, object streams, page tree, undecodable streams, fonts, "
       "images.", True),
    Op("repair", "pdf_repair", "Repair a damaged PDF",
       "Repair a damaged PDF: rewrite it through qpdf's recovery, or poppler's where qpdf gives up.", False),
    Op("inspect", "pdf_inspect", "Inspect a PDF's structure",
       "Inspect a PDF's structure: fonts, images, page boxes and labels, actions, tags, standards, signatures.",
       True),
    Op("linearize", "pdf_linearize", "Linearize a PDF",
       "Linearize a PDF for fast web view: a viewer shows the first page before the rest of the file arrives.",
       False),
)


# Another tool's word for a command (grep's, qpdf's, pdftk's operations, pdfcpu's commands) and a task's word an
# agent names a tool by (`pdf_encrypt`, `pdf_read`): what the command line and the MCP server suggest for them.
OTHER_NAMES = {
    "grep": "search", "pdfgrep": "search", "cat": "merge", "burst": "split", "encrypt": "protect",
    "decrypt": "unprotect", "watermark": "stamp", "optimize": "compress", "shuffle": "reorder",
    "dump_data": "info", "dump_data_utf8": "info", "update_info": "metadata", "update_info_utf8": "metadata",
    "fill_form": "forms", "dump_data_fields": "forms", "dump_data_fields_utf8": "forms", "generate_fdf": "forms",
    "form": "forms", "attach_files": "attachments", "unpack_files": "attachments", "background": "stamp",
    "multistamp": "stamp", "multibackground": "stamp", "trim": "select", "collect": "select", "validate": "check",
    "grid": "nup", "fonts": "inspect", "boxes": "crop", "permissions": "protect", "changeupw": "protect",
    "changeopw": "protect", "properties": "metadata", "keywords": "metadata", "zoom": "resize",
    "lock": "protect", "unlock": "unprotect", "read": "text", "find": "search", "count": "info",
    "markdown": "convert", "html": "convert", "docx": "convert", "thumbnail": "thumbnails", "render": "thumbnails",
}


def get(name: str) -> Op:
    return next(op for op in OPS if op.name == name)

# What `pdftools serve --tools` exposes. Every tool costs an agent context in every request (tests/test_mcp_tools
# measures it), so a client can take less than everything.
_READ = ("ls", "info", "text", "search", "doctor")
PROFILES: dict[str, tuple[str, ...]] = {
    "read": _READ,  # never writes a file
    "edit": (*_READ, "merge", "split", "rotate", "select", "delete", "reorder", "insert", "insert-blank", "stamp",
             "metadata", "bookmarks", "forms", "compress", "ocr"),  # everyday editing
    "all": tuple(op.name for op in OPS),
}
DEFAULT_PROFILE = "all"


def selected(spec: str | None) -> tuple[Op, ...]:
    """The ops named by a comma-separated list of profiles, command names and MCP tool names, in registry order."""
    from pdftools.errors import InvalidArgument

    names: set[str] = set()
    for raw in (spec or DEFAULT_PROFILE).split(","):
        item = raw.strip()
        if item in PROFILES:
            names.update(PROFILES[item])
            continue
        op = next((op for op in OPS if item in (op.name, op.tool)), None)
        if op is None:
            known = ", ".join([*PROFILES, *(op.name for op in OPS)])
            raise InvalidArgument(f"unknown tool or profile {item!r}", hint=f"Choose from: {known}.")
        names.add(op.name)
    return tuple(op for op in OPS if op.name in names)
