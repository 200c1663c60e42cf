"""Images as PDF pages, without OCR (as img2pdf and `pdfcpu import` make them): one page an image, or a frame of
a multi-page TIFF. A JPEG goes in as it is (DCTDecode, its bytes unchanged), and so do what `image_data` keeps
(JPEG 2000, Group 4, 16-bit RGB PNG); every other image is decoded by Pillow and stored without loss (Flate; a
palette as /Indexed), its alpha channel a soft mask (/SMask), a PNG's one transparent colour a colour-key /Mask,
its ICC profile /ICCBased. A page is the image's size at its dpi (72 when it says none), or a paper size the
image is fitted onto, centred, turned its way. An EXIF orientation turns the page (/Rotate), never the pixels."""

from __future__ import annotations

import tempfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

from pdftools.core import limits
from pdftools.document import image_data
from pdftools.document.images import frames, ignored_dpi
from pdftools.document.impose import SHEETS, sheet_size
from pdftools.errors import BadImage

if TYPE_CHECKING:
    import pikepdf
    from PIL import Image

DEFAULT_DPI = 72  # an image that says none: a pixel a point (img2pdf 0.6 takes 96)
TURNS = {3: 180, 6: 90, 8: 270}  # EXIF orientation -> the page's clockwise /Rotate
MIRRORED = {2, 4, 5, 7}
SPACES = {"1": ("/DeviceGray", 1), "L": ("/DeviceGray", 8), "RGB": ("/DeviceRGB", 8), "CMYK": ("/DeviceCMYK", 8)}


def image_pdf(paths: list[Path], paper: str | None = None) -> tuple[pikepdf.Pdf, list[str]]:
    """A new PDF holding `paths`' images, one page each (each frame of a multi-page file), and the warnings."""
    import pikepdf

    pdf, warnings = pikepdf.new(), list[str]()
    with tempfile.TemporaryDirectory(prefix="pdftools-images-") as work:
        for path in paths:
            found = frames(path, Path(work), default_dpi=DEFAULT_DPI)
            kept = image_data.as_is(path)  # a JPEG 2000 file, a TIFF's Group 4 frames: their data as it is
            warnings += _odd_dpi(path)
            for number, frame in enumerate(found, 1):
                name = f"{path.name} (frame {number})" if len(found) > 1 else path.name
                limits.check_pixels(frame.width, frame.height, name)
                turn = _turn(frame.path, name, warnings)
                raw = kept[number - 1] if number <= len(kept) else None
                lost = image_data.narrowed(frame.path) if raw is None else None
                if lost:  # (img2pdf refuses such a PNG with alpha or a transparent colour)
                    warnings.append(f"{name}: a 16-bit colour PNG {lost} (Pillow reads 8 bits of each); saved as "
                                    "an 8-bit PNG, or a 16-bit one without alpha, it goes in as it is")
                _add_page(pdf, frame.path, (frame.dpi, frame.ydpi or frame.dpi), turn, paper, raw)
    return pdf, warnings


def _odd_dpi(path: Path) -> list[str]:
    """A warning for a resolution taken as none (img2pdf takes 0 as none and 1 as it is: a 40-inch page for 40
    pixels)."""
    odd = ignored_dpi(path)
    if odd is None:
        return []
    return [f"{path.name}: its resolution, {round(odd)} dpi, is taken as none: {DEFAULT_DPI} dpi, a pixel a point"]


def version(pdf: pikepdf.Pdf) -> str:
    """The PDF version the images need: 1.5 when one is JPEG 2000 or has 16 bits a sample, 1.4 when one has a soft
    mask, else 1.3 (pikepdf's new file's)."""
    images = [image for page in pdf.pages for image in page.get_images().values()]
    if any(image.get("/Filter") == "/JPXDecode" or image.get("/BitsPerComponent") == 16 for image in images):
        return "1.5"
    return "1.4" if any("/SMask" in image for image in images) else pdf.pdf_version


def _add_page(pdf: pikepdf.Pdf, path: Path, dpi: tuple[int, int], turn: int, paper: str | None,
              raw: image_data.Raw | None) -> None:
    import pikepdf
    from PIL import Image

    with Image.open(path) as img:
        if raw is not None:
            image = image_data.stream(pdf, raw)
            if raw.filter == "/JPXDecode" and img.mode in ("RGBA", "LA"):  # a JP2's alpha, decoded
                _soft_mask(pdf, image, img.getchannel("A"))
        else:
            depth = (image_data.png_header(path) or (8,))[0] if img.format == "PNG" else 8
            image = _jpeg(pdf, path, img) if img.format == "JPEG" else _decoded(pdf, img, depth)
        if raw is None or raw.filter == "/FlateDecode":  # (a JP2 has its own colour specification)
            image_data.with_profile(pdf, image, img.info.get("icc_profile"))
        width, height = img.width * 72 / dpi[0], img.height * 72 / dpi[1]
    box, place = _placed(width, height, turn, paper)
    page = pikepdf.Page(pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=box, Resources=pikepdf.Dictionary(
        XObject=pikepdf.Dictionary(Im0=image))))
    matrix = " ".join(f"{value:.4f}" for value in place)
    page.obj.Contents = pdf.make_stream(f"q {matrix} cm /Im0 Do Q".encode())
    if turn:
        page.obj.Rotate = turn
    pdf.pages.append(page)


def _placed(width: float, height: float, turn: int, paper: str | None) -> tuple[list[float], list[float]]:
    """The media box and the image's matrix: the image's own size, or fitted onto the paper (as shown: a page
    turned by EXIF takes paper turned the way the image shows)."""
    if paper is None:
        return [0, 0, round(width, 4), round(height, 4)], [width, 0, 0, height, 0, 0]
    shown = (height, width) if turn % 180 else (width, height)
    w, h = sheet_size(paper, shown[0] > shown[1], SHEETS[paper])  # type: ignore[arg-type]
    if turn % 180:
        w, h = h, w  # the media box is the paper as stored, before /Rotate
    scale = min(w / width, h / height)
    return [0, 0, w, h], [width * scale, 0, 0, height * scale, (w - width * scale) / 2, (h - height * scale) / 2]


def _jpeg(pdf: pikepdf.Pdf, path: Path, img: Image.Image) -> pikepdf.Stream:
    """The JPEG file's bytes as the image's stream (DCTDecode): nothing decoded, nothing lost."""
    space = SPACES.get(img.mode, ("/DeviceRGB", 8))[0]
    inverted = img.mode == "CMYK" and "adobe" in img.info  # Adobe's CMYK JPEGs are stored so (as img2pdf reads them)
    return image_data.stream(pdf, image_data.Raw(path.read_bytes(), "/DCTDecode", img.width, img.height, space,
                                                 decode=[1, 0] * 4 if inverted else None))


def _decoded(pdf: pikepdf.Pdf, img: Image.Image, depth: int = 8) -> pikepdf.Stream:
    """Pillow's pixels, Flate-compressed (a bilevel image's maybe Group 4): lossless; alpha (or a palette's
    transparency) as a soft mask, a grey or RGB image's one transparent colour (a PNG's tRNS) as a colour key.
    `depth`: a PNG's bits a sample: of a 16-bit one Pillow reads 8 bits of each RGB sample but gives the key of 16
    (then left out); of 1, 2 or 4, it scales the pixels to 0-255 but not the key (scaled here)."""
    if img.mode == "1":
        return _bilevel(pdf, img)
    alpha, key = None, None if depth == 16 and img.mode == "RGB" else _colour_key(img, depth)
    if img.mode.startswith("I;16") and key is not None:  # poppler reads 8 bits of a 16-bit key: a soft mask
        alpha, key = _keyed_out(img, key[0]), None
    elif img.mode == "P" and img.palette is not None and img.palette.mode == "RGB":  # as img2pdf: indexes, palette
        alpha = img.convert("RGBA").getchannel("A") if "transparency" in img.info else None
        return _indexed(pdf, img, alpha)
    elif img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
        rgba = img.convert("RGBA" if img.mode != "LA" else "LA")
        alpha = rgba.getchannel("A")
        img = rgba.convert("L" if rgba.mode == "LA" else "RGB")
    elif img.mode not in SPACES and not img.mode.startswith("I;16"):
        img = img.convert("RGB")  # a palette, or 32-bit values: as 8-bit RGB
    stream = _flate(pdf, img, key)
    if alpha is not None:
        _soft_mask(pdf, stream, alpha)
    return stream


def _indexed(pdf: pikepdf.Pdf, img: Image.Image, alpha: Image.Image | None) -> pikepdf.Stream:
    """A palette image as its indexes (Flate) and its palette (/Indexed /DeviceRGB), padded to its highest index;
    `alpha` (a tRNS's) as a soft mask."""
    palette = bytes(img.getpalette("RGB") or [])
    top = max(int(img.getextrema()[1]), len(palette) // 3 - 1)  # type: ignore[arg-type]  # (a P image's: indexes)
    raw = image_data.Raw(zlib.compress(img.tobytes(), 6), "/FlateDecode", img.width, img.height, "/DeviceRGB",
                         palette=palette[:3 * (top + 1)].ljust(3 * (top + 1), b"\0"))
    stream = image_data.stream(pdf, raw)
    if alpha is not None:
        _soft_mask(pdf, stream, alpha)
    return stream


def _soft_mask(pdf: pikepdf.Pdf, image: pikepdf.Stream, alpha: Image.Image) -> None:
    if alpha.getextrema() != (255, 255):  # an alpha channel fully opaque is left out
        image.SMask = _flate(pdf, alpha)


def _bilevel(pdf: pikepdf.Pdf, img: Image.Image) -> pikepdf.Stream:
    """A bilevel image coded as Group 4 or with Flate, whichever is smaller: Group 4 on most scanned pages (an A4
    letter at 200 dpi: 39 kB to Flate's 49 kB), Flate on dense small print and halftones (where Group 4 grows)."""
    flate = zlib.compress(img.tobytes(), 6)
    coded = image_data.group4(img)
    if coded is not None and len(coded.data) < len(flate):
        return image_data.stream(pdf, coded)
    return image_data.stream(pdf, image_data.Raw(flate, "/FlateDecode", img.width, img.height, bits=1))


def _colour_key(img: Image.Image, depth: int = 8) -> list[int] | None:
    """A PNG's tRNS colour (one grey or RGB value transparent, no alpha channel: Pillow gives it in `info`) as a
    colour-key /Mask, each component's range that value alone; None without one. A grey PNG of `depth` 2 or 4
    bits has its key scaled as Pillow scales its pixels (a 2-bit 3 is 255)."""
    found = img.info.get("transparency")
    if img.mode == "L" and depth < 8 and isinstance(found, int):
        found *= 255 // (2 ** depth - 1)
    if img.mode in ("L", "I;16", "I;16B") and isinstance(found, int):
        return [found, found]
    if img.mode == "RGB" and isinstance(found, tuple) and len(found) == 3:
        return [value for value in found for _ in range(2)]
    return None


def _keyed_out(img: Image.Image, value: int) -> Image.Image:
    """The soft mask of a 16-bit grey image whose pixels of `value` are transparent (0 there, else 255)."""
    from PIL import ImageMath

    return ImageMath.lambda_eval(lambda v: (v["a"] != value) * 255, a=img.convert("I")).convert("L")


def _flate(pdf: pikepdf.Pdf, img: Image.Image, mask: list[int] | None = None) -> pikepdf.Stream:
    if img.mode.startswith("I;16"):  # 16-bit grey (a PNG's): its values as they are, big-endian as PDF wants
        (space, bits), data = ("/DeviceGray", 16), img.tobytes("raw", "I;16B")
    else:
        (space, bits), data = SPACES[img.mode], img.tobytes()
    return image_data.stream(pdf, image_data.Raw(zlib.compress(data, 6), "/FlateDecode", img.width, img.height,
                                                 space, bits, mask=mask))


def _turn(path: Path, name: str, warnings: list[str]) -> int:
    """The page's /Rotate for the image's EXIF orientation (0 without one); a mirrored one is left as stored."""
    from PIL import Image

    try:
        with Image.open(path) as img:
            orientation = img.getexif().get(0x0112, 1)
    except (OSError, SyntaxError, ValueError) as exc:
        raise BadImage(f"{name}: its EXIF data cannot be read: {exc}") from None
    if orientation in MIRRORED:
        warnings.append(f"{name}: its EXIF orientation {orientation} is mirrored, which a page cannot show without "
                        "changing the pixels: left as stored")
    return TURNS.get(orientation, 0)
