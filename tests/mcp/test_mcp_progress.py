"""Progress notifications as the spec wants them: `progress` rises with each notification, and a `total`, when
given, is the work to do. OCR first read the pages' text layer with a counter of total 0 (`2/0`), then counted
its own work from 1 again (`1/2`, `2/2`): a client drawing a bar went backwards. Through a real stdio server."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from scans import gray_scan
from surface_servers import stdio_client

pytestmark = pytest.mark.slow

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def _scan(folder: Path) -> None:
    """Pages 1-2 of a text PDF as gray images in an image-only PDF: a scan, with no text layer."""
    gray_scan(folder / "scan.pdf", last=2)


CALLS: list[tuple[str, dict[str, Any]]] = [
    ("pdf_ocr", {"input": "scan.pdf", "dpi": 100}),
    ("pdf_ocr", {"input": "scan.pdf", "dpi": 100, "mode": "text"}),
    ("pdf_ocr", {"input": "four.pdf", "mode": "text"}),  # pages with text: nothing to OCR
    ("doc_convert", {"input": "scan.pdf", "to_format": "markdown"}),  # a scan's text through OCR
    ("pdf_extract_text", {"input": "four.pdf"}),
    ("pdf_thumbnails", {"input": "four.pdf", "width": 40}),
]


def test_progress_rises_and_never_passes_its_total(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    _scan(tmp_path)

    async def go() -> list[tuple[str, Any, list[tuple[float, float | None]]]]:
        seen = []
        async with stdio_client(tmp_path) as client:
            for tool, args in CALLS:
                notes: list[tuple[float, float | None]] = []

                async def on_progress(progress: float, total: float | None, message: str | None,
                                      notes: list[tuple[float, float | None]] = notes) -> None:
                    notes.append((progress, total))

                seen.append((tool, await client.call_tool(tool, args, progress_callback=on_progress), notes))
        return seen

    results = anyio.run(go)
    assert results[0][2][-1] == (2, 2), results[0]  # the OCR of two pages said so: the check below has notes
    for (tool, result, notes), (_, args) in zip(results, CALLS, strict=True):
        assert not result.is_error, (tool, args, result.content[0].text)
        done = [progress for progress, _ in notes]
        assert done == sorted(set(done)), (tool, args, notes)  # strictly rising
        assert all(total is None or 0 < progress <= total for progress, total in notes), (tool, args, notes)
