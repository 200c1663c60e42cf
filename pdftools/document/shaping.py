"""One line of text made ready to draw glyph by glyph, left to right: Arabic letters joined, right-to-left text in
the order it is drawn.

No shaping engine (HarfBuzz) is at hand, so this is the simple approach, as older PDF writers did it: Arabic
letters become their joined forms from Unicode's Arabic presentation forms (initial, medial, final, isolated,
and the lam-alef ligatures; the table is read from Unicode's own decompositions), which the font draws by its
character map or, lacking them there, by its own OpenType init/medi/fina substitutions (`embedding`); then each
right-to-left run (Arabic, Hebrew) is reversed, marks staying after their letter, with left-to-right runs
(Latin, digits) kept as they read, as the Unicode bidi algorithm orders a single line of one embedding level.
Not done: kerning, contextual forms beyond Arabic's four (Urdu Nastaliq, Indic scripts' conjuncts), mark
positioning other than the font's own zero-width marks, explicit bidi embeddings.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache

FORMS = ("<isolated>", "<final>", "<initial>", "<medial>")
MIRRORED = dict(zip("()[]{}<>«»", ")(][}{><»«", strict=True))
LAM, ALEFS, TATWEEL = "\u0644", "\u0622\u0623\u0625\u0627", "\u0640"


@dataclass(frozen=True)
class Glyph:
    """A character to draw (a joined form, a ligature: one code point), the text it stands for, and once a font
    is chosen the name of its glyph there."""

    char: str
    text: str
    name: str = ""


UNSHAPED = ("DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA", "MALAYALAM",
            "SINHALA", "TIBETAN", "MYANMAR", "KHMER", "SYRIAC", "NKO", "MONGOLIAN", "JAVANESE", "BALINESE",
            "HANGUL CHOSEONG", "HANGUL JUNGSEONG", "HANGUL JONGSEONG")  # (Hangul's syllables are drawn as they are)


def unshaped(text: str) -> list[str]:
    """The scripts of `text` that need shaping this module does not do (Indic conjuncts and reordered vowel
    signs, Syriac's joining, conjoining Hangul jamo): drawn letter by letter they would come out wrong."""
    found = {next((s for s in UNSHAPED if unicodedata.name(c, "").startswith(s + " ")), "") for c in text}
    return sorted({s.split()[0].capitalize().replace("Nko", "N'Ko") for s in found if s})


@cache
def _forms() -> dict[tuple[str, str], str]:
    """(letters, form) -> the presentation form's character, from Unicode's compatibility decompositions."""
    table: dict[tuple[str, str], str] = {}
    for point in [*range(0xFB50, 0xFE00), *range(0xFE70, 0xFF00)]:
        kind, _, letters = unicodedata.decomposition(chr(point)).partition(" ")
        if kind in FORMS and letters:
            table.setdefault(("".join(chr(int(h, 16)) for h in letters.split()), kind), chr(point))
    return table


def _joining(char: str) -> str:
    """D (joins on both sides), R (only to the letter before it), T (transparent: a mark) or U (none)."""
    if unicodedata.category(char) in ("Mn", "Me"):
        return "T"
    if char == TATWEEL or (char, "<medial>") in _forms() or (char, "<initial>") in _forms():
        return "D"
    return "R" if (char, "<final>") in _forms() else "U"


def arabic(text: str) -> list[Glyph]:
    """The text with its Arabic letters in their joined forms (logical order); other characters as they are."""
    kinds = [_joining(c) for c in text]
    out: list[Glyph] = []
    i = 0
    while i < len(text):
        char, kind = text[i], kinds[i]
        if kind not in ("D", "R"):
            out.append(Glyph(char, char))
            i += 1
            continue
        before = _neighbour(kinds, i, -1)
        joins_before = before is not None and kinds[before] == "D"
        after = _neighbour(kinds, i, 1)
        if char == LAM and after == i + 1 and text[after] in ALEFS:  # lam-alef: one ligature
            form = "<final>" if joins_before else "<isolated>"
            out.append(Glyph(_forms().get((text[i:i + 2], form), char), text[i:i + 2]))
            if out[-1].char == char:
                out[-1] = Glyph(char, char)
                i += 1
                continue
            i += 2
            continue
        joins_after = kind == "D" and after is not None and kinds[after] in ("D", "R")
        form = FORMS[joins_before + 2 * joins_after]
        out.append(Glyph(_forms().get((char, form), char), char))
        i += 1
    return out


def _neighbour(kinds: list[str], i: int, step: int) -> int | None:
    """The nearest character before (step -1) or after (+1) position `i` that is not a mark."""
    j = i + step
    while 0 <= j < len(kinds) and kinds[j] == "T":
        j += step
    return j if 0 <= j < len(kinds) else None


def joined_form(char: str) -> tuple[str, list[tuple[str, str]]]:
    """A joined form (a presentation form) as OpenType features on its letters: (`init`...), [(letter,
    feature)]; a lam-alef ligature as its lam and alef joined. ("", []) for any other character."""
    kind, _, letters = unicodedata.decomposition(char).partition(" ")
    tag = {"<isolated>": "isol", "<final>": "fina", "<initial>": "init", "<medial>": "medi"}.get(kind, "")
    points = [chr(int(h, 16)) for h in letters.split()] if tag else []
    if len(points) == 2 and points[0] == LAM:
        return tag, [(LAM, "medi" if tag == "fina" else "init"), (points[1], "fina")]
    return (tag, [(points[0], tag)]) if len(points) == 1 else ("", [])


def _kind(glyph: Glyph) -> str:
    """R (right to left), L (left to right: letters, digits), M (a mark) or N (neutral: spaces, punctuation)."""
    kind = unicodedata.bidirectional(glyph.char)
    if kind in ("R", "AL"):
        return "R"
    if kind in ("L", "EN", "AN"):
        return "L"
    return "M" if kind == "NSM" else "N"


def drawn_order(glyphs: list[Glyph]) -> list[Glyph]:
    """The line's glyphs in the order they are drawn, left to right. On a line whose first letter is right to
    left, the whole line reads right to left and its left-to-right runs keep their order; else its right-to-left
    runs are reversed in place. A mark stays after its letter; brackets in reversed runs turn."""
    kinds = [_kind(g) for g in glyphs]
    if "R" not in kinds:
        return glyphs
    clusters: list[list[Glyph]] = []
    for glyph, kind in zip(glyphs, kinds, strict=True):
        if kind == "M" and clusters:
            clusters[-1].append(glyph)
        else:
            clusters.append([glyph])
    strong = [_kind(c[0]) for c in clusters]
    first = next(unicodedata.bidirectional(c[0].char) for c in clusters if unicodedata.bidirectional(c[0].char)
                 in ("L", "R", "AL"))  # the paragraph's direction: its first letter's (Unicode bidi's P2)
    ltr = first == "L"
    against = "R" if ltr else "L"
    parts: list[tuple[list[list[Glyph]], bool]] = []  # (clusters, read right to left)
    i = 0
    while i < len(clusters):
        if strong[i] != against:
            parts.append(([clusters[i]], not ltr))
            i += 1
            continue
        end = j = i
        while j < len(clusters) and strong[j] in (against, "N"):
            end = j if strong[j] == against else end
            j += 1
        run = clusters[i:end + 1]
        parts.append((run[::-1], True) if ltr else (run, False))
        i = end + 1
    ordered = [(c, rtl) for part, rtl in (parts if ltr else reversed(parts)) for c in part]
    turned = [[Glyph(MIRRORED[c[0].char], c[0].text), *c[1:]] if rtl and c[0].char in MIRRORED else c
              for c, rtl in ordered]  # brackets read right to left face the other way, those read left to right
    return [g for c in turned for g in c]  # do not (a turned one's glyph, its name "", is found again)
