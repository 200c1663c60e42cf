"""`pdftools text` on a pipe writes what pdftotext writes, byte for byte (scripts may swap one for the other)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.mark.parametrize("mode", ["plain", "layout"])
def test_text_on_a_pipe_equals_pdftotext(sample: Path, mode: str) -> None:
    layout = ["-layout"] if mode == "layout" else []
    ours = subprocess.run([PDFTOOLS, "text", sample, "--mode", mode], capture_output=True, check=True).stdout
    theirs = subprocess.run(["pdftotext", "-enc", "UTF-8", *layout, sample, "-"], capture_output=True,
                            check=True).stdout
    assert ours == theirs and ours.count(b"\f") == 4


def test_text_of_selected_pages_in_parallel_chunks_keeps_order(sample: Path) -> None:
    from pdftools.document import text as pagetext
    from pdftools.ops import text as text_op

    whole = text_op.text(str(sample)).pages
    picked = text_op.text(str(sample), pages="4,1-2,4").pages  # a page named twice is read once
    assert [p.page for p in picked] == [4, 1, 2]
    assert [p.text for p in picked] == [whole[3].text, whole[0].text, whole[1].text]
    assert pagetext._chunks([1, 2, 3, 7, 8], workers=2) == [[1, 2, 3], [7, 8]]
    assert [len(c) for c in pagetext._chunks(list(range(1, 101)), workers=2)] == [50, 50]


def test_pages_without_text_name_the_command_that_reads_them(cli, sample: Path, tmp_path: Path) -> None:
    """A scanned PDF's note said `scanned? try OCR`; it gives the command, with the file's name (quoted for the
    shell), and that command reads the page. The scan: a corpus page drawn by pdftoppm, saved as a PDF."""
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-f", "1", "-l", "1", str(sample), str(tmp_path / "pg")],
                   check=True)
    scan = tmp_path / "my scan.pdf"
    Image.open(next(tmp_path.glob("pg-*.pgm"))).save(scan, resolution=150)
    result = cli("text", scan, "--pages", "1")
    assert result.exit_code == 0 and result.stdout == "\f", result
    note = result.stderr.strip()
    assert note == f"note: no text on page(s) 1: scanned? `pdftools ocr '{scan}' --mode text` reads it", note
    read = cli("ocr", scan, "--mode", "text", "--pages", "1")
    assert read.exit_code == 0 and read.stdout.strip(), read
