"""Every object of a PDF read and every stream decoded, as `qpdf --check` does (with Pillow for the images qpdf
does not decode), within the decompression limit; embedded font programs read; image data measured against the
size the image declares.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from pdftools.core import limits, streams
from pdftools.document import resources
from pdftools.document.findings import Findings, short_message

if TYPE_CHECKING:
    import pikepdf

QPDF_DECODES = {*streams.DECODED_ON_SAVE, "/DCTDecode", "/Crypt"}  # what qpdf decodes (JPEG with libjpeg)
PILLOW_DECODES = {"/CCITTFaxDecode", "/JPXDecode"}  # images Pillow decodes (pikepdf's PdfImage)
KNOWN = {*QPDF_DECODES, *PILLOW_DECODES, "/JBIG2Decode"}


def objects(found: Findings) -> None:
    """Read every object (qpdf reports what it must repair), then decode every stream, as `qpdf --check`
    does, and read embedded font programs."""
    import pikepdf

    fonts: dict[int, str] = {}
    todo: list[pikepdf.Stream] = []
    for obj in found.pdf.objects:
        found.drain("object")
        if isinstance(obj, pikepdf.Stream):
            todo.append(obj)
        elif isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
            for key, kind in (("/FontFile", "type1"), ("/FontFile2", "truetype"), ("/FontFile3", "")):
                program = obj.get(key)
                if isinstance(program, pikepdf.Stream):
                    fonts[program.objgen[0]] = kind or _cff_or_opentype(program)
    for stream in todo:
        _stream(found, stream, fonts.get(stream.objgen[0]))


def _cff_or_opentype(program: Any) -> str:
    return "truetype" if program.get("/Subtype") == "/OpenType" else "cff"


def _stream(found: Findings, obj: pikepdf.Stream, font: str | None) -> None:
    import pikepdf

    number = obj.objgen[0]
    limit = limits.STREAM_BYTES.value()
    image = obj.get("/Subtype") == "/Image"  # bound by what it declares; its data may be far larger
    if limit is not None and (streams.bound(obj) > limit and streams.exceeds(obj, limit)
                              or image and streams.data_exceeds(obj, limit)):
        found.add("error", "stream", f"decompresses to more than {limit:,.0f} bytes (a decompression bomb?); "
                                     "not decoded", number)
        found.bombed.add(found.pages_of.get(number, 0))
        return
    chain = streams.filters(obj)
    if not set(chain) <= QPDF_DECODES:
        _codec(found, obj, chain)
        return
    try:
        data = obj.read_bytes(decode_level=pikepdf.StreamDecodeLevel.all)
    except pikepdf.DataDecodingError as exc:
        found.drain("stream", skip=lambda m: "decoding stream data" in m)
        found.add("error", _subject(obj, font), f"cannot be decoded: {short_message(exc, found.label)}", number)
        return
    except pikepdf.PdfError:  # qpdf will not decode it (a JPEG with parameters it does not know)
        found.drain("stream")
        if obj.get("/Subtype") == "/Image":
            _pillow(found, obj)
        return
    found.drain("stream")
    if obj.get("/Subtype") == "/Image" and "/DCTDecode" not in chain:
        _image_size(found, obj, len(data))
    elif font is not None:
        _font_program(found, obj, data, font)


def _codec(found: Findings, obj: Any, chain: list[str]) -> None:
    """A stream qpdf cannot decode: unknown filters are a problem; CCITT and JPEG 2000 images are decoded by
    Pillow (JBIG2 needs a decoder pdftools does not require, so it is left)."""

    unknown = [f for f in chain if f not in KNOWN]
    if unknown:
        found.add("error", _subject(obj, None), f"uses unknown filter(s) {', '.join(unknown)}", obj.objgen[0])
        return
    if obj.get("/Subtype") == "/Image" and set(chain) & PILLOW_DECODES and "/JBIG2Decode" not in chain:
        _pillow(found, obj)


def _pillow(found: Findings, obj: Any) -> None:
    import pikepdf

    try:
        pikepdf.PdfImage(obj).as_pil_image().load()
    except Exception as exc:  # Pillow and pikepdf raise many kinds
        found.add("error", "image", f"cannot be decoded: {type(exc).__name__}: {exc}"[:300], obj.objgen[0])


def _subject(obj: Any, font: str | None) -> str:
    return "image" if obj.get("/Subtype") == "/Image" else "font" if font else "stream"


def _image_size(found: Findings, image: Any, size: int) -> None:
    """Decoded image data shorter than the image declares: the rest of the picture is missing."""
    try:
        width, height = int(image.Width), int(image.Height)
        bits = 1 if image.get("/ImageMask") else int(image.get("/BitsPerComponent", 8))
        comps = 1 if image.get("/ImageMask") else resources.colour(image.get("/ColorSpace"))[1]
    except (AttributeError, TypeError, ValueError):
        found.add("error", "image", "lacks a usable /Width, /Height or /BitsPerComponent", image.objgen[0])
        return
    if comps is None:
        return
    expected = (width * comps * bits + 7) // 8 * height
    if size < expected:
        found.add("error", "image", f"holds {size:,} bytes of the {expected:,} its {width}x{height} pixels need "
                                    "(the rest of the picture is missing)", image.objgen[0])


def _font_program(found: Findings, obj: Any, data: bytes, kind: str) -> None:
    """An embedded font program that a font parser cannot read: the text it draws cannot be shown."""
    import logging

    quiet = logging.getLogger("fontTools")  # it logs what it tolerates; the problem, if any, is raised
    if not quiet.handlers:
        quiet.addHandler(logging.NullHandler())
        quiet.propagate = False
    try:
        if kind == "truetype":
            from fontTools.ttLib import TTFont

            font = TTFont(io.BytesIO(data), lazy=True, fontNumber=0)
            font["head"], font["maxp"]  # noqa: B018  # reading the tables is the test
        elif kind == "cff":
            from fontTools.cffLib import CFFFontSet

            CFFFontSet().decompile(io.BytesIO(data), None)
        elif data.lstrip()[:2] not in (b"%!", b"\x80\x01"):
            raise ValueError("no Type 1 header (%!)")
    except Exception as exc:  # fontTools raises many kinds
        found.add("error", "font", f"the embedded font program cannot be read: {type(exc).__name__}: {exc}"[:300],
                  obj.objgen[0])
