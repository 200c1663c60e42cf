"""A search over a folder of scans noted each file without text on its own line: 600 scans made 59 kB of notes
beside `no match` (6,000: 590 kB), past what a client keeps of a result. The first files are named, then how many
more there are. Found as an agent searching a folder over stdio; the real server, the SDK's client."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client

from pdftools.document.search_result import MOST_NOTED


def test_files_without_text_are_noted_up_to_a_few_then_counted(tmp_path: Path) -> None:
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        for index in range(MOST_NOTED + 20):
            pdf.save(tmp_path / f"scan-{index:03}.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_search", {"inputs": ["."], "pattern": "x"}),
                    await client.call_tool("pdf_search", {"inputs": ["scan-001.pdf"], "pattern": "x"})]

    many, one = anyio.run(go)
    notes = [line for block in many.content[1:] if block.type == "text" for line in block.text.splitlines()]
    assert len(notes) == MOST_NOTED + 1, notes
    assert notes[0] == f"note: {tmp_path}/scan-000.pdf has no text to search: a scan? `pdf_ocr` makes it searchable"
    assert notes[-1] == "note: and 20 more files have no text to search: scans? `pdf_ocr` makes them searchable", notes
    said = [block.text for block in one.content[1:] if block.type == "text"]
    assert said == [f"note: {tmp_path}/scan-001.pdf has no text to search: a scan? `pdf_ocr` makes it searchable"]


def test_inputs_skipped_are_listed_up_to_a_few_then_counted(tmp_path: Path, encrypted_pdf: Path) -> None:
    """A folder of 600 PDFs locked with a password gave 600 `skipped` rows: 86 kB of text and 107 kB of structured
    content for `no match`. The first MOST_SKIPPED are listed, and a note counts the others by code."""
    import shutil

    from pdftools.mcp.results import MOST_SKIPPED

    for index in range(MOST_SKIPPED + 10):
        shutil.copy(encrypted_pdf, tmp_path / f"locked-{index:03}.pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_search", {"inputs": ["."], "pattern": "x"})

    result = anyio.run(go)
    skipped = result.structured_content["skipped"]
    assert [s["path"] for s in skipped] == [f"{tmp_path}/locked-{i:03}.pdf" for i in range(MOST_SKIPPED)], skipped
    text = [block.text for block in result.content if block.type == "text"]
    assert text[0].count("[skipped ") == MOST_SKIPPED, text[0]
    assert "note: and 10 more inputs skipped, not listed (ENCRYPTED: 10)" in text[-1].splitlines(), text[-1]
