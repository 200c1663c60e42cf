"""Extract the images embedded in a PDF, each in its own format where possible (JPEG, JPEG 2000, TIFF, PNG).

Named `{stem}-p{page:03}-{index:02}.{ext}`: JPEG data as stored, fax and CMYK images as TIFF, others as PNG
(soft mask as alpha). An image used on several pages is written once. All files or none are written.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pdftools.core import limits, results, streams, task
from pdftools.core.edit import Force, Pages, Password, select_pages
from pdftools.core.outputs import check_names, staged_outputs
from pdftools.core.params import Cli, Input, Param
from pdftools.core.paths import input_path, output_folder
from pdftools.core.pdf import open_pdf, page_list
from pdftools.document.resources import instructions

if TYPE_CHECKING:
    import pikepdf


@dataclass
class ExtractedImage:
    page: int
    index: int
    """The image's number on its page (1-based)."""
    path: str
    width: int
    height: int
    format: str
    """The file's extension: jpg, jp2, tif, png."""


@dataclass
class ImagesResult(results.FolderResult):
    images: list[ExtractedImage]
    duplicates: int
    """Further uses of images already written."""
    warnings: list[str] = field(default_factory=list)

    pages_asked = ""  # the pages as given, for the note: not part of the result's data

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """Nothing written: no folder was made (`out dir` would name one that is not there) and nothing can be a
        duplicate; the note says it."""
        return () if self.images else ("out_dir", "duplicates")

    def cap_outputs(self, most: int, where: str) -> None:
        """List the first `most` images; a warning says how many more and `where` they all are."""
        self.images, left = results.capped(self.images, most, "images", where, self.out_dir)
        self.warnings += left

    def shortfalls(self) -> list[str]:
        """An extraction that found nothing to write says so (a warning: a script and an agent are told too)."""
        if self.images or self.warnings:
            return []
        where = f" on pages {self.pages_asked}" if self.pages_asked else ""
        return [f"{results.input_name(self.input)} has no images{where}: nothing was written"]


def images(
    input: Input,
    out_dir: Annotated[str, Param("Folder to write the images into (made if missing)"), Cli("-d", "--out-dir")] = ".",
    pages: Pages = None,
    force: Force = False,
    password: Password = None,
) -> ImagesResult:
    src = input_path(input)
    folder = output_folder(out_dir)
    pdf = open_pdf(src, password)
    seen: set[tuple[int, int]] = set()
    result = ImagesResult(input=str(src), out_dir=str(folder), images=[], duplicates=0)
    result.pages_asked = pages or ""
    names: list[str] = []  # known once each image is written; staged_outputs moves them at the end
    numbers = sorted(set(select_pages(pages, len(pdf.pages), src)))
    listed = page_list(pdf)
    with staged_outputs(folder, names) as staging:
        for done, number in enumerate(numbers, 1):
            task.check()
            where = f"page {number} of {src.name}"
            for index, image in enumerate(_page_images(listed[number - 1], where), 1):
                if image.objgen in seen:
                    result.duplicates += 1
                    continue
                if image.objgen != (0, 0):  # inline images have no identity
                    seen.add(image.objgen)
                    _measure(image.obj, f"image {index} on {where}")
                written = _write(image.obj, staging / f"{src.stem}-p{number:03}-{index:02}", result.warnings)
                if written is not None:
                    path, width, height = written
                    names.append(path.name)
                    result.images.append(ExtractedImage(page=number, index=index, path=str(folder / path.name),
                                                        width=width, height=height, format=path.suffix[1:]))
            task.progress(done, len(numbers), "images")
        check_names(names, folder, force=force, field_hint="", inputs=[src])
    return result


@dataclass
class _Image:
    obj: Any
    """The image XObject (a stream), or an inline image."""
    objgen: tuple[int, int]


def _page_images(page: pikepdf.Page, where: str) -> list[_Image]:
    import pikepdf

    found = [_Image(obj, obj.objgen) for obj in page.get_images().values()]
    contents = page.obj.get("/Contents")  # parsed whole for its inline images: measured first
    parts = list(contents) if isinstance(contents, pikepdf.Array) else [contents]
    streams.check([part for part in parts if isinstance(part, pikepdf.Stream)], f"the content of {where}")
    try:
        operations = instructions(page)
    except pikepdf.PdfError:
        return found
    inline = [op.iimage for op in operations if isinstance(op, pikepdf.ContentStreamInlineImage)]
    return found + [_Image(image, (0, 0)) for image in inline]


def _measure(image: pikepdf.Stream, what: str) -> None:
    """STREAM_TOO_LARGE for an image whose data inflates beyond PDFTOOLS_MAX_STREAM_BYTES, whatever size it
    declares: extracting it reads its data whole (pdfimages reads only the bytes its pixels need)."""
    import pikepdf

    limit = limits.STREAM_BYTES.value()
    masks = [image.get(key) for key in ("/SMask", "/Mask")]  # a soft mask becomes the PNG's alpha
    for part in [image, *(mask for mask in masks if isinstance(mask, pikepdf.Stream))]:
        if limit is not None and streams.data_exceeds(part, limit):
            raise limits.STREAM_BYTES.exceeded(f"the data of {what} decompresses to more than {limit:,.0f} bytes")


def _tif(path: Path) -> Path:
    """pikepdf names fax images `.tif` and the TIFFs it makes through Pillow `.tiff`: one extension for both."""
    if path.suffix != ".tiff":
        return path
    return path.rename(path.with_suffix(".tif"))


def _write(obj: Any, prefix: Path, warnings: list[str]) -> tuple[Path, int, int] | None:
    """The image in its own format when pikepdf can do that, else as PNG; None (and a warning) if neither."""
    import pikepdf
    from pikepdf.models.image import PdfInlineImage

    image = obj if isinstance(obj, PdfInlineImage) else pikepdf.PdfImage(obj)
    try:
        if isinstance(image, pikepdf.PdfImage):
            return _tif(Path(image.extract_to(fileprefix=str(prefix)))), image.width, image.height
        pil = image.as_pil_image()
    except Exception:  # an unusual encoding: fall back to decoding through Pillow
        try:
            pil = image.as_pil_image()
        except Exception as exc:
            warnings.append(f"{prefix.name}: cannot decode this image ({type(exc).__name__}: {exc})")
            return None
    buffer = io.BytesIO()
    pil.save(buffer, format="PNG")
    path = prefix.with_suffix(".png")
    path.write_bytes(buffer.getvalue())
    return path, pil.width, pil.height
