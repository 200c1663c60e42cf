"""Lines of text as a content stream draws them: in the standard Helvetica where it has every character (WinAnsi,
nothing embedded: `fonts`), else in TrueType fonts embedded as subsets (`embedding`): the font named, or
installed fonts that have the characters (`font_files`). Each line is its (font, string operand) pieces, its width
and its cap height, for whoever places it (stamp).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pdftools.document import fonts

if TYPE_CHECKING:
    import pikepdf


@dataclass
class Line:
    """A text as drawn: (font, string operand) pieces, its width (1/1000 of the size) and its cap height."""

    pieces: list[tuple[pikepdf.Object, bytes]]
    units: float
    cap: float


def lines(pdf: pikepdf.Pdf, texts: list[str], font: str | None) -> tuple[list[Line], list[str]]:
    """The texts in Helvetica, when no font is named and it shows them; else in the font named, or in installed
    fonts that have their characters (their families, second), embedded: every text checked, then each font
    written once, subset to the glyphs of all of them."""
    from pikepdf import Dictionary, Name

    if font is None and all(fonts.shows(t) for t in texts):
        encoded = [fonts.encode(t) for t in texts]
        helvetica = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica,
                                                 Encoding=Name.WinAnsiEncoding))
        return [Line([(helvetica, fonts.literal(data))], sum(fonts.WIDTHS.get(b, 556) for b in data),
                     fonts.CAP_HEIGHT) for data in encoded], []
    from pdftools.document import embedding, font_files

    fonts.check_controls(texts)
    with embedding.quiet():
        layout = embedding.Layout(font_files.named(font) if font is not None else None)
        laid = [layout.line(t) for t in texts]
        embedded = layout.embed(pdf)
    drawn = []
    for runs in laid:
        used = [(embedded[id(run.face)], run.glyphs) for run in runs]
        drawn.append(Line([(e.font, e.operand(glyphs)) for e, glyphs in used],
                          sum(e.units(glyphs) for e, glyphs in used),
                          max((e.cap_height for e, _ in used), default=fonts.CAP_HEIGHT)))
    return drawn, [] if font is not None else list(dict.fromkeys(f.family for f in layout.faces.values()))
