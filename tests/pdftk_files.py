"""A PDF written byte by byte, for comparing with pdftk: its Info dictionary's keys in an order of our own (pikepdf
would sort them, and pdftk's order depends on the file's), with text, names, an indirect value and an escaped
name; inherited and own page boxes and rotations; an outline with explicit, named and missing destinations; page
labels in a number tree with kids."""

from __future__ import annotations

from pathlib import Path

INFO = (b"<< /Title (Caf\\351 <menu> & \"more\" it's) /Author () /Producer (pdftools test) /Zebra (z)"
        b" /Keywords <FEFF00E90020D83DDE00> /Trapped /True /Subject 9 0 R /Creator (line\\none)"
        b" /CreationDate (D:20240531120000+02'00') /ModDate (D:20240601) /A (1) /B (2) /C (3)"
        b" /Custom#20Key (spaced) /K14 (fourteen) /Gone null >>")

OBJECTS = {
    1: b"<< /Type /Catalog /Pages 2 0 R /Outlines 10 0 R /Names << /Dests 20 0 R >> /Dests 21 0 R"
       b" /PageLabels << /Kids [22 0 R] >> >>",
    2: b"<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /Rotate -90 /MediaBox [0 0 595.2756 841.8898] >>",
    3: b"<< /Type /Page /Parent 2 0 R >>",
    4: b"<< /Type /Page /Parent 2 0 R /MediaBox [14400 700 -10.5 -20] /CropBox [0 0 300 300.0004] >>",
    5: b"<< /Type /Page /Parent 2 0 R /Rotate 450 /CropBox [0 0 595.2756 841.8898] >>",
    8: INFO,
    9: b"(indirect subject)",
    10: b"<< /Type /Outlines /First 11 0 R /Last 14 0 R /Count 3 >>",
    11: b"<< /Title (Intro) /Parent 10 0 R /Next 14 0 R /First 12 0 R /Last 13 0 R /Count 2 /Dest [3 0 R /Fit] >>",
    12: b"<< /Title (Named) /Parent 11 0 R /Next 13 0 R /Dest (sec) >>",
    13: b"<< /Title <FEFF004F006C0064> /Parent 11 0 R /Prev 12 0 R /Dest /old >>",
    14: b"<< /Title (Web) /Parent 10 0 R /Prev 11 0 R /Next 15 0 R /A << /S /URI /URI (https://example.com/) >> >>",
    15: b"<< /Parent 10 0 R /Prev 14 0 R /A << /S /GoTo /D [5 0 R /Fit] >> >>",
    20: b"<< /Names [(sec) [4 0 R /XYZ 0 0 null]] >>",
    21: b"<< /old << /D [5 0 R /Fit] >> >>",
    22: b"<< /Nums [0 << /S /r >> 1 << /S /D /P (A-) /St 5 >> 2 << /P (Cover) >>] >>",
}
ID = b"[<00ff10a0> <0123456789abcdef>]"

# What pdftk dump_data prints for it (checked against pdftk-java 3.3.2): the Info keys in Java HashMap order,
# the name /Trapped and the empty /Author left out, text as XML entities.
DUMP_DATA = """\
InfoBegin
InfoKey: Zebra
InfoValue: z
InfoBegin
InfoKey: Keywords
InfoValue: &#233; &#128512;
InfoBegin
InfoKey: Creator
InfoValue: line
one
InfoBegin
InfoKey: ModDate
InfoValue: D:20240601
InfoBegin
InfoKey: CreationDate
InfoValue: D:20240531120000+02&apos;00&apos;
InfoBegin
InfoKey: Subject
InfoValue: indirect subject
InfoBegin
InfoKey: K14
InfoValue: fourteen
InfoBegin
InfoKey: Title
InfoValue: Caf&#233; &lt;menu&gt; &amp; &quot;more&quot; it&apos;s
InfoBegin
InfoKey: A
InfoValue: 1
InfoBegin
InfoKey: B
InfoValue: 2
InfoBegin
InfoKey: Custom Key
InfoValue: spaced
InfoBegin
InfoKey: C
InfoValue: 3
InfoBegin
InfoKey: Producer
InfoValue: pdftools test
PdfID0: 00ff10a0
PdfID1: 0123456789abcdef
NumberOfPages: 3
BookmarkBegin
BookmarkTitle: Intro
BookmarkLevel: 1
BookmarkPageNumber: 1
BookmarkBegin
BookmarkTitle: Named
BookmarkLevel: 2
BookmarkPageNumber: 2
BookmarkBegin
BookmarkTitle: Old
BookmarkLevel: 2
BookmarkPageNumber: 3
BookmarkBegin
BookmarkTitle: Web
BookmarkLevel: 1
BookmarkPageNumber: 0
BookmarkBegin
BookmarkTitle: null
BookmarkLevel: 1
BookmarkPageNumber: 3
PageMediaBegin
PageMediaNumber: 1
PageMediaRotation: 270
PageMediaRect: 0 0 595.276 841.89
PageMediaDimensions: 595.276 841.89
PageMediaBegin
PageMediaNumber: 2
PageMediaRotation: 270
PageMediaRect: -10.5 -20 14,400 700
PageMediaDimensions: 14,410.5 720
PageMediaCropRect: 0 0 300 300
PageMediaBegin
PageMediaNumber: 3
PageMediaRotation: 90
PageMediaRect: 0 0 595.276 841.89
PageMediaDimensions: 595.276 841.89
PageLabelBegin
PageLabelNewIndex: 1
PageLabelStart: 1
PageLabelNumStyle: LowercaseRomanNumerals
PageLabelBegin
PageLabelNewIndex: 2
PageLabelStart: 5
PageLabelPrefix: A-
PageLabelNumStyle: DecimalArabicNumerals
PageLabelBegin
PageLabelNewIndex: 3
PageLabelStart: 1
PageLabelPrefix: Cover
PageLabelNumStyle: NoNumber
"""


def handmade(path: Path) -> Path:
    """Write the PDF (objects in number order, a classic cross-reference table) to `path`."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for number, body in sorted(OBJECTS.items()):
        offsets[number] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    size = max(OBJECTS) + 1
    out += b"xref\n0 %d\n0000000000 65535 f \n" % size
    for number in range(1, size):
        out += b"%010d 00000 n \n" % offsets[number] if number in offsets else b"0000000000 65535 f \n"
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 8 0 R /ID %s >>\nstartxref\n%d\n%%%%EOF\n" % (size, ID, xref)
    path.write_bytes(bytes(out))
    return path
