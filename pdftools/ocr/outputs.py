"""What OCR writes besides a new searchable PDF: the sidecar (the text of the output's pages), and the input
itself when no page needed OCR (to a pipe, or with --skip-text)."""

from __future__ import annotations

import shutil
from pathlib import Path

from pdftools.core.outputs import atomic_output
from pdftools.ocr.job import Job
from pdftools.ocr.result import OcrResult


def write_sidecar(job: Job, pages: list[int], own: dict[int, str], result: OcrResult) -> None:
    """--sidecar: each page's text, tesseract's where it read the page, else the page's own, a form feed after
    each (as pdftotext and OCRmyPDF write it)."""
    if job.sidecar is None:
        return
    texts = (job.recognised.get(p, own.get(p, "")).rstrip("\f") + "\f" for p in pages)
    with atomic_output(job.sidecar) as tmp:
        tmp.write_text("".join(texts), encoding="utf-8")
    result.sidecar = str(job.sidecar)


def pass_through(path: Path, job: Job, result: OcrResult) -> None:
    """Nothing to OCR: to a pipe the input goes through unchanged (an empty pipe would break the next
    command); a file is not written, though its path is checked as any output's is (confinement), unless
    --skip-text, which makes the input as it is the output (as OCRmyPDF's and a batch's)."""
    if job.out is None:
        return
    if job.raw_output(path) == "-" and not job.in_place:
        shutil.copyfile(path, job.out)
    elif job.skip_text and not job.in_place:
        with atomic_output(job.out) as tmp:
            shutil.copyfile(path, tmp)
    if job.skip_text:
        result.output = str(job.out)
