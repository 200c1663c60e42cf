"""Render pages as images (poppler via pdf2image): PNG, JPEG or WebP, by width, height or dpi.

Files are named by a pattern with {stem}, {page} and {ext}; none is written unless all of them can be, and
existing files need --force. Pages render in parallel.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pdftools.core import pagetext, streams, task
from pdftools.core.naming import render
from pdftools.core.ocr import check_pixels
from pdftools.core.pages import parse_pages, runs
from pdftools.core.params import Cli, Param, Password
from pdftools.core.paths import input_path, output_folder
from pdftools.core.pdf import check_names, open_pdf, staged_outputs
from pdftools.errors import ExternalToolFailed, InvalidArgument, NoPages

CHUNK = 8  # pages per pdf2image call and thread: a cancel or a deadline is noticed between chunks
INLINE_BYTES = 1_000_000  # what an MCP response may carry inline, in all
INLINE_EACH = 200_000
DEFAULT_WIDTH = 300
MIME = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp"}


@dataclass
class Thumbnail:
    page: int
    path: str
    width: int
    height: int
    bytes: int


@dataclass
class ThumbnailsResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    out_dir: str
    images: list[Thumbnail] = field(default_factory=list)

    def inline_images(self) -> tuple[list[tuple[str, str]], int]:
        """Images small enough to travel inside a response (path, mime), and how many were left out."""
        chosen, used = [], 0
        for image in self.images:
            if image.bytes > INLINE_EACH or used + image.bytes > INLINE_BYTES:
                break
            chosen.append((image.path, MIME[Path(image.path).suffix.lstrip(".")]))
            used += image.bytes
        return chosen, len(self.images) - len(chosen)


def thumbnails(
    input: Annotated[str, Param("PDF to render"), Cli(argument=True)],
    out_dir: Annotated[str, Param("Folder for the images (must exist)"), Cli("-d", "--out-dir")] = ".",
    width: Annotated[int | None, Param("Image width in pixels, keeping the aspect (default 300)", ge=8, le=10_000),
                     Cli("-W", "--width")] = None,
    height: Annotated[int | None, Param("Image height in pixels (keeps the aspect)", ge=8, le=10_000),
                      Cli("-H", "--height")] = None,
    dpi: Annotated[int | None, Param("Render at this resolution instead of a size", ge=10, le=1200)] = None,
    format: Annotated[Literal["png", "jpeg", "webp"], Param("Image format"), Cli("-f", "--format")] = "png",
    pages: Annotated[str | None, Param("Pages to render: `1-3,7,10-` (default: all)")] = None,
    pattern: Annotated[str, Param("File name: {stem} {page} {ext}"), Cli("-p", "--pattern")]
    = "{stem}_p{page:03}.{ext}",
    jobs: Annotated[int | None, Param("Pages rendered at once (default: the number of CPUs)", ge=1, le=64),
                    Cli("-j", "--jobs")] = None,
    force: Annotated[bool, Param("Overwrite existing images")] = False,
    password: Password = None,
) -> ThumbnailsResult:
    if sum(x is not None for x in (width, height, dpi)) > 1:
        raise InvalidArgument("choose one of --width, --height and --dpi")
    path, folder = input_path(input), output_folder(out_dir)
    pdf = open_pdf(path, password)
    if not len(pdf.pages):
        raise NoPages(f"{path} has no pages")
    with pdf, pagetext.readable(pdf, path) as source:
        selected = list(dict.fromkeys(parse_pages(pages, len(pdf.pages))))
        if not (height or dpi):
            width = width or DEFAULT_WIDTH
        size = (width, None) if width else (None, height) if height else None
        if dpi:
            for p in selected:
                box = pdf.pages[p - 1].cropbox
                check_pixels(abs(float(box[2] - box[0])), abs(float(box[3] - box[1])), dpi, p)
        streams.check_pages(pdf, selected, str(path), images=True)  # pdftoppm would inflate a bomb for hours
        streams.check_metadata(pdf, str(path))  # pdf2image's pdfinfo reads the XMP whole
        ext = "jpg" if format == "jpeg" else format
        names = [render(pattern, stem=path.stem, page=p, ext=ext) for p in selected]
        check_names(names, folder, force=force, field_hint="Put {page} in --pattern.")
        with staged_outputs(folder, names) as staging:
            _render(source, selected, names, staging, format, size, dpi or 72, jobs or os.cpu_count() or 1)
            images = [_describe(staging / n, p, folder / n) for p, n in zip(selected, names, strict=True)]
    return ThumbnailsResult(input=str(path), out_dir=str(folder), images=images)


def _render(source: Path, pages: list[int], names: list[str], staging: Path, fmt: str,
            size: tuple[int | None, int | None] | None, dpi: int, jobs: int) -> None:
    """Render runs of pages with pdf2image (one pdftoppm per thread), then give each file its name."""
    from pdf2image import convert_from_path
    from pdf2image.exceptions import PDFPageCountError, PDFSyntaxError

    progress = task.Counter(len(pages), "rendering")
    step = CHUNK * jobs
    for start in range(0, len(pages), step):
        for run in runs(pages[start:start + step]):
            task.check()
            try:
                made = convert_from_path(source, dpi=dpi, size=size,  # type: ignore[arg-type]  # None is its default
                                         first_page=run[0], last_page=run[-1],
                                         fmt="png" if fmt == "webp" else fmt, thread_count=min(jobs, len(run)),
                                         output_folder=staging, output_file="r", paths_only=True,
                                         timeout=_seconds_left())
            except (PDFPageCountError, PDFSyntaxError) as exc:
                raise ExternalToolFailed(f"pdftoppm could not render {source.name}: {exc}") from None
            for page, produced in zip(run, made, strict=True):
                _finish(Path(str(produced)), staging / names[pages.index(page)], fmt)
            progress.add(len(run))


def _seconds_left() -> int:
    """pdf2image's own timeout for one call: the task's time left (it kills pdftoppm when it runs out)."""
    left = task.current().remaining()
    return max(1, int(left)) if left is not None else 24 * 3600


def _finish(produced: Path, target: Path, fmt: str) -> None:
    if fmt != "webp":
        os.replace(produced, target)
        return
    from PIL import Image

    with Image.open(produced) as img:
        img.save(target, "WEBP", quality=80)
    produced.unlink()


def _describe(staged: Path, page: int, final: Path) -> Thumbnail:
    from PIL import Image

    with Image.open(staged) as img:
        width, height = img.size
    return Thumbnail(page=page, path=str(final), width=width, height=height, bytes=staged.stat().st_size)

