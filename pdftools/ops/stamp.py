"""Stamp text or a PDF page on pages: watermarks, page numbers, Bates numbers.

Text (Helvetica; other scripts in installed fonts that have them, or {{font}}, embedded; upright on rotated
pages) takes `{page}` and `{pages}`: `"Page {page} of {pages}"`, Bates `"ACME-{page:06}"` with {{start}} 1001.
`{page}` counts from {{start}}; `{pages}` is the file's page count, whatever {{start}} (as Acrobat's header and
footer count). A PDF stamp is scaled to fit each page, centred: a stamp of one page goes on every page; of several
(`stamp.pdf`, `stamp.pdf:1-3`), its i-th page on the i-th page stamped (as qpdf's --overlay with --from and
--to), then {{repeat}}'s pages over and over.
"""

from __future__ import annotations

import math
import string
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pdftools.core import naming, results, streams, task
from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Pages,
    open_job,
    select_pages,
)
from pdftools.core.inputs import split_spec
from pdftools.core.params import Cli, Param, Passwords
from pdftools.core.paths import input_path
from pdftools.core.pdf import Keys, add_resource, open_other, page_list
from pdftools.document import drawn_text
from pdftools.document.arrange import upright
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    import pikepdf

Position = Literal["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]
# pdfcpu's anchors (`pos:bc`) and its long names for them, taken as other names of ours (its `l`, `r`: left, right)
PDFCPU_POSITIONS = {"c": "center", "tc": "top", "topcenter": "top", "top-center": "top", "bc": "bottom",
                    "bottomcenter": "bottom", "bottom-center": "bottom", "l": "left", "r": "right",
                    "tl": "top-left", "topleft": "top-left", "tr": "top-right", "topright": "top-right",
                    "bl": "bottom-left", "bottomleft": "bottom-left", "br": "bottom-right",
                    "bottomright": "bottom-right"}
COLOURS = {"black": "000000", "white": "ffffff", "red": "ff0000", "green": "008000", "blue": "0000ff",
           "gray": "808080", "grey": "808080", "lightgray": "d3d3d3", "orange": "ffa500"}
# display coordinates -> user space, by page rotation (w, h: the crop box's width and height)
_TO_USER = {0: lambda w, h: (1, 0, 0, 1, 0, 0), 90: lambda w, h: (0, 1, -1, 0, w, 0),
            180: lambda w, h: (-1, 0, 0, -1, w, h), 270: lambda w, h: (0, -1, 1, 0, 0, h)}


@dataclass
class StampResult(Edited):
    stamped: list[int]
    """Pages stamped."""
    first: str
    """The text as stamped on the first of them (or the stamp PDF)."""
    echoes: ClassVar = ("first",)  # what the caller gave, said back: a front end may shorten it
    table_labels: ClassVar = {"first": "first stamp"}  # a person reads `first  Page 1 of 4`: the first what?

    pdfcpu_marks = ""  # (no field) pdfcpu's `%p` / `%P` found in the text, stamped as given: a person is told

    fonts_found = ""  # (no field) the installed fonts picked for text Helvetica cannot show: a person is told

    off_page = ""  # (no field) text cut at the page's edge, said to people, scripts and agents

    def notes(self) -> list[str]:
        """For people (the CLI's stderr): the fonts picked for the text."""
        if self.fonts_found:
            return [f"the text is drawn in {self.fonts_found} (installed fonts that have its characters, embedded); "
                    "--font chooses another"]
        return []

    def shortfalls(self) -> list[str]:
        """Other than asked, said to people, scripts and agents alike: pdfcpu's page marks in the text stamped as
        they are (no page number); text longer than the page cut at its edges."""
        said = [self.off_page] if self.off_page else []
        if self.pdfcpu_marks:
            said.insert(0, f"{self.pdfcpu_marks} stamped as written: pdftools numbers pages with {{page}} and "
                           "{pages} (pdfcpu's %p and %P), e.g. {{text}} 'Page {page} of {pages}'")
        return said


def stamp(
    input: Input,
    text: Annotated[
        str | None, Param("Text to stamp; {page} and {pages} (the file's page count) are replaced (`{page:04}` pads)"),
    ] = None,
    pdf: Annotated[str | None, Param("A PDF to stamp instead of text: `stamp.pdf`, or its pages `stamp.pdf:2`")] = None,
    pages: Pages = None,
    position: Annotated[Position, Param("Where on the page (text){{cli:: center, top, bottom, left, right, top-left, "
                                        "top-right, bottom-left, bottom-right; pdfcpu's `bc`, `tl`... too}}",
                                        aliases=PDFCPU_POSITIONS), Cli(metavar="WHERE")] = "center",
    font: Annotated[str | None, Param("TrueType/OpenType font file (`f.ttf`, `f.ttc#1`) or installed family; default: "
                                      "Helvetica, else installed fonts that have the text's characters"),
                    Cli(metavar="FONT")] = None,
    font_size: Annotated[float, Param("Text size in points", ge=1, le=1000)] = 12,
    color: Annotated[str, Param("Text colour: #rrggbb, #rgb or a name (black, gray, red...)")]
    = "black",
    opacity: Annotated[float, Param("0 (invisible) to 1 (opaque)", ge=0, le=1)] = 1.0,
    angle: Annotated[float, Param("Text angle in degrees, counter-clockwise")] = 0,
    margin: Annotated[float, Param("Distance from the page edge in points (text)", ge=0)] = 36,
    start: Annotated[int, Param("{page} of page 1 (Bates: 1001)", ge=0)] = 1,
    underlay: Annotated[bool, Param("Put the stamp under the page content")] = False,
    repeat: Annotated[str | None, Param("{{pdf}} pages used in turn, over and over, after those it names (as "
                                        "qpdf's)", empty_is_default=True), Cli(metavar="PAGES")] = None,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Passwords = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> StampResult:
    if (text is None) == (pdf is None):
        raise InvalidArgument("give either --text or --pdf", hint="E.g. --text 'Page {page} of {pages}'.")
    if text is not None and all(c.isspace() or unicodedata.category(c) == "Cf" for c in text):  # (bidi marks,
        # joiners: a right-to-left editor's empty field) draws nothing
        raise InvalidArgument("the text to stamp is empty", hint="E.g. --text 'Page {page} of {pages}'.")
    if text is not None and repeat is not None:
        raise InvalidArgument("{{repeat}} picks pages of a {{pdf}} stamp, not of text",
                              hint="Leave it out: text goes on every page named by {{pages}}.")
    if pdf is not None:
        _text_only({"position": position != "center", "font": font is not None, "font_size": font_size != 12,
                    "color": color != "black",
                    "angle": angle != 0, "margin": margin != 36, "start": start != 1})
    rgb = _colour(color)
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="stamped", password=password, in_place=in_place, force=force)
    count = len(job.pdf.pages)
    given = select_pages(pages, count, job.src)  # in the order given: a PDF stamp's pages go on them so
    numbers = sorted(set(given))
    found: list[str] = []  # installed fonts picked for the text
    cut: list[tuple[int, str, int]] = []  # pages the text runs off: number, size, the font size that fits
    if text is not None:
        texts = [_fill(text, n - 1 + start, count) for n in numbers]
        lines, found = drawn_text.lines(job.pdf, texts, font)  # every page checked before any is changed
        style = _style(job.pdf, rgb, opacity)
        listed = page_list(job.pdf)
        for done, (number, line) in enumerate(zip(numbers, lines, strict=True), 1):
            task.check()
            fits = _stamp_text(listed[number - 1], line, style, font_size, position, angle, margin, underlay,
                               number)
            if fits is not None:
                cut.append((number, *fits))
            task.progress(done, len(numbers), "stamp")
        first = texts[0]
    else:
        first, numbers = _stamp_pdf(job.pdf, given, pdf or "", password, underlay, opacity, repeat,
                                    name=results.input_name(input, job.src.name))
    result = StampResult(**job.save(decrypt), stamped=numbers, first=first)
    result.fonts_found = " and ".join(found)
    if cut:
        result.off_page = _off_page(cut)
    result.pdfcpu_marks = " and ".join(mark for mark in ("%p", "%P") if text is not None and mark in text)
    return result


def _off_page(cut: list[tuple[int, str, int]]) -> str:
    """What a person, a script or an agent is told of the pages the text runs off (number, size shown, the font
    size that fits), naming the option `{{font_size}}`."""
    more = len(cut) - 1
    others = f" and {more} other page{'s' if more > 1 else ''}" if more else ""
    fits = min(size for *_, size in cut)
    way = f"a {{{{font_size}}}} of at most {fits} fits it" if fits else "a smaller {{font_size}} or a shorter text"
    return f"the text runs off page {cut[0][0]} ({cut[0][1]}){others} and is cut at the edge: {way}"


def _text_only(given: dict[str, bool]) -> None:
    """Refuse what shapes a text stamp when the stamp is a PDF page (it is scaled to fit, centred)."""
    wrong = [f"{{{{{name}}}}}" for name, is_given in given.items() if is_given]
    if wrong:
        raise InvalidArgument(f"{', '.join(wrong)} shape a text stamp; a PDF stamp is scaled to fit each page, "
                              "centred", hint="Leave them out with {{pdf}}, or make the stamp page as it should "
                                              "look.")


def _colour(name: str) -> tuple[float, float, float]:
    value = COLOURS.get(name.lower(), name.lower().lstrip("#"))
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    if len(value) != 6 or any(c not in string.hexdigits for c in value):
        raise InvalidArgument(f"cannot read the colour {name!r}",
                              hint=f"Use #rrggbb, #rgb or one of: {', '.join(COLOURS)}.")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _fill(template: str, page: int, pages: int) -> str:
    return naming.fill(template, f"the text {template!r}", "Placeholders are {page} and {pages}, e.g. 'Page {page} "
                       "of {pages}', 'ACME-{page:06}'; write {{ and }} for braces.", page=page, pages=pages)


@dataclass
class _Style:
    state: pikepdf.Object
    """The graphics state with the opacity."""
    rgb: tuple[float, float, float]


def _style(pdf: pikepdf.Pdf, rgb: tuple[float, float, float], opacity: float) -> _Style:
    from pikepdf import Dictionary, Name

    state = pdf.make_indirect(Dictionary(Type=Name.ExtGState, ca=opacity, CA=opacity))
    return _Style(state, rgb)


def _stamp_text(page: pikepdf.Page, line: drawn_text.Line, style: _Style, size: float, position: str,
                angle: float, margin: float, underlay: bool, number: int = 1) -> tuple[str, int] | None:
    """Stamp the line; when it runs off the page (cut at its edge), the page's size as shown and the largest whole
    font size that fits (0: none does), else None."""
    from pikepdf import Name

    x0, y0, x1, y1 = (float(v) for v in page.cropbox)
    w, h = x1 - x0, y1 - y0
    rotation = upright(page)
    width, height = (h, w) if rotation in (90, 270) else (w, h)  # as displayed
    text_w, text_h, cx, cy = _placed(line, size, position, margin, width, height)
    if not (0 <= cx <= width and 0 <= cy <= height):  # nothing would show, and the page would say it was stamped
        raise InvalidArgument(f"a {{{{margin}}}} of {margin:g} pt puts the stamp off page {number} ({width:g} x "
                              f"{height:g} pt)", hint="Give a margin under half the page's width and height.")
    a, b, c, d, e, f = _TO_USER[rotation](w, h)
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    names: dict[int, pikepdf.Name] = {}  # each font once on the page, whatever runs use it
    for piece, _ in line.pieces:
        if piece.objgen[0] not in names:
            names[piece.objgen[0]] = add_resource(page, piece, Name.Font, "Fst")
    state = add_resource(page, style.state, Name.ExtGState, "Gst")
    r, g, bl = style.rgb
    ops = (f"q {a} {b} {c} {d} {e + x0:.3f} {f + y0:.3f} cm 1 0 0 1 {cx:.3f} {cy:.3f} cm "
           f"{cos:.5f} {sin:.5f} {-sin:.5f} {cos:.5f} 0 0 cm {state} gs {r:.3f} {g:.3f} {bl:.3f} rg "
           f"BT {names[line.pieces[0][0].objgen[0]]} {size:g} Tf {-text_w / 2:.3f} {-text_h / 2:.3f} Td ").encode()
    shown = [(b"" if i == 0 else f" {names[font.objgen[0]]} {size:g} Tf ".encode()) + operand + b" Tj"
             for i, (font, operand) in enumerate(line.pieces)]
    content = ops + b"".join(shown) + b" ET Q\n"
    if underlay:
        page.contents_add(content, prepend=True)
    else:
        page.contents_add(b"q\n", prepend=True)
        page.contents_add(b"\nQ\n" + content)
    if _inside(line, size, position, angle, margin, width, height):
        return None
    fits = max((s for s in range(int(size), 0, -1) if _inside(line, s, position, angle, margin, width, height)),
               default=0)
    return f"{width:g} x {height:g} pt", fits


def _inside(line: drawn_text.Line, size: float, position: str, angle: float, margin: float, width: float,
            height: float) -> bool:
    """Whether the line's box (its advance by its cap height), turned by `angle`, lies on the page (half a point's
    leeway), placed as _stamp_text places it."""
    text_w, text_h, cx, cy = _placed(line, size, position, margin, width, height)
    cos, sin = abs(math.cos(math.radians(angle))), abs(math.sin(math.radians(angle)))
    half_x, half_y = (cos * text_w + sin * text_h) / 2, (sin * text_w + cos * text_h) / 2
    return cx - half_x >= -0.5 and cx + half_x <= width + 0.5 and cy - half_y >= -0.5 and cy + half_y <= height + 0.5


def _placed(line: drawn_text.Line, size: float, position: str, margin: float, width: float,
            height: float) -> tuple[float, float, float, float]:
    """The line's width and cap height at `size`, and its centre on the page as displayed (`position`, `margin`)."""
    text_w, text_h = line.units * size / 1000, line.cap * size
    cx = {"left": margin + text_w / 2, "right": width - margin - text_w / 2}.get(_side(position, 1), width / 2)
    cy = {"top": height - margin - text_h / 2, "bottom": margin + text_h / 2}.get(_side(position, 0), height / 2)
    return text_w, text_h, cx, cy


def _side(position: str, axis: int) -> str:
    """`top-left` -> top (axis 0) or left (axis 1); `top` -> top or ""; `left` -> "" or left."""
    parts = position.split("-")
    if axis == 0:
        return parts[0] if parts[0] in ("top", "bottom") else ""
    return parts[-1] if parts[-1] in ("left", "right") else ""


def _stamp_pdf(pdf: pikepdf.Pdf, numbers: list[int], spec: str, password: Keys, underlay: bool,
               opacity: float = 1.0, repeat: str | None = None, name: str = "") -> tuple[str, list[int]]:
    """Stamp the pages of `spec` on the pages `numbers`, in their order: one stamp page on each; several in turn,
    the i-th on the i-th page, then those of `repeat` over and over, none when it is not given (qpdf's --overlay
    with --to, --from and --repeat; pdftk's multistamp). What the first page got, and the pages stamped."""
    raw, page_spec = split_spec(spec)
    path = input_path(raw)
    source = open_other(path, password, pdf, name)  # (`name`: the input's, for its error)
    picked = select_pages(page_spec, len(source.pages), path)
    again = select_pages(repeat, len(source.pages), path) if repeat is not None else []
    if len(picked) == 1 and not again:  # one page goes on every page
        picked, again = [], picked
    streams.check_pages(source, dict.fromkeys(picked + again), str(path))  # its content is decoded into the forms
    pairs = list(zip(numbers, _in_turn(picked, again, len(numbers)), strict=False))
    forms: dict[int, pikepdf.Object] = {}  # each stamp page copied once
    listed = page_list(pdf)
    for number, chosen in pairs:
        if chosen not in forms:
            forms[chosen] = pdf.copy_foreign(source.pages[chosen - 1].as_form_xobject())
            forms[chosen] = _faded(pdf, forms[chosen], opacity) if opacity < 1 else forms[chosen]
        _place(listed[number - 1], forms[chosen], underlay)
    return f"{path.name}:{pairs[0][1]}" if pairs else path.name, sorted({number for number, _ in pairs})


def _place(page: pikepdf.Page, form: pikepdf.Object, under: bool) -> None:
    """The form drawn over (or under) the page, fitted to its crop box, as pikepdf's add_overlay/add_underlay
    draw it, but under a name of the same run after run (`add_resource`): theirs is random, so the same input
    and options gave other bytes each time."""
    from pikepdf import Name, Rectangle

    name = add_resource(page, form, Name.XObject, "Fx")
    drawn = page.calc_form_xobject_placement(form, name, Rectangle(*(float(v) for v in page.cropbox)),
                                             allow_shrink=True, allow_expand=True)
    if not under:
        page.contents_add(b"q\n", prepend=True)  # the page's own state ends before the stamp is drawn
        page.contents_add(b"Q\n", prepend=False)
    page.contents_add(drawn, prepend=under)
    page.contents_coalesce()


def _in_turn(first: list[int], again: list[int], count: int) -> list[int]:
    """`count` stamp pages: those of `first` once, then those of `again` round and round (fewer without it)."""
    more = max(count - len(first), 0) if again else 0
    return first[:count] + [again[i % len(again)] for i in range(more)]


def _faded(pdf: pikepdf.Pdf, form: pikepdf.Object, opacity: float) -> pikepdf.Object:
    """The form drawn at `opacity`: a form around it that sets the opacity and draws it, its box the form's
    box as the form's matrix places it (so it is placed as the form would be: a rotated page's too)."""
    from pikepdf import Array, Dictionary, Matrix, Name, Stream

    state = Dictionary(Type=Name.ExtGState, ca=opacity, CA=opacity)
    outer = Stream(pdf, b"/Gst0 gs /Fst0 Do")
    outer.Type, outer.Subtype = Name.XObject, Name.Form
    matrix = Matrix(*(float(v) for v in form.get("/Matrix", Array([1, 0, 0, 1, 0, 0]))))
    x0, y0, x1, y1 = (float(v) for v in form.BBox)
    corners = [matrix.transform((x, y)) for x in (x0, x1) for y in (y0, y1)]
    outer.BBox = Array([min(c[0] for c in corners), min(c[1] for c in corners),
                        max(c[0] for c in corners), max(c[1] for c in corners)])
    outer.Resources = Dictionary(XObject=Dictionary(Fst0=form), ExtGState=Dictionary(Gst0=state))
    return pdf.make_indirect(outer)
