"""One line of text made ready to draw left to right (document/shaping.py): Arabic letters in their joined forms
(Unicode's presentation forms, whose names say the form), right-to-left runs reversed with their marks after
their letters, left-to-right runs kept, brackets turned. Checked against Unicode's own names of the forms."""

from __future__ import annotations

import unicodedata

from pdftools.document.shaping import Glyph, arabic, drawn_order, unshaped


def _forms(text: str) -> list[str]:
    """The form of each glyph as Unicode names it (`INITIAL`, `FINAL`...), or the character itself."""
    names = [unicodedata.name(g.char) for g in arabic(text)]
    return [name.split(" FORM")[0].split()[-1] if " FORM" in name else name for name in names]


def test_letters_take_their_joined_forms() -> None:
    assert _forms("بيت") == ["INITIAL", "MEDIAL", "FINAL"]  # ba, ya, ta: all join both ways
    assert _forms("باب") == ["INITIAL", "FINAL", "ISOLATED"]  # alef joins only to the letter before it
    assert _forms("دار") == ["ISOLATED", "ISOLATED", "ISOLATED"]  # as dal: so nothing joins here
    assert _forms("ب") == ["ISOLATED"]
    assert _forms("ء") == ["ARABIC LETTER HAMZA"]  # it joins nothing: no form taken
    assert _forms("بَيت") == ["INITIAL", "ARABIC FATHA", "MEDIAL", "FINAL"]  # a mark between letters does not part them


def test_lam_alef_is_one_ligature_standing_for_both_letters() -> None:
    glyphs = arabic("سلام")
    assert [g.text for g in glyphs] == ["س", "لا", "م"]
    assert unicodedata.name(glyphs[1].char) == "ARABIC LIGATURE LAM WITH ALEF FINAL FORM"
    assert unicodedata.name(arabic("لا")[0].char) == "ARABIC LIGATURE LAM WITH ALEF ISOLATED FORM"


def _order(text: str) -> str:
    return "".join(g.char for g in drawn_order([Glyph(c, c) for c in text]))


def test_left_to_right_text_is_kept() -> None:
    assert _order("Page (1) of 2") == "Page (1) of 2"


def test_a_right_to_left_line_reads_from_the_right_its_latin_and_digits_kept() -> None:
    """A line's direction is its first letter's (digits are no letters), as Unicode's bidi algorithm says."""
    assert _order("שלום abc 123") == "abc 123 םולש"  # (123 goes with abc, the letters before it)
    assert _order("2024 שלום") == "םולש 2024"
    assert _order("שלום (עולם)") == "(םלוע) םולש"  # the brackets turn: ( is drawn where ) was


def test_a_right_to_left_run_in_a_latin_line_is_reversed_in_place() -> None:
    assert _order("Hello שלום עולם world") == "Hello םלוע םולש world"


def test_marks_stay_after_their_letter() -> None:
    drawn = _order("שָׁלוֹם")  # shin with qamats and shin dot, lamed, vav with holam, mem
    assert drawn == "ם" + "וֹ" + "ל" + "שָׁ", [unicodedata.name(c) for c in drawn]


def test_scripts_it_cannot_shape_are_named() -> None:
    assert unshaped("नमस्ते") == ["Devanagari"] and unshaped("வணக்கம் ok") == ["Tamil"]
    assert unshaped("\u1100\u1161 ܫܠܡܐ") == ["Hangul", "Syriac"]  # conjoining jamo; Syriac joins as Arabic
    assert unshaped("안녕 Секрет 機密 سلام שלום สวัสดี") == []  # Hangul syllables, Thai: drawn as they are


def test_brackets_inside_latin_in_a_right_to_left_line_keep_their_way() -> None:
    """In a right-to-left line only the brackets read right to left turn: those within a Latin run (`f(x)`'s
    opening one) are drawn as written, as Unicode's bidi algorithm resolves them (L between two Ls). It was drawn
    `f)x`: every bracket of the line turned. And in a Latin line a bracket between Hebrew letters is read right to
    left, so it turns (it did not)."""
    assert _order("שלום f(x) עולם") == "םלוע (f(x םולש"  # ) after x meets the Hebrew: read right to left, turned
    assert _order("שלום a(b)c") == "a(b)c םולש"
    assert _order("שלום (עולם)") == "(םלוע) םולש"
    assert _order("abc שלום (עולם) def") == "abc םלוע) םולש) def"  # ( between Hebrew letters: read right to left
