"""A scan given where a PDF is read (`pdftools text scan.png`, `merge a.pdf scan.png`) said only `is not a PDF` with
the hint to check that it is one, while `convert scan.png` says it looks like a PNG image and names `ocr`, the
command that reads its text or makes it a PDF. Every command reading a PDF now says what the image is and names
`ocr` (pdfcpu's `import` and img2pdf make a PDF of an image; here OCR does, and makes it searchable too). `merge`
and `convert` take images now (tests/convert/test_convert_images.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CORPUS
from errors_contract import Errors

from pdftools import errors

PNG = CORPUS / "007-imagemagick-images" / "smile.png"
OCR_HINT = ("`pdftools convert FILE -o FILE.pdf` makes a PDF of an image, `pdftools ocr FILE` a searchable one; "
            "`pdftools ocr FILE --mode text` reads its text.")


@pytest.mark.parametrize("command", [["text"], ["info"], ["compress"], ["check"],
                                     ["search", "x"]])  # (merge takes images: test_convert_images.py)
def test_an_image_given_for_a_pdf_names_ocr(fails: Errors, tmp_path: Path, command: list[str]) -> None:
    png = shutil.copyfile(PNG, tmp_path / "scan.png")
    args = [*command, png]
    fails.run(args, errors.NotAPdf, inputs=(png,), message_has=(f"{png} is not a PDF: it looks like a PNG image",),
              hint=OCR_HINT)


def test_a_text_file_keeps_the_plain_hint(fails: Errors, tmp_path: Path) -> None:
    txt = tmp_path / "notes.pdf"
    txt.write_text("hello, not a PDF\n")
    fails.run(["text", txt], errors.NotAPdf, inputs=(txt,), message_has=(f"{txt} is not a PDF",))
