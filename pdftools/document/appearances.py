"""Text drawn into form-field appearances in the field's own font encoding.

qpdf (behind pikepdf's default appearance generator) encodes a value in ASCII, WinAnsiEncoding or
MacRomanEncoding only, and writes `?` for any other character: a font with a /Differences encoding (pdflatex's
hyperref gives /Helv PDFDocEncoding that way) loses `ë`. After qpdf has laid a value out, each string it drew
with a `?` in place of a character is re-encoded here from the font's real encoding; a standard font without
an encoding is given WinAnsiEncoding in that appearance only; a character the font cannot draw is refused.

qpdf draws a list box as rows of its options with one chosen row highlighted, and reads one value only: a
multi-select list box holding several choices is drawn by qpdf for its first choice, and the others are
highlighted the same way (`draw`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pdftools.document.resources import instructions
from pdftools.errors import InvalidFieldValue

if TYPE_CHECKING:
    import pikepdf

SHOWS = {"Tj", "'", '"'}
LINE_BREAK = re.compile(r"\r\n|\r|\n")
STANDARD = ("Helvetica", "Times", "Courier")  # the standard 14's text fonts (not Symbol, ZapfDingbats)


def draw(field: Any, annot: Any) -> None:
    """Draw a text or choice field's normal appearance in `annot` as qpdf does, re-encoded where qpdf could not
    encode it (`redraw`), every choice of a multi-select list box highlighted."""
    import pikepdf

    held = field.obj.get("/V")
    chosen = _chosen_rows(field.obj, held) if isinstance(held, pikepdf.Array) else []
    if chosen:
        field.obj.V = _export(field.obj.Opt[chosen[0]])  # qpdf lays the rows out around it, highlighted
    one_line = _one_line(field, held)
    if one_line is not None:
        field.obj.V = pikepdf.String(one_line)
    try:
        field.generate_appearance(annot)
        redraw(field, annot, field.fully_qualified_name)
        highlight(annot, [row - chosen[0] for row in chosen[1:]])
    finally:
        if chosen or one_line is not None:
            field.obj.V = held


def _one_line(field: Any, held: Any) -> str | None:
    """A one-line text field's value with line breaks, drawn as pdftk draws it: a space for each break (qpdf
    drops them, running the words together); None for any other field or value."""
    import pikepdf

    if not isinstance(held, pikepdf.String) or not field.is_text or int(field.flags) & (1 << 12):  # multiline
        return None
    text = str(held)
    spaced = LINE_BREAK.sub(" ", text)
    return spaced if spaced != text else None


def _chosen_rows(obj: Any, held: Any) -> list[int]:
    """The options (0-based, ascending) an array /V holds, by their export values (/I is optional)."""
    values = {str(v) for v in held}  # as text: a producer may write the options in UTF-16, a filler not
    return [i for i, option in enumerate(obj.get("/Opt") or []) if str(_export(option)) in values]


def _export(option: Any) -> Any:
    """An /Opt entry's export value: the entry, or the first of an [export, display] pair."""
    import pikepdf

    return option[0] if isinstance(option, pikepdf.Array) else option


def redraw(field: Any, annot: Any, name: str) -> None:
    """Re-encode `field`'s value wherever qpdf drew it with `?` in `annot`'s normal appearance."""
    import pikepdf

    value = field.value_as_string
    stream = annot.obj.get("/AP", {}).get("/N")
    if value.isascii() or not isinstance(stream, pikepdf.Stream):
        return
    ops: list[Any] = instructions(stream)
    font, changed = None, False
    for i, (operands, op) in enumerate(ops):
        if str(op) == "Tf":
            font = operands[0]
        elif str(op) in SHOWS and font is not None and _placeholder(bytes(operands[-1]), value):
            operands = list(operands[:-1]) + [pikepdf.String(_encoded(stream, font, value, name))]
            ops[i], changed = pikepdf.ContentStreamInstruction(operands, op), True
    if changed:
        stream.write(pikepdf.unparse_content_stream(ops))


def _placeholder(drawn: bytes, value: str) -> bool:
    """Whether `drawn` is `value` as qpdf writes it, with a `?` for at least one character it could not encode."""
    return len(drawn) == len(value) and any(
        b == ord("?") and not c.isascii() for b, c in zip(drawn, value, strict=True)
    ) and all(b == ord(c) or not c.isascii() for b, c in zip(drawn, value, strict=True))


def _encoded(stream: Any, font_name: pikepdf.Name, value: str, name: str) -> bytes:
    from pikepdf.canvas import SimpleFont

    fonts: Any = stream.get("/Resources", {}).get("/Font", {})
    data: Any = fonts.get(font_name)
    if data is None:
        raise InvalidFieldValue(f"field {name!r}: its appearance has no font {font_name} to draw {value!r}")
    base = str(data.get("/BaseFont", "/?"))[1:]
    if "/Encoding" not in data and data.get("/Subtype") == "/Type1" and base.startswith(STANDARD):
        data = _winansi(stream, font_name, data)
    try:
        encoded = bytes(SimpleFont(data).encode(value))
    except (NotImplementedError, UnicodeEncodeError, ValueError, TypeError):
        encoded = b""
    if len(encoded) != len(value):
        missing = "".join(dict.fromkeys(c for c in value if not _drawable(data, c)))
        raise InvalidFieldValue(f"field {name!r}: its font {base} cannot draw {missing or value!r}",
                                hint="Leave those characters out, or fill the form in a PDF editor that embeds "
                                     "a font with them; nothing was written.")
    return encoded


def _drawable(data: Any, char: str) -> bool:
    from pikepdf.canvas import SimpleFont

    try:
        return len(bytes(SimpleFont(data).encode(char))) == 1
    except (NotImplementedError, UnicodeEncodeError, ValueError, TypeError):
        return False


def _winansi(stream: pikepdf.Stream, font_name: pikepdf.Name, data: Any) -> Any:
    """A standard font's own encoding lacks accents: a WinAnsi copy of it, in this appearance's resources only
    (the resources and the font may be shared with the form's other fields)."""
    from pikepdf import Dictionary, Name

    font = Dictionary({**dict(data.items()), "/Encoding": Name.WinAnsiEncoding})
    fonts = Dictionary({**dict(stream.Resources.Font.items()), str(font_name): font})
    stream.Resources = Dictionary({**dict(stream.Resources.items()), "/Font": fonts})
    return font


def highlight(annot: Any, rows: list[int]) -> None:
    """Highlight more rows of the list box qpdf drew in `annot`'s normal appearance, as it highlighted its chosen
    row: each of `rows` counts from that row (1: the next one down); a row it did not draw is left out."""
    import pikepdf

    stream = annot.obj.get("/AP", {}).get("/N")
    if not isinstance(stream, pikepdf.Stream) or not rows:
        return
    ops: list[Any] = instructions(stream)
    at = _highlighted(ops)
    if at is None:  # no row highlighted (a list box too short for two rows)
        return
    x, y, width, height = (float(v) for v in ops[at][0])
    rows_drawn = [(operands, str(op)) for operands, op in ops[at:]]
    rows_drawn = rows_drawn[:next((i for i, (_, op) in enumerate(rows_drawn) if op == "EMC"), len(rows_drawn))]
    lines = sum(op == "Tj" for _, op in rows_drawn)
    baseline = next((float(operands[1]) for operands, op in rows_drawn if op == "Td"), y)  # the first row's
    above = int((baseline - y) // height)  # rows over the highlighted one (a row's baseline lies inside it)
    added = [pikepdf.ContentStreamInstruction(args, pikepdf.Operator(op))
             for row in rows if 0 <= above + row < lines
             for args, op in (([x, y - row * height, width, height], "re"), ([], "f"))]
    ops[at + 2:at + 2] = added
    stream.write(pikepdf.unparse_content_stream(ops))


def _highlighted(ops: list[Any]) -> int | None:
    """Where qpdf's highlighted row is (its `re`), first in the field's marked content: `/Tx BMC q ... rg x y w h
    re f` (what a producer drew around the marked content, a border or a background, is not it)."""
    names = [str(op) for _, op in ops]
    for at, (operands, op) in enumerate(ops):
        if str(op) == "BMC" and [str(o) for o in operands] == ["/Tx"]:
            return at + 3 if names[at + 1:at + 5] == ["q", "rg", "re", "f"] else None
    return None
