"""Inputs for the batch tests: small distinct PDFs made with pikepdf, and scans of real corpus pages."""

from __future__ import annotations

import subprocess
import threading
from pathlib import Path

import pikepdf
from PIL import Image


def small_pdfs(folder: Path, count: int, *, pages: int = 1, prefix: str = "doc") -> list[Path]:
    """`count` distinct PDFs (`doc-0001.pdf`...), each page saying its file and page number."""
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(count):
        pdf = pikepdf.new()
        font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                    BaseFont=pikepdf.Name.Helvetica))
        for page in range(1, pages + 1):
            text = f"BT /F1 18 Tf 72 720 Td (File {prefix} {i} page {page}) Tj ET".encode()
            pdf.pages.append(pikepdf.Page(pikepdf.Dictionary(
                Type=pikepdf.Name.Page, MediaBox=[0, 0, 612, 792], Contents=pdf.make_stream(text),
                Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))))
        path = folder / f"{prefix}-{i:04}.pdf"
        pdf.save(path, deterministic_id=True)
        made.append(path)
    return made


def scans(sample: Path, folder: Path, *, dpi: int = 100, pages: int = 4) -> list[Path]:
    """Image-only PDFs, one per page of `sample` (rasterised by pdftoppm, grey; the top quarter of each page,
    a few lines of text, so that OCR takes a fraction of a second): what OCR is for."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-l", str(pages), str(sample), str(folder / "pg")],
                   check=True)
    made = []
    for pgm in sorted(folder.glob("pg-*.pgm")):
        path = pgm.with_suffix(".pdf")
        with Image.open(pgm) as image:
            image.crop((0, 0, image.width, image.height // 4)).save(path, resolution=dpi)
        pgm.unlink()
        made.append(path)
    return made


def one_scan(pages: list[Path], path: Path) -> Path:
    """The scans as one multi-page PDF (a long scanned document)."""
    out = pikepdf.new()
    for page in pages:
        with pikepdf.open(page) as one:
            out.pages.extend(one.pages)
    out.save(path)
    return path


def rest_of(proc: subprocess.Popen[str], timeout: float = 120) -> tuple[str, str]:
    """The rest of a process's stdout after lines read from `proc.stdout`, and its stderr, once it has ended.
    Not `communicate()`: it reads the pipes themselves and misses what `readline()` had buffered (two rows that
    arrived together: the second was lost, and a batch test saw 3 rows of 4 with exit 0)."""
    got: dict[str, str] = {}

    def read(name: str) -> None:
        got[name] = getattr(proc, name).read()

    readers = [threading.Thread(target=read, args=(name,), daemon=True) for name in ("stdout", "stderr")]
    for reader in readers:
        reader.start()
    try:
        proc.wait(timeout=timeout)
    finally:
        for reader in readers:
            reader.join(timeout=30)
    return got.get("stdout", ""), got.get("stderr", "")
