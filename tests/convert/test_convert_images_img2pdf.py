"""Images to PDF beside img2pdf (0.6.3, measured; what it does is written in each test, img2pdf is not needed):
where img2pdf keeps an image's data without loss or places its page right, pdftools does too; where it refuses,
pdftools makes the page and says what it could not keep."""

from __future__ import annotations

import struct
import subprocess
import zlib
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image

from pdftools.document.image_pages import image_pdf, version


def _png(path: Path, width: int, height: int, colour_type: int, depth: int, rows: list[bytes],
         extra: bytes = b"") -> None:
    """A PNG written chunk by chunk (Pillow writes no 16-bit colour), its rows unfiltered."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0)
    data = zlib.compress(b"".join(b"\0" + row for row in rows))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + extra + chunk(b"IDAT", data)
                     + chunk(b"IEND", b""))


def _deep_rgb() -> list[bytes]:
    return [b"".join(struct.pack(">HHH", x * 3000 + y, y * 5000 + 1, 65535 - x * 3000) for x in range(20))
            for y in range(10)]


def _image(pdf: pikepdf.Pdf, page: int = 0) -> Any:
    return pdf.pages[page].Resources.XObject.Im0


def _rendered(pdf: pikepdf.Pdf, folder: Path) -> Image.Image:
    pdf.save(folder / "x.pdf")
    subprocess.run(["pdftocairo", "-png", "-r", "72", "-singlefile", str(folder / "x.pdf"), str(folder / "r")],
                   check=True)
    return Image.open(folder / "r.png").convert("RGB")


def test_a_16_bit_colour_png_keeps_its_16_bits(tmp_path: Path) -> None:
    """img2pdf puts a 16-bit RGB PNG's data in as it is (Flate, PNG predictors): every sample whole. pdftools
    decoded it with Pillow, which reads 8 bits of each: the low byte of every sample was lost."""
    _png(tmp_path / "deep.png", 20, 10, 2, 16, _deep_rgb())
    pdf, warnings = image_pdf([tmp_path / "deep.png"])
    image = _image(pdf)
    assert (image.BitsPerComponent, image.ColorSpace, image.Width, image.Height) == (16, "/DeviceRGB", 20, 10)
    assert image.read_bytes() == b"".join(_deep_rgb())  # each sample as it was, big-endian
    assert warnings == []
    assert version(pdf) == "1.5"  # 16 bits a sample came with PDF 1.5 (the file said 1.3: a reviewer's find)


@pytest.mark.parametrize("kind", ["rgb", "grey", "grey 16", "grey 2", "grey 4"])
def test_a_png_s_transparent_colour_stays_transparent(tmp_path: Path, kind: str) -> None:
    """A PNG's tRNS colour (one RGB or grey value transparent, no alpha channel): img2pdf makes it a soft mask;
    pdftools dropped it (Pillow gives it in `info`, not as alpha), so the transparent half showed its colour. It is
    the image's colour-key /Mask, the image as it was; of a 16-bit grey PNG (which img2pdf refuses) a soft mask."""
    source = tmp_path / "key.png"
    if kind == "rgb":
        img = Image.new("RGB", (30, 20), (255, 0, 0))
        img.paste((0, 160, 0), (0, 0, 15, 20))
        img.save(source, transparency=(0, 160, 0))
    elif kind == "grey":
        img = Image.new("L", (30, 20), 200)
        img.paste(50, (0, 0, 15, 20))
        img.save(source, transparency=50)
    elif kind in ("grey 2", "grey 4"):  # Pillow scales 2 or 4 bits to 0-255, not the key (a reviewer's find)
        depth = int(kind[-1])
        bits = "".join(format(1 if x < 15 else 2, f"0{depth}b") for x in range(30))
        rows = [int(bits.ljust(-(-len(bits) // 8) * 8, "0"), 2).to_bytes(-(-len(bits) // 8), "big")] * 20
        trns = struct.pack(">H", 1)
        _png(source, 30, 20, 0, depth, rows, struct.pack(">I", 2) + b"tRNS" + trns
             + struct.pack(">I", zlib.crc32(b"tRNS" + trns)))
    else:  # 16 bits: the key a value of 16 bits (the other half's differs in its low byte only)
        rows = [b"".join(struct.pack(">H", 7 if x < 15 else 263) for x in range(30)) for _ in range(20)]
        trns = struct.pack(">H", 7)
        _png(source, 30, 20, 0, 16, rows, struct.pack(">I", 2) + b"tRNS" + trns
             + struct.pack(">I", zlib.crc32(b"tRNS" + trns)))
    pdf, _ = image_pdf([source])
    shown = _rendered(pdf, tmp_path)
    assert shown.getpixel((5, 10)) == (255, 255, 255), kind  # the transparent half: the white page under it
    assert shown.getpixel((25, 10)) != (255, 255, 255), kind
    if kind == "grey 16":  # (a soft mask: poppler reads 8 bits of a 16-bit colour key, and shows it opaque)
        assert _image(pdf).BitsPerComponent == 16


@pytest.mark.parametrize("kind", ["rgba", "grey and alpha", "rgb with a transparent colour", "interlaced"])
def test_a_16_bit_png_cut_to_8_bits_says_so(tmp_path: Path, kind: str) -> None:
    """16-bit colour PNGs Pillow reads 8 bits of each sample of, and whose data cannot go in as it is: img2pdf
    refuses those with alpha or a transparent colour ("Refusing to work with multiple >8bit channels"). pdftools
    makes the page, 8 bits a sample, as before, and now says so (it said nothing)."""
    source = tmp_path / "deep.png"
    if kind == "interlaced":  # Adam7: a 2 x 1 image's pixels in passes 1 and 6, each pass's row filter 0
        passes = [b"\0" + struct.pack(">3H", 1, 2, 3), b"\0" + struct.pack(">3H", 4, 5, 6)]
        header = struct.pack(">IIBBBBB", 2, 1, 16, 2, 0, 0, 1)
        chunks = [(b"IHDR", header), (b"IDAT", zlib.compress(b"".join(passes))), (b"IEND", b"")]
        source.write_bytes(b"\x89PNG\r\n\x1a\n" + b"".join(
            struct.pack(">I", len(body)) + name + body + struct.pack(">I", zlib.crc32(name + body))
            for name, body in chunks))
    else:
        colour, size = {"rgba": (6, 4), "grey and alpha": (4, 2), "rgb with a transparent colour": (2, 3)}[kind]
        rows = [b"".join(struct.pack(f">{size}H", *[x * 3000 + y] * size) for x in range(20)) for y in range(10)]
        trns = struct.pack(">3H", 1, 2, 3) if colour == 2 else b""
        extra = struct.pack(">I", len(trns)) + b"tRNS" + trns + struct.pack(">I", zlib.crc32(b"tRNS" + trns))
        _png(source, 20, 10, colour, 16, rows, extra if trns else b"")
    pdf, warnings = image_pdf([source])
    assert len(pdf.pages) == 1
    assert len(warnings) == 1 and "deep.png" in warnings[0] and "8 bits" in warnings[0], warnings
    if kind == "rgb with a transparent colour":
        assert "transparent colour" in warnings[0]


@pytest.mark.parametrize("mode", ["RGBA", "LA"])
def test_a_jpeg_2000_with_alpha_goes_in_as_it_is_its_alpha_a_soft_mask(tmp_path: Path, mode: str) -> None:
    """img2pdf puts a JP2 with alpha in as it is, without /SMaskInData, so its alpha is ignored (poppler shows the
    transparent pixels' colour). pdftools decoded it, stored its pixels with Flate and its alpha as a soft mask:
    right, but the JP2 coded again, many times bigger. Now the JP2 goes in as it is (no /ColorSpace: its own, as
    img2pdf writes it) and its alpha, decoded, is the soft mask."""
    img = Image.new("RGBA", (40, 30), (200, 0, 0, 255))
    img.paste((0, 0, 200, 0), (0, 0, 20, 30))
    source = tmp_path / "half.jp2"
    (img if mode == "RGBA" else img.convert("LA")).save(source)
    pdf, _ = image_pdf([source])
    image = _image(pdf)
    assert image.Filter == "/JPXDecode" and image.read_raw_bytes() == source.read_bytes()
    assert "/ColorSpace" not in image and "/SMaskInData" not in image
    with Image.open(source) as decoded:
        assert image.SMask.read_bytes() == decoded.getchannel("A").tobytes()
    shown = _rendered(pdf, tmp_path)
    assert shown.getpixel((5, 15)) == (255, 255, 255)  # transparent: the page under it
    assert shown.getpixel((30, 15)) != (255, 255, 255)


@pytest.mark.parametrize(("dpi", "said"), [((1, 1), "1 dpi"), ((0, 0), "0 dpi"), ((72, 72), None)])
def test_a_resolution_of_0_or_1_dpi_is_taken_as_none_and_said(tmp_path: Path, dpi: tuple[int, int],
                                                               said: str | None) -> None:
    """img2pdf takes 0 dpi as none (its 96) and 1 dpi as it is: a 40 x 30 image became a 40 x 30 inch page (a
    photo's 3,000 pixels wide, past PDF's 200 inches, it sizes at another dpi). pdftools takes a resolution below 10
    or above 2,400 dpi as none (72: a pixel a point), as before; now it says so."""
    Image.new("RGB", (40, 30), (10, 120, 30)).save(tmp_path / "odd.png", dpi=dpi)
    pdf, warnings = image_pdf([tmp_path / "odd.png"])
    assert [float(v) for v in pdf.pages[0].MediaBox] == [0, 0, 40, 30]
    if said is None:
        assert warnings == []
    else:
        assert len(warnings) == 1 and "odd.png" in warnings[0] and said in warnings[0], warnings
        assert "72 dpi" in warnings[0]  # (merge takes images too, and has no --page-size to name)


@pytest.mark.parametrize("transparent", [False, True])
def test_a_palette_png_keeps_its_palette(tmp_path: Path, transparent: bool) -> None:
    """img2pdf puts a palette PNG in as its indexes and palette (/Indexed), its tRNS a soft mask; pdftools made
    every pixel RGB, the same picture in three times the samples. The indexes are the image's data, the palette its
    /Indexed colour space; the page shows the same pixels."""
    img = Image.linear_gradient("L").resize((64, 48)).quantize(16)
    source = tmp_path / "few.png"
    img.save(source, **({"transparency": 3} if transparent else {}))
    pdf, _ = image_pdf([source])
    image = _image(pdf)
    space = image.ColorSpace
    assert space[0] == "/Indexed" and space[1] == "/DeviceRGB" and image.BitsPerComponent == 8
    with Image.open(source) as decoded:
        assert image.read_bytes() == decoded.tobytes()
        assert bytes(space[3])[:3 * (int(space[2]) + 1)] == bytes(decoded.getpalette("RGB")[:3 * (int(space[2]) + 1)])
        expected = decoded.convert("RGBA")
    assert ("/SMask" in image) == transparent
    shown = _rendered(pdf, tmp_path)
    white = Image.new("RGB", expected.size, (255, 255, 255))
    assert shown.tobytes() == Image.alpha_composite(white.convert("RGBA"), expected).convert("RGB").tobytes()


@pytest.mark.parametrize("name", ["photo.jpg", "photo.png", "few.png", "grey.jpg"])
def test_an_image_s_icc_profile_goes_with_it(tmp_path: Path, name: str) -> None:
    """img2pdf gives a JPEG's or a PNG's ICC profile to its image (/ICCBased), so a wide-gamut photo (a phone's
    Display P3) shows its colours; pdftools dropped it (/DeviceRGB). The profile's bytes are the image's colour
    space (a palette's base); one whose colour space is not the image's (an RGB profile on a grey JPEG) is left
    out, as a reader could not use it."""
    from PIL import ImageCms

    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    img = Image.new("RGB", (40, 30), (200, 30, 30))
    if name == "few.png":
        img = img.quantize(4)
    elif name == "grey.jpg":
        img = img.convert("L")
    img.save(tmp_path / name, icc_profile=profile, quality=95)
    pdf, _ = image_pdf([tmp_path / name])
    space = _image(pdf).ColorSpace
    if name == "few.png":
        assert space[0] == "/Indexed"
        space = space[1]
    if name == "grey.jpg":
        assert space == "/DeviceGray"
        return
    assert space[0] == "/ICCBased" and space[1].read_bytes() == profile
    assert space[1].N == 3 and space[1].Alternate == "/DeviceRGB"
    red, green, blue = _rendered(pdf, tmp_path).getpixel((20, 15))
    assert red > 180 and green < 60 and blue < 60, (red, green, blue)


def _ring() -> Image.Image:
    from PIL import ImageDraw

    page = Image.new("1", (600, 400), 1)
    ImageDraw.Draw(page).ellipse((40, 40, 560, 360), outline=0, width=9)
    return page


def test_a_group_3_tiff_is_coded_again_as_group_4_as_img2pdf_does(tmp_path: Path) -> None:
    """A Group 3 fax TIFF: PDF's CCITTFaxDecode could take its strip (K 0), but img2pdf decodes it and codes it
    again as Group 4 (K -1), as pdftools does: the same pixels, CCITT either way."""
    _ring().save(tmp_path / "fax.tiff", compression="group3", dpi=(200, 200))
    with Image.open(tmp_path / "fax.tiff") as img:
        assert img.info["compression"] == "group3"
    pdf, _ = image_pdf([tmp_path / "fax.tiff"])
    image = _image(pdf)
    assert image.Filter == "/CCITTFaxDecode" and image.DecodeParms.K == -1
    assert [float(v) for v in pdf.pages[0].MediaBox] == [0, 0, 216, 144]  # 600 x 400 at 200 dpi
    pdf.save(tmp_path / "x.pdf")
    subprocess.run(["pdftocairo", "-png", "-r", "200", "-singlefile", str(tmp_path / "x.pdf"), str(tmp_path / "r")],
                   check=True)
    assert Image.open(tmp_path / "r.png").convert("L").tobytes() == _ring().convert("L").tobytes()


def test_an_animated_gif_is_a_page_a_frame_as_img2pdf_makes_it(tmp_path: Path) -> None:
    """img2pdf makes each frame of an animated GIF a page, as Pillow composes it; so does pdftools (the same pixels
    as img2pdf's pages, measured), a palette frame with its palette."""
    first = Image.new("P", (30, 20), 1)
    first.putpalette([255, 0, 0, 0, 160, 0] + [0] * 762)
    second = first.copy()
    second.paste(0, (0, 0, 15, 20))
    first.save(tmp_path / "anim.gif", save_all=True, append_images=[second], duration=100, loop=0)
    pdf, _ = image_pdf([tmp_path / "anim.gif"])
    assert len(pdf.pages) == 2
    pdf.save(tmp_path / "x.pdf")
    with Image.open(tmp_path / "anim.gif") as gif:
        for number in (1, 2):
            gif.seek(number - 1)
            subprocess.run(["pdftocairo", "-png", "-r", "72", "-f", str(number), "-l", str(number), "-singlefile",
                            str(tmp_path / "x.pdf"), str(tmp_path / f"r{number}")], check=True)
            shown = Image.open(tmp_path / f"r{number}.png").convert("RGB")
            assert shown.tobytes() == gif.convert("RGB").tobytes(), number


@pytest.mark.parametrize(("orientation", "turn"), [(6, 90), (8, 270), (3, 180), (2, None), (5, None)])
def test_an_exif_orientation_turns_the_page_a_mirrored_one_is_said(tmp_path: Path, orientation: int,
                                                                   turn: int | None) -> None:
    """img2pdf turns the page by a JPEG's EXIF orientation (/Rotate: 6 is 90, 8 is 270) and refuses a mirrored one
    ("Unsupported flipped rotation mode"). pdftools turns it the same way; a mirrored one it leaves as stored, and
    says so."""
    exif = Image.Exif()
    exif[0x0112] = orientation
    Image.new("RGB", (64, 32), (30, 60, 200)).save(tmp_path / "phone.jpg", exif=exif, dpi=(72, 72))
    pdf, warnings = image_pdf([tmp_path / "phone.jpg"])
    assert int(pdf.pages[0].obj.get("/Rotate", 0)) == (turn or 0)
    assert (warnings == []) == (turn is not None), warnings
    if turn is None:
        assert "mirrored" in warnings[0] and "phone.jpg" in warnings[0]


def test_a_16_bit_transparent_colour_is_not_read_as_8_bits(tmp_path: Path) -> None:
    """A 16-bit RGB PNG's tRNS colour (1, 2, 3) is of 16 bits; Pillow reads 8 bits of each sample and gives the key
    as it is, so as a colour key of the 8-bit pixels it hid the colour (256, 512, 768), whose 8 bits are (1, 2, 3).
    The page shows every pixel (the warning says the transparent colour is shown)."""
    rows = [struct.pack(">3H", 256, 512, 768) * 30 for _ in range(20)]
    trns = struct.pack(">3H", 1, 2, 3)
    _png(tmp_path / "deep.png", 30, 20, 2, 16, rows, struct.pack(">I", 6) + b"tRNS" + trns
         + struct.pack(">I", zlib.crc32(b"tRNS" + trns)))
    pdf, warnings = image_pdf([tmp_path / "deep.png"])
    assert "/Mask" not in _image(pdf) and "transparent colour" in warnings[0]
    assert _rendered(pdf, tmp_path).getpixel((15, 10)) == (1, 2, 3)
