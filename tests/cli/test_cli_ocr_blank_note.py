"""`ocr --mode text` on a page where OCR finds nothing: the note said "scanned? `pdftools ocr FILE --mode text`
reads it", the very command just run; it says OCR found nothing and what to try."""

from __future__ import annotations

from pathlib import Path

from PIL import Image


def test_ocr_text_note_at_a_shell_does_not_name_ocr_again(cli, tmp_path: Path) -> None:
    blank = tmp_path / "blank page.png"
    Image.new("L", (600, 400), 255).save(blank, dpi=(150, 150))
    result = cli("ocr", blank, "--mode", "text")
    assert result.exit_code == 0 and result.stdout == "\f", result
    note = result.stderr.strip()
    assert "pdftools ocr" not in note and "scanned?" not in note, note
    assert note.startswith("note: OCR found no text on page(s) 1"), note
    assert "--dpi" in note and "--language" in note, note  # what to try next
