"""A page without a text layer (a scan) told an agent `[no text layer on pages [5]: scanned? use OCR]`, naming no
tool, and a search of a scan said `no match` and nothing else, as if the word were not there. Over MCP the note
names the tool to call, `pdf_ocr` (at a shell, `pdftools ocr`, as before), for text and search alike. Through the
SDK's client over stdio."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client

from pdftools.ops import OPS


def _notes(result: Any) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


def test_a_page_without_text_names_the_ocr_tool(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    with pikepdf.open(sample) as pdf:
        pdf.add_blank_page()  # page 5: no text layer, as a scan's
        pdf.save(root / "five.pdf")
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(root / "scan.pdf")

    async def go() -> list[Any]:
        async with stdio_client(root) as client:
            return [await client.call_tool("pdf_extract_text", {"input": "five.pdf", "pages": "4-5"}),
                    await client.call_tool("pdf_search", {"inputs": ["scan.pdf", "four.pdf"], "pattern": "Huardest"})]

    text, search = anyio.run(go)
    assert not text.is_error and not search.is_error, (_notes(text), _notes(search))
    said = _notes(text)
    assert "`pdf_ocr`" in said and "[5]" in said, said
    assert "use OCR" not in said and "pdftools ocr" not in said, said
    found = _notes(search)
    assert "scan.pdf" in found and "`pdf_ocr`" in found and "pdftools ocr" not in found, found
    assert "four.pdf has no text" not in found, found  # only the file without text
    assert "pdf_ocr" in {op.tool for op in OPS}
