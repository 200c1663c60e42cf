"""The image XObject each kind of image becomes, pinned: its dictionary as pdftools wrote it when the three builders
(`_jpeg`, `_flate`, `image_data.stream`) were made one, and its data (a JPEG's and a JP2's file, a Group 4 TIFF's
strip, Flate of the pixels). Changed since on purpose: a palette PNG keeps its palette (/Indexed, as
img2pdf's). The image objects are compared, not whole files (the trailer's /ID is the clock's)."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image, ImageDraw

from pdftools.document import image_data
from pdftools.document.image_pages import image_pdf

IMAGE = {"/Type": "/XObject", "/Subtype": "/Image"}
GREY, RGB, CMYK = "/DeviceGray", "/DeviceRGB", "/DeviceCMYK"
G4 = {"/Filter": "/CCITTFaxDecode", "/ColorSpace": GREY, "/BitsPerComponent": 1, "/Width": 600, "/Height": 400,
      "/DecodeParms": {"/K": -1, "/Columns": 600, "/Rows": 400, "/BlackIs1": True}}


def _small(space: str, filter: str, bits: int = 8) -> dict[str, Any]:
    return {"/Filter": filter, "/ColorSpace": space, "/BitsPerComponent": bits, "/Width": 40, "/Height": 30}


EXPECTED = {
    "gray.jpg": _small(GREY, "/DCTDecode"),
    "rgb.jpg": _small(RGB, "/DCTDecode"),
    "cmyk.jpg": {**_small(CMYK, "/DCTDecode"), "/Decode": [1, 0, 1, 0, 1, 0, 1, 0]},  # Adobe's, inverted
    "palette.png": {**_small(RGB, "/FlateDecode"), "/ColorSpace": ["/Indexed", RGB, 15, "palette"]},  # (its 16)
    "alpha.png": {**_small(RGB, "/FlateDecode"), "/SMask": {**IMAGE, **_small(GREY, "/FlateDecode")}},
    "deep.png": {"/Filter": "/FlateDecode", "/ColorSpace": GREY, "/BitsPerComponent": 16, "/Width": 20,
                 "/Height": 10},
    "g4.tiff": G4,
    "photo.jp2": _small(RGB, "/JPXDecode"),
    "bilevel.png": G4,
}


def _drawing() -> Image.Image:
    page = Image.new("1", (600, 400), 1)
    ImageDraw.Draw(page).ellipse((40, 40, 560, 360), outline=0, width=9)
    return page


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kinds")
    grad = Image.linear_gradient("L").resize((40, 30))
    rgb = Image.merge("RGB", [grad, grad.transpose(Image.Transpose.FLIP_LEFT_RIGHT),
                              grad.transpose(Image.Transpose.FLIP_TOP_BOTTOM)])
    grad.save(folder / "gray.jpg")
    rgb.save(folder / "rgb.jpg")
    rgb.convert("CMYK").save(folder / "cmyk.jpg")
    rgb.quantize(16).save(folder / "palette.png")
    rgba = rgb.copy()
    rgba.putalpha(grad)
    rgba.save(folder / "alpha.png")
    deep = Image.new("I;16", (20, 10))
    for x in range(20):
        for y in range(10):
            deep.putpixel((x, y), x * 3000 + y * 7)
    deep.save(folder / "deep.png")
    _drawing().save(folder / "g4.tiff", compression="group4", dpi=(200, 200), strip_size=10**9)
    rgb.save(folder / "photo.jp2")
    _drawing().save(folder / "bilevel.png")
    return folder


def _plain(obj: Any) -> Any:
    """A PDF object as Python values (names as their text), a stream as its dictionary without /Length."""
    if isinstance(obj, pikepdf.Stream):
        return {key: _plain(value) for key, value in obj.stream_dict.items() if key != "/Length"}
    if isinstance(obj, pikepdf.Dictionary):
        return {key: _plain(value) for key, value in obj.items()}
    if isinstance(obj, pikepdf.Array):
        return [_plain(value) for value in obj]
    if isinstance(obj, pikepdf.Name):
        return str(obj)
    if isinstance(obj, pikepdf.String):
        return bytes(obj)
    return obj


def _data(path: Path) -> bytes:
    """What the image's stream holds: a JPEG's and a JP2's file and a Group 4 strip as they are, else Flate."""
    with Image.open(path) as img:
        if img.format in ("JPEG", "JPEG2000"):
            return path.read_bytes()
        if img.format == "TIFF":
            (offset,), (length,) = img.tag_v2[273], img.tag_v2[279]
            return path.read_bytes()[offset:offset + length]
        if img.mode == "1":
            coded = image_data.group4(img)
            assert coded is not None
            return coded.data
        if img.mode == "I;16":
            return zlib.compress(img.tobytes("raw", "I;16B"), 6)
        if img.mode == "P":  # its indexes (the palette in its colour space)
            return zlib.compress(img.tobytes(), 6)
        return zlib.compress(img.convert("RGB").tobytes(), 6)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_each_kind_s_image_object(images: Path, name: str) -> None:
    pdf, warnings = image_pdf([images / name])
    assert warnings == []
    image = pdf.pages[0].Resources.XObject.Im0
    expected = {**IMAGE, **EXPECTED[name]}
    if name == "palette.png":
        with Image.open(images / name) as img:
            expected["/ColorSpace"][3] = bytes(img.getpalette("RGB"))
    assert _plain(image) == expected
    assert image.read_raw_bytes() == _data(images / name)
    if "/SMask" in image:
        alpha = Image.open(images / name).getchannel("A").tobytes()
        assert image.SMask.read_raw_bytes() == zlib.compress(alpha, 6)
