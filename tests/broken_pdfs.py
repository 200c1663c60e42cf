"""Broken and hostile PDFs, generated at test time (nothing checked in; the largest is ~9 MB on disk).

`CASES` maps a name to a function of a real corpus PDF's bytes (used by the damaged-copy cases) that returns the
broken file. Most are built from a one-page document written object by object (`build`), so each defect is
exactly the one its name says: a wrong /Length, a page tree cycle, a /Parent loop, a lying /Count, a 100,001-page
tree, a decompression bomb (a few KB of nested Flate that inflate to 4 GB)...
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Callable

Objects = dict[int, bytes]


def build(objects: Objects) -> bytes:
    """A PDF with these objects, a classic cross-reference table and a trailer."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, objects[number])
    xref, size = len(out), max(objects) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for number in range(1, size):
        out += b"%010d 00000 n \n" % offsets[number] if number in offsets else b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref)
    return bytes(out)


def stream(data: bytes, extra: bytes = b"") -> bytes:
    return b"<< /Length %d %s>>\nstream\n%s\nendstream" % (len(data), extra, data)


def zeros_deflated(megabytes: int) -> bytes:
    """A zlib stream of `megabytes` MiB of zeros, ~1 KB per MiB: one MiB's compressed block, repeated (after a
    full flush every block compresses alike), then the end and the checksum of all those zeros."""
    deflater, mib = zlib.compressobj(9), bytes(1 << 20)
    first = deflater.compress(mib) + deflater.flush(zlib.Z_FULL_FLUSH)
    again = deflater.compress(mib) + deflater.flush(zlib.Z_FULL_FLUSH)
    end = deflater.flush()[:-4]
    adler32 = (((megabytes << 20) % 65521) << 16) | 1  # all-zero data: A = 1, B = length
    return first + again * (megabytes - 1) + end + adler32.to_bytes(4, "big")


def bomb(extra: bytes = b"", mebibytes: int = 4096) -> bytes:
    """A stream object that inflates to `mebibytes` MiB of zeros through two layers of Flate (4 GiB: ~10 KB)."""
    twice = zlib.compress(zeros_deflated(mebibytes), 9)
    return stream(twice, b"/Filter [/FlateDecode /FlateDecode] " + extra)


HELLO = stream(b"BT /F1 12 Tf 72 720 Td (Hello, broken world) Tj ET")
FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"


def one_page(*, catalog: bytes = b"", page: bytes = b"", resources: bytes = b"/Font << /F1 5 0 R >>",
             objects: Objects | None = None) -> bytes:
    """A one-page document (objects 1-5: catalog, pages, page, content, font), with additions or overrides."""
    base = {1: b"<< /Type /Catalog /Pages 2 0 R %s>>" % catalog,
            2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << %s >> %s>>"
               % (resources, page),
            4: HELLO, 5: FONT}
    return build({**base, **(objects or {})})


def page_tree(pages: int, *, count: int, per_node: int = 1000) -> bytes:
    """A real page tree of `pages` pages under nodes of `per_node`, whose root declares `count` pages."""
    objects: Objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>"}
    nodes, number = [], 3
    for start in range(0, pages, per_node):
        node, kids = number, range(number + 1, number + 1 + min(per_node, pages - start))
        objects.update({kid: b"<< /Type /Page /Parent %d 0 R >>" % node for kid in kids})
        objects[node] = b"<< /Type /Pages /Parent 2 0 R /Kids [%s] /Count %d >>" % (
            b" ".join(b"%d 0 R" % kid for kid in kids), len(kids))
        nodes.append(node)
        number = kids[-1] + 1
    objects[2] = b"<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 612 792] >>" % (
        b" ".join(b"%d 0 R" % n for n in nodes), count)
    return build(objects)


def flipped(data: bytes, seed: int, flips: int = 40) -> bytes:
    """`data` with `flips` random bytes replaced (the header kept, so it still looks like a PDF)."""
    rng, out = random.Random(seed), bytearray(data)
    for _ in range(flips):
        out[rng.randrange(16, len(out))] = rng.randrange(256)
    return bytes(out)


def _without_xref(doc: bytes) -> bytes:
    return doc[:doc.index(b"xref")] + doc[doc.index(b"trailer"):]


def _prev_loop(doc: bytes) -> bytes:
    return doc.replace(b"/Size 6 ", b"/Size 6 /Prev %d " % doc.index(b"xref"))


def _length(value: bytes) -> Callable[[bytes], bytes]:
    """The page content's /Length (the document's first stream) replaced by `value`."""
    return lambda _: re.sub(rb"/Length \d+", b"/Length " + value, ONE_PAGE, count=1)


def _truncated(fraction: float) -> Callable[[bytes], bytes]:
    return lambda sample: sample[:int(len(sample) * fraction)]


ONE_PAGE = one_page()

CASES: dict[str, Callable[[bytes], bytes]] = {
    # damaged copies of a real PDF
    "truncated-empty": lambda sample: b"",
    "truncated-header": lambda sample: sample[:9],
    "truncated-10pct": _truncated(0.1),
    "truncated-50pct": _truncated(0.5),
    "truncated-90pct": _truncated(0.9),
    "truncated-last-byte": lambda sample: sample[:-1],
    "truncated-before-startxref": lambda sample: sample[:sample.rindex(b"startxref")],
    "flipped-a": lambda sample: flipped(sample, 1),
    "flipped-b": lambda sample: flipped(sample, 2),
    "flipped-c": lambda sample: flipped(sample, 3, flips=400),
    # cross-reference damage
    "xref-removed": lambda _: _without_xref(ONE_PAGE),
    "startxref-wrong": lambda _: re.sub(rb"startxref\n\d+", b"startxref\n999999", ONE_PAGE),
    "xref-prev-loop": lambda _: _prev_loop(ONE_PAGE),
    "xref-size-huge": lambda _: ONE_PAGE.replace(b"/Size 6 ", b"/Size 2000000000 "),
    # wrong /Length
    "length-too-long": _length(b"999999"),
    "length-too-short": _length(b"3"),
    "length-negative": _length(b"-5"),
    "length-missing-object": _length(b"99 0 R"),
    "length-is-itself": _length(b"4 0 R"),
    # endless loops
    "object-is-itself": lambda _: one_page(catalog=b"/Loop 6 0 R /Self 1 0 R ", page=b"/Rotate 7 0 R ",
                                           objects={6: b"6 0 R", 7: b"7 0 R"}),
    "parent-loop": lambda _: one_page(objects={2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 6 0 R >>",
                                               6: b"<< /Type /Pages /Kids [] /Count 0 /Parent 2 0 R >>"}),
    "page-tree-cycle": lambda _: one_page(objects={2: b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>",
                                                   6: b"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"}),
    "page-tree-missing-kid": lambda _: one_page(objects={2: b"<< /Type /Pages /Kids [2147483647 0 R] /Count 1 >>"}),
    "page-tree-self-kid": lambda _: one_page(objects={2: b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>"}),
    "page-tree-dag": lambda _: one_page(objects={2: b"<< /Type /Pages /Kids [%s] /Count 1000000 >>" % (
        b"6 0 R " * 1000), 6: b"<< /Type /Pages /Parent 2 0 R /Kids [%s] /Count 1000 >>" % (b"3 0 R " * 1000)}),
    "outline-loop": lambda _: one_page(catalog=b"/Outlines 6 0 R ", objects={
        6: b"<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 2 >>",
        7: b"<< /Title (a) /Parent 6 0 R /Next 8 0 R /First 8 0 R /Dest [3 0 R /Fit] >>",
        8: b"<< /Title (b) /Parent 6 0 R /Next 7 0 R /Prev 7 0 R /First 7 0 R /Dest [3 0 R /Fit] >>"}),
    "form-draws-itself": lambda _: one_page(resources=b"/XObject << /X 6 0 R >>", objects={
        4: stream(b"/X Do"), 6: stream(b"/X Do", b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] "
                                                 b"/Resources << /XObject << /X 6 0 R >> >> ")}),
    "nesting-100k-deep": lambda _: one_page(catalog=b"/Deep %s%s " % (b"[" * 100_000, b"]" * 100_000)),
    # page counts
    "count-lies-high": lambda _: one_page(objects={2: b"<< /Type /Pages /Kids [3 0 R] /Count 1000000000 >>"}),
    "pages-100001-count-lies-low": lambda _: page_tree(100_001, count=1),
    "pages-200k-repeated-kid": lambda _: one_page(objects={
        2: b"<< /Type /Pages /Kids [%s] /Count 1 >>" % (b"3 0 R " * 200_000)}),
    # decompression bombs (4 GiB each)
    "bomb-content": lambda _: one_page(objects={4: bomb()}),
    "bomb-xmp": lambda _: one_page(catalog=b"/Metadata 6 0 R ", objects={6: bomb(b"/Type /Metadata /Subtype /XML ")}),
    "bomb-form": lambda _: one_page(resources=b"/XObject << /X 6 0 R >>", objects={
        4: stream(b"/X Do"), 6: bomb(b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] ")}),
    "bomb-image": lambda _: one_page(resources=b"/XObject << /I 6 0 R >>", objects={
        4: stream(b"q 9 0 0 9 0 0 cm /I Do Q"),
        6: bomb(b"/Type /XObject /Subtype /Image /Width 65536 /Height 65536 /ColorSpace /DeviceGray "
                b"/BitsPerComponent 8 ")}),
}


def catastrophic_line(a_count: int = 40) -> bytes:
    """One page whose text is a line of `a`s and a `!`: `(a+)+b` tries every split of the `a`s (2**40 ways)
    before it fails, hours of Python's `re` in C that no cooperative check reaches."""
    return one_page(objects={4: stream(b"BT /F1 12 Tf 72 720 Td (" + b"a" * a_count + b"!) Tj ET")})
