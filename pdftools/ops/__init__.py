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
    summary: str  # one line for `pdftools --help`, without importing the module
    read_only: bool
    module: str = ""

    def load(self) -> Callable[..., Any]:
        module = importlib.import_module(self.module or f"pdftools.ops.{self.name}")
        return getattr(module, self.name)  # type: ignore[no-any-return]


OPS: tuple[Op, ...] = (
    Op("merge", "pdf_merge", "Merge PDFs", "Merge PDFs (files, globs, folders; page ranges) into one.", False),
    Op("split", "pdf_split", "Split a PDF", "Split a PDF by pages, ranges or bookmarks.", False),
    Op("info", "pdf_info", "Read PDF info", "Show pages, metadata, encryption, outline and contents.", True),
    Op("text", "pdf_extract_text", "Extract text", "Extract text, page by page (plain or layout).", True),
    Op("ls", "pdf_list", "List PDFs", "List PDFs in a folder with pages, size, title.", True),
)


def get(name: str) -> Op:
    return next(op for op in OPS if op.name == name)
