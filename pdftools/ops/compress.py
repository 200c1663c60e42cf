"""Make a PDF smaller, losslessly first, then (when asked) by resampling images.

Lossless: object streams, streams recompressed, identical streams stored once, unused objects dropped.
Lossy: images drawn above {{image_dpi}} are resampled, JPEGs re-encoded at {{jpeg_quality}}; each image only
if that makes it smaller. An output file that would not be smaller is not written (error NOT_SMALLER); to a
pipe (`-o -`) the input goes unchanged instead, with a warning, so the next command still gets a PDF.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Annotated, ClassVar

from pdftools.core import streams
from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Password,
    open_job,
)
from pdftools.core.params import Param
from pdftools.document import optimize
from pdftools.errors import NotSmaller


@dataclass
class CompressResult(Edited):
    before: int
    """Size of the input, in bytes."""
    saved: int
    """Bytes saved."""
    saved_percent: float
    duplicates_merged: int
    """Identical streams (images, fonts...) stored once."""
    images: dict[str, int] = field(default_factory=dict)
    """What happened to each image, with image_dpi or jpeg_quality."""
    unchanged: bool = False
    """Not smaller, so the input itself was written (to a pipe only; a file output is refused)."""
    table_optional: ClassVar = ("unchanged",)  # a person reads it when it happened
    table_units: ClassVar = {"before": "bytes", "saved": "bytes"}
    warnings: list[str] = field(default_factory=list)


def compress(
    input: Input,
    output: Output = None,
    image_dpi: Annotated[int | None, Param("Lossy: resample images drawn above this resolution", ge=10, le=2400)]
    = None,
    jpeg_quality: Annotated[int | None, Param("Lossy: JPEG quality for re-encoded images (1-95; default 75)",
                                              ge=1, le=95)] = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> CompressResult:
    import pikepdf

    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="compressed", password=password, in_place=in_place, force=force)
    before = job.src.stat().st_size
    pdf = job.pdf
    streams.check_save(pdf, str(job.src), recompress_flate=True)  # before any image or stream is decoded
    pdf.remove_unreferenced_resources()
    merged = optimize.merge_duplicates(pdf)
    images = optimize.shrink_images(pdf, image_dpi, jpeg_quality) if image_dpi or jpeg_quality else {}

    def smaller(size: int) -> None:
        if size < before:
            return
        shown = ", ".join(f"{count} {what}" for what, count in images.items())  # the lossy options were given
        hint = ("Neither lossless compression nor resampling the images makes this PDF smaller; keep it as it "
                "is.") if images else ("Neither lossless compression nor the lossy options "
                "given make this PDF smaller (no image was changed by them); keep it as it is.") \
            if image_dpi or jpeg_quality else None  # (never: try the option just given)
        raise NotSmaller(f"compressing {job.src.name} gives {size:,} bytes, not less than its {before:,}"
                         f"{f' (images: {shown})' if images else ''}; nothing was written", hint=hint)

    keeps_encryption = pdf.is_encrypted and not decrypt  # qpdf cannot decode streams while encrypting
    level = None if keeps_encryption else pikepdf.StreamDecodeLevel.generalized
    to_pipe = output == "-" or (output is None and input == "-")
    mode = "generate" if object_streams == "preserve" else object_streams  # compress generates by default
    try:
        with _best_flate_level():
            saved = job.save(decrypt, check=smaller, object_stream_mode=pikepdf.ObjectStreamMode[mode],
                             compress_streams=True, recompress_flate=True, stream_decode_level=level)
    except NotSmaller as exc:
        if not to_pipe or (decrypt and pdf.is_encrypted):  # decrypting is a change worth its bytes
            raise
        shutil.copyfile(job.src, job.out)  # an empty pipe would break the next command
        return CompressResult(input=str(job.src), output=str(job.out), pages=len(pdf.pages), size=before,
                              encrypted=pdf.is_encrypted, before=before, saved=0, saved_percent=0.0,
                              duplicates_merged=0, unchanged=True,
                              warnings=[exc.message.replace("nothing was written", "the input was written unchanged")])
    return CompressResult(**saved, before=before, saved=before - saved["size"],
                          saved_percent=round(100 * (before - saved["size"]) / before, 1), duplicates_merged=merged,
                          images=images)


_LEVEL = threading.Lock()


@contextmanager
def _best_flate_level() -> Iterator[None]:
    """Deflate at zlib's best level (`qpdf --compression-level=9`) while compress writes; then qpdf's default
    again. The level is qpdf's, for the whole process: compresses take turns, and another command writing
    meanwhile (the MCP server's threads) deflates at 9 too, which costs it time, never bytes."""
    import pikepdf

    with _LEVEL:
        pikepdf.settings.set_flate_compression_level(9)
        try:
            yield
        finally:
            pikepdf.settings.set_flate_compression_level(-1)  # zlib's default, which pdftools never changes
