"""Text in TrueType fonts embedded in the PDF, for what the standard Helvetica cannot show (CJK, Cyrillic, Greek,
Arabic, Hebrew...): each line laid out as runs of glyphs (one run per font, in the order drawn: see `shaping`),
then each font subset to the glyphs used (fontTools) and written as a Type0 font with a CIDFontType2 descendant,
Identity-H encoding (two bytes per glyph: its id in the subset), /W widths and a /ToUnicode CMap, so text
extraction (pdftotext, copy and paste) gives the text back. The same glyphs give the same bytes, run after run.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import logging
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from pdftools.document import font_files, shaping
from pdftools.document.font_files import Face
from pdftools.errors import BadFont, InvalidArgument

if TYPE_CHECKING:
    import pikepdf
    from fontTools.ttLib import TTFont

CMAP_HEAD = (b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) "
             b"/Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
             b"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
CMAP_TAIL = b"endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """fontTools' log silenced: it says on stderr what it tolerates in a font (a malformed name record) and the
    tables a subset drops (FFTM); what stops the font is raised, and said."""
    logger = logging.getLogger("fontTools")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


@dataclass
class Run:
    """Glyphs of one font, in the order drawn."""

    face: Face
    glyphs: list[shaping.Glyph]


@dataclass
class Embedded:
    """A font as written into the PDF: its object, its glyphs' ids there and widths (1/1000 of the size)."""

    font: pikepdf.Object
    ids: dict[str, int]
    widths: dict[str, float]
    cap_height: float

    def operand(self, glyphs: list[shaping.Glyph]) -> bytes:
        """The glyphs as a hex string of their ids in the subset (Identity-H: two bytes each)."""
        return b"<" + "".join(f"{self.ids[g.name]:04X}" for g in glyphs).encode() + b">"

    def units(self, glyphs: list[shaping.Glyph]) -> float:
        return sum(self.widths[g.name] for g in glyphs)


@dataclass
class Layout:
    """Lines laid out in fonts given (`--font`) or found (fontconfig), remembering every glyph they use."""

    named: Face | None = None
    used: dict[int, dict[str, str]] = field(default_factory=dict)  # id(face) -> glyph name -> the text it shows
    faces: dict[int, Face] = field(default_factory=dict)
    installed: dict[tuple[str, int], Face | None] = field(default_factory=dict)  # fonts found, read once

    def line(self, text: str) -> list[Run]:
        scripts = shaping.unshaped(text)
        if scripts:
            raise InvalidArgument(f"pdftools cannot shape {' and '.join(scripts)} text: its letters would be drawn "
                                  "one by one, without the conjuncts and reordered signs the script needs",
                                  hint="Make the stamp page with a shaping engine, e.g. `pdftools convert stamp.md "
                                       "-o stamp.pdf` (weasyprint shapes every script), then stamp it: --pdf "
                                       "stamp.pdf.")
        faces = self._faces(text)
        glyphs = [g for shaped in shaping.arabic(text) if faces.get(shaped.text[0])
                  for g in _in_font(shaped, faces[shaped.text[0]])]
        runs: list[Run] = []
        for glyph in shaping.drawn_order(glyphs):
            face = faces[glyph.text[0]]
            assert face is not None
            if not glyph.name:  # a bracket turned in right-to-left text: its mirror's glyph, if the font has one
                glyph = replace(glyph, name=face.cmap.get(ord(glyph.char)) or face.cmap[ord(glyph.text[0])])
            if runs and runs[-1].face is face:
                runs[-1].glyphs.append(glyph)
            else:
                runs.append(Run(face, [glyph]))
            self.faces[id(face)] = face
            self.used.setdefault(id(face), {}).setdefault(glyph.name, _as_placed(glyph))
        return runs

    def _faces(self, text: str) -> dict[str, Face | None]:
        if self.named is None:
            return font_files.covering(text, self.installed)
        lacking = [ch for ch in dict.fromkeys(text) if font_files.drawn(ch) and not self.named.has(ch)]
        if lacking:
            shown = ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in lacking[:font_files.SHOWN])
            raise InvalidArgument(f"the font {self.named.name} cannot show {shown}"
                                  f"{', ...' * (len(lacking) > font_files.SHOWN)}",
                                  hint="Give a font that has them (--font), or leave --font out: pdftools then "
                                       "picks installed fonts that have them.")
        return {ch: self.named if font_files.drawn(ch) else None for ch in text}

    def embed(self, pdf: pikepdf.Pdf) -> dict[int, Embedded]:
        """Each font used, subset to its glyphs, in the PDF."""
        return {key: _embed(pdf, self.faces[key], used) for key, used in self.used.items()}


def _as_placed(glyph: shaping.Glyph) -> str:
    """The text a glyph maps to in /ToUnicode. A right-to-left ligature's (lam-alef) is written in the order its
    letters stand left to right: text extraction (poppler) spreads a glyph's characters over its width left to
    right, then reads right-to-left runs backwards, so the logical order would come back reversed."""
    if len(glyph.text) > 1 and unicodedata.bidirectional(glyph.char) in ("R", "AL"):
        return glyph.text[::-1]
    return glyph.text


def _in_font(glyph: shaping.Glyph, face: Face | None) -> list[shaping.Glyph]:
    """The glyph named as the font draws it: by its character, or a joined form the font has no character for by
    the font's own substitution for it (OpenType's init, medi, fina); refused when it has neither."""
    assert face is not None
    if face.has(glyph.char):
        return [replace(glyph, name=face.cmap[ord(glyph.char)])]
    tag, letters = shaping.joined_form(glyph.char)
    if not tag:  # (every character of the text was found in the font)
        return [replace(glyph, name=face.cmap[ord(glyph.text[0])])]
    drawn = []
    for letter, feature in letters:
        name = face.substituted(letter, feature) or (face.cmap[ord(letter)] if feature == "isol" else None)
        if name is None:
            raise InvalidArgument(f"the font {face.name} cannot join the Arabic letters of the text: it has neither "
                                  "their presentation forms (U+FB50-U+FEFF) nor OpenType substitutions for them",
                                  hint="Give a font that has them (DejaVu Sans: fonts-dejavu-core), or leave --font "
                                       "out.")
        drawn.append(shaping.Glyph(letter, letter if len(letters) > 1 else glyph.text, name))
    return drawn


def _embed(pdf: pikepdf.Pdf, face: Face, used: dict[str, str]) -> Embedded:
    from pikepdf import Array, Dictionary, Name, Stream

    font = face.font
    try:
        data, ids, widths = _program(face, used)
    except Exception as exc:  # fontTools raises many kinds on a damaged font (struct, key, index, assertion...)
        raise BadFont(f"{face.name} is damaged: {type(exc).__name__}: {exc}"[:300],
                      hint="Give another copy of the font, or another font.") from None
    scale = 1000 / font["head"].unitsPerEm
    tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(data).digest()[:6])
    base = Name(f"/{tag}+{_postscript_name(font)}")
    head, hhea = font["head"], font["hhea"]
    cap = getattr(font.get("OS/2"), "sCapHeight", 0) or hhea.ascent * 0.7
    file = Stream(pdf, data)
    file.Length1 = len(data)
    italic = font["post"].italicAngle if "post" in font else 0
    descriptor = Dictionary(Type=Name.FontDescriptor, FontName=base, Flags=4, ItalicAngle=italic,
                            FontBBox=Array([round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)]),
                            Ascent=round(hhea.ascent * scale), Descent=round(hhea.descent * scale),
                            CapHeight=round(cap * scale), StemV=80, FontFile2=pdf.make_indirect(file))
    cid = Dictionary(Type=Name.Font, Subtype=Name.CIDFontType2, BaseFont=base, CIDToGIDMap=Name.Identity,
                     CIDSystemInfo=Dictionary(Registry="Adobe", Ordering="Identity", Supplement=0),
                     FontDescriptor=pdf.make_indirect(descriptor),
                     W=_widths(widths, ids))
    type0 = Dictionary(Type=Name.Font, Subtype=Name.Type0, BaseFont=base, Encoding=Name("/Identity-H"),
                       DescendantFonts=Array([pdf.make_indirect(cid)]),
                       ToUnicode=pdf.make_indirect(Stream(pdf, _to_unicode({ids[n]: t for n, t in used.items()}))))
    return Embedded(pdf.make_indirect(type0), ids, widths, cap * scale / 1000)


def _program(face: Face, used: dict[str, str]) -> tuple[bytes, dict[str, int], dict[str, float]]:
    """The font subset to the glyphs used (whole, when its licence bits forbid subsetting), as a file; each
    glyph's id in it, and its width (1/1000 of the size)."""
    from fontTools import subset

    font = face.font
    scale = 1000 / font["head"].unitsPerEm
    widths = {name: font["hmtx"][name][0] * scale for name in used}
    options = subset.Options()
    options.layout_features, options.hinting, options.notdef_outline = [], False, True
    options.name_IDs, options.drop_tables = [0, 1, 2, 3, 4, 5, 6], [*options.drop_tables, "GSUB", "GPOS", "GDEF"]
    if not (font["OS/2"].fsType & 0x0100 if "OS/2" in font else 0):  # (0x0100: no subsetting)
        subsetter = subset.Subsetter(options)
        subsetter.populate(glyphs=sorted(used))
        subsetter.subset(font)
    if "glyf" not in font:
        _to_truetype(font)
    ids = {name: font.getGlyphID(name) for name in used}
    font.recalcTimestamp = False  # the same glyphs, the same bytes
    font.flavor = None  # a WOFF or WOFF2 file's font saved as the TrueType it wraps (FontFile2 holds no other)
    data = io.BytesIO()
    font.save(data)
    return data.getvalue(), ids, widths


def _to_truetype(font: TTFont) -> None:
    """PostScript (CFF) outlines, the subset's, made TrueType ones (quadratic curves within 1 unit of the cubic
    ones: fontTools' cu2qu, as its otf2ttf does), so every font goes in as a CIDFontType2 whose glyph ids are
    its CIDs (a CFF font's CIDs would go through its charset, CID-keyed or not)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    shapes = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(shapes)
        shapes[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    font["loca"], font["glyf"] = newTable("loca"), newTable("glyf")
    font["glyf"].glyphOrder, font["glyf"].glyphs = order, glyphs
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    font["glyf"].compile(font)
    for name, glyph in glyphs.items():  # left side bearings as the outlines now say
        font["hmtx"][name] = (font["hmtx"][name][0], getattr(glyph, "xMin", 0))
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion, maxp.maxZones = 0x00010000, 1
    for field_name in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                       "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field_name, 0)
    maxp.compile(font)
    if "post" in font:
        font["post"].formatType, font["post"].extraNames, font["post"].mapping = 3.0, [], {}
    font.sfntVersion = "\x00\x01\x00\x00"


def _widths(widths: dict[str, float], ids: dict[str, int]) -> pikepdf.Array:
    """/W: each glyph id used, then its width in an array of one (`7 [600] 9 [556]`)."""
    from pikepdf import Array

    by_id = {ids[name]: round(width, 3) for name, width in widths.items()}
    return Array([v for gid in sorted(by_id) for v in (gid, Array([by_id[gid]]))])


def _postscript_name(font: object) -> str:
    name = font["name"].getDebugName(6) or font["name"].getDebugName(4) or "Font"  # type: ignore[index]
    return "".join(c for c in name if c.isascii() and c.isalnum() or c in "-_")[:60] or "Font"


def _to_unicode(texts: dict[int, str]) -> bytes:
    """The CMap from glyph ids to the text they show (UTF-16BE), in blocks of 100 as the format wants."""
    pairs = [f"<{gid:04X}> <{text.encode('utf-16-be').hex().upper()}>" for gid, text in sorted(texts.items())]
    blocks = [pairs[i:i + 100] for i in range(0, len(pairs), 100)]
    body = "".join(f"{len(b)} beginbfchar\n" + "\n".join(b) + "\nendbfchar\n" for b in blocks)
    return CMAP_HEAD + body.encode() + CMAP_TAIL
