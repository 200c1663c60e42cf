"""`pdf_ocr` of a PDF whose pages all have text: a success with `already_text`, whose text now says so (nothing
was OCRed, no PDF written, force_ocr OCRs them again), as the command line's note does; it said nothing a model
reads. Over a real stdio server."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client


def test_a_pdf_with_text_on_every_page_says_nothing_was_done(tmp_path: Path, sample: Path) -> None:
    shutil.copy(sample, tmp_path / "typed.pdf")

    async def go() -> tuple[Any, Any]:
        async with stdio_client(tmp_path) as client:
            return (await client.call_tool("pdf_ocr", {"input": "typed.pdf"}),
                    await client.call_tool("pdf_ocr", {"input": "typed.pdf", "mode": "text"}))

    as_pdf, as_text = anyio.run(go)
    for result in (as_pdf, as_text):
        assert not result.is_error and result.structured_content["already_text"] is True, result
        said = "\n".join(block.text for block in result.content if block.type == "text")
        assert "already has text" in said and "nothing was OCRed" in said and "force_ocr" in said, said
        assert "--force-ocr" not in said  # the command line's flag, not the tool's argument
    assert "no searchable PDF written" in as_pdf.content[-1].text
    assert not (tmp_path / "typed-ocr.pdf").exists()
    assert set(as_pdf.structured_content) == set(as_text.structured_content)  # the schema's fields, as before
