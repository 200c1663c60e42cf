"""Image inputs (PNG, JPEG, TIFF, multi-page TIFF) as frames tesseract can read, via Pillow."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pdftools.core.params import Param
from pdftools.errors import BadImage, NotAPdf, PageTooLarge, verbatim

BOMB_HINT = ("An image of that many pixels is read whole (Pillow refuses it as a likely decompression bomb): "
             "{{cli:scale it down first.}}{{mcp:give a smaller image.}}")
DPI_RANGE = range(10, 2401)  # a resolution outside it is taken as none (the caller's default)
LOSSLESS_AS_IS = {"PNG", "JPEG", "TIFF", "PPM", "BMP"}  # single-frame files tesseract reads directly
PageSize = Annotated[Literal["a3", "a4", "a5", "letter", "legal", "tabloid"] | None,
                     Param("Images: paper to fit each on (default: its size at its dpi)")]


def is_image(path: Path) -> bool:
    """True when the file starts as an image (PNG, JPEG, TIFF, GIF, JPEG 2000, WebP), not a PDF or a document."""
    return kind_of(path) is not None


def kind_of(path: Path) -> str | None:
    """The kind of image the file starts as (`PNG`, `WebP`...), or None."""
    from pdftools.core.pdf import image_kind

    with path.open("rb") as fh:
        head = fh.read(16)
    return image_kind(head) or ("WebP" if head[:4] == b"RIFF" and head[8:12] == b"WEBP" else None)


def not_the_image_named(path: Path, shown: str) -> BadImage | None:
    """BAD_IMAGE for a file named as an image (`photo.png`) that starts as none (an error page saved under that
    name), else None."""
    from pdftools.core.pdf import IMAGE_NAMES

    if path.suffix.lower() not in IMAGE_NAMES or kind_of(path) is not None:
        return None
    return BadImage(f"{shown} is named as an image ({path.suffix}) but is none: it starts as no PNG, JPEG, TIFF, "
                    "GIF, JPEG 2000 or WebP file does",
                    hint="Check the file (a web page or an error saved under an image's name? an empty download?); "
                         "a text document under that name converts with {{from_format}} markdown.")


@dataclass
class Frame:
    path: Path
    width: int
    height: int
    dpi: int
    ydpi: int = 0  # the vertical resolution when it differs (a fax's 204 x 98 dpi); 0: dpi's

    def turned(self, degrees: int, out: Path) -> Path:
        """This frame turned `degrees` clockwise, saved losslessly at `out`."""
        from PIL import Image

        with Image.open(self.path) as img:
            img.rotate(-degrees, expand=True).save(out)
        return out


def frames(path: Path, work: Path | None = None, *, default_dpi: int = 300) -> list[Frame]:
    """The frames of an image file; multi-frame files are split into lossless TIFFs in `work`."""
    from PIL import Image, ImageSequence, UnidentifiedImageError

    try:
        with Image.open(path) as img:
            dpi = _dpi(img.info.get("dpi"), default_dpi)
            ydpi = _dpi(img.info.get("dpi"), dpi, axis=1)
            count = getattr(img, "n_frames", 1)
            if count == 1 and img.format in LOSSLESS_AS_IS:
                img.load()  # decode now: a corrupt file fails here, with a clear error
                return [Frame(path, img.width, img.height, dpi, ydpi)]
            if work is None:
                raise BadImage(f"{verbatim(path)} has {count} frames; cannot read it in place")
            out = []
            for index, frame in enumerate(ImageSequence.Iterator(img), 1):
                target = work / f"frame{index:04}.tiff"
                if frame.mode == "P" and "transparency" in frame.info:  # a GIF's: a TIFF keeps it as alpha only
                    frame = frame.convert("RGBA")
                frame.save(target, compression="tiff_lzw")
                found = frame.info.get("dpi")
                out.append(Frame(target, frame.width, frame.height, _dpi(found, dpi), _dpi(found, ydpi, axis=1)))
            return out
    except Image.DecompressionBombError as exc:  # Pillow's guard (179M pixels), before any pixel is read
        raise PageTooLarge(f"{verbatim(path)} has too many pixels to open: {verbatim(exc)}", hint=BOMB_HINT) from None
    except UnidentifiedImageError:
        kind = kind_of(path)
        if kind is not None:  # an image's signature, and nothing Pillow can read after it
            raise BadImage(f"{verbatim(path)} starts as a {kind} image but cannot be decoded") from None
        raise NotAPdf(f"{verbatim(path)} is neither a PDF nor an image Pillow can read",
                      hint="OCR takes a PDF, or an image: PNG, JPEG or TIFF.") from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise BadImage(f"{verbatim(path)} cannot be decoded: {verbatim(exc)}") from None


def ignored_dpi(path: Path) -> float | None:
    """The resolution an image file says that `frames` takes as none (0, 1, 5000 dpi: out of DPI_RANGE), or None."""
    from PIL import Image

    with Image.open(path) as img:
        said = img.info.get("dpi")
    for axis in (0, 1):
        try:
            found = float(said[axis])  # type: ignore[index]
        except (TypeError, ValueError, IndexError):
            return None
        if round(found) not in DPI_RANGE:
            return found
    return None


def _dpi(value: object, default: int, axis: int = 0) -> int:
    try:
        found = round(float(value[axis]))  # type: ignore[index]
    except (TypeError, ValueError, IndexError):
        return default
    return found if found in DPI_RANGE else default  # a thumbnail's ~36 dpi is its page's size, not a wrong value
