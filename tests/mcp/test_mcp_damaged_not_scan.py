"""A damaged file whose pages poppler cannot read (the corpus's 017: qpdf rejects its page tree, poppler finds 4
pages and no text on them) was called a scan: `no text on page(s) 1,2,3,4: scanned? `pdftools ocr ... --mode
text` reads them`, over MCP `pdf_ocr`; but OCR refuses a file qpdf cannot read (DAMAGED_PDF), and its pages draw
nothing. The note now says the file is damaged and names `check` and `repair` (MCP: `pdf_check`, `pdf_repair`),
the same meaning on both, for `text` and `search --warn-empty` alike; a scan is still sent to OCR. The real CLI
and the real server over stdio through the SDK's client."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

PDFTOOLS = Path(sys.executable).with_name("pdftools")
DAMAGED = CORPUS / "017-unreadable-meta-data/unreadablemetadata.pdf"


def _said(result: Any) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


def test_a_damaged_file_s_empty_pages_name_check_and_repair_at_the_shell(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pdf"
    shutil.copy(DAMAGED, bad)
    text = subprocess.run([PDFTOOLS, "text", bad], capture_output=True, text=True)
    first = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"  # so the damaged file is read ahead of its turn
    search = subprocess.run([PDFTOOLS, "search", "--warn-empty", "foo", first, bad], capture_output=True, text=True)
    assert text.returncode == 0 and search.returncode == 1, (text.stderr[-500:], search.stderr[-500:])
    for said in (text.stderr, search.stderr):
        notes = [line for line in said.splitlines() if line.startswith(("note:", "warning:"))]
        assert notes, said[-2000:]
        assert all("ocr" not in note and "scan" not in note for note in notes), notes
        assert any("damaged" in note and f"`pdftools check {bad}`" in note and f"`pdftools repair {bad} -o "
                   in note for note in notes), notes
    check = subprocess.run([PDFTOOLS, "check", bad], capture_output=True, text=True)
    assert check.returncode == 12 and "problems" in check.stdout, check  # the command named says what is wrong


def test_a_damaged_file_s_empty_pages_name_the_check_and_repair_tools(tmp_path: Path) -> None:
    shutil.copy(DAMAGED, tmp_path / "bad.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_extract_text", {"input": "bad.pdf"}),
                    await client.call_tool("pdf_search", {"inputs": ["bad.pdf"], "pattern": "foo"}),
                    await client.call_tool("pdf_ocr", {"input": "bad.pdf", "mode": "text"})]

    text, search, ocr = anyio.run(go)
    assert ocr.is_error and "DAMAGED_PDF" in _said(ocr), _said(ocr)  # what the old note sent an agent to
    for result in (text, search):
        said = _said(result)
        assert not result.is_error, said
        assert "pdf_ocr" not in said and "scan" not in said, said
        assert "damaged" in said and "`pdf_check`" in said and "`pdf_repair`" in said, said
        assert "pdftools" not in said and " -o " not in said, said  # the tools' words, not the shell's


def test_a_page_a_repaired_file_lost_names_check_and_repair(tmp_path: Path) -> None:
    """A file qpdf opens only by rebuilding it (the corpus's Google Docs file cut to its first 20%), whose page lost
    what it drew: `no text on page(s) 1: scanned? `pdftools ocr ... --mode text` reads it`, but OCR of that page
    finds nothing (it draws nothing, no image). A page without text that draws no image, in a file qpdf had to
    repair, is called damaged; at the shell and over MCP."""
    source = CORPUS / "011-google-doc-document/google-doc-document.pdf"
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(source.read_bytes()[:source.stat().st_size // 5])
    text = subprocess.run([PDFTOOLS, "text", cut], capture_output=True, text=True)
    assert text.returncode == 0, text.stderr[-500:]
    notes = [line for line in text.stderr.splitlines() if line.startswith("note:")]
    assert notes and all("ocr" not in note and "scan" not in note for note in notes), notes
    assert any("damaged" in note and f"`pdftools check {cut}`" in note for note in notes), notes
    ocr = subprocess.run([PDFTOOLS, "ocr", cut, "--mode", "text"], capture_output=True, text=True)
    assert ocr.returncode == 0 and not ocr.stdout.strip("\f\n "), ocr  # what the old note sent one to: nothing

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_extract_text", {"input": "cut.pdf"})

    said = _said(anyio.run(go))
    assert "pdf_ocr" not in said and "`pdf_check`" in said and "`pdf_repair`" in said, said


def test_a_repaired_scan_is_still_sent_to_ocr(tmp_path: Path) -> None:
    """A scan whose file qpdf had to repair (its end cut: no startxref) is still a scan: its page draws an image
    over the whole page, and the note names OCR as before."""
    source = CORPUS / "007-imagemagick-images/imagemagick-ASCII85Decode.pdf"
    cut = tmp_path / "scan.pdf"
    cut.write_bytes(source.read_bytes()[:-60])
    text = subprocess.run([PDFTOOLS, "text", cut], capture_output=True, text=True)
    notes = [line for line in text.stderr.splitlines() if line.startswith("note:")]
    assert notes == [f"note: no text on page(s) 1: scanned? `pdftools ocr {cut} --mode text` reads it"], text.stderr


def test_a_search_of_a_repaired_file_whose_page_was_lost_names_check_and_repair(tmp_path: Path) -> None:
    """The same lost page as `text`'s, searched: `--warn-empty` (and MCP's note) said `a scan? `pdftools ocr` makes it
    searchable`; it says damaged, naming check and repair."""
    source = CORPUS / "011-google-doc-document/google-doc-document.pdf"
    cut = tmp_path / "cut.pdf"
    cut.write_bytes(source.read_bytes()[:source.stat().st_size // 5])
    first = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"  # the cut file read ahead, and alone
    for inputs in ([cut], [first, cut]):
        search = subprocess.run([PDFTOOLS, "search", "--warn-empty", "zzz", *inputs], capture_output=True, text=True)
        warned = [line for line in search.stderr.splitlines() if line.startswith("warning:") and "no text" in line]
        assert len(warned) == 1 and "scan" not in warned[0] and "damaged" in warned[0], search.stderr[-1500:]

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_search", {"inputs": ["cut.pdf"], "pattern": "zzz"})

    said = _said(anyio.run(go))
    assert "pdf_ocr" not in said and "`pdf_check`" in said and "`pdf_repair`" in said, said
