"""A long, seeded hostile-input sweep by hand (not collected by pytest): mutated corpus PDFs, generated hostile
PDFs and broken documents for `convert`, through every command, each call in its own child process with a
wall-clock limit and an address-space cap (tests/harness.py).

    .venv/bin/python tests/hostile_sweep.py [--seed 1] [--per-file 6] [--workers 2] [--out /tmp/sweep]
    .venv/bin/python tests/hostile_sweep.py --only 'flip:004-pdflatex-4-pages:s17' --keep   # one file again

Every mutated file is named `KIND:SOURCE:sSEED` (or a generated case's name): the name alone rebuilds it
(`--only NAME`), so every finding reproduces. A call is a finding when it prints a traceback, ends in
INTERNAL or an exit code that is not its error code's, outlives the time limit, changes its input or its
input's folder, leaves files in its TMPDIR, writes output despite an error, or exits 0 with an output PDF that
`qpdf --check` calls damaged (exit 2) or with stdout that is not JSON. Findings go to OUT/findings.jsonl, one
line per call; a summary (files x commands, outcomes by code, findings by kind) ends the run.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import broken_pdfs as bp  # noqa: E402
from harness import Outcome, Servers  # noqa: E402

from pdftools import errors  # noqa: E402

CORPUS = Path(os.environ.get("PDFTOOLS_CORPUS") or Path(__file__).resolve().parents[2] / "shared" / "corpus")
CORPUS = CORPUS if (CORPUS / "files.json").is_file() else CORPUS / "sample-files"
PASSWORD_FILE = "005-libreoffice-writer-password"
CODES = {cls.code: cls.exit_code for cls in errors.all_errors()}
TIME_LIMIT = 90.0
MEMORY_CAP = 3 << 30

# ------------------------------------------------------------------------------------------ commands
# {in}: the input, {o}: an output PDF, {d}: an output folder, {x}: a second (good) PDF, {c}: a copy of the input
# (OUT/copy.pdf) for --in-place, which may change only on success. "pdf" marks a PDF output.

COMMANDS: dict[str, tuple[list[str], str | None]] = {
    "info": (["info", "{in}", "--pages", "all"], None),
    "text": (["text", "{in}"], None),
    "search": (["search", "e", "{in}"], None),
    "thumbnails": (["thumbnails", "{in}", "--pages", "1-2", "-d", "{d}"], "dir"),
    "images": (["images", "{in}", "-d", "{d}"], "dir"),
    "merge": (["merge", "{in}", "{x}", "-o", "{o}"], "pdf"),
    "split": (["split", "{in}", "-d", "{d}"], "dir"),
    "select": (["select", "{in}", "last,1", "-o", "{o}"], "pdf"),
    "delete": (["delete", "{in}", "1", "-o", "{o}"], "pdf"),
    "rotate": (["rotate", "{in}", "--angle", "90", "-o", "{o}"], "pdf"),
    "reorder": (["reorder", "{in}", "--mode", "reverse", "-o", "{o}"], "pdf"),
    "insert-blank": (["insert-blank", "{in}", "--after", "1", "-o", "{o}"], "pdf"),
    "insert": (["insert", "{x}", "{in}", "--after", "1", "-o", "{o}"], "pdf"),
    "nup": (["nup", "{in}", "-o", "{o}"], "pdf"),
    "booklet": (["booklet", "{in}", "-o", "{o}"], "pdf"),
    "crop": (["crop", "{in}", "--margins", "10", "-o", "{o}"], "pdf"),
    "crop-content": (["crop", "{in}", "--to-content", "--pages", "1", "-o", "{o}"], "pdf"),
    "resize": (["resize", "{in}", "--to", "a5", "-o", "{o}"], "pdf"),
    "stamp": (["stamp", "{in}", "--text", "{page}/{pages}", "-o", "{o}"], "pdf"),
    "stamp-pdf": (["stamp", "{x}", "--pdf", "{in}", "-o", "{o}"], "pdf"),
    "compress": (["compress", "{in}", "-o", "{o}"], "pdf"),
    "check": (["check", "{in}"], None),
    "repair": (["repair", "{in}", "-o", "{o}"], "pdf"),
    "inspect": (["inspect", "{in}"], None),
    "labels": (["labels", "{in}"], None),
    "labels-set": (["labels", "{in}", "--set", "1:i,2:1", "-o", "{o}"], "pdf"),
    "bookmarks": (["bookmarks", "list", "{in}"], None),
    "bookmarks-add": (["bookmarks", "add", "{in}", "--title", "t", "--page", "1", "-o", "{o}"], "pdf"),
    "attachments": (["attachments", "list", "{in}"], None),
    "attachments-extract": (["attachments", "extract", "{in}", "-d", "{d}"], "dir"),
    "attachments-add": (["attachments", "add", "{in}", "{x}", "-o", "{o}"], "pdf"),
    "forms": (["forms", "list", "{in}"], None),
    "forms-flatten": (["forms", "flatten", "{in}", "-o", "{o}"], "pdf"),
    "metadata": (["metadata", "show", "{in}"], None),
    "metadata-set": (["metadata", "set", "{in}", "--set", "Title=x", "-o", "{o}"], "pdf"),
    "metadata-remove": (["metadata", "remove", "{in}", "-o", "{o}"], "pdf"),
    "protect": (["protect", "{in}", "--user-password", "u", "--owner-password", "w", "-o", "{o}"], "pdf"),
    "unprotect": (["unprotect", "{in}", "--password", "openpassword", "-o", "{o}"], "pdf"),
    "linearize": (["linearize", "{in}", "-o", "{o}"], "pdf"),
    "convert": (["convert", "{in}", "-o", "{d}/out.md"], "dir"),
    "rotate-in-place": (["rotate", "{c}", "--angle", "90", "--in-place"], "in-place"),
    "select-in-place": (["select", "{c}", "1", "--in-place"], "in-place"),
    "compress-in-place": (["compress", "{c}", "--in-place"], "in-place"),
    "rename-invoice": (["rename-invoice", "{in}", "--copy-to", "{d}"], "dir"),
    "ocr": (["ocr", "{in}", "--mode", "text", "--pages", "1", "--dpi", "100"], None),
}
SLOW = {"ocr", "rename-invoice", "convert"}  # run on every SLOW_EVERY-th file only
SLOW_EVERY = 6

# ------------------------------------------------------------------------------------------ mutations

STRUCTURE = (b"obj", b"endobj", b"stream", b"endstream", b"xref", b"trailer", b"startxref", b"%%EOF", b"/Root",
             b"/Pages", b"/Kids", b"/Count", b"/Length", b"/Filter", b"/ObjStm", b"/XRef", b"<<", b">>")


def _marks(data: bytes, words: tuple[bytes, ...] = STRUCTURE) -> list[int]:
    return sorted({m.start() for w in words for m in re.finditer(re.escape(w), data)})


def m_flip(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.choice([1, 3, 10, 40])):
        out[rng.randrange(8, len(out))] = rng.randrange(256)
    return bytes(out)


def m_truncate(data: bytes, rng: random.Random) -> bytes:
    marks = _marks(data)
    at = rng.choice(marks) if marks else rng.randrange(len(data))
    return data[:at + rng.choice([0, 1, 3])]


def m_splice(data: bytes, rng: random.Random) -> bytes:
    """Delete, duplicate or zero a block starting at a structural mark."""
    marks = _marks(data) or [0]
    at, size = rng.choice(marks), rng.choice([1, 8, 64, 512, 4096])
    kind = rng.choice(["delete", "dup", "zero"])
    if kind == "delete":
        return data[:at] + data[at + size:]
    if kind == "dup":
        return data[:at] + data[at:at + size] * 2 + data[at + size:]
    return data[:at] + bytes(len(data[at:at + size])) + data[at + size:]


def m_xref(data: bytes, rng: random.Random) -> bytes:
    """Damage the cross-reference table or stream, the trailer or startxref."""
    choice = rng.randrange(7)
    if choice == 0:  # offsets in the table point elsewhere
        return re.sub(rb"(\d{10}) (\d{5}) n", lambda m: b"%010d %s n" % (
            rng.randrange(len(data) * 2) if rng.random() < 0.3 else int(m.group(1)), m.group(2)), data)
    if choice == 1:
        return re.sub(rb"startxref\s+\d+", b"startxref\n%d" % rng.randrange(len(data)), data)
    if choice == 2:
        return re.sub(rb"/Size \d+", b"/Size %d" % rng.choice([0, 1, 2**31 - 1, 2**63]), data)
    if choice == 3:
        return re.sub(rb"/Root \d+ 0 R", b"/Root %d 0 R" % rng.choice([0, 2, 99999, 2**31 - 1]), data)
    if choice == 4:
        return re.sub(rb"/Prev \d+", b"/Prev %d" % rng.randrange(len(data)), data) if b"/Prev" in data else \
            data.replace(b"trailer", b"trailer\n<< /Prev %d >>" % rng.randrange(len(data)), 1)
    if choice == 5:  # a cross-reference stream's /W or /Index
        return re.sub(rb"/W\s*\[[^\]]*\]", rng.choice([b"/W [1 9 1]", b"/W [0 0 0]", b"/W [9 9 9]", b"/W [1 2]"]),
                      data) if b"/W" in data else m_flip(data, rng)
    return re.sub(rb"/Index\s*\[[^\]]*\]", b"/Index [0 2147483647]", data) if b"/Index" in data else \
        data.replace(b"xref", b"xref\n0 99999999", 1)


def m_objstm(data: bytes, rng: random.Random) -> bytes:
    """Object streams: /N and /First lie, or their compressed data is damaged."""
    if b"/ObjStm" not in data:
        return m_numbers(data, rng)
    choice = rng.randrange(3)
    if choice == 0:
        return re.sub(rb"/N \d+", b"/N %d" % rng.choice([0, 999999, 2**31]), data)
    if choice == 1:
        return re.sub(rb"/First \d+", b"/First %d" % rng.choice([0, 3, 999999]), data)
    at = data.index(b"/ObjStm")
    start = data.find(b"stream", at) + 8
    out = bytearray(data)
    for _ in range(5):
        if start < len(out):
            out[min(len(out) - 1, start + rng.randrange(200))] = rng.randrange(256)
    return bytes(out)


def m_numbers(data: bytes, rng: random.Random) -> bytes:
    """Huge or negative /Count, /Length, /Width, /Height, /N, /Rotate, box values."""
    key = rng.choice([b"Count", b"Length", b"Width", b"Height", b"Rotate", b"BitsPerComponent", b"Columns",
                      b"Predictor", b"Colors", b"K", b"Length1", b"FirstChar"])
    value = rng.choice([b"2147483647", b"-1", b"0", b"9223372036854775808", b"1e308", b"99999999999"])
    hits = [m.start() for m in re.finditer(rb"/%s\s+-?\d+" % key, data)]
    if not hits:
        return re.sub(rb"/MediaBox\s*\[[^\]]*\]", b"/MediaBox [0 0 %s %s]" % (value, value), data, count=1)
    at = rng.choice(hits)
    end = re.match(rb"/%s\s+-?\d+" % key, data[at:]).end()  # type: ignore[union-attr]
    return data[:at] + b"/" + key + b" " + value + data[at + end:]


MUTATIONS: dict[str, Callable[[bytes, random.Random], bytes]] = {
    "flip": m_flip, "cut": m_truncate, "splice": m_splice, "xref": m_xref, "objstm": m_objstm, "num": m_numbers}

# ---------------------------------------------------------------------------------------- generated PDFs

ob = bp.one_page


@functools.cache
def _gen_cases() -> dict[str, bytes]:
    """Hostile structures the broken_pdfs cases do not have."""
    deep_kids: bp.Objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>"}
    depth = 3000
    for n in range(2, depth + 2):  # Pages nodes nested `depth` deep, one page at the bottom
        deep_kids[n] = b"<< /Type /Pages /Kids [%d 0 R] /Count 1 %s>>" % (n + 1, b"/Parent %d 0 R " % (n - 1)
                                                                          if n > 2 else b"")
    deep_kids[depth + 2] = b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] >>" % (depth + 1)
    image = b"/Type /XObject /Subtype /Image /ColorSpace /DeviceRGB /BitsPerComponent 8 "
    return {
        "gen-deep-page-tree": bp.build(deep_kids),
        "gen-labels-loop": ob(catalog=b"/PageLabels 6 0 R ", objects={6: b"<< /Kids [6 0 R 7 0 R] >>",
                                                                       7: b"<< /Kids [6 0 R] >>"}),
        "gen-labels-garbage": ob(catalog=b"/PageLabels << /Nums [0 << /S /Q /St -5 /P 7 >> -3 (x) 99999 "
                                         b"<< /S /r /St 2147483647 >>] >> "),
        "gen-labels-huge-start": ob(catalog=b"/PageLabels << /Nums [0 << /S /R /St 99999999999999999999 >>] >> "),
        "gen-names-loop": ob(catalog=b"/Names << /EmbeddedFiles 6 0 R /Dests 6 0 R >> ",
                             objects={6: b"<< /Kids [7 0 R] >>", 7: b"<< /Kids [6 0 R] >>"}),
        "gen-names-wrong-types": ob(catalog=b"/Names << /EmbeddedFiles << /Names [(a) 5 (b) [1 2] 7 0 R (c)] >>"
                                            b" /Dests << /Names [(d) 42] >> >> ",
                                    objects={6: b"<< /Type /Filespec /F (x) /EF << /F 999 0 R >> >>",
                                             7: b"(notadict)"}),
        "gen-attachment-bomb": ob(catalog=b"/Names << /EmbeddedFiles << /Names [(bomb.bin) 6 0 R] >> >> ",
                                  objects={6: b"<< /Type /Filespec /F (bomb.bin) /UF (bomb.bin) /EF << /F 7 0 R >> >>",
                                           7: bp.bomb(b"/Type /EmbeddedFile ", mebibytes=2048)}),
        "gen-attachment-lying-size": ob(catalog=b"/Names << /EmbeddedFiles << /Names [(a.txt) 6 0 R] >> >> ",
                                        objects={6: b"<< /Type /Filespec /F (a.txt) /EF << /F 7 0 R >> >>",
                                                 7: bp.stream(b"hello", b"/Type /EmbeddedFile /Params << /Size "
                                                              b"99999999999 /CheckSum <00> >> ")}),
        "gen-outline-self-first": ob(catalog=b"/Outlines 6 0 R ", objects={
            6: b"<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count -99999 >>",
            7: b"<< /Title (a) /Parent 7 0 R /First 7 0 R /Last 7 0 R /Count 2147483647 /Dest (nowhere) >>"}),
        "gen-outline-deep": ob(catalog=b"/Outlines 6 0 R ", objects={
            6: b"<< /Type /Outlines /First 7 0 R /Last 7 0 R >>",
            **{n: b"<< /Title (d%d) /Parent %d 0 R /First %d 0 R /Last %d 0 R /Dest [3 0 R /XYZ null null 0] >>"
               % (n, n - 1, n + 1, n + 1) for n in range(7, 3007)},
            3007: b"<< /Title (bottom) /Parent 3006 0 R /A << /S /URI /URI (http://x) >> >>"}),
        "gen-forms-mutual": ob(resources=b"/XObject << /A 6 0 R >>", objects={
            4: bp.stream(b"/A Do"),
            6: bp.stream(b"/B Do", b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] /Resources << /XObject << /B 7 0 R"
                                   b" >> >> "),
            7: bp.stream(b"/A Do", b"/Type /XObject /Subtype /Form /BBox [0 0 9 9] /Resources << /XObject << /A 6 0 R"
                                   b" >> >> ")}),
        "gen-image-huge-dims": ob(resources=b"/XObject << /I 6 0 R >>", objects={
            4: bp.stream(b"q 100 0 0 100 0 0 cm /I Do Q"),
            6: bp.stream(b"\x00" * 16, image + b"/Width 2147483647 /Height 2147483647 ")}),
        "gen-image-negative-dims": ob(resources=b"/XObject << /I 6 0 R >>", objects={
            4: bp.stream(b"q 100 0 0 100 0 0 cm /I Do Q"),
            6: bp.stream(b"\x00" * 16, image + b"/Width -4 /Height 0 /Decode [1] /SMask 6 0 R ")}),
        "gen-image-short-data": ob(resources=b"/XObject << /I 6 0 R >>", objects={
            4: bp.stream(b"q 100 0 0 100 0 0 cm /I Do Q"),
            6: bp.stream(zlib.compress(b"\x80" * 10), image + b"/Width 60000 /Height 60000 /Filter /FlateDecode ")}),
        "gen-image-bad-jpeg": ob(resources=b"/XObject << /I 6 0 R >>", objects={
            4: bp.stream(b"q 100 0 0 100 0 0 cm /I Do Q"),
            6: bp.stream(b"\xff\xd8\xff\xc0\x00\x11\x08\xff\xff\xff\xff\x03" + b"\x00" * 40,
                         image + b"/Width 65535 /Height 65535 /Filter /DCTDecode ")}),
        "gen-image-bad-jbig2": ob(resources=b"/XObject << /I 6 0 R >>", objects={
            4: bp.stream(b"q 100 0 0 100 0 0 cm /I Do Q"),
            6: bp.stream(b"\x97JB2\r\n\x1a\n" + b"\xff" * 64, b"/Type /XObject /Subtype /Image /Width 3000 /Height "
                         b"3000 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode /DecodeParms "
                         b"<< /JBIG2Globals 6 0 R >> ")}),
        "gen-image-colorspace-loop": ob(resources=b"/XObject << /I 6 0 R >>", objects={
            4: bp.stream(b"q 100 0 0 100 0 0 cm /I Do Q"),
            6: bp.stream(b"\x00" * 64, b"/Type /XObject /Subtype /Image /Width 8 /Height 8 /BitsPerComponent 8 "
                         b"/ColorSpace 7 0 R "), 7: b"[/Indexed 7 0 R 255 <00>]"}),
        "gen-font-garbage": ob(objects={5: b"<< /Type /Font /Subtype /TrueType /BaseFont /Bad /FirstChar 0 /LastChar "
                                           b"2147483647 /Widths [1 2 3] /FontDescriptor 6 0 R /ToUnicode 8 0 R >>",
                                        6: b"<< /Type /FontDescriptor /FontName /Bad /Flags 4 /FontBBox [0 0 1 1] "
                                           b"/FontFile2 7 0 R >>",
                                        7: bp.stream(b"\x00\x01\x00\x00\x00\xff\x00\x80" + b"\xff" * 400),
                                        8: bp.stream(b"/CIDInit /ProcSet findresource begin begincmap "
                                                     b"1 beginbfrange <00> <FFFFFFFF> <0041> endbfrange endcmap")}),
        "gen-font-type3-loop": ob(objects={5: b"<< /Type /Font /Subtype /Type3 /FontBBox [0 0 9 9] /FontMatrix "
                                              b"[0.001 0 0 0.001 0 0] /CharProcs << /a 6 0 R >> /Encoding << "
                                              b"/Differences [72 /a 101 /a 108 /a 111 /a] >> /FirstChar 0 /LastChar "
                                              b"255 /Resources << /Font << /F1 5 0 R >> >> >>",
                                           6: bp.stream(b"0 0 d0 BT /F1 12 Tf (Hello) Tj ET")}),
        "gen-font-type0-bad": ob(objects={5: b"<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H "
                                             b"/DescendantFonts [6 0 R] >>",
                                          6: b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo 7 0 R"
                                             b" /W [0 [1 2] 5 2147483647 3] /CIDToGIDMap 8 0 R /FontDescriptor << "
                                             b"/FontFile2 9 0 R >> >>",
                                          7: b"7 0 R", 8: bp.stream(b"\x00"), 9: bp.bomb(mebibytes=1024)}),
        "gen-annots-garbage": ob(page=b"/Annots [5 0 R 99 0 R (x) << /Subtype /Link /Rect [1e400 x] /A << /S /GoTo"
                                      b" /D 3 0 R >> >> << /Subtype /Widget /FT /Tx /T (f) /AP << /N 6 0 R >> /Rect "
                                      b"[0 0 -9 99999999999] >> << /Subtype /Popup /Parent 3 0 R >> ] ",
                                 objects={6: bp.stream(b"/Self Do", b"/Type /XObject /Subtype /Form /BBox [0 0 0 0] "
                                                       b"/Resources << /XObject << /Self 6 0 R >> >> ")}),
        "gen-annots-not-array": ob(page=b"/Annots 6 0 R ", objects={6: b"<< /Subtype /Link >>"}),
        "gen-acroform-loop": ob(catalog=b"/AcroForm << /Fields [6 0 R] /NeedAppearances true /DA 7 >> ",
                                page=b"/Annots [6 0 R] ", objects={
            6: b"<< /FT /Tx /T (a) /Kids [7 0 R] /Subtype /Widget /Rect [0 0 9 9] /V 6 0 R >>",
            7: b"<< /Parent 6 0 R /T (b) /Kids [6 0 R] /FT /Btn /Opt [(x) 7 0 R] /V /Off >>"}),
        "gen-acroform-garbage": ob(catalog=b"/AcroForm << /Fields [6 0 R 7 0 R 8 0 R (s) 42] /DR 42 /DA (/Zz 0 Tf) "
                                           b"/NeedAppearances true >> ", page=b"/Annots [6 0 R 7 0 R 8 0 R] ",
                                   objects={6: b"<< /FT /Ch /T (list) /Ff 2097152 /Opt [[1 2] (a) << >>] /V [(a) 7] "
                                               b"/I [-1 99999] /Subtype /Widget /Rect [0 0 100 20] /P 3 0 R >>",
                                            7: b"<< /FT /Btn /Ff 32768 /T (radio) /V /Nope /Kids [9 0 R] >>",
                                            8: b"<< /FT /Sig /T (sig) /V << /Contents <00> /ByteRange [0 -1 99 9] >>"
                                               b" /Subtype /Widget /Rect [0 0 1 1] >>",
                                            9: b"<< /Parent 7 0 R /Subtype /Widget /AS /Yes /AP << /N << /Yes 10 0 R "
                                               b">> >> /Rect [0 0 9 9] >>",
                                            10: b"[1 2 3]"}),
        "gen-xmp-garbage": ob(catalog=b"/Metadata 6 0 R ", objects={
            6: bp.stream(b"<?xpacket begin='\xef\xbb\xbf'?><!DOCTYPE x [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;"
                         b"&a;&a;&a;&a;&a;&a;&a;'><!ENTITY c '&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;'><!ENTITY d '&c;&c;&c;&c;"
                         b"&c;&c;&c;&c;&c;&c;'><!ENTITY e '&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;'><!ENTITY f '&e;&e;&e;&e;"
                         b"&e;&e;&e;&e;&e;&e;'><!ENTITY g '&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;'>]><x:xmpmeta xmlns:x="
                         b"'adobe:ns:meta/'><rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#'>"
                         b"<rdf:Description xmlns:dc='http://purl.org/dc/elements/1.1/'><dc:title>&g;</dc:title>"
                         b"</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end='w'?>",
                         b"/Type /Metadata /Subtype /XML ")}),
        "gen-info-garbage": ob(objects={1: b"<< /Type /Catalog /Pages 2 0 R /Lang 9 /Version /9.9 /OpenAction 6 0 R "
                                           b"/Dests << /x [99 0 R /XYZ] >> /MarkInfo 1 /StructTreeRoot 6 0 R >>",
                                        6: b"<< /S /JavaScript /JS 6 0 R /Next [6 0 R 6 0 R] /K [6 0 R] /P 6 0 R >>"}),
        "gen-content-nesting": ob(objects={4: bp.stream(b"q " * 200_000 + b"BT /F1 12 Tf (deep) Tj ET" +
                                                         b" Q" * 200_000)}),
        "gen-content-array-loop": ob(page=b"/Contents [4 0 R 6 0 R 6 0 R] ", objects={6: b"[6 0 R 4 0 R]"}),
        "gen-inherited-loop": ob(objects={2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 2 0 R /Resources 2 0 R "
                                             b"/Rotate 45 >>",
                                          3: b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1"
                                             b" 5 0 R >> >> /MediaBox [0 0 0 0] /CropBox [9 9 -9 -9] /UserUnit 0 >>"}),
        "gen-many-pages-2000": bp.page_tree(2000, count=2000, per_node=100),
        "gen-encrypt-garbage": bp.one_page().replace(b"/Root 1 0 R", b"/Root 1 0 R /Encrypt << /Filter /Standard "
                                                                     b"/V 9 /R 99 /O <00> /U <00> /P -1 >> /ID [<01> "
                                                                     b"<02>]"),
    }


# -------------------------------------------------------------------------------------- documents for convert

def _zip(entries: dict[str, bytes], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


@functools.cache
def _doc_cases() -> dict[str, bytes]:
    big = b"<w:t>" + b"a" * (200 << 20) + b"</w:t>"  # 200 MB of text: compresses to ~200 KB
    docx_head = {"[Content_Types].xml": b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/'
                 b'package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>'
                 b'<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument'
                 b'.wordprocessingml.document.main+xml"/></Types>',
                 "_rels/.rels": b'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                 b'package/2006/relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats.org/'
                 b'officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'}
    body = b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r>'
    odt = {"mimetype": b"application/vnd.oasis.opendocument.text",
           "META-INF/manifest.xml": b'<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:'
           b'manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.'
           b'opendocument.text"/></manifest:manifest>'}
    return {
        "doc-docx-zipbomb.docx": _zip({**docx_head, "word/document.xml": body + big + b"</w:r></w:p></w:body>"
                                       b"</w:document>"}),
        "doc-docx-not-zip.docx": b"PK\x03\x04" + random.Random(1).randbytes(2000),
        "doc-docx-empty-zip.docx": _zip({}),
        "doc-docx-truncated.docx": _zip({**docx_head, "word/document.xml": body + b"hi</w:r></w:p></w:body>"
                                         b"</w:document>"})[:300],
        "doc-docx-bad-xml.docx": _zip({**docx_head, "word/document.xml": body + b"<<<<&&&"}),
        "doc-docx-entities.docx": _zip({**docx_head, "word/document.xml": b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">'
                                        + b"".join(b'<!ENTITY %s "%s">' % (bytes([98 + i]), b"&%s;" % bytes([97 + i])
                                                                            * 10) for i in range(8))
                                        + b"]>" + body + b"<w:t>&i;</w:t></w:r></w:p></w:body></w:document>"}),
        "doc-odt-zipbomb.odt": _zip({**odt, "content.xml": b'<office:document-content xmlns:office="urn:oasis:names:'
                                     b'tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument'
                                     b':xmlns:text:1.0"><office:body><office:text><text:p>' + b"a" * (200 << 20)
                                     + b"</text:p></office:text></office:body></office:document-content>"}),
        "doc-odt-no-content.odt": _zip(odt),
        "doc-odt-deep.odt": _zip({**odt, "content.xml": b'<office:document-content xmlns:office="urn:oasis:names:tc:'
                                  b'opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:'
                                  b'text:1.0"><office:body><office:text>' + b"<text:span>" * 100_000 + b"x" +
                                  b"</text:span>" * 100_000 + b"</office:text></office:body>"
                                  b"</office:document-content>"}),
        "doc-epub-no-container.epub": _zip({"mimetype": b"application/epub+zip", "x.html": b"<p>hi</p>"},
                                           zipfile.ZIP_STORED),
        "doc-epub-opf-loop.epub": _zip({"mimetype": b"application/epub+zip",
                                        "META-INF/container.xml": b'<container xmlns="urn:oasis:names:tc:opendocument:'
                                        b'xmlns:container" version="1.0"><rootfiles><rootfile full-path="../../etc/'
                                        b'passwd" media-type="application/oebps-package+xml"/></rootfiles>'
                                        b'</container>'}),
        "doc-epub-zipbomb.epub": _zip({"mimetype": b"application/epub+zip",
                                       "META-INF/container.xml": b'<container xmlns="urn:oasis:names:tc:opendocument:'
                                       b'xmlns:container" version="1.0"><rootfiles><rootfile full-path="c.opf" '
                                       b'media-type="application/oebps-package+xml"/></rootfiles></container>',
                                       "c.opf": b'<package xmlns="http://www.idpf.org/2007/opf" version="3.0">'
                                       b'<manifest>'
                                       b'<item id="a" href="a.html" media-type="application/xhtml+xml"/></manifest>'
                                       b'<spine><itemref idref="a"/></spine></package>',
                                       "a.html": b"<html><body><p>" + b"a " * (100 << 20) + b"</p></body></html>"}),
        "doc-html-deep.html": b"<div>" * 200_000 + b"x" + b"</div>" * 200_000,
        "doc-html-huge-table.html": b"<table>" + b"<tr>" + b"<td>x</td>" * 5000 + b"</tr>" * 1 + b"</table>",
        "doc-html-binary.html": random.Random(2).randbytes(100_000),
        "doc-md-deep-lists.md": b"".join(b"  " * i + b"- x\n" for i in range(1000)),
        "doc-md-brackets.md": b"[" * 100_000 + b"]" * 100_000,
        "doc-pdf-named-docx.docx": bp.one_page(),
        # nesting that makes pandoc's readers slow or endless (convert refuses it before pandoc runs), the PDF
        # engines' own depth limits, pandoc's parse errors, glyphs no font may have
        "doc-md-quotes.md": b">" * 5000 + b" x\n",
        "doc-md-quotes-99.md": b"> " * 99 + b"x\n",  # under the limit: typst's show rule depth, weasyprint's
        "doc-md-brackets-closed.md": b"[" * 30 + b"x" + b"]" * 30 + b"\n",
        "doc-md-brackets-spread.md": b"[a " * 30 + b"\n",
        "doc-md-spans.md": b"<span>" * 5000 + b"x\n",
        "doc-md-divs.md": b"<div>\n" * 5000 + b"x\n",
        "doc-tex-braces.tex": b"{" * 5000 + b"x\n",
        "doc-tex-itemize.tex": b"\\begin{itemize}\\item " * 3000 + b"x\n",
        "doc-org-blocks.org": b"#+begin_quote\n" * 3000 + b"x\n",
        "doc-docx-deep.docx": _zip({**docx_head, "word/document.xml": body + b"<w:r>" * 5000 + b"<w:t>x</w:t>"
                                    + b"</w:r>" * 5001 + b"</w:p></w:body></w:document>"}),
        "doc-epub-deep.epub": _zip({"mimetype": b"application/epub+zip",
                                    "META-INF/container.xml": b'<container xmlns="urn:oasis:names:tc:opendocument:'
                                    b'xmlns:container" version="1.0"><rootfiles><rootfile full-path="c.opf" '
                                    b'media-type="application/oebps-package+xml"/></rootfiles></container>',
                                    "c.opf": b'<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>'
                                    b'<item id="a" href="a.html" media-type="application/xhtml+xml"/></manifest>'
                                    b'<spine><itemref idref="a"/></spine></package>',
                                    "a.html": b"<html><body>" + b"<div>" * 5000 + b"x" + b"</div>" * 5000
                                    + b"</body></html>"}),
        "doc-tex-parse-error.tex": b"\\begin{document}\n\\end{itemize}\n",
        "doc-opml-bad.opml": b'<opml><body><outline text="a"',
        "doc-csv-bad.csv": b'a,"b\nc',
        "doc-ipynb-bad.ipynb": b'{"cells": 3}',
        "doc-md-korean-thai.md": "# 한국어\n\n안녕하세요 สวัสดี\n".encode(),
        # mediawiki's slow constructs, escape sequences whose `;` end pandoc's citation tries, a docx with a password
        "doc-wiki-refs.wiki": b"<ref>x\n\n" * 30,
        "doc-wiki-tables.wiki": b"{|\n|\n" * 30 + b"x\n" + b"|}\n" * 30,
        "doc-wiki-marks.wiki": b"''a '''b\n" * 30,
        "doc-md-escape-sequences.md": b"Colours:\n" + b"   :set t_me=^[[0;1;36m  \" normal mode\n" * 20,
        "doc-docx-password.docx": bytes.fromhex("D0CF11E0A1B11AE1") + bytes(4000),
        "doc-odt-is-text.odt": b"# Just markdown\n",
    }


# ------------------------------------------------------------------------------------------- the run

@functools.cache
def sources() -> dict[str, Path]:
    return {p.parent.name if p.parent != CORPUS else p.stem: p for p in sorted(CORPUS.rglob("*.pdf"))
            if p.stat().st_size < 3_000_000 and "password" not in p.parent.name}


def build_file(name: str) -> bytes:
    """The bytes a file name stands for: `KIND:SOURCE:sSEED`, a generated case, or a broken_pdfs case."""
    if name.count(":") == 2:
        kind, source, seed = name.split(":")
        data = sources()[source].read_bytes()
        return MUTATIONS[kind](data, random.Random(f"{source}:{kind}:{seed}"))
    if name.startswith("bp-"):
        return bp.CASES[name[3:]](sources()["004-pdflatex-4-pages"].read_bytes())
    if name.startswith("gen-"):
        return _gen_cases()[name]
    return _doc_cases()[name]


def plan(seed: int, per_file: int, only: list[str], mutants_only: bool = False) -> list[str]:
    if only:
        return only
    names = [f"{kind}:{src}:s{seed * 1000 + i}" for src in sources() for kind in MUTATIONS
             for i in range(per_file)]
    random.Random(seed).shuffle(names)
    return names if mutants_only else [*(f"bp-{c}" for c in bp.CASES), *_gen_cases(), *names]


def _digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(folder.rglob("*"))}


CARRIED = re.compile(r"decoding|content stream|stream data|inflate|^qpdf: errors detected|^checking |^PDF Version|"
                     r"^File is |^R = |^P = |^User password|^Supplied password|^extract|^print|^modify|^WARNING|"
                     r"^No syntax or stream|^$|encryption method|^[a-z ]+: (allowed|not allowed)")


def _qpdf_bad(pdf: Path, password: str | None) -> str | None:
    """Structural damage qpdf finds in an output; stream data that cannot be decoded is the input's, carried."""
    argv = ["qpdf", "--check", str(pdf), *([f"--password={password}"] if password else [])]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    if run.returncode in (0, 3):
        return None
    bad = [line for line in (run.stdout + run.stderr).splitlines() if not CARRIED.search(line)]
    return f"qpdf --check exit {run.returncode}: {bad[:5]}" if bad else None


def run_file(servers: Servers, name: str, index: int, work: Path, good: Path, commands: list[str]) -> list[dict]:
    folder = work / "files" / re.sub(r"[^\w.-]", "_", name)
    folder.mkdir(parents=True, exist_ok=True)
    is_doc = name.startswith("doc-")
    target = folder / (name[4:] if is_doc else "in.pdf")
    target.write_bytes(build_file(name))
    rows = []
    for command in (["convert"] if is_doc else commands):
        if command in SLOW and index % SLOW_EVERY and not is_doc:
            continue
        argv_t, kind = COMMANDS[command]
        out = Path(tempfile.mkdtemp(prefix="out-", dir=work))
        values = {"in": str(target), "o": str(out / "o.pdf"), "d": str(out / "d"), "x": str(good),
                  "c": str(out / "copy.pdf")}
        if kind == "in-place":
            shutil.copy(target, out / "copy.pdf")
        argv = [a.format(**values) if a.startswith("{") and a != "{page}/{pages}" else a for a in argv_t]
        if command in ("rename-invoice", "convert"):
            (out / "d").mkdir()  # --copy-to and convert's -o take a folder that exists
        if command == "convert" and is_doc:
            argv = ["convert", str(target), "-o", str(out / "d.pdf" if index % 2 else out / "d.md")]
        before = _digest(folder)
        outcome = servers.run([*argv, "--json"], cwd=work, timeout=TIME_LIMIT, memory=MEMORY_CAP)
        rows.append(_judge(name, command, outcome, folder, before, out, kind))
        shutil.rmtree(out, ignore_errors=True)
    return rows


def _is_json(data: bytes) -> bool:
    try:
        return isinstance(json.loads(data), dict)
    except ValueError:
        return False


def _judge(name: str, command: str, o: Outcome, folder: Path, before: dict[str, str], out: Path,
           kind: str | None) -> dict:
    problems = []
    error = o.error()
    code = "ok" if o.returncode == 0 else (error or {}).get("code", f"exit {o.returncode}")
    if error is None and (_is_json(o.stdout) or command == "search" and o.returncode == 1):
        code = "ok"  # a result whose exit code is its verdict (check, repair, ocr's 14); search: no match
    if o.timed_out:
        problems.append("timeout")
    if "Traceback" in o.stderr:
        problems.append("traceback")
    if code == "INTERNAL":
        problems.append("internal")
    elif code not in ("ok",) and (code not in CODES or CODES[code] != o.returncode):
        problems.append("exit-code")
    if _digest(folder) != before:
        problems.append("input-changed")
    if o.leftovers:
        problems.append("tmp-leftovers")
    written = [p for p in out.rglob("*") if p.is_file() and p.name != "copy.pdf"] if out.exists() else []
    if code != "ok" and written:
        problems.append("output-despite-error")
    copy = out / "copy.pdf"
    if kind == "in-place" and code != "ok" and copy.read_bytes() != (folder / "in.pdf").read_bytes():
        problems.append("input-changed")
    if kind == "in-place" and code == "ok":
        written.append(copy)
    detail = ""
    if code == "ok":
        try:
            json.loads(o.stdout or b"null")
        except ValueError:
            problems.append("stdout-not-json")
        if kind == "pdf" and not (out / "o.pdf").exists():
            problems.append("no-output")
        for pdf in (p for p in written if p.suffix == ".pdf"):
            bad = _qpdf_bad(pdf, "u" if command == "protect" else None)
            if bad:
                problems.append("broken-output")
                detail = f"{pdf.name}: {bad}"
                break
    return {"file": name, "command": command, "code": code, "exit": o.returncode, "seconds": round(o.seconds, 2),
            "peak_mb": o.peak_rss >> 20, "problems": problems, "detail": detail,
            "stderr": o.stderr[-800:] if problems else "", "argv": o.argv}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per-file", type=int, default=2, help="mutants per corpus file and mutation kind")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "pdftools-hostile-sweep")
    parser.add_argument("--only", action="append", default=[], help="just this file name (repeatable)")
    parser.add_argument("--command", action="append", default=[], help="just this command (repeatable)")
    parser.add_argument("--limit", type=int, default=0, help="at most this many files")
    parser.add_argument("--docs", action="store_true", help="also the broken documents for convert")
    parser.add_argument("--keep", action="store_true", help="keep the generated files")
    parser.add_argument("--mutants-only", action="store_true", help="only the mutated corpus files")
    args = parser.parse_args()
    work = args.out
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    good = work / "good.pdf"
    shutil.copy(sources()["001-trivial"], good)
    names = plan(args.seed, args.per_file, args.only, args.mutants_only)
    if args.docs and not args.only:
        names = [*_doc_cases(), *names]
    names = names[:args.limit] if args.limit else names
    commands = args.command or list(COMMANDS)
    servers = Servers(args.workers)
    started, calls = time.monotonic(), 0
    findings = work / "findings.jsonl"
    codes: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    try:
        with ThreadPoolExecutor(args.workers) as pool, (work / "calls.jsonl").open("w") as log:
            for rows in pool.map(lambda ni: run_file(servers, ni[1], ni[0], work, good, commands),
                                 enumerate(names)):
                for row in rows:
                    calls += 1
                    codes[row["code"]] += 1
                    log.write(json.dumps(row) + "\n")
                    for problem in row["problems"]:
                        kinds[problem] += 1
                    if row["problems"]:
                        with findings.open("a") as f:
                            f.write(json.dumps(row) + "\n")
                        print(f"FINDING {row['problems']} {row['command']} {row['file']}: {row['detail']} "
                              f"{row['stderr'][-300:]!r}", flush=True)
                log.flush()
    finally:
        servers.close()
        if not args.keep:
            shutil.rmtree(work / "files", ignore_errors=True)
    print(f"files: {len(names)}; commands: {len(commands)}; calls: {calls} in {time.monotonic() - started:.0f} s")
    print("outcomes: " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    print("findings: " + (", ".join(f"{k} {n}" for k, n in kinds.most_common()) or "none") + f" ({findings})")


if __name__ == "__main__":
    main()
