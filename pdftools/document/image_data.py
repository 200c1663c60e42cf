"""Image data a PDF holds as it is, as img2pdf puts it in: a JPEG 2000 file (JPXDecode), a TIFF's CCITT Group 4
strip (CCITTFaxDecode) and a 16-bit colour PNG's data (Flate with PNG's predictors: Pillow reads 8 bits of each
sample), never decoded, so nothing is lost and nothing grows. What PDF's filters cannot take as it
is (several strips, each coded on its own; a Group 3 TIFF; a photometric other than black and white) is decoded;
a bilevel image may then be coded again as Group 4 in one strip (as img2pdf does, with Pillow's libtiff)."""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PIL import Image

JP2 = b"\x00\x00\x00\x0cjP  \r\n\x87\n"  # a JP2 file's signature box (a bare codestream is decoded instead)
JPX_SPACES = {"L": "/DeviceGray", "RGB": "/DeviceRGB", "CMYK": "/DeviceCMYK"}  # 8-bit (with alpha: the JP2's own)
PNG = b"\x89PNG\r\n\x1a\n"
PROFILES = {b"RGB ": ("/DeviceRGB", 3), b"GRAY": ("/DeviceGray", 1), b"CMYK": ("/DeviceCMYK", 4)}  # ICC's signatures
STRIP_OFFSETS, STRIP_BYTES, PHOTOMETRIC, FILL_ORDER = 273, 279, 262, 266
REVERSED = bytes(int(f"{n:08b}"[::-1], 2) for n in range(256))  # FillOrder 2: each byte's bits the other way


@dataclass
class Raw:
    """An image's data as the PDF stream holds it, with what its dictionary says of it."""

    data: bytes
    filter: str
    width: int
    height: int
    space: str | None = "/DeviceGray"  # None: no /ColorSpace (a JPEG 2000 file's own)
    bits: int = 8
    parms: dict[str, Any] = field(default_factory=dict)
    decode: list[int] | None = None  # /Decode (an Adobe CMYK JPEG's inverted [1 0 ...]); None: the default
    mask: list[int] | None = None  # a colour-key /Mask (a PNG's tRNS colour: [r r g g b b]); None: opaque
    palette: bytes | None = None  # the data are indexes into it: /Indexed over `space` (3 bytes a colour in RGB)


def as_is(path: Path) -> list[Raw | None]:
    """Each frame of the image file as a PDF can hold it unchanged, or None for a frame to decode."""
    from PIL import Image, ImageSequence

    with Image.open(path) as img:
        if img.format == "JPEG2000":
            return [_jpx(path, img)]
        if img.format == "PNG":
            return [_deep_png(path)]
        if img.format != "TIFF":
            return []
        with path.open("rb") as fh:
            return [_group4(fh, frame) for frame in ImageSequence.Iterator(img)]


def group4(img: Image.Image) -> Raw | None:
    """A bilevel image coded as Group 4 in one strip (Pillow's libtiff), or None where Pillow has no libtiff."""
    from PIL import Image, features

    if not features.check("libtiff"):
        return None
    buffer = io.BytesIO()
    try:
        img.save(buffer, "TIFF", compression="group4", strip_size=(img.width + 7) // 8 * img.height + 1)
    except OSError:  # libtiff refused it: Flate, then
        return None
    buffer.seek(0)
    with Image.open(buffer) as coded:
        return _group4(buffer, coded)


def _jpx(path: Path, img: Image.Image) -> Raw | None:
    with path.open("rb") as fh:
        head = fh.read(len(JP2))
    if head != JP2 or img.mode not in (*JPX_SPACES, "RGBA", "LA"):
        return None
    # with alpha: no /ColorSpace (the JP2's own; /SMaskInData 0, so its alpha is the soft mask its page adds)
    return Raw(path.read_bytes(), "/JPXDecode", img.width, img.height, JPX_SPACES.get(img.mode))


def png_header(path: Path) -> tuple[int, int, int] | None:
    """A PNG file's bit depth, colour type and interlace method (its IHDR), or None for what is no PNG."""
    with path.open("rb") as fh:
        head = fh.read(len(PNG) + 8 + 13)
    if head[:len(PNG)] != PNG or head[len(PNG) + 4:len(PNG) + 8] != b"IHDR":
        return None
    depth, colour, _, _, interlace = struct.unpack(">BBBBB", head[-5:])
    return depth, colour, interlace


def narrowed(path: Path) -> str | None:
    """What is lost of a 16-bit colour PNG decoded by Pillow, which reads 8 bits of each sample (16-bit grey it
    reads whole; a 16-bit RGB PNG's data goes in as it is unless interlaced or with a transparent colour), or
    None: nothing."""
    from PIL import Image

    header = png_header(path)
    if header is None or header[0] != 16 or header[1] == 0:
        return None
    with Image.open(path) as img:
        keyed = header[1] == 2 and "transparency" in img.info
    if keyed:
        return "with a transparent colour: stored with 8 bits a sample, the transparent colour shown opaque"
    return f"{'interlaced' if header[1] == 2 else 'with alpha'}: stored with 8 bits a sample"


def _deep_png(path: Path) -> Raw | None:
    """A 16-bit RGB PNG's data as it is (its IDAT chunks: Flate, each row's PNG filter a predictor), or None: any
    other PNG (Pillow reads it whole), an interlaced one (no predictor undoes Adam7), one with a transparent colour
    (which a colour key of 16 bits would show, but poppler reads 8 bits of it)."""
    if png_header(path) != (16, 2, 0):
        return None
    data = path.read_bytes()
    at, chunks = len(PNG), dict[bytes, list[bytes]]()
    while at + 8 <= len(data):
        length, kind = int.from_bytes(data[at:at + 4], "big"), data[at + 4:at + 8]
        chunks.setdefault(kind, []).append(data[at + 8:at + 8 + length])
        at += 12 + length
        if kind == b"IEND":
            break
    if b"tRNS" in chunks or not chunks.get(b"IDAT"):
        return None
    width, height = struct.unpack(">II", chunks[b"IHDR"][0][:8])
    parms = {"Predictor": 15, "Colors": 3, "BitsPerComponent": 16, "Columns": width}
    return Raw(b"".join(chunks[b"IDAT"]), "/FlateDecode", width, height, "/DeviceRGB", 16, parms)


def _group4(fh: io.BufferedIOBase | io.BytesIO, frame: Image.Image) -> Raw | None:
    """The frame's Group 4 strip for CCITTFaxDecode (K -1), or None: not Group 4, several strips (each coded on
    its own: PDF has one stream), a photometric PDF's BlackIs1 cannot say, or an unknown FillOrder."""
    tags = frame.tag_v2  # type: ignore[attr-defined]  # (a TIFF frame's)
    offsets, counts = tags.get(STRIP_OFFSETS), tags.get(STRIP_BYTES)
    photometric, order = tags.get(PHOTOMETRIC), tags.get(FILL_ORDER, 1)
    if frame.info.get("compression") != "group4" or not offsets or len(offsets) != 1 or len(counts or ()) != 1:
        return None
    if photometric not in (0, 1) or order not in (1, 2):
        return None
    fh.seek(offsets[0])
    data = fh.read(counts[0])
    if order == 2:
        data = data.translate(REVERSED)
    # Group 4 codes white and black runs; WhiteIsZero (0) shows them as coded, PDF's default (BlackIs1 false)
    parms: dict[str, Any] = {"K": -1, "Columns": frame.width, "Rows": frame.height}
    if photometric == 1:  # BlackIsZero: the runs coded white are black
        parms["BlackIs1"] = True
    return Raw(data, "/CCITTFaxDecode", frame.width, frame.height, bits=1, parms=parms)


def with_profile(pdf: Any, image: Any, profile: bytes | None) -> None:
    """Give `image` its file's ICC profile (/ICCBased, the device space its alternate; an /Indexed space's base),
    as img2pdf does: a wide-gamut photo (a phone's Display P3) shows its colours. Left out: a profile of another
    colour space than the image's (an RGB one on a grey JPEG), and JPEG 2000 and bilevel images."""
    import pikepdf

    space = image.get("/ColorSpace")
    indexed = isinstance(space, pikepdf.Array) and space[0] == "/Indexed"
    base = space[1] if indexed else space
    found = PROFILES.get(bytes(profile[16:20])) if profile else None
    if found is None or base != found[0] or image.get("/BitsPerComponent") == 1:
        return
    icc = pikepdf.Array([pikepdf.Name.ICCBased, pdf.make_stream(profile, N=found[1], Alternate=pikepdf.Name(found[0]))])
    image.ColorSpace = pikepdf.Array([space[0], icc, space[2], space[3]]) if indexed else icc


def stream(pdf: Any, raw: Raw) -> Any:
    """The image XObject holding `raw`'s data as it is: the one place an image's dictionary is made (JPEG, Flate,
    JPEG 2000, CCITT)."""
    import pikepdf

    image = pdf.make_stream(raw.data)
    image.stream_dict = pikepdf.Dictionary(Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=raw.width,
                                           Height=raw.height, BitsPerComponent=raw.bits,
                                           Filter=pikepdf.Name(raw.filter))
    if raw.palette is not None:
        top = len(raw.palette) // 3 - 1
        image.ColorSpace = pikepdf.Array([pikepdf.Name.Indexed, pikepdf.Name(raw.space or "/DeviceRGB"), top,
                                          pikepdf.String(raw.palette)])
    elif raw.space is not None:
        image.ColorSpace = pikepdf.Name(raw.space)
    if raw.parms:
        image.DecodeParms = pikepdf.Dictionary({f"/{key}": value for key, value in raw.parms.items()})
    if raw.decode is not None:
        image.Decode = pikepdf.Array(raw.decode)
    if raw.mask is not None:
        image.Mask = pikepdf.Array(raw.mask)
    return image
