"""`stamp --text` in any script: text Helvetica cannot show is drawn in installed fonts that have its characters
(fontconfig), or in the font `--font` names (a file, or a family), embedded as a subset (Type0, Identity-H, /W,
/ToUnicode). Read back with the real programs: pdftotext gives the text back, pdftoppm draws its glyphs where the
stamp goes, qpdf --check passes, pdffonts lists the subsets.

The installed fonts are set up by the test: a fontconfig configuration (FONTCONFIG_FILE) that knows only DejaVu
Sans (Latin, Greek, Cyrillic, Arabic, Hebrew) and Droid Sans Fallback (CJK), which `.ci/setup` installs, so the
fonts chosen do not depend on what else a machine has."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

CJK_CYRILLIC = "機密 Секрет"
ARABIC = "مرحبا بالعالم"
HEBREW = "שלום עולם"
BIDI_MARKS = "\u202a\u202b\u202c"  # poppler marks the right-to-left runs it reorders


def _installed(family: str, name: str) -> Path:
    found = subprocess.run(["fc-match", "-f", "%{file}", family], capture_output=True, text=True).stdout
    assert found.endswith(name), f"{family} is not installed ({found!r}): run .ci/setup"
    return Path(found)


@pytest.fixture
def dejavu() -> Path:
    return _installed("DejaVu Sans", "DejaVuSans.ttf")


@pytest.fixture
def droid() -> Path:
    return _installed("Droid Sans Fallback", "DroidSansFallbackFull.ttf")


def _fontconfig(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *fonts: Path) -> None:
    folder = tmp_path / "fonts"
    folder.mkdir()
    for font in fonts:
        (folder / font.name).symlink_to(font)
    conf = tmp_path / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>{folder}</dir>'
                    f"<cachedir>{tmp_path / 'fc-cache'}</cachedir></fontconfig>\n")
    monkeypatch.setenv("FONTCONFIG_FILE", str(conf))


@pytest.fixture
def two_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dejavu: Path, droid: Path) -> None:
    """Fontconfig knows DejaVu Sans and Droid Sans Fallback, nothing else."""
    _fontconfig(tmp_path, monkeypatch, dejavu, droid)


@pytest.fixture
def blank(tmp_path: Path) -> Path:
    path = tmp_path / "blank.pdf"
    with pikepdf.new() as pdf:
        pdf.add_blank_page(page_size=(400, 300))
        pdf.save(path)
    return path


def _ink(path: Path, dpi: int = 36) -> tuple[list[tuple[int, int]], tuple[int, int]]:
    """The dark pixels of page 1 as pdftoppm draws it, and the image's size."""
    image = rb.render(path, dpi=dpi).convert("L")
    width, height = image.size
    pixels = image.load()
    return [(x, y) for y in range(height) for x in range(width) if pixels[x, y] < 128], image.size


def _contents(page: pikepdf.Page) -> bytes:
    contents = page.Contents
    return b"".join(c.read_bytes() for c in contents) if isinstance(contents, pikepdf.Array) else contents.read_bytes()


def _font_files(path: Path) -> dict[str, int]:
    """Each embedded font's name -> the length of its font program (decoded)."""
    with pikepdf.open(path) as pdf:
        found = {}
        for page in pdf.pages:
            for font in page.Resources.Font.values():
                if font.Subtype == "/Type0":
                    descendant = font.DescendantFonts[0]
                    assert descendant.Subtype == "/CIDFontType2" and font.Encoding == "/Identity-H"
                    assert "/W" in descendant and "/ToUnicode" in font
                    found[str(font.BaseFont)] = len(descendant.FontDescriptor.FontFile2.read_bytes())
        return found


def test_cjk_and_cyrillic_in_the_installed_fonts_that_have_them(cli: Any, two_fonts: None, blank: Path,
                                                                   tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", CJK_CYRILLIC, "--font-size", "40", "-o", out, "--json")
    assert result.exit_code == 0, result
    assert rb.text(out).strip() == CJK_CYRILLIC
    rb.qpdf_checked(out)
    fonts = _font_files(out)
    assert sorted(re.sub(r"^/[A-Z]{6}\+", "", name) for name in fonts) == ["DejaVuSans", "DroidSansFallback"], fonts
    assert all(size < 8000 for size in fonts.values()), fonts  # subsets: Droid Sans Fallback's file has 4 MB
    pdffonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert pdffonts.count("CID TrueType") == 2 and "Helvetica" not in pdffonts, pdffonts


def test_the_glyphs_are_drawn_centred_by_their_widths(cli: Any, two_fonts: None, blank: Path,
                                                       tmp_path: Path) -> None:
    """Each character is drawn (not an empty box: two characters draw differently), and the ink's middle is the
    page's middle: the width placing the text is the fonts' own."""
    drawn = {}
    for text in ("機機機", "密密密", CJK_CYRILLIC, "Секрет Секрет"):
        out = tmp_path / f"{len(drawn)}.pdf"
        assert cli("stamp", blank, "--text", text, "--font-size", "40", "-o", out).exit_code == 0
        drawn[text], size = _ink(out)
        xs, ys = [x for x, _ in drawn[text]], [y for _, y in drawn[text]]
        assert len(xs) > 50, text
        assert abs((min(xs) + max(xs)) / 2 - size[0] / 2) <= 3, (text, min(xs), max(xs), size)
        assert abs((min(ys) + max(ys)) / 2 - size[1] / 2) <= 6, (text, min(ys), max(ys), size)
    assert drawn["機機機"] != drawn["密密密"]


def test_a_corner_and_an_angle_place_the_text_as_helvetica_is_placed(cli: Any, two_fonts: None, blank: Path,
                                                                     tmp_path: Path) -> None:
    out = tmp_path / "corner.pdf"
    assert cli("stamp", blank, "--text", "Секрет", "--font-size", "30", "--position", "top-left", "--margin", "36",
               "-o", out).exit_code == 0
    ink, (width, height) = _ink(out, dpi=72)
    assert 34 <= min(x for x, _ in ink) <= 40 and 32 <= min(y for _, y in ink) <= 40, min(ink)  # (round С overshoots)
    assert max(x for x, _ in ink) < width / 2 and max(y for _, y in ink) < height / 2
    turned = tmp_path / "turned.pdf"
    assert cli("stamp", blank, "--text", "機密機密", "--font-size", "30", "--angle", "90", "-o", turned).exit_code == 0
    ink, _ = _ink(turned, dpi=72)
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    assert max(ys) - min(ys) > 2 * (max(xs) - min(xs))  # upright: taller than wide, 4 x 30 pt high
    assert abs((max(ys) + min(ys)) / 2 - height / 2) <= 3


@pytest.mark.parametrize("text", [ARABIC, HEBREW, f"{ARABIC} 2024", "سلام (لا) 12"])
def test_right_to_left_text_reads_back_in_its_order(cli: Any, two_fonts: None, blank: Path, tmp_path: Path,
                                                     text: str) -> None:
    out = tmp_path / "out.pdf"
    assert cli("stamp", blank, "--text", text, "-o", out).exit_code == 0
    back = rb.text(out).strip().translate({ord(c): None for c in BIDI_MARKS})
    assert back == text or back == " ".join(reversed(text.split(" ", 1))), back  # poppler puts 2024 first
    rb.qpdf_checked(out)


def test_arabic_letters_are_drawn_joined(cli: Any, two_fonts: None, blank: Path, tmp_path: Path) -> None:
    """The glyphs drawn are the letters' joined forms (Unicode's presentation forms, lam-alef as one glyph), in
    the order drawn left to right: the font subset maps them, and the content shows them right to left."""
    from fontTools.ttLib import TTFont

    out = tmp_path / "out.pdf"
    assert cli("stamp", blank, "--text", "سلام", "-o", out).exit_code == 0
    with pikepdf.open(out) as pdf:
        font = next(iter(pdf.pages[0].Resources.Font.values()))
        program = font.DescendantFonts[0].FontDescriptor.FontFile2.read_bytes()
        content = _contents(pdf.pages[0])
    (tmp_path / "font.ttf").write_bytes(program)
    subset = TTFont(tmp_path / "font.ttf")
    by_glyph = {subset.getGlyphID(name): point for point, name in subset.getBestCmap().items()}
    shown = re.search(rb"<([0-9A-F]+)> Tj", content).group(1).decode()
    drawn = [by_glyph[int(shown[i:i + 4], 16)] for i in range(0, len(shown), 4)]
    assert drawn == [0xFEE1, 0xFEFC, 0xFEB3], [hex(p) for p in drawn]  # meem final, lam-alef final, seen initial


def test_a_font_file_or_family_named(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    for given in (str(dejavu), "DejaVu Sans", "dejavu sans"):
        out = tmp_path / "out.pdf"
        result = cli("stamp", blank, "--text", "Ελληνικά Page 1", "--font", given, "-o", out, "--force")
        assert result.exit_code == 0, (given, result)
        assert rb.text(out).strip() == "Ελληνικά Page 1"
        assert [re.sub(r"^/[A-Z]{6}\+", "", n) for n in _font_files(out)] == ["DejaVuSans"]


@pytest.mark.parametrize("given", ["DejaVu Sans:bold", "DejaVu Sans Bold", "DejaVuSans-Bold"])
def test_a_font_named_by_pattern_full_or_postscript_name(cli: Any, blank: Path, tmp_path: Path, given: str) -> None:
    _installed("DejaVu Sans:bold", "DejaVuSans-Bold.ttf")
    out = tmp_path / "out.pdf"
    assert cli("stamp", blank, "--text", "Секрет", "--font", given, "-o", out).exit_code == 0
    assert [re.sub(r"^/[A-Z]{6}\+", "", n) for n in _font_files(out)] == ["DejaVuSans-Bold"]


def test_latin_text_in_a_named_font_is_embedded(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    assert cli("stamp", blank, "--text", "Page {page}", "--font", dejavu, "-o", out).exit_code == 0
    assert rb.text(out).strip() == "Page 1" and len(_font_files(out)) == 1


def test_the_font_named_lacks_characters(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", "機密 ok", "--font", dejavu, "-o", out, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "機 (U+6A5F), 密 (U+5BC6)" in error["message"], error
    assert not out.exists()


def test_no_installed_font_has_the_characters(cli: Any, blank: Path, dejavu: Path, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _fontconfig(tmp_path, monkeypatch, dejavu)
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", "Top 機密", "-o", out, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert "2 characters" in error["message"] and "機 (U+6A5F), 密 (U+5BC6)" in error["message"], error
    assert "--font" in error["hint"], error
    assert not out.exists()


def test_latin_text_keeps_helvetica_byte_for_byte(cli: Any, blank: Path, tmp_path: Path) -> None:
    """Text Helvetica shows is stamped as before fonts could be embedded: the standard font, not embedded, and
    the same content stream (which pins the bytes: `tests/ops/test_stamp_pdf_options.py` pins the rest)."""
    out = tmp_path / "out.pdf"
    assert cli("stamp", blank, "--text", "Café (draft) {page}/{pages}", "-o", out).exit_code == 0
    with pikepdf.open(out) as pdf:
        page = pdf.pages[0]
        assert dict(page.Resources.Font.Fst1.items()) == {"/Type": "/Font", "/Subtype": "/Type1",
                                                           "/BaseFont": "/Helvetica", "/Encoding": "/WinAnsiEncoding"}
        contents = _contents(page)
    assert contents == (b"q\n\nQ\nq 1 0 0 1 0.000 0.000 cm 1 0 0 1 200.000 150.000 cm 1.00000 0.00000 -0.00000 "
                        b"1.00000 0 0 cm /Gst1 gs 0.000 0.000 0.000 rg BT /Fst1 12 Tf -40.350 -4.308 Td "
                        b"(Caf\xe9 \\(draft\\) 1/1) Tj ET Q\n"), contents  # as written before this change


def test_the_same_stamp_gives_the_same_bytes(cli: Any, two_fonts: None, blank: Path, tmp_path: Path) -> None:
    outputs = []
    for run in range(2):
        out = tmp_path / f"{run}.pdf"
        assert cli("stamp", blank, "--text", CJK_CYRILLIC, "-o", out).exit_code == 0
        outputs.append(re.sub(rb"/ID \[<[0-9a-f]{32}><[0-9a-f]{32}>\]", b"/ID", out.read_bytes()))
    assert outputs[0] == outputs[1]


@pytest.fixture
def collection(tmp_path: Path, dejavu: Path) -> Path:
    """Two fonts in one file: DejaVu Sans, then a copy of it named SecondFont."""
    from fontTools.ttLib import TTCollection, TTFont

    second = TTFont(dejavu)
    for record in second["name"].names:
        if record.nameID in (1, 4, 6):
            record.string = "SecondFont"
    both = TTCollection()
    both.fonts = [TTFont(dejavu), second]
    path = tmp_path / "fonts.ttc"
    both.save(path)
    return path


@pytest.mark.parametrize(("index", "name"), [("", "DejaVuSans"), ("#0", "DejaVuSans"), ("#1", "SecondFont")])
def test_a_collection_takes_its_font_by_index(cli: Any, blank: Path, collection: Path, tmp_path: Path, index: str,
                                              name: str) -> None:
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", "Секрет", "--font", f"{collection}{index}", "-o", out)
    assert result.exit_code == 0, result
    assert [re.sub(r"^/[A-Z]{6}\+", "", n) for n in _font_files(out)] == [name]
    assert rb.text(out).strip() == "Секрет"


def _error(result: Any) -> dict[str, str]:
    return json.loads(result.stderr)["error"]  # type: ignore[no-any-return]


def test_fonts_that_cannot_be_used_are_named(cli: Any, blank: Path, collection: Path, dejavu: Path,
                                             tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont

    restricted = TTFont(dejavu)
    restricted["OS/2"].fsType = 0x0002
    restricted.save(tmp_path / "restricted.ttf")
    (tmp_path / "notes.ttf").write_text("not a font\n")
    damaged = bytearray(dejavu.read_bytes())  # its outlines overwritten: read only when the subset is made
    start = TTFont(dejavu).reader.tables["glyf"].offset
    damaged[start + 100:start + 400_000] = b"\xff" * (400_000 - 100)
    (tmp_path / "damaged.ttf").write_bytes(damaged)
    cases = {str(tmp_path / "damaged.ttf"): "is damaged",str(tmp_path / "notes.ttf"): "is not a font pdftools can read",
             str(tmp_path / "restricted.ttf"): "licence forbids embedding (OS/2 fsType 0x0002)",
             f"{collection}#2": "holds 2 fonts: there is no font 2 in it",
             f"{dejavu}#1": "is one font, not a collection",
             "No Such Family": "no installed font family is named 'No Such Family'"}
    for given, said in cases.items():
        out = tmp_path / "out.pdf"
        result = cli("stamp", blank, "--text", "Секрет", "--font", given, "-o", out, "--json")
        assert result.exit_code == 4, (given, result)
        error = _error(result)
        assert error["code"] == "BAD_FONT" and said in error["message"] and error["hint"], (given, error)
        assert not out.exists()
    missing = cli("stamp", blank, "--text", "x", "--font", tmp_path / "missing.ttf", "-o", tmp_path / "o.pdf",
                  "--json")
    assert missing.exit_code == 3 and _error(missing)["code"] == "FILE_NOT_FOUND", missing


def test_a_font_with_a_pdf_stamp_is_refused(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    result = cli("stamp", blank, "--pdf", blank, "--font", dejavu, "-o", tmp_path / "o.pdf", "--json")
    assert result.exit_code == 2 and "--font" in _error(result)["message"], result


def test_over_mcp_the_font_is_a_file_in_the_roots_or_a_family(tmp_path: Path, blank: Path, dejavu: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "f.ttf").write_bytes(dejavu.read_bytes())
    for font in ("fonts/f.ttf", "DejaVu Sans"):
        done = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "blank.pdf", "text": "Ελληνικά", "font": font,
                                                    "output": "o.pdf", "force": True})
        assert not done.is_error, (font, done)
        assert rb.text(tmp_path / "o.pdf").strip() == "Ελληνικά"
    outside = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "blank.pdf", "text": "x", "font": str(dejavu),
                                                   "output": "p.pdf"})
    assert rb.mcp_error(outside)["code"] == "PATH_OUTSIDE_ROOT" and not (tmp_path / "p.pdf").exists()


def test_batch_takes_the_font(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    for name in ("a.pdf", "b.pdf"):
        (tmp_path / "in" / name).write_bytes(blank.read_bytes())
    (tmp_path / "f.ttf").write_bytes(dejavu.read_bytes())
    result = cli("batch", "stamp", tmp_path / "in", "-d", tmp_path / "out", "--set", "text=Секрет {page}",
                 "--set", "font=f.ttf", "--jobs", "1", "--json")
    assert result.exit_code == 0, result
    for name in ("a.pdf", "b.pdf"):
        assert rb.text(tmp_path / "out" / name).strip() == "Секрет 1"


def test_every_page_shares_one_font(cli: Any, two_fonts: None, tmp_path: Path) -> None:
    """Page numbers in Cyrillic on three pages: one DejaVu Sans subset, with the glyphs of all three, not three."""
    doc = tmp_path / "three.pdf"
    with pikepdf.new() as pdf:
        for _ in range(3):
            pdf.add_blank_page(page_size=(300, 300))
        pdf.save(doc)
    out = tmp_path / "out.pdf"
    assert cli("stamp", doc, "--text", "Стр. {page}", "-o", out).exit_code == 0
    assert [rb.text(out, n).strip() for n in (1, 2, 3)] == ["Стр. 1", "Стр. 2", "Стр. 3"]
    with pikepdf.open(out) as pdf:
        assert len({font.objgen for page in pdf.pages for font in page.Resources.Font.values()}) == 1


def test_an_installed_font_that_forbids_embedding_is_passed_over(cli: Any, blank: Path, dejavu: Path,
                                                                 tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from fontTools.ttLib import TTFont

    bold = _installed("DejaVu Sans:bold", "DejaVuSans-Bold.ttf")
    restricted = TTFont(dejavu)
    restricted["OS/2"].fsType = 0x0002
    (tmp_path / "mine").mkdir()
    restricted.save(tmp_path / "mine" / "DejaVuSans.ttf")  # fontconfig's first choice for sans-serif
    _fontconfig(tmp_path, monkeypatch, tmp_path / "mine" / "DejaVuSans.ttf", bold)
    out = tmp_path / "out.pdf"
    assert cli("stamp", blank, "--text", "Секрет", "-o", out).exit_code == 0
    assert [re.sub(r"^/[A-Z]{6}\+", "", n) for n in _font_files(out)] == ["DejaVuSans-Bold"]


def _boxes(path: Path) -> Path:
    """A font with PostScript (CFF) outlines whose A, B and Ж are boxes 400 x 700 units wide and high (of 1000)."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    pen = T2CharStringPen(500, None)
    pen.moveTo((0, 0)), pen.lineTo((400, 0)), pen.curveTo((400, 300), (400, 400), (400, 700))
    pen.lineTo((0, 700)), pen.closePath()
    names = [".notdef", "A", "B", "Zhe"]
    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({0x41: "A", 0x42: "B", 0x416: "Zhe"})
    builder.setupCFF("Boxes", {"FullName": "Boxes"}, {name: pen.getCharString() for name in names}, {})
    builder.setupHorizontalMetrics({name: (500, 0) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": "Boxes", "styleName": "Regular"})
    builder.setupOS2(sCapHeight=700)
    builder.setupPost()
    builder.save(path)
    return path


def test_a_font_with_postscript_outlines_is_drawn(cli: Any, blank: Path, tmp_path: Path) -> None:
    """An OpenType font with PostScript (CFF) outlines (most CJK fonts: Noto Sans CJK) goes in with its subset's
    outlines made TrueType ones: the boxes of its glyph A are drawn where and as large as they are."""
    _boxes(tmp_path / "boxes.otf")
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", "AA", "--font", tmp_path / "boxes.otf", "--font-size", "100", "-o", out)
    assert result.exit_code == 0, result
    assert rb.text(out).strip() == "AA"
    rb.qpdf_checked(out)
    with pikepdf.open(out) as pdf:
        font = next(iter(pdf.pages[0].Resources.Font.values()))
        assert font.DescendantFonts[0].Subtype == "/CIDFontType2"
    ink, (width, height) = _ink(out, dpi=72)
    xs, ys = [x for x, _ in ink], [y for _, y in ink]
    assert abs(max(xs) - min(xs) - 90) <= 2 and abs(max(ys) - min(ys) - 70) <= 2, (min(xs), max(xs), min(ys), max(ys))
    assert abs((max(xs) + min(xs)) / 2 - (width / 2 - 5)) <= 2  # the text's 100 pt centred: its last 10 pt blank
    assert abs((max(ys) + min(ys)) / 2 - height / 2) <= 2  # centred by its cap height, 70 pt


def _without_presentation_forms(dejavu: Path, path: Path, gsub: bool = True) -> Path:
    """DejaVu Sans without Arabic's presentation forms in its character map (as many Arabic fonts are made: their
    joined forms only reached through OpenType's init, medi and fina), and without those too (`gsub`)."""
    from fontTools.ttLib import TTFont

    font = TTFont(dejavu)
    for table in font["cmap"].tables:
        table.cmap = {p: g for p, g in table.cmap.items() if not (0xFB50 <= p <= 0xFDFF or 0xFE70 <= p <= 0xFEFF)}
    if not gsub:
        del font["GSUB"]
    font.save(path)
    return path


def test_arabic_joins_by_the_fonts_own_substitutions(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    """Without presentation forms in its character map, a font's init/medi/fina substitutions join the letters:
    the same glyphs drawn (the same pixels) as through the forms; lam-alef as two joined letters."""
    plain = _without_presentation_forms(dejavu, tmp_path / "plain.ttf")
    drawn = {}
    for font in (dejavu, plain):
        out = tmp_path / f"{font.stem}.pdf"
        assert cli("stamp", blank, "--text", ARABIC, "--font-size", "40", "--font", font, "-o", out).exit_code == 0
        drawn[font.stem] = rb.render(out, dpi=72).tobytes()
        assert rb.text(out).strip().strip(BIDI_MARKS) == ARABIC
    assert drawn["plain"] == drawn[dejavu.stem]
    out = tmp_path / "salam.pdf"
    assert cli("stamp", blank, "--text", "سلام", "--font", plain, "-o", out).exit_code == 0
    assert rb.text(out).strip().strip(BIDI_MARKS) == "سلام"


def test_a_font_that_cannot_join_arabic_is_refused(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    bare = _without_presentation_forms(dejavu, tmp_path / "bare.ttf", gsub=False)
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", ARABIC, "--font", bare, "-o", out, "--json")
    assert result.exit_code == 2 and "cannot join the Arabic letters" in _error(result)["message"], result
    assert not out.exists()
    hebrew = cli("stamp", blank, "--text", HEBREW, "--font", bare, "-o", out)  # no joining: drawn
    assert hebrew.exit_code == 0 and rb.text(out).strip().strip(BIDI_MARKS) == HEBREW


def test_a_person_is_told_the_fonts_picked(cli: Any, two_fonts: None, blank: Path, dejavu: Path,
                                           tmp_path: Path) -> None:
    picked = cli("stamp", blank, "--text", CJK_CYRILLIC, "-o", tmp_path / "a.pdf")
    assert picked.exit_code == 0 and "drawn in Droid Sans Fallback and DejaVu Sans" in picked.stderr, picked
    assert "--font" in picked.stderr
    for args in (["--text", CJK_CYRILLIC, "--json"], ["--text", "Секрет", "--font", str(dejavu)], ["--text", "ok"]):
        quiet = cli("stamp", blank, *args, "-o", tmp_path / "b.pdf", "--force")
        assert quiet.exit_code == 0 and "drawn in" not in quiet.stderr, (args, quiet)


def test_a_font_without_its_optional_tables_is_embedded(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont

    font = TTFont(dejavu)
    del font["post"], font["OS/2"]
    font.save(tmp_path / "lean.ttf")
    out = tmp_path / "out.pdf"
    assert cli("stamp", blank, "--text", "Секрет", "--font", tmp_path / "lean.ttf", "-o", out).exit_code == 0
    assert rb.text(out).strip() == "Секрет"
    rb.qpdf_checked(out)


def test_an_installed_font_with_postscript_outlines_is_found(cli: Any, blank: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mine").mkdir()
    _fontconfig(tmp_path, monkeypatch, _boxes(tmp_path / "mine" / "boxes.otf"))
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", "ЖЖ", "-o", out)
    assert result.exit_code == 0 and "drawn in Boxes" in result.stderr, result
    assert rb.text(out).strip() == "ЖЖ"


def test_without_fontconfig_a_font_file_still_serves(cli: Any, blank: Path, dejavu: Path, tmp_path: Path) -> None:
    """A machine without fontconfig (a slim container) is told to install it or to give the font's file, which
    then serves: finding fonts needs fc-match, embedding one does not."""
    (tmp_path / "bin").mkdir()
    bare = {"PATH": str(tmp_path / "bin")}  # no fc-match, no fc-list
    for args in (["--text", "Секрет"], ["--text", "Секрет", "--font", "DejaVu Sans"]):
        result = cli("stamp", blank, *args, "-o", tmp_path / "o.pdf", "--json", env=bare)
        assert result.exit_code == 8, (args, result)
        error = _error(result)
        assert error["code"] == "DEPENDENCY_MISSING" and "fontconfig" in error["message"], error
        assert "apt-get install fontconfig" in error["hint"] and "--font FILE" in error["hint"], error
    served = cli("stamp", blank, "--text", "Секрет", "--font", dejavu, "-o", tmp_path / "o.pdf", env=bare)
    assert served.exit_code == 0, served
    assert rb.text(tmp_path / "o.pdf").strip() == "Секрет"


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5, 150, 153])
def test_a_damaged_font_is_an_error_never_a_crash(cli: Any, blank: Path, dejavu: Path, tmp_path: Path,
                                                  seed: int) -> None:
    """DejaVu Sans with runs of its bytes overwritten where its tables are (the same ones each run: a seeded
    choice): stamped (what was hit is not read), or BAD_FONT; never INTERNAL, never a partial output. (260 such
    fonts, tried by hand: 189 BAD_FONT, 71 stamped, none INTERNAL.)"""
    import random

    from fontTools.ttLib import TTFont

    tables = TTFont(dejavu).reader.tables
    spans = [(tables[tag].offset, tables[tag].length) for tag in sorted(tables)]
    chosen = random.Random(seed)
    data = bytearray(dejavu.read_bytes())
    for _ in range(chosen.choice([1, 3, 10, 40]) if seed >= 150 else 40):
        offset, length = chosen.choice(spans)
        at = offset + chosen.randrange(length)
        data[at:at + 8] = bytes(chosen.randrange(256) for _ in range(8))[:len(data[at:at + 8])]
    (tmp_path / "hit.ttf").write_bytes(data)
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--text", "Секрет سلام", "--font", tmp_path / "hit.ttf", "-o", out, "--json")
    assert result.exit_code in (0, 4), result
    if result.exit_code == 4:
        assert _error(result)["code"] == "BAD_FONT" and not out.exists(), result
    else:
        rb.qpdf_checked(out)
        assert result.stderr == "", result  # (fontTools says what it tolerates on stderr: silenced)


def test_over_mcp_a_batch_takes_a_font_in_the_roots_only(tmp_path: Path, blank: Path, dejavu: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.pdf").write_bytes(blank.read_bytes())
    (tmp_path / "f.ttf").write_bytes(dejavu.read_bytes())
    rows = {}
    for font in ("f.ttf", str(dejavu)):
        done = rb.mcp_call(tmp_path, "pdf_batch", {"command": "stamp", "inputs": ["in"], "out_dir": f"out{len(rows)}",
                                                    "options": {"text": "Секрет", "font": font}, "jobs": 1})
        assert not done.is_error, done
        rows[font] = done.structured_content["rows"][0]
    assert rows["f.ttf"]["status"] == "ok" and rb.text(tmp_path / "out0" / "a.pdf").strip() == "Секрет"
    assert rows[str(dejavu)]["error"]["code"] == "PATH_OUTSIDE_ROOT", rows


def test_text_that_needs_shaping_is_refused_with_a_way_to_make_it(cli: Any, two_fonts: None, blank: Path,
                                                                  dejavu: Path, tmp_path: Path) -> None:
    """Devanagari drawn letter by letter is wrong (its conjuncts, its vowel sign i before the consonant): refused,
    never drawn so silently, whatever font; the hint makes the page with weasyprint, which shapes it."""
    for font in ([], ["--font", str(dejavu)]):
        result = cli("stamp", blank, "--text", "नमस्ते 1", *font, "-o", tmp_path / "o.pdf", "--json")
        assert result.exit_code == 2, result
        error = _error(result)
        assert "cannot shape Devanagari" in error["message"] and "--pdf" in error["hint"], error
        assert "convert" in error["hint"] and not (tmp_path / "o.pdf").exists()


@pytest.mark.parametrize("text", ["\u200f", "\u200d \u200c", "\u2066\u2069"])
def test_a_text_of_format_marks_only_is_empty(cli: Any, blank: Path, dejavu: Path, tmp_path: Path,
                                               text: str) -> None:
    """A text of bidi marks and joiners only (what a right-to-left editor's empty field holds) draws nothing: it is
    refused as the empty text is, with or without a font. It was INTERNAL (an IndexError: a line of no glyphs)."""
    out = tmp_path / "out.pdf"
    for font in ([], ["--font", dejavu]):
        result = cli("stamp", blank, "--text", text, *font, "-o", out, "--json")
        assert result.exit_code == 2, result
        error = json.loads(result.stderr)["error"]
        assert error["code"] == "INVALID_ARGUMENT" and "empty" in error["message"], error
        assert not out.exists()


@pytest.mark.parametrize("flavor", ["woff", "woff2"])
def test_a_web_font_goes_in_as_truetype(cli: Any, blank: Path, dejavu: Path, tmp_path: Path, flavor: str) -> None:
    """A WOFF or WOFF2 file (`--font font.woff2`) is embedded as the TrueType font it wraps: fontTools saves a font
    in the flavour it was read in, so FontFile2 held `wOFF` data, which poppler refused (`Couldn't create a font`)
    and drew nothing, while pdftotext still read the text back from its /ToUnicode."""
    from fontTools.ttLib import TTFont

    web = tmp_path / f"dejavu.{flavor}"
    font = TTFont(dejavu)
    font.flavor = flavor
    font.save(web)
    out, plain = tmp_path / "out.pdf", tmp_path / "plain.pdf"
    for given, target in ((web, out), (dejavu, plain)):
        result = cli("stamp", blank, "--text", "Секрет", "--font", given, "--font-size", "60", "-o", target, "--json")
        assert result.exit_code == 0, result
    with pikepdf.open(out) as pdf:
        descendant = next(iter(pdf.pages[0].Resources.Font.values())).DescendantFonts[0]
        assert descendant.FontDescriptor.FontFile2.read_bytes()[:4] == b"\x00\x01\x00\x00"
    drawn = subprocess.run(["pdftoppm", "-r", "36", "-png", str(out)], capture_output=True, check=True)
    assert drawn.stderr == b"", drawn.stderr
    assert _ink(out) == _ink(plain) and _ink(out)[0]  # the same glyphs as the .ttf's, where they go


def test_text_wider_than_the_page_is_said_to_be_cut(cli: Any, two_fonts: None, blank: Path, tmp_path: Path) -> None:
    """A watermark at --font-size 120 on a 400 pt page runs off both edges: pdftoppm shows its middle letters only.
    It was stamped without a word (and the result said page 1 was stamped); a person is told, and so is an agent,
    with the size that fits. Text that fits, turned or in a corner, says nothing."""
    out = tmp_path / "out.pdf"
    cut = cli("stamp", blank, "--text", "КОНФИДЕНЦИАЛЬНО", "--font-size", "120", "-o", out)
    assert cut.exit_code == 0, cut
    said = " ".join(cut.stderr.split())
    assert "runs off page 1 (400 x 300 pt)" in said and "--font-size" in said, said
    fits = int(re.search(r"--font-size of at most (\d+)", said)[1])  # the size that fits does fit
    again = cli("stamp", blank, "--text", "КОНФИДЕНЦИАЛЬНО", "--font-size", str(fits), "-o", out, "--force")
    assert again.exit_code == 0 and "runs off" not in again.stderr, again
    ink, (width, _) = _ink(out)
    assert min(x for x, _ in ink) > 0 and max(x for x, _ in ink) < width - 1, "the stamp that fits is drawn whole"
    for args in (["--font-size", "40"], ["--font-size", "30", "--angle", "30"], ["--position", "top-left"]):
        quiet = cli("stamp", blank, "--text", "Секрет", *args, "-o", out, "--force")
        assert quiet.exit_code == 0 and "runs off" not in quiet.stderr, (args, quiet)
    turned = cli("stamp", blank, "--text", "Секрет Секрет", "--font-size", "60", "--angle", "90", "-o", out, "--force")
    assert "runs off page 1" in turned.stderr, turned  # 300 pt high: turned upright, the text is too long for it
    latin = cli("stamp", blank, "--text", "CONFIDENTIAL DOCUMENT", "--font-size", "120", "-o", out, "--force")
    assert "runs off page 1" in latin.stderr, latin  # Helvetica's too
    as_json = cli("stamp", blank, "--text", "КОНФИДЕНЦИАЛЬНО", "--font-size", "120", "-o", out, "--force", "--json")
    assert "runs off" not in as_json.stdout and json.loads(as_json.stdout)["stamped"] == [1]  # the contract as it was


def test_over_mcp_text_wider_than_the_page_is_said_to_be_cut(tmp_path: Path, blank: Path) -> None:
    done = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "blank.pdf", "text": "CONFIDENTIAL DOCUMENT",
                                                "font_size": 120, "output": "o.pdf"})
    said = " ".join(block.text for block in done.content if block.type == "text")
    assert not done.is_error and "runs off page 1" in said and "font_size" in said and "--font" not in said, said


def test_an_installed_fonts_file_name_alone_says_where_it_is(cli: Any, two_fonts: None, blank: Path, dejavu: Path,
                                                             tmp_path: Path) -> None:
    """`--font DejaVuSans.ttf` (the name fc-list shows) in a folder without that file was FILE_NOT_FOUND with
    'Check the path', which a person had right: the hint says where the installed file is and its family."""
    done = cli("stamp", blank, "--text", "Тест", "--font", "DejaVuSans.ttf", "-o", tmp_path / "o.pdf", "--json")
    error = json.loads(done.stderr)["error"]
    assert done.exit_code == 3 and error["code"] == "FILE_NOT_FOUND", done
    assert "DejaVu Sans" in error["hint"] and "DejaVuSans.ttf" in error["hint"] and "/" in error["hint"], error
    unknown = cli("stamp", blank, "--text", "Тест", "--font", "NoSuchFont.ttf", "-o", tmp_path / "o.pdf", "--json")
    assert json.loads(unknown.stderr)["error"]["code"] == "FILE_NOT_FOUND" and unknown.exit_code == 3, unknown
    over_mcp = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "blank.pdf", "text": "Тест", "font": "DejaVuSans.ttf",
                                                    "output": "m.pdf"})
    error = rb.mcp_error(over_mcp)
    assert error["code"] == "FILE_NOT_FOUND" and "'DejaVu Sans'" in error["hint"] and "/" not in error["hint"], error
