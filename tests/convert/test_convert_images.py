"""Images made a PDF without OCR, as img2pdf and `pdfcpu import` do: `convert a.jpg b.png -o x.pdf` (one page an
image or a TIFF's frame) and `merge` taking images among PDFs. Read back with qpdf --check, pdfimages -list/-all
(a JPEG's bytes as they were: DCTDecode), pdfinfo's page sizes and rotation, pdftoppm's pixels against the source."""

from __future__ import annotations

import io
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client
from PIL import Image, ImageChops, ImageSequence

from pdftools.mcp.server import build_server

SMILE_JPG = CORPUS / "007-imagemagick-images" / "smile.jpg"  # 16x16 at 300 dpi
PHOTO_JPG = CORPUS / "003-pdflatex-image" / "image.jpg"  # 300x200 at 72 dpi
GRAY_PNG = CORPUS / "019-grayscale-image" / "page-0-X0.png"  # 324x450, L, no dpi
ALPHA_PNG = CORPUS / "025-attachment" / "image.png"  # 320x223, RGBA


def check(pdf: Path) -> None:
    done = subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def sizes(pdf: Path) -> list[tuple[float, float, int]]:
    """Each page's width, height (points) and rotation, as pdfinfo gives them."""
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf)], capture_output=True, text=True,
                         check=True).stdout
    found = re.findall(r"Page +\d+ size: +([\d.]+) x ([\d.]+) pts.*\nPage +\d+ rot: +(\d+)", out)
    return [(float(w), float(h), int(r)) for w, h, r in found]


def listed(pdf: Path) -> list[list[str]]:
    """pdfimages -list's rows (page, num, type, width, height, color, comp, bpc, enc, ...)."""
    out = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines()[2:]]


def extracted(pdf: Path, folder: Path) -> list[Path]:
    folder.mkdir()
    subprocess.run(["pdfimages", "-all", str(pdf), str(folder / "img")], check=True)
    return sorted(folder.iterdir())


def rendered(pdf: Path, page: int, dpi: int, folder: Path, program: str = "pdftoppm") -> Image.Image:
    """The page as poppler draws it: pdftoppm (Splash) smooths a detailed image's edges even at 1:1 (a flat one
    comes out exact), pdftocairo draws each pixel as it is."""
    base = folder / f"r{page}"
    subprocess.run([program, "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(base)], check=True)
    return Image.open(f"{base}.png")


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def test_jpegs_go_in_as_they_are_one_page_each_sized_by_their_dpi(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = cli("convert", SMILE_JPG, PHOTO_JPG, "-o", out)
    assert result.exit_code == 0, result
    check(out)
    assert sizes(out) == [(3.84, 3.84, 0), (300.0, 200.0, 0)]  # 16 px at 300 dpi; 300 px at 72 dpi
    assert [row[8] for row in listed(out)] == ["jpeg", "jpeg"]
    assert [p.read_bytes() for p in extracted(out, tmp_path / "out")] == [SMILE_JPG.read_bytes(),
                                                                          PHOTO_JPG.read_bytes()]


def test_a_png_goes_in_without_loss(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    assert cli("convert", GRAY_PNG, "-o", out).exit_code == 0
    check(out)
    assert sizes(out) == [(324.0, 450.0, 0)]  # no dpi: 72
    rows = listed(out)
    assert [(row[5], row[8]) for row in rows] == [("gray", "image")]  # Flate
    source = Image.open(GRAY_PNG)
    assert same_pixels(Image.open(extracted(out, tmp_path / "out")[0]), source)
    assert same_pixels(rendered(out, 1, 72, tmp_path, "pdftocairo").convert("L"), source)


def test_alpha_becomes_a_soft_mask(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    assert cli("convert", ALPHA_PNG, "-o", out).exit_code == 0
    check(out)
    assert [row[2] for row in listed(out)] == ["image", "smask"]
    image, mask = (Image.open(p) for p in extracted(out, tmp_path / "out"))
    source = Image.open(ALPHA_PNG)
    assert same_pixels(image, source.convert("RGB")) and same_pixels(mask, source.getchannel("A"))


def test_a_multi_page_tiff_and_a_webp(cli: Any, tmp_path: Path) -> None:
    frames = [Image.new("RGB", (40, 20), (200, 0, 0)), Image.new("L", (30, 60), 90),
              Image.new("RGB", (10, 10), (0, 0, 250))]
    frames[0].save(tmp_path / "scan.tiff", save_all=True, append_images=frames[1:], dpi=(144, 144))
    webp = Image.new("RGB", (36, 18), (10, 120, 30))
    webp.save(tmp_path / "pic.webp", lossless=True)
    out = tmp_path / "x.pdf"
    result = cli("convert", tmp_path / "scan.tiff", tmp_path / "pic.webp", "-o", out)
    assert result.exit_code == 0, result
    check(out)
    assert sizes(out) == [(20.0, 10.0, 0), (15.0, 30.0, 0), (5.0, 5.0, 0), (36.0, 18.0, 0)]
    assert same_pixels(rendered(out, 4, 72, tmp_path).convert("RGB"), webp)
    assert same_pixels(rendered(out, 2, 144, tmp_path).convert("L"), frames[1])


def test_exif_orientation_turns_the_page_not_the_pixels(cli: Any, tmp_path: Path) -> None:
    source = tmp_path / "phone.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # stored on its side: shown turned 90 degrees clockwise
    Image.new("RGB", (64, 32), (30, 60, 200)).save(source, exif=exif, dpi=(72, 72))
    out = tmp_path / "x.pdf"
    assert cli("convert", source, "-o", out).exit_code == 0
    check(out)
    assert sizes(out) == [(64.0, 32.0, 90)]
    assert extracted(out, tmp_path / "out")[0].read_bytes() == source.read_bytes()
    assert rendered(out, 1, 72, tmp_path).size == (32, 64)  # shown upright, as a viewer honouring EXIF


def test_page_size_fits_each_image_on_the_paper_turned_its_way(cli: Any, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    result = cli("convert", PHOTO_JPG, GRAY_PNG, "--page-size", "a4", "-o", out, "--json")
    assert result.exit_code == 0, result
    check(out)
    assert sizes(out) == [(841.89, 595.28, 0), (595.28, 841.89, 0)]
    page = rendered(out, 1, 72, tmp_path).convert("RGB")  # 300x200 scaled up to 842 x 561, centred
    assert page.getpixel((5, 5)) == (255, 255, 255) and page.getpixel((421, 297)) != (255, 255, 255)
    assert extracted(out, tmp_path / "out")[0].read_bytes() == PHOTO_JPG.read_bytes()


def test_a_truncated_image_is_bad_image(cli: Any, tmp_path: Path) -> None:
    cut = tmp_path / "cut.jpg"
    cut.write_bytes(PHOTO_JPG.read_bytes()[:600])
    result = cli("convert", cut, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 4, result
    assert "BAD_IMAGE" in result.stderr and "truncated" in result.stderr and "hint:" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_images_go_with_images_only_and_into_a_pdf(cli: Any, tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n")
    mixed = cli("convert", SMILE_JPG, tmp_path / "notes.md", "-o", tmp_path / "x.pdf")
    assert mixed.exit_code != 0 and "INVALID_ARGUMENT" in mixed.stderr and "notes.md" in mixed.stderr
    to_html = cli("convert", SMILE_JPG, "-o", tmp_path / "x.html")
    assert to_html.exit_code != 0 and "PDF" in to_html.stderr and "pdftools ocr" in to_html.stderr
    styled = cli("convert", SMILE_JPG, "--toc", "-o", tmp_path / "x.pdf")
    assert styled.exit_code != 0 and "--toc" in styled.stderr
    paper = cli("convert", tmp_path / "notes.md", "--page-size", "a4", "-o", tmp_path / "x.pdf")
    assert paper.exit_code != 0 and "--css" in paper.stderr, paper
    assert not (tmp_path / "x.pdf").exists()


def test_merge_takes_images_among_pdfs(cli: Any, tmp_path: Path) -> None:
    pdf = CORPUS / "001-trivial" / "minimal-document.pdf"
    out = tmp_path / "x.pdf"
    result = cli("merge", pdf, SMILE_JPG, ALPHA_PNG, "-o", out, "--json")
    assert result.exit_code == 0, result
    check(out)
    data = json.loads(result.stdout)
    assert data["pages"] == 3 and [i["pages"] for i in data["inputs"]] == [1, 1, 1]
    assert sizes(out)[1:] == [(3.84, 3.84, 0), (320.0, 223.0, 0)]
    rows = listed(out)
    assert [(row[0], row[2], row[8]) for row in rows] == [("2", "image", "jpeg"), ("3", "image", "image"),
                                                          ("3", "smask", "image")]
    assert extracted(out, tmp_path / "out")[0].read_bytes() == SMILE_JPG.read_bytes()


def test_over_mcp(tmp_path: Path) -> None:
    buf = io.BytesIO()
    Image.new("RGB", (50, 25), (250, 200, 0)).save(buf, "PNG", dpi=(100, 100))
    (tmp_path / "a.png").write_bytes(buf.getvalue())
    (tmp_path / "b.jpg").write_bytes(SMILE_JPG.read_bytes())

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("doc_convert", {"input": "a.png", "append": ["b.jpg"],
                                                          "output": "x.pdf", "page_size": "letter"})

    done = anyio.run(go)
    assert not done.is_error, done
    check(tmp_path / "x.pdf")
    assert sizes(tmp_path / "x.pdf") == [(792.0, 612.0, 0), (612.0, 792.0, 0)]


@pytest.mark.parametrize("cut", [300, 2000])
def test_a_truncated_png_in_a_merge_is_bad_image(cli: Any, tmp_path: Path, cut: int) -> None:
    bad = tmp_path / "cut.png"
    bad.write_bytes(ALPHA_PNG.read_bytes()[:cut])
    result = cli("merge", SMILE_JPG, bad, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 4 and "BAD_IMAGE" in result.stderr and "cut.png" in result.stderr, result


def test_a_16_bit_grey_png_keeps_its_16_bits(cli: Any, tmp_path: Path) -> None:
    source = Image.new("I;16", (20, 10))
    for x in range(20):
        for y in range(10):
            source.putpixel((x, y), x * 3000 + y * 7)
    source.save(tmp_path / "deep.png")
    out = tmp_path / "x.pdf"
    assert cli("convert", tmp_path / "deep.png", "-o", out).exit_code == 0
    check(out)
    assert [(row[5], row[7], row[8]) for row in listed(out)] == [("gray", "16", "image")]
    shown = Image.open(extracted(out, tmp_path / "out")[0])  # pdfimages writes 8 bits: about value / 257
    assert all(abs(shown.getpixel((x, y)) - source.getpixel((x, y)) / 257) <= 1  # (cut to 8 bits, 255 from 1,000)
               for x in range(20) for y in range(10))


def test_an_image_past_pillow_s_bomb_limit_is_page_too_large(cli: Any, tmp_path: Path) -> None:
    """Pillow refuses to open an image of more than 179M pixels (a decompression bomb); that was INTERNAL, 'a bug
    in pdftools' (ocr's images too, through the same frames())."""
    Image.new("1", (14_000, 14_000), 1).save(tmp_path / "huge.png")  # 196M pixels in a small file
    result = cli("convert", tmp_path / "huge.png", "-o", tmp_path / "x.pdf")
    assert result.exit_code != 0 and "PAGE_TOO_LARGE" in result.stderr and "INTERNAL" not in result.stderr, result
    assert "huge.png" in result.stderr and "hint:" in result.stderr


def test_a_cmyk_jpeg_keeps_its_colours(cli: Any, tmp_path: Path) -> None:
    """Adobe's CMYK JPEGs are stored inverted: /Decode [1 0 ...] shows them as they are (red stays red)."""
    Image.new("CMYK", (40, 20), (0, 200, 200, 0)).save(tmp_path / "cmyk.jpg", quality=100)
    out = tmp_path / "x.pdf"
    assert cli("convert", tmp_path / "cmyk.jpg", "-o", out).exit_code == 0
    check(out)
    assert [row[5] for row in listed(out)] == ["cmyk"]
    red, green, blue = rendered(out, 1, 72, tmp_path).convert("RGB").getpixel((20, 10))
    assert red > 200 and green < 120 and blue < 120, (red, green, blue)


def test_a_gif_s_transparent_colour_becomes_a_soft_mask(cli: Any, tmp_path: Path) -> None:
    gif = Image.new("P", (30, 20), 1)
    gif.putpalette([255, 0, 0, 0, 160, 0] + [0] * 762)
    gif.paste(0, (0, 0, 15, 20))  # the left half in colour 0, transparent
    gif.save(tmp_path / "dot.gif", transparency=0)
    out = tmp_path / "x.pdf"
    assert cli("convert", tmp_path / "dot.gif", "-o", out).exit_code == 0
    check(out)
    assert [row[2] for row in listed(out)] == ["image", "smask"]
    mask = Image.open(extracted(out, tmp_path / "out")[1])
    assert mask.getpixel((5, 10)) == 0 and mask.getpixel((25, 10)) == 255
    page = rendered(out, 1, 72, tmp_path).convert("RGB")
    assert page.getpixel((5, 10)) == (255, 255, 255) and page.getpixel((25, 10)) == (0, 160, 0)


def test_merge_picks_an_image_s_frames_and_turns_them(cli: Any, tmp_path: Path) -> None:
    frames = [Image.new("RGB", (40, 20), (200, 0, 0)), Image.new("L", (30, 60), 90)]
    frames[0].save(tmp_path / "scan.tiff", save_all=True, append_images=frames[1:])
    out = tmp_path / "x.pdf"
    result = cli("merge", f"{tmp_path / 'scan.tiff'}:2", f"{SMILE_JPG}:1east", "-o", out)
    assert result.exit_code == 0, result
    check(out)
    assert sizes(out) == [(30.0, 60.0, 0), (3.84, 3.84, 90)]
    past = cli("merge", f"{tmp_path / 'scan.tiff'}:3", "-o", tmp_path / "y.pdf")
    assert past.exit_code != 0 and "INVALID_PAGE_RANGE" in past.stderr and "has 2 pages" in past.stderr


def test_a_fax_s_two_resolutions_each_size_their_side(cli: Any, tmp_path: Path) -> None:
    """A fax TIFF is 204 x 98 dpi: its height at the second, as img2pdf sizes it (it was drawn twice as tall)."""
    fax = Image.new("1", (204, 98), 1)
    fax.save(tmp_path / "fax.tiff", dpi=(204, 98), compression="group4")
    fax.save(tmp_path / "faxes.tiff", dpi=(204, 98), save_all=True, append_images=[fax])
    out = tmp_path / "x.pdf"
    assert cli("convert", tmp_path / "fax.tiff", tmp_path / "faxes.tiff", "-o", out).exit_code == 0
    check(out)
    assert sizes(out) == [(72.0, 72.0, 0)] * 3


def test_images_into_a_pipe(cli: Any, tmp_path: Path) -> None:
    """No -o: the PDF goes to standard output (into a pipe), as a document's binary output does; the summary not."""
    result = cli("convert", SMILE_JPG, GRAY_PNG)
    assert result.exit_code == 0, result
    (tmp_path / "x.pdf").write_bytes(result.stdout_bytes)
    check(tmp_path / "x.pdf")
    assert sizes(tmp_path / "x.pdf") == [(3.84, 3.84, 0), (324.0, 450.0, 0)]
    assert extracted(tmp_path / "x.pdf", tmp_path / "out")[0].read_bytes() == SMILE_JPG.read_bytes()


def test_a_person_reads_the_size_written_as_other_commands_give_it(cli: Any, tmp_path: Path) -> None:
    """`convert` said `bytes 3165` where merge says `size 3,165 bytes (3.2 kB)`."""
    out = tmp_path / "x.pdf"
    result = cli("convert", PHOTO_JPG, "-o", out)
    assert result.exit_code == 0, result
    size = out.stat().st_size
    assert re.search(rf"\bsize\s+{size:,} bytes \(", result.stdout), result.stdout
    assert not re.search(r"^\s*bytes\b", result.stdout, re.M), result.stdout
    assert json.loads(cli("convert", PHOTO_JPG, "-o", tmp_path / "y.pdf", "--json").stdout)["bytes"] == size


def _drawing(size: tuple[int, int] = (600, 400)) -> Image.Image:
    """A bilevel page as a fax or a 1-bit scan holds it: a ring and a line of text, white around."""
    from PIL import ImageDraw

    page = Image.new("1", size, 1)
    draw = ImageDraw.Draw(page)
    draw.ellipse((40, 40, size[0] - 40, size[1] - 40), outline=0, width=9)
    draw.text((size[0] // 3, size[1] // 2), "Fax page 1", fill=0)
    return page


def _white_is_zero(tiff: Path) -> None:
    """Make a one-frame TIFF's PhotometricInterpretation 0 (WhiteIsZero, most faxes' and scanners'), its data
    unchanged: Pillow cannot write one (its `tiffinfo` photometric writes other pixels)."""
    import struct

    data = bytearray(tiff.read_bytes())
    assert data[:2] == b"II"
    (ifd,) = struct.unpack_from("<I", data, 4)
    (count,) = struct.unpack_from("<H", data, ifd)
    for n in range(count):
        at = ifd + 2 + 12 * n
        if struct.unpack_from("<H", data, at)[0] == 262:
            struct.pack_into("<I", data, at + 8, 0)
    tiff.write_bytes(bytes(data))


def _strip(tiff: Path) -> bytes:
    with Image.open(tiff) as img:
        (offset,), (length,) = img.tag_v2[273], img.tag_v2[279]
    return tiff.read_bytes()[offset:offset + length]


def test_a_jpeg_2000_goes_in_as_it_is(cli: Any, tmp_path: Path) -> None:
    """img2pdf embeds a JP2 file as its bytes (JPXDecode, PDF 1.5); pdftools decoded it and stored its pixels
    with Flate, many times bigger for a photo."""
    photo = Image.open(PHOTO_JPG).convert("RGB")
    photo.save(tmp_path / "photo.jp2", quality_mode="dB", quality_layers=[38])
    photo.convert("L").save(tmp_path / "grey.jp2", quality_mode="dB", quality_layers=[38])
    out = tmp_path / "x.pdf"
    assert cli("convert", tmp_path / "photo.jp2", tmp_path / "grey.jp2", "-o", out).exit_code == 0
    check(out)
    assert [(row[5], row[8]) for row in listed(out)] == [("rgb", "jpx"), ("gray", "jpx")]
    assert [p.read_bytes() for p in extracted(out, tmp_path / "out")] == [(tmp_path / "photo.jp2").read_bytes(),
                                                                          (tmp_path / "grey.jp2").read_bytes()]
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"PDF version: +1\.[5-7]", info), info  # JPXDecode is PDF 1.5's
    decoded = Image.open(tmp_path / "photo.jp2").convert("RGB")
    decoded.save(tmp_path / "decoded.png")  # what was stored before: the decoded pixels, without loss
    assert cli("convert", tmp_path / "decoded.png", "-o", tmp_path / "flate.pdf").exit_code == 0
    assert out.stat().st_size < (tmp_path / "flate.pdf").stat().st_size / 2
    shown = rendered(out, 1, 72, tmp_path, "pdftocairo").convert("RGB")  # poppler's JPEG 2000 decoder, Pillow's
    assert shown.size == decoded.size
    assert max(high for _, high in ImageChops.difference(shown, decoded).getextrema()) <= 8


@pytest.mark.parametrize("kind", ["one strip", "white is zero", "fill order 2", "strips", "frames"])
def test_a_group_4_tiff_goes_in_as_ccitt(cli: Any, tmp_path: Path, kind: str) -> None:
    """img2pdf puts a Group 4 TIFF's one strip in as it is (CCITTFaxDecode: K -1, Columns, Rows, BlackIs1 from
    the photometric), bits reversed for FillOrder 2; one of several strips (each coded on its own, which PDF's one
    stream cannot hold) is coded again as Group 4 in one, without loss. pdftools stored every one decoded (Flate)."""
    page = _drawing()
    tiff = tmp_path / "fax.tiff"
    if kind == "white is zero":  # the same strip, read the other way: the inverse pixels written, shown as `page`
        inverse = ImageChops.invert(page.convert("L")).convert("1")
        inverse.save(tiff, compression="group4", dpi=(200, 200), strip_size=10**9)
        _white_is_zero(tiff)
    elif kind == "frames":
        page.save(tiff, compression="group4", dpi=(200, 200), strip_size=10**9, save_all=True,
                  append_images=[_drawing((300, 500))])
    else:
        page.save(tiff, compression="group4", dpi=(200, 200), strip_size=3000 if kind == "strips" else 10**9,
                  tiffinfo={266: 2} if kind == "fill order 2" else {})
    with Image.open(tiff) as img:
        assert img.info["compression"] == "group4" and (len(img.tag_v2[273]) > 1) == (kind == "strips")
        sources = [frame.convert("L") for frame in ImageSequence.Iterator(img)]
    assert sources[0].tobytes() == page.convert("L").tobytes()
    out = tmp_path / "x.pdf"
    assert cli("convert", tiff, "-o", out).exit_code == 0
    check(out)
    assert [(row[5], row[7], row[8]) for row in listed(out)] == [("gray", "1", "ccitt")] * len(sources)
    for number, source in enumerate(sources, 1):
        assert same_pixels(rendered(out, number, 200, tmp_path, "pdftocairo").convert("L"), source), (kind, number)
    if kind in ("one strip", "white is zero"):  # its bytes as they were in the TIFF
        (ccitt,) = [p for p in extracted(out, tmp_path / "out") if p.suffix == ".ccitt"]
        assert ccitt.read_bytes() == _strip(tiff)
        assert out.stat().st_size < len(_strip(tiff)) + 1500  # the strip and a page around it, nothing more


def test_a_bilevel_image_is_coded_the_smaller_way(cli: Any, tmp_path: Path) -> None:
    """A 1-bit image that is not Group 4 already (a PNG) is coded as Group 4 when that is smaller than Flate (a page
    with some drawing on it: most scans), with Flate when not (noise, as a halftone or dense small print)."""
    import random

    noisy = random.Random(7)
    noise = Image.new("1", (240, 160))
    noise.putdata([noisy.choice((0, 1)) for _ in range(240 * 160)])
    _drawing().save(tmp_path / "drawing.png")
    noise.save(tmp_path / "noise.png")
    out = tmp_path / "x.pdf"
    assert cli("convert", tmp_path / "drawing.png", tmp_path / "noise.png", "-o", out).exit_code == 0
    check(out)
    assert [(row[7], row[8]) for row in listed(out)] == [("1", "ccitt"), ("1", "image")]
    assert same_pixels(rendered(out, 1, 72, tmp_path, "pdftocairo").convert("L"), _drawing().convert("L"))
    assert same_pixels(rendered(out, 2, 72, tmp_path, "pdftocairo").convert("L"), noise.convert("L"))


def test_merge_gives_an_image_no_bookmark(cli: Any, tmp_path: Path) -> None:
    """merge names each PDF input with a bookmark over its own outline (as pdfcpu merge does); an image has no
    outline and no title, and `convert` and img2pdf give it no bookmark: merge invented one from its file name (a
    folder of scans among PDFs made a bookmark a page)."""
    import pikepdf

    outlined = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"
    plain = CORPUS / "001-trivial" / "minimal-document.pdf"
    out = tmp_path / "x.pdf"
    assert cli("merge", outlined, SMILE_JPG, plain, PHOTO_JPG, "-o", out).exit_code == 0
    check(out)
    with pikepdf.open(outlined) as pdf, pdf.open_outline() as outline:
        kept = [item.title for item in outline.root]
    with pikepdf.open(out) as pdf, pdf.open_outline() as outline:
        pages = {page.objgen: n for n, page in enumerate(pdf.pages, 1)}
        tops = [(item.title, pages[item.destination[0].objgen]) for item in outline.root]
        assert [item.title for item in outline.root[0].children] == kept
    assert [page for _, page in tops] == [1, len(pages) - 1]  # the outline's file, the plain PDF: no image's page
    only = tmp_path / "images.pdf"
    assert cli("merge", SMILE_JPG, PHOTO_JPG, "-o", only).exit_code == 0
    with pikepdf.open(only) as pdf:
        assert "/Outlines" not in pdf.Root


def test_a_person_reads_the_images_once(cli: Any, tmp_path: Path) -> None:
    """The table listed the images (`images a.jpg, b.jpg`) and then the ones after the first again (`appended
    b.jpg`); --json keeps both fields, as its contract."""
    result = cli("convert", SMILE_JPG, PHOTO_JPG, "-o", tmp_path / "x.pdf")
    assert result.exit_code == 0, result
    lines = [line.split()[0] for line in result.stdout.splitlines() if line.strip()]
    assert "images" in lines and "appended" not in lines, result.stdout
    data = json.loads(cli("convert", SMILE_JPG, PHOTO_JPG, "-o", tmp_path / "y.pdf", "--json").stdout)
    assert (len(data["images"]), len(data["appended"])) == (2, 1), data


@pytest.mark.parametrize("name", ["photo.png", "scan.JPG", "fax.tiff", "pic.webp"])
def test_a_file_named_as_an_image_that_is_none_is_bad_image(cli: Any, tmp_path: Path, name: str) -> None:
    """A download that is an error page, saved as photo.png: `convert photo.png -o x.pdf` made a PDF of its text as
    markdown, exit 0. It is BAD_IMAGE naming what the name says, nothing written; `--from` still reads it so."""
    fake = tmp_path / name
    fake.write_text("<html>404 Not Found</html>\n")
    result = cli("convert", fake, "-o", tmp_path / "x.pdf", "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 4 and error["code"] == "BAD_IMAGE" and name in error["message"], result
    assert not (tmp_path / "x.pdf").exists()
    said = cli("convert", fake, "--from", "markdown", "-o", tmp_path / "y.pdf")
    assert said.exit_code == 0 and (tmp_path / "y.pdf").exists(), said


@pytest.mark.parametrize("command", ["convert", "ocr"])
def test_an_image_header_pillow_cannot_read_is_bad_image(cli: Any, tmp_path: Path, command: str) -> None:
    """A PNG signature and nothing of a PNG after it was NOT_A_PDF, 'neither a PDF nor an image', with OCR's hint
    even at `convert`: it is an image that cannot be decoded."""
    broken = tmp_path / "broken.png"
    broken.write_bytes(b"\x89PNG\r\n\x1a\nxxxx")
    result = cli(command, broken, "-o", tmp_path / "x.pdf", "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 4 and error["code"] == "BAD_IMAGE" and "broken.png" in error["message"], result
    assert "PNG" in error["message"] and "OCR takes" not in error["hint"], error


def test_merge_of_a_file_named_as_an_image_that_is_none_says_so(cli: Any, tmp_path: Path) -> None:
    """`merge a.pdf photo.png` (an error page saved as photo.png) said 'photo.png is not a PDF' and to check that
    it is a PDF, where merge takes images: it says the file is neither, and to check it."""
    fake = tmp_path / "photo.png"
    fake.write_text("<html>404 Not Found</html>\n")
    result = cli("merge", SMILE_JPG, fake, "-o", tmp_path / "x.pdf", "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 4 and error["code"] == "NOT_A_PDF", result
    assert "nor the image its name says" in error["message"] and "PDF header" not in error["hint"], error
