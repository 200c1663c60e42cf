"""OCR that finds no text on a page says so in its own words: the note for a page without a text layer
(`scanned? pdftools ocr FILE --mode text reads it`, `[... scanned? use OCR]`) sent a user and an agent who had
just run OCR to run it again."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from pdftools.ops.ocr import ocr


def _blank(tmp_path: Path) -> Path:
    path = tmp_path / "blank page.png"
    Image.new("L", (600, 400), 255).save(path, dpi=(150, 150))
    return path


def test_ocr_text_of_a_blank_page_does_not_say_use_ocr(tmp_path: Path) -> None:
    result = ocr(str(_blank(tmp_path)), mode="text")
    assert result.text is not None and result.text.empty_pages == [1]
    said = result.as_text() or ""  # what an MCP client reads
    assert "use OCR" not in said and "scanned?" not in said, said
    assert "OCR found no text on pages [1]" in said, said

