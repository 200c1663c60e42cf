"""What `pdftk FILE dump_data` prints, to the byte, and `dump_data_utf8` (the same with text as UTF-8 instead of
XML entities): the Info dictionary (`InfoBegin`/`InfoKey`/`InfoValue`, in pdftk's order), `PdfID0`/`PdfID1`,
`NumberOfPages`, bookmarks (`BookmarkBegin`/`Title`/`Level`/`PageNumber`), each page's media (`PageMediaBegin`/
`Number`/`Rotation`/`Rect`/`Dimensions`/`CropRect`) and page labels (`PageLabelBegin`/`NewIndex`/`Start`/
`Prefix`/`NumStyle`)."""

from __future__ import annotations

import decimal
import math
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pdftools.document import java_order

if TYPE_CHECKING:
    import pikepdf

ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;"}
_DROPPED = {*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0xFFFE, 0xFFFF}  # XML 1.0 cannot carry them
STYLES = {"/D": "DecimalArabicNumerals", "/R": "UppercaseRomanNumerals", "/r": "LowercaseRomanNumerals",
          "/A": "UppercaseLetters", "/a": "LowercaseLetters"}
MOST_BOOKMARKS = 100_000  # outline items read at most (a loop in /Next or /First ends there)


def dump_data(pdf: pikepdf.Pdf, path: Path, *, utf8: bool = False) -> str:
    """The report pdftk prints for `pdf` (opened from `path`, whose bytes give the Info keys' order)."""
    text = _utf8 if utf8 else escape
    lines = [*_info(pdf, path, text), *_ids(pdf), f"NumberOfPages: {len(pdf.pages)}", *_bookmarks(pdf, text),
             *_media(pdf), *_labels(pdf, text)]
    return "".join(line + "\n" for line in lines)


def escape(text: str) -> str:
    """pdftk's XML escaping: `&<>"'` as entities, characters XML 1.0 cannot carry dropped, and every character
    from U+007F up as a decimal entity (`é` as `&#233;`)."""
    return "".join(ENTITIES.get(c) or ("" if ord(c) in _DROPPED or 0xD800 <= ord(c) <= 0xDFFF
                                        else f"&#{ord(c)};" if ord(c) >= 0x7F else c) for c in text)


def _utf8(text: str) -> str:
    return text


def unicode(value: Any) -> str:
    """A PDF text string as pdftk reads it: UTF-16 after its byte order mark, PDFDocEncoding otherwise."""
    import pikepdf.codec  # noqa: F401 (registers the pdfdoc codec)

    raw = bytes(value)
    if raw[:2] == b"\xfe\xff":
        return raw[2:].decode("utf-16-be", "replace")
    return raw.decode("pdfdoc", "replace")


def _info(pdf: pikepdf.Pdf, path: Path, text: Any) -> Iterator[str]:
    import pikepdf

    info = pdf.trailer.get("/Info")
    if not isinstance(info, pikepdf.Dictionary):
        return
    names = java_order.file_keys(pdf, path, info)
    if names is None or any(_key(name) not in info for name in names):
        names = [str(key)[1:].encode("utf-8", "replace") for key in info]
    for name in java_order.ordered(names):
        value = info.get(_key(name))
        if isinstance(value, pikepdf.String) and unicode(value):  # pdftk leaves out names and empty text
            yield from ("InfoBegin", "InfoKey: " + text(name.decode("latin-1")), "InfoValue: " + text(unicode(value)))


def _key(name: bytes) -> str:
    return "/" + name.decode("utf-8", "replace")


def _ids(pdf: pikepdf.Pdf) -> Iterator[str]:
    import pikepdf

    ids = pdf.trailer.get("/ID")
    for number, value in enumerate(ids if isinstance(ids, pikepdf.Array) else []):
        yield f"PdfID{number}: " + (bytes(value).hex() if isinstance(value, pikepdf.String) else "")


def _bookmarks(pdf: pikepdf.Pdf, text: Any) -> Iterator[str]:
    import pikepdf

    outlines = pdf.Root.get("/Outlines")
    first = outlines.get("/First") if isinstance(outlines, pikepdf.Dictionary) else None
    pages = {page.obj.objgen: number for number, page in enumerate(pdf.pages, 1)}
    stack: list[tuple[Any, int]] = [(first, 1)]
    seen: set[tuple[int, int]] = set()
    while stack and len(seen) < MOST_BOOKMARKS:
        item, level = stack.pop()
        if not isinstance(item, pikepdf.Dictionary) or item.objgen in seen:
            continue
        seen.add(item.objgen)
        title = item.get("/Title")
        yield from ("BookmarkBegin", "BookmarkTitle: " + (text(unicode(title)) if isinstance(title, pikepdf.String)
                                                          else "null"),
                    f"BookmarkLevel: {level}", f"BookmarkPageNumber: {_page_number(pdf, item, pages)}")
        stack += [(item.get("/Next"), level), (item.get("/First"), level + 1)]


def _page_number(pdf: pikepdf.Pdf, item: Any, pages: dict[tuple[int, int], int]) -> int:
    """The 1-based page an outline item goes to, as pdftk finds it (0: none): its /Dest, or its GoTo action's
    /D; a name looked up in the catalog's /Dests, a string in the /Names tree."""
    import pikepdf

    if "/Dest" in item:
        dest = item.Dest
    else:
        action = item.get("/A")
        dest = action.get("/D") if isinstance(action, pikepdf.Dictionary) and action.get("/S") == "/GoTo" else None
    dest = _named(pdf, dest) if isinstance(dest, pikepdf.Name | pikepdf.String) else dest
    if not isinstance(dest, pikepdf.Array) or len(dest) == 0 or not isinstance(dest[0], pikepdf.Dictionary):
        return 0
    return pages.get(dest[0].objgen, 1)


def _named(pdf: pikepdf.Pdf, name: Any) -> Any:
    import pikepdf

    root = pdf.Root
    if isinstance(name, pikepdf.Name):
        found = root.Dests.get(name) if isinstance(root.get("/Dests"), pikepdf.Dictionary) else None
    else:
        names = root.get("/Names")
        tree = names.get("/Dests") if isinstance(names, pikepdf.Dictionary) else None
        found = pikepdf.NameTree(tree).get(str(name)) if isinstance(tree, pikepdf.Dictionary) else None
    return found.get("/D") if isinstance(found, pikepdf.Dictionary) else found


def _media(pdf: pikepdf.Pdf) -> Iterator[str]:
    for number, page in enumerate(pdf.pages, 1):
        rotation = _int(page.obj.get("/Rotate"), 0) % 360
        yield from ("PageMediaBegin", f"PageMediaNumber: {number}", f"PageMediaRotation: {rotation}")
        media = _box(page.obj.get("/MediaBox"))
        if media is None:
            continue
        left, bottom, right, top = media
        yield "PageMediaRect: " + " ".join(map(java_number, media))
        yield f"PageMediaDimensions: {java_number(_float(right - left))} {java_number(_float(top - bottom))}"
        crop = _box(page.obj.get("/CropBox"))
        if crop is not None and crop != media:
            yield "PageMediaCropRect: " + " ".join(map(java_number, crop))


def _box(value: Any) -> tuple[float, float, float, float] | None:
    """A page box as pdftk reads it: four numbers as 32-bit floats, lower left first."""
    import pikepdf

    if not isinstance(value, pikepdf.Array) or len(value) < 4 or not all(_is_number(v) for v in value[:4]):
        return None
    x1, y1, x2, y2 = (_float(float(v)) for v in value[:4])
    return min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float | decimal.Decimal) and not isinstance(value, bool)


def _int(value: Any, default: int) -> int:
    """A number as Java's intValue() reads it (towards zero), or `default` for what is not a number."""
    return int(value) if _is_number(value) else default


def _float(value: float) -> float:
    """`value` as Java's float (32 bits) holds it."""
    try:
        return float(struct.unpack("f", struct.pack("f", value))[0])
    except OverflowError:
        return math.copysign(math.inf, value)


def java_number(value: float) -> str:
    """A number as Java's `NumberFormat.getInstance(Locale.ROOT)` writes it: at most three decimals (half to
    even, from the exact binary value), thousands grouped by commas, `-0` for a negative that rounds to 0."""
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if math.isinf(value) or math.isnan(value):
        return sign + "∞" if math.isinf(value) else "NaN"
    with decimal.localcontext() as context:
        context.prec = 80
        rounded = abs(decimal.Decimal(value)).quantize(decimal.Decimal("0.001"), rounding=decimal.ROUND_HALF_EVEN)
    whole, _, fraction = f"{rounded:f}".partition(".")
    fraction = fraction.rstrip("0")
    return f"{sign}{int(whole):,}" + (f".{fraction}" if fraction else "")


def _labels(pdf: pikepdf.Pdf, text: Any) -> Iterator[str]:
    import pikepdf

    tree = pdf.Root.get("/PageLabels")
    if isinstance(tree, pikepdf.Dictionary):
        yield from _label_node(tree, text, 0)


def _label_node(node: Any, text: Any, depth: int) -> Iterator[str]:
    import pikepdf

    nums, kids = node.get("/Nums"), node.get("/Kids")
    if isinstance(nums, pikepdf.Array):
        for index, label in zip(nums[::2], nums[1::2], strict=False):
            if not _is_number(index) or not isinstance(label, pikepdf.Dictionary):
                yield "[PDFTK ERROR: INVALID label_p IN ReportPageLabelNode]"
                continue
            yield from _label(int(index), label, text)
    elif isinstance(kids, pikepdf.Array) and depth < 32:
        for kid in kids:
            if isinstance(kid, pikepdf.Dictionary):
                yield from _label_node(kid, text, depth + 1)
            else:
                yield "[PDFTK ERROR: INVALID kid_p]"
    else:
        yield "[PDFTK ERROR: INVALID PAGE LABEL NUMBER TREE]"


def _label(index: int, label: Any, text: Any) -> Iterator[str]:
    import pikepdf

    start, prefix, style = label.get("/St"), label.get("/P"), label.get("/S")
    yield from ("PageLabelBegin", f"PageLabelNewIndex: {index + 1}",
                f"PageLabelStart: {_int(start, 1)}")
    if isinstance(prefix, pikepdf.String):
        yield "PageLabelPrefix: " + text(unicode(prefix))
    shown = STYLES.get(str(style), "[PDFTK ERROR]") if isinstance(style, pikepdf.Name) else "NoNumber"
    yield "PageLabelNumStyle: " + shown
