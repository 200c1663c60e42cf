"""Render pages as images (poppler's pdftoppm): PNG, JPEG or WebP, by width, height or dpi.

Files are named by a pattern with {stem}, {page} and {ext}; none is written unless all of them can be, and
existing files need {{force}}. Pages render in parallel. A file qpdf cannot read is rendered by poppler alone
when it can (with a warning in the result).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pdftools import engines
from pdftools.core import limits, results, streams, task
from pdftools.core.naming import render
from pdftools.core.outputs import check_names, staged_outputs
from pdftools.core.pages import parse_pages, runs
from pdftools.core.params import Cli, Input, Pages, Param, Password
from pdftools.core.paths import input_path, output_folder
from pdftools.core.pdf import open_pdf, page_list
from pdftools.document import text as pagetext
from pdftools.engines import poppler
from pdftools.engines.tesseract import check_pixels
from pdftools.errors import DamagedPdf, ExternalToolFailed, InvalidArgument, NoPages, PageTooLarge

CHUNK = 64  # pages per pdftoppm at most: each process opens the document again; progress comes per chunk
INLINE_BYTES = 700_000  # what an MCP response may carry inline, in all: 933 kB as base64, so that the whole result
# stays under the 1,048,576 characters Claude Desktop takes (1 MB made 1.25 MB)
INLINE_EACH = 200_000
DEFAULT_WIDTH = 300
MIME = {"png": "image/png", "jpeg": "image/jpeg", "webp": "image/webp"}
EXTENSIONS = {"png": "png", "jpeg": "jpg", "webp": "webp"}


@dataclass
class Thumbnail:
    page: int
    path: str
    width: int
    height: int
    bytes: int



@dataclass
class ThumbnailsResult(results.FolderResult):
    images: list[Thumbnail] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """E.g. that qpdf could not read the file and poppler rendered it alone."""

    def cap_outputs(self, most: int, where: str) -> None:
        """List (and inline) the first `most` images; a warning says how many more and `where` they all are."""
        self.images, left = results.capped(self.images, most, "images", where, self.out_dir)
        self.warnings += left

    def inline_images(self, most: int | None = None) -> tuple[list[tuple[str, str]], int]:
        """Images small enough to travel inside a response (path, mime), at most `most`, and how many were left
        out."""
        chosen: list[tuple[str, str]] = []
        used = 0
        for image in self.images:
            if image.bytes > INLINE_EACH or used + image.bytes > INLINE_BYTES or len(chosen) == most:
                break
            chosen.append((image.path, MIME[image_format(Path(image.path))]))
            used += image.bytes
        return chosen, len(self.images) - len(chosen)


SUFFIXES = {"png": (".png",), "jpeg": (".jpg", ".jpeg"), "webp": (".webp",)}


def _check_suffix(name: str, format: str) -> None:
    """A pattern whose names say another image type than the one written (`{page}.png` for JPEG) is refused."""
    suffix = Path(name).suffix.lower()
    if any(suffix in known for known in SUFFIXES.values()) and suffix not in SUFFIXES[format]:
        raise InvalidArgument(f"{{{{pattern}}}} names {suffix} files but {{{{format}}}} is {format}",
                              hint="Put {ext} in the pattern (the format's own extension), or choose the format "
                                   "its names say.")


def thumbnails(
    input: Input,
    out_dir: Annotated[str, Param("Folder for the images (made if missing)"), Cli("-d", "--out-dir")] = ".",
    width: Annotated[int | None, Param("Width in pixels, keeping the aspect (default: 300)", ge=8, le=10_000),
                     Cli("-W", "--width")] = None,
    height: Annotated[int | None, Param("Height in pixels, keeping the aspect", ge=8, le=10_000),
                      Cli("--height")] = None,
    dpi: Annotated[int | None, Param("Resolution in dpi, instead of a size", ge=10, le=1200)] = None,
    format: Annotated[Literal["png", "jpeg", "jpg", "webp"], Param("Image format (jpg is jpeg)"),
                      Cli("--format")] = "png",
    pages: Pages = None,
    pattern: Annotated[str, Param("File name: {stem} {page} {ext}"), Cli("-p", "--pattern")]
    = "{stem}-p{page:03}.{ext}",
    jobs: Annotated[int | None, Param("Pages at once (default: one per CPU)", ge=1, le=64),
                    Cli("-j", "--jobs")] = None,
    force: Annotated[bool, Param("Overwrite existing images")] = False,
    password: Password = None,
) -> ThumbnailsResult:
    if sum(x is not None for x in (width, height, dpi)) > 1:
        raise InvalidArgument("choose one of --width, --height and --dpi")
    format = "jpeg" if format == "jpg" else format
    path, folder = input_path(input), output_folder(out_dir)
    _check_suffix(render(pattern, stem=path.stem, page=1, ext=EXTENSIONS[format]), format)
    if not (height or dpi):
        width = width or DEFAULT_WIDTH
    size = (width, None) if width else (None, height) if height else None

    def write(source: Path, selected: list[int], turned: set[int], warnings: list[str]) -> ThumbnailsResult:
        names = [render(pattern, stem=path.stem, page=p, ext=EXTENSIONS[format]) for p in selected]
        check_names(names, folder, force=force, field_hint="Put {page} in --pattern.", inputs=[path])
        with staged_outputs(folder, names) as staging:
            _render(source, selected, turned, names, staging, format, size, dpi or 72, jobs or os.cpu_count() or 1)
            images = [_describe(staging / n, p, folder / n) for p, n in zip(selected, names, strict=True)]
        return ThumbnailsResult(input=str(path), out_dir=str(folder), images=images, warnings=warnings)

    try:
        pdf = open_pdf(path, password)
    except DamagedPdf as damaged:  # poppler may still draw what qpdf rejects (e.g. a broken page tree)
        selected = _selected(pages, int(poppler.pdfinfo(path, damaged)["Pages"]), str(path))
        shown = poppler.media_boxes(path, selected, damaged, kind="CropBox")
        for p, (w, h, _) in shown.items():
            _check_pixels(w, h, size, dpi, p)
        warning = poppler.warning(damaged, "rendered by poppler alone, without pdftools' decompression-bomb "
                                           "check (its memory cap holds)")
        return write(path, selected, {p for p, s in shown.items() if s[2]}, [warning])
    warnings: list[str] = []
    with pdf, pagetext.readable(pdf, path, warnings) as source:
        selected = _selected(pages, len(pdf.pages), str(path))
        listed = page_list(pdf)
        shown = {p: _shown(listed[p - 1]) for p in selected}
        for p, (w, h, _) in shown.items():
            _check_pixels(w, h, size, dpi, p)
        streams.check_pages(pdf, selected, str(path), images=True)  # pdftoppm would inflate a bomb for hours
        return write(source, selected, {p for p, s in shown.items() if s[2]}, warnings)


def _selected(spec: str | None, count: int, name: str) -> list[int]:
    if not count:
        raise NoPages(f"{name} has no pages")
    return list(dict.fromkeys(parse_pages(spec, count, name)))


def _shown(page: Any) -> tuple[float, float, bool]:
    """The crop box within the media box (what a viewer shows, and `pdftoppm -cropbox` draws) as displayed,
    /Rotate applied, and whether the page is on its side."""
    try:
        turned = int(page.obj.get("/Rotate", 0)) % 180 == 90
    except (TypeError, ValueError):  # a /Rotate that is not a number: poppler ignores it
        turned = False
    try:
        media, crop = ([float(v) for v in box] for box in (page.mediabox, page.cropbox))
        width, height = (_overlap(media[i], media[i + 2], crop[i], crop[i + 2]) for i in (0, 1))
    except (TypeError, ValueError, IndexError):  # not four numbers: poppler draws a default page; no check
        return 0.0, 0.0, turned
    return (height, width, turned) if turned else (width, height, turned)


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    """How far two spans overlap (poppler draws the crop box clipped to the media box); the media box's span
    when they do not, as poppler then draws the media box."""
    shared = min(max(a0, a1), max(b0, b1)) - max(min(a0, a1), min(b0, b1))
    return shared if shared > 0 else abs(a1 - a0)


def _check_pixels(width_pt: float, height_pt: float, size: tuple[int | None, int | None] | None, dpi: int | None,
                  page: int) -> None:
    """PAGE_TOO_LARGE for a page whose image would pass PDFTOOLS_MAX_PIXELS: at `dpi`, or scaled to a width or
    a height (a page a hundred times taller than wide is a hundred times the pixels)."""
    if dpi or not size or not width_pt or not height_pt:
        check_pixels(width_pt, height_pt, dpi or 72, page)
        return
    width, height = size
    width = width or round(height * width_pt / height_pt)  # type: ignore[operator]  # one of the two is set
    height = height or round(width * height_pt / width_pt)
    try:
        limits.check_pixels(width, height, f"page {page} at {width} px wide")
    except PageTooLarge as exc:  # sized by a width or a height, not by --dpi: name what sized it
        raise PageTooLarge(exc.message, hint="Give a smaller `--width` or `--height` (the page's shape sets the other "
                                             "side), or set PDFTOOLS_MAX_PIXELS") from None


def _render(source: Path, pages: list[int], turned: set[int], names: list[str], staging: Path, fmt: str,
            size: tuple[int | None, int | None] | None, dpi: int, jobs: int) -> None:
    """Render runs of pages, `jobs` pdftoppm at a time, then give each file its name. pdftoppm runs through
    `engines.run` (memory and file-size caps; a cancel or the deadline kills it at once), not pdf2image, which
    would also run a pdfinfo per call and could only time a child out. pdftoppm (22.12) scales a page by its
    unrotated size, so pages on their side (`turned`) get their own runs with the size swapped."""
    progress = task.Counter(len(pages), "rendering")
    target = dict(zip(pages, names, strict=True))
    size_of = max(1, min(CHUNK, -(-len(pages) // jobs)))  # enough chunks to keep every job busy
    chunks = [run[i:i + size_of] for run in _runs(pages, turned) for i in range(0, len(run), size_of)]

    def render(chunk: list[int]) -> None:
        wanted = size[::-1] if size and chunk[0] in turned else size
        for page, produced in _pdftoppm(source, chunk, staging, fmt, wanted, dpi).items():  # type: ignore[arg-type]
            _finish(produced, staging / target[page], fmt)
        progress.add(len(chunk))

    task.map_threads(render, chunks, workers=jobs)


def _runs(pages: list[int], turned: set[int]) -> list[list[int]]:
    """Runs of consecutive pages, cut where a page's side changes."""
    out: list[list[int]] = []
    for run in runs(pages):
        for page in run:
            if out and out[-1][-1] == page - 1 and (out[-1][-1] in turned) == (page in turned):
                out[-1].append(page)
            else:
                out.append([page])
    return out


def _pdftoppm(source: Path, run: list[int], staging: Path, fmt: str,
              size: tuple[int | None, int | None] | None, dpi: int) -> dict[int, Path]:
    """One pdftoppm over the consecutive pages `run`; the image it made of each page."""
    prefix = f"r{run[0]}"
    scale = ["-scale-to-x", str(size[0] or -1), "-scale-to-y", str(size[1] or -1)] if size else []
    engines.run(["pdftoppm", "-cropbox", "-jpeg" if fmt == "jpeg" else "-png", "-r", str(dpi), *scale,
                 "-f", str(run[0]), "-l", str(run[-1]), str(source), str(staging / prefix)], writes=staging)
    made = {}  # pdftoppm names them PREFIX-NN.EXT, NN padded to the digits of the document's page count
    for produced in staging.glob(f"{prefix}-*"):
        number = produced.stem.rpartition("-")[2]
        if number.isdigit() and int(number) in run:
            made[int(number)] = produced
    missing = [p for p in run if p not in made]
    if missing:
        raise ExternalToolFailed(f"pdftoppm made no image of page {missing[0]} of {source.name}")
    return made


def _finish(produced: Path, target: Path, fmt: str) -> None:
    if fmt != "webp":
        os.replace(produced, target)
        return
    from PIL import Image

    with Image.open(produced) as img:
        img.save(target, "WEBP", quality=80)
    produced.unlink()


def _describe(staged: Path, page: int, final: Path) -> Thumbnail:
    width, height = image_size(staged)
    return Thumbnail(page=page, path=str(final), width=width, height=height, bytes=staged.stat().st_size)


def image_format(path: Path) -> str:
    """png, jpeg or webp, from the file's first bytes: a pattern may name the files anything (`p{page}`)."""
    with path.open("rb") as fh:
        head = fh.read(12)
    if head.startswith(b"\xff\xd8"):
        return "jpeg"
    return "webp" if head[:4] == b"RIFF" and head[8:12] == b"WEBP" else "png"


def image_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's or JPEG's header (what pdftoppm writes), without Pillow (whose import
    and decoder cost a 100-page run more than its overhead over pdftoppm); Pillow for anything else."""
    with path.open("rb") as fh:
        head = fh.read(64 * 1024)
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    size = _jpeg_size(head) if head[:2] == b"\xff\xd8" else None
    if size is not None:
        return size
    from PIL import Image

    with Image.open(path) as img:
        return img.size


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """The size in a JPEG's first start-of-frame marker (SOF0-SOF15 but DHT, JPG and DAC), if in `data`."""
    i = 2
    while i + 9 < len(data) and data[i] == 0xFF:
        marker, length = data[i + 1], int.from_bytes(data[i + 2:i + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            return int.from_bytes(data[i + 7:i + 9], "big"), int.from_bytes(data[i + 5:i + 7], "big")
        i += 2 + length
    return None
