"""The stream measure (core/streams.py) against qpdf's own decoders, and what it counts on a page.

Random data is encoded with every filter pdftools measures (alone and chained), put in a stream, and the size
pdftools measures must be the size qpdf decodes. Encoders for LZW and RunLength are written here, independently
of the decoders under test; a mistake shared by both would still disagree with qpdf.
"""

from __future__ import annotations

import base64
import math
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path

import pikepdf
import pytest
from broken_pdfs import FONT, HELLO, bomb, build, one_page, stream, zeros_deflated
from hypothesis import given, settings
from hypothesis import strategies as st

from pdftools.core import decoders, streams
from pdftools.errors import StreamTooLarge


def lzw(data: bytes, early: int = 1) -> bytes:
    """PDF's LZW: MSB-first codes of 9-12 bits; 256 clears (here at the start and when the table fills)."""
    out, acc, bits = bytearray(), 0, 0

    def emit(code: int, width: int) -> None:
        nonlocal acc, bits
        acc, bits = (acc << width) | code, bits + width
        while bits >= 8:
            bits -= 8
            out.append((acc >> bits) & 0xFF)

    table, width, word = {bytes([i]): i for i in range(256)}, 9, b""
    emit(256, width)
    for byte in data:
        grown = word + bytes([byte])
        if grown in table:
            word = grown
            continue
        emit(table[word], width)
        table[grown] = len(table) + 2  # codes 256 and 257 are taken
        if len(table) + 2 - 1 + early >= 1 << width:  # the decoder adds this entry one code later
            width += 1
        word = bytes([byte])
        if len(table) + 2 >= 4000:
            emit(256, width)
            table, width = {bytes([i]): i for i in range(256)}, 9
    if word:
        emit(table[word], width)
    emit(257, width)
    return bytes(out) + (bytes([(acc << (8 - bits)) & 0xFF]) if bits else b"")


def run_length(data: bytes) -> bytes:
    out, i = bytearray(), 0
    while i < len(data):
        run = 1
        while i + run < len(data) and run < 128 and data[i + run] == data[i]:
            run += 1
        if run > 1:
            out += bytes([257 - run, data[i]])
        else:
            out += bytes([0, data[i]])
        i += run
    return bytes(out + b"\x80")


ENCODERS: dict[str, Callable[[bytes], bytes]] = {
    "/FlateDecode": zlib.compress,
    "/LZWDecode": lzw,
    "/RunLengthDecode": run_length,
    "/ASCII85Decode": lambda data: base64.a85encode(data) + b"~>",
    "/ASCIIHexDecode": lambda data: data.hex().encode() + b">",
}


OWNER = pikepdf.new()  # streams live as long as their document


def encoded(data: bytes, filters: list[str], parms: pikepdf.Dictionary | None = None) -> pikepdf.Stream:
    """A stream holding `data` encoded by `filters` (the first filter is decoded first)."""
    raw = data
    for name in reversed(filters):
        raw = ENCODERS[name](raw)
    result = pikepdf.Stream(OWNER, raw)
    result.Filter = pikepdf.Array([pikepdf.Name(f) for f in filters])
    if parms is not None:
        result.DecodeParms = parms
    return result


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=6000) | st.builds(lambda b, n: b * n, st.binary(min_size=1, max_size=8),
                                                 st.integers(1, 3000)),
       filters=st.lists(st.sampled_from(sorted(ENCODERS)), min_size=1, max_size=3))
def test_measured_size_is_what_qpdf_decodes(data: bytes, filters: list[str]) -> None:
    subject = encoded(data, filters)
    assert bytes(subject.read_bytes(pikepdf.StreamDecodeLevel.all)) == data  # the encoders are right
    assert streams.size(subject, math.inf) == len(data)
    assert streams.bound(subject) >= len(data)


def test_lzw_without_early_change() -> None:
    data = bytes(range(256)) * 40 + b"abcabcabc" * 500
    subject = encoded(b"", ["/LZWDecode"], pikepdf.Dictionary(EarlyChange=0))
    subject.write(lzw(data, early=0), filter=pikepdf.Name.LZWDecode, decode_parms=pikepdf.Dictionary(EarlyChange=0))
    assert bytes(subject.read_bytes()) == data
    assert streams.size(subject, math.inf) == len(data)


@pytest.mark.parametrize("budget", [10**6, 10**7])
def test_a_bomb_is_stopped_at_the_budget(budget: int) -> None:
    subject = pikepdf.Stream(OWNER, zlib.compress(zeros_deflated(64)))
    subject.Filter = pikepdf.Array([pikepdf.Name.FlateDecode, pikepdf.Name.FlateDecode])
    with pytest.raises(decoders.Exceeded):
        streams.size(subject, budget)
    assert streams.size(subject, 64 << 20) == 64 << 20


@pytest.mark.parametrize("tail", [b"", b"\x00" * 100, b"\xff garbage" * 5000], ids=["cut", "zeros", "garbage"])
def test_corrupt_data_counts_what_qpdf_decodes_without_an_error(tail: bytes) -> None:
    data = b" ".join(str(i).encode() for i in range(3000))
    packed = zlib.compress(data)
    subject = pikepdf.Stream(OWNER, packed[:len(packed) // 2] + tail)
    subject.Filter = pikepdf.Name.FlateDecode
    assert streams.size(subject, math.inf) == len(subject.read_bytes()) > 0


# ------------------------------------------------------------------------------------- what a page draws

WHERE = {  # where the bomb sits -> whether drawing the page inflates it
    "contents": True,
    "contents-array": True,
    "form": True,
    "form-in-form": True,
    "pattern": True,
    "type3-glyph": True,
    "annotation": True,
    "image": False,  # text extraction skips image data; renderers count it (test below)
    "unused-object": False,
}


def page_with_bomb(where: str) -> bytes:
    b = bomb(b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] ", mebibytes=64)
    pages = {"contents": ({}, {4: b}), "contents-array": ({}, {4: b"[7 0 R 8 0 R]", 7: HELLO, 8: b})}
    resources = {"form": b"/XObject << /X 8 0 R >>", "form-in-form": b"/XObject << /X 7 0 R >>",
                 "pattern": b"/Pattern << /P 8 0 R >>", "type3-glyph": b"/Font << /F1 5 0 R /T3 7 0 R >>",
                 "image": b"/XObject << /I 8 0 R >>"}
    extra: dict[int, bytes] = {
        "form-in-form": {7: stream(b"/X Do", b"/Subtype /Form /BBox [0 0 9 9] "
                                             b"/Resources << /XObject << /X 8 0 R >> >> "), 8: b},
        "type3-glyph": {7: b"<< /Type /Font /Subtype /Type3 /CharProcs << /a 8 0 R >> /FontMatrix [1 0 0 1 0 0] >>",
                        8: b},
        "image": {8: bomb(b"/Subtype /Image /Width 8192 /Height 8192 /BitsPerComponent 8 /ColorSpace /DeviceGray ",
                          mebibytes=64)},
        "annotation": {7: b"<< /Type /Annot /Subtype /Square /Rect [0 0 9 9] /AP << /N 8 0 R >> >>", 8: b},
        "unused-object": {8: b},
    }.get(where, {8: b})
    page_extra = b"/Annots [7 0 R] " if where == "annotation" else b""
    contents, more = pages.get(where, ({}, {}))
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 99 99] /Contents 4 0 R %s"
                  b"/Resources << /Font << /F1 5 0 R >> %s >> >>" % (page_extra, resources.get(where, b"")),
               4: HELLO, 5: FONT, **contents, **extra, **more}
    return build(objects)


@pytest.mark.parametrize("where", sorted(WHERE))
def test_check_pages_measures_what_drawing_inflates(where: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    path = tmp_path / f"{where}.pdf"
    path.write_bytes(page_with_bomb(where))
    with pikepdf.open(path) as pdf:
        if WHERE[where]:
            with pytest.raises(StreamTooLarge, match=f"page 1 of {where}"):
                streams.check_pages(pdf, [1], where)
        else:
            streams.check_pages(pdf, [1], where)
        monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "100M")
        streams.check_pages(pdf, [1], where)  # 64 MiB fits


def test_a_shared_form_drawn_twice_and_cycles_are_counted_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two references to the same 8 MiB form, and a form that draws itself: 8 MiB, not 16, and no hang."""
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    form = bomb(b"/Subtype /Form /BBox [0 0 9 9] /Resources << /XObject << /Me 6 0 R >> >> ", mebibytes=8)
    path = tmp_path / "shared.pdf"
    path.write_bytes(one_page(resources=b"/XObject << /A 6 0 R /B 6 0 R >>",
                              objects={4: stream(b"/A Do /B Do"), 6: form}))
    with pikepdf.open(path) as pdf:
        streams.check_pages(pdf, [1], "shared")


@pytest.mark.parametrize(("size", "refused"), [(8192, True), (10, False)])
def test_renderers_count_images_by_their_declared_size(size: int, refused: bool, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """An 8192x8192 image (256 MiB to decode) is refused under 10M; a 10x10 one is not, however far its data
    would inflate (64 MiB here): a renderer decodes only the rows the image declares."""
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    image = bomb(b"/Subtype /Image /Width %d /Height %d /BitsPerComponent 8 /ColorSpace /DeviceGray " % (size, size),
                 mebibytes=64)
    path = tmp_path / "image.pdf"
    path.write_bytes(one_page(resources=b"/XObject << /I 6 0 R >>",
                              objects={4: stream(b"q 9 0 0 9 0 0 cm /I Do Q"), 6: image}))
    with pikepdf.open(path) as pdf:
        streams.check_pages(pdf, [1], "image")  # text extraction: images are not drawn
        if refused:
            with pytest.raises(StreamTooLarge):
                streams.check_pages(pdf, [1], "image", images=True)
        else:
            streams.check_pages(pdf, [1], "image", images=True)


def test_a_type3_font_shared_by_pages_counts_on_each(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Which fonts are Type 3 is found once for the pages sharing them: the second page, drawing the same Type 3
    font's 6 MiB glyph and a 6 MiB form of its own, is refused under 10M; the first (the glyph alone) is not."""
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    glyph = bomb(b"", mebibytes=6)
    form = bomb(b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] ", mebibytes=6)
    font = b"<< /Type /Font /Subtype /Type3 /CharProcs << /a 8 0 R >> /FontMatrix [1 0 0 1 0 0] >>"
    page = (b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 99 99] /Contents 4 0 R "
            b"/Resources << /Font << /T3 7 0 R >> %s>> >>")
    path = tmp_path / "shared-type3.pdf"
    path.write_bytes(build({1: b"<< /Type /Catalog /Pages 2 0 R >>",
                            2: b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>", 3: page % b"",
                            6: page % b"/XObject << /X 9 0 R >> ", 4: HELLO, 7: font, 8: glyph, 9: form}))
    with pikepdf.open(path) as pdf:
        streams.check_pages(pdf, [1], "shared")
        with pytest.raises(StreamTooLarge, match="page 2 of shared") as refused:
            streams.check_pages(pdf, [1, 2], "shared")
        assert refused.value.page == 2  # type: ignore[attr-defined]
        with pytest.raises(StreamTooLarge, match="page 2 of shared"):
            streams.check_pages(pdf, [2], "shared")


@pytest.mark.parametrize("images", [False, True])
def test_a_content_stream_that_says_it_is_an_image_is_measured_by_its_data(
        images: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page's content stream is decoded whole whatever its dictionary says: one that calls itself a 1x1 image
    (4 bytes declared) holding 64 MiB of Flate is refused under 10M. It was measured by the size it declared and
    passed, and pdftotext inflated it (a 2 MB file of 2 GB of spaces ran for minutes)."""
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    content = bomb(b"/Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray ", mebibytes=64)
    path = tmp_path / "content-image.pdf"
    path.write_bytes(one_page(objects={4: content}))
    with pikepdf.open(path) as pdf:
        with pytest.raises(StreamTooLarge, match="page 1 of content-image"):
            streams.check_pages(pdf, [1], "content-image", images=images)
        with pytest.raises(StreamTooLarge):  # what reads a stream's data (check) measures its data too
            streams.check([pdf.pages[0].obj.Contents], "the content")
        assert streams.bound(pdf.pages[0].obj.Contents) > 10 << 20


SPELLINGS = {  # an image XObject's dictionary as poppler reads it, and as qpdf (pikepdf) does
    "nul": b"/Subtype /Image#0 /Width 8192 /Height 8192 /BitsPerComponent 8 ",  # qpdf: /Image and a NUL
    "nul-x": b"/Subtype /Image#00x /Width 8192 /Height 8192 /BitsPerComponent 8 ",  # qpdf: no /Subtype
    "nul-end": b"/Subtype /Image#00 /Width 8192 /Height 8192 /BitsPerComponent 8 ",  # qpdf: no /Subtype
    "nuls": b"/Subtype /Image#00#00 /Width 8192 /Height 8192 /BitsPerComponent 8 ",  # qpdf: no /Subtype
    "nul-form": b"/Subtype /Image#00Form /Width 8192 /Height 8192 /BitsPerComponent 8 ",  # qpdf: no /Subtype
    "abbreviated": b"/Subtype /Image /W 8192 /H 8192 /BPC 8 ",  # poppler reads an inline image's names here too
    "both": b"/Subtype /Image#00x /W 8192 /H 8192 /BPC 8 ",
}


@pytest.mark.parametrize("spelled", SPELLINGS.values(), ids=SPELLINGS.keys())
def test_an_image_a_renderer_draws_counts_by_its_declared_size_however_it_is_spelled(
        spelled: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """poppler draws each of these as an 8192x8192 image (pdfimages lists it: it reads a name up to its first NUL,
    and /W /H /BPC for /Width /Height /BitsPerComponent), decoding 64 Mpx from a 100-byte stream: refused under
    10M for renderers, as `/Image /Width 8192 /Height 8192` is. qpdf reads `/Image#00x` as a bad token and drops
    the key (pikepdf sees no /Subtype), `/Image#0` as /Image and a NUL: all but /Image#0 passed, and `thumbnails`
    of a 790-byte 60000x60000 one ran 42 s."""
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    image = stream(zlib.compress(bytes(100)), b"/Filter /FlateDecode " + spelled + b"/ColorSpace /DeviceGray ")
    path = tmp_path / "image-spelled.pdf"
    path.write_bytes(one_page(resources=b"/XObject << /I 6 0 R >>",
                              objects={4: stream(b"q 9 0 0 9 0 0 cm /I Do Q"), 6: image}))
    listed = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True, check=True).stdout
    assert [line.split()[3:5] for line in listed.splitlines()[2:]] == [["8192", "8192"]]  # what poppler draws
    with pikepdf.open(path) as pdf:
        streams.check_pages(pdf, [1], "image-spelled")  # text extraction decodes no image
        with pytest.raises(StreamTooLarge, match="page 1 of image-spelled"):
            streams.check_pages(pdf, [1], "image-spelled", images=True)


@pytest.mark.parametrize("subtype", [b"/Form", b"/Form#00x"])
def test_a_form_that_declares_an_image_size_is_measured_by_its_data_too(
        subtype: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An XObject that declares /Width 1 /Height 1 but is not /Image to poppler (`/Form#00x` is Form to it, and
    no /Subtype to qpdf) is drawn as a form, its content inflated whole: 64 MiB of Flate is refused under 10M,
    its declared 4 bytes notwithstanding."""
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    form = bomb(b"/Type /XObject /Subtype %s /BBox [0 0 9 9] /Width 1 /Height 1 /BitsPerComponent 8 " % subtype,
                mebibytes=64)
    path = tmp_path / "form-sized.pdf"
    path.write_bytes(one_page(resources=b"/XObject << /X 6 0 R >>", objects={4: stream(b"/X Do"), 6: form}))
    with pikepdf.open(path) as pdf:
        for images in (False, True):
            with pytest.raises(StreamTooLarge, match="page 1 of form-sized"):
                streams.check_pages(pdf, [1], "form-sized", images=images)


@pytest.mark.parametrize("mask", [b"/SMask", b"/Mask"])
def test_an_image_mask_counts_by_its_declared_size(mask: bytes, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A renderer drawing an image decodes its soft mask or stencil mask (/SMask, a /Mask stream) at the size the
    mask declares (pdfimages lists it: 8192x8192): refused under 10M. Only the 1x1 image was counted, and
    `thumbnails` of a 1x1 image masked by a 30000x30000 one ran 8 s."""
    monkeypatch.setenv("PDFTOOLS_MAX_STREAM_BYTES", "10M")
    image = stream(zlib.compress(bytes(3)), b"/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 "
                   b"/ColorSpace /DeviceRGB /Filter /FlateDecode %s 7 0 R " % mask)
    masking = stream(zlib.compress(bytes(100)), b"/Type /XObject /Subtype /Image /Width 8192 /Height 8192 "
                     + (b"/BitsPerComponent 8 /ColorSpace /DeviceGray " if mask == b"/SMask" else b"/ImageMask true ")
                     + b"/Filter /FlateDecode ")
    path = tmp_path / "masked.pdf"
    path.write_bytes(one_page(resources=b"/XObject << /I 6 0 R >>",
                              objects={4: stream(b"q 9 0 0 9 0 0 cm /I Do Q"), 6: image, 7: masking}))
    listed = subprocess.run(["pdfimages", "-list", str(path)], capture_output=True, text=True, check=True).stdout
    assert [line.split()[3:5] for line in listed.splitlines()[2:]] == [["1", "1"], ["8192", "8192"]]
    with pikepdf.open(path) as pdf:
        streams.check_pages(pdf, [1], "masked")  # text extraction decodes no image
        with pytest.raises(StreamTooLarge, match="page 1 of masked"):
            streams.check_pages(pdf, [1], "masked", images=True)
