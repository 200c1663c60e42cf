"""Make a PDF smaller, losslessly first; `image_dpi` and `jpeg_quality` add lossy image resampling.

Lossless: object streams, streams recompressed, identical streams stored once, unused objects dropped.
Lossy: images drawn above `image_dpi` are resampled, JPEGs re-encoded at `jpeg_quality`; each image only
if that makes it smaller. An output that is not smaller is not written (error NOT_SMALLER).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

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
        if size >= before:
            raise NotSmaller(f"compressing {job.src.name} gives {size:,} bytes, not less than its {before:,}; "
                             "nothing was written")

    keeps_encryption = pdf.is_encrypted and not decrypt  # qpdf cannot decode streams while encrypting
    level = None if keeps_encryption else pikepdf.StreamDecodeLevel.generalized
    mode = "generate" if object_streams == "preserve" else object_streams  # compress generates by default
    saved = job.save(decrypt, check=smaller, object_stream_mode=pikepdf.ObjectStreamMode[mode],
                     compress_streams=True, recompress_flate=True, stream_decode_level=level)
    return CompressResult(**saved, before=before, saved=before - saved["size"],
                          saved_percent=round(100 * (before - saved["size"]) / before, 1), duplicates_merged=merged,
                          images=images)
