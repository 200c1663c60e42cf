"""`convert` of images: a PDF of them, a page each, without pandoc or OCR (document/image_pages makes the pages).
Only images go together, only into a PDF, and pandoc's options are refused: they would do nothing."""

from __future__ import annotations

from pathlib import Path

from pdftools.core.outputs import check_output
from pdftools.core.paths import input_path, pdf_output_path
from pdftools.core.pdf import image_kind, save_pdf
from pdftools.document.image_pages import image_pdf, version
from pdftools.document.images import is_image
from pdftools.errors import InvalidArgument

HINT = "Give images only ({{cli:`pdftools convert a.jpg b.png -o x.pdf`}}{{mcp:input and append}}), into a PDF."


def check(source: Path, append: list[str] | None, output: str | None, to_format: str | None, missing: str,
          pandoc_options: list[str], force: bool) -> tuple[list[Path], Path]:
    """The images (the input's first) and where their PDF goes, refused before any work: a document among them,
    an output that is not a PDF, an option only pandoc takes."""
    paths = [source, *(input_path(path, missing, pdf=False) for path in append or [])]
    for path in paths[1:]:
        if not is_image(path):
            raise InvalidArgument(f"{path.name} is not an image, and {source.name} is: images become a PDF together, "
                                  "documents go through pandoc apart", hint=HINT)
    if pandoc_options:
        raise InvalidArgument(f"images become a PDF without pandoc, so {' and '.join(pandoc_options)} would do "
                              "nothing", hint=HINT)
    named_other = output not in (None, "-") and not str(output).lower().endswith(".pdf")
    if (to_format not in (None, "pdf")) or named_other:
        other = to_format or Path(str(output)).suffix.lstrip(".") or str(output)
        raise InvalidArgument(f"{source.name} looks like {_kind(source)} image: images become a PDF, not {other}",
                              hint=f"{{{{cli:E.g. -o {source.stem}.pdf; `pdftools ocr FILE --mode text` reads an "
                                   f"image's text.}}}}{{{{mcp:E.g. \"output\": \"{source.stem}.pdf\"; pdf_ocr reads "
                                   "an image's text (mode text).}}")
    if output is None:
        raise InvalidArgument("images become a PDF: give an output file",
                              hint="{{mcp:E.g. \"output\": \"scans.pdf\".}}")
    out = pdf_output_path(output)
    check_output(out, paths, force=force)
    return paths, out


def _kind(path: Path) -> str:
    """`a PNG`, `a JPEG`, `a WebP`...: what the image is, as NOT_A_PDF names it."""
    with path.open("rb") as fh:
        kind = image_kind(fh.read(16)) or "WebP"
    return f"{'an' if kind[0] in 'AEIOU' else 'a'} {kind}"


def write(paths: list[Path], out: Path, page_size: str | None) -> tuple[int, int, list[str]]:
    """Write the images' PDF: its size in bytes, its pages and the warnings."""
    pdf, warnings = image_pdf(paths, page_size)
    with pdf:
        size = save_pdf(pdf, out, min_version=version(pdf))
        return size, len(pdf.pages), warnings
