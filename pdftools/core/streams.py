"""Decompressed sizes, measured before anything is inflated: the guard against decompression bombs.

A few kilobytes of nested Flate can inflate to terabytes. pdftools never inflates a stream it has not measured
against PDFTOOLS_MAX_STREAM_BYTES: `check()` measures given streams (call it before reading them), `check_pages()`
measures what an interpreter (pdftotext, a renderer) will inflate to draw the given pages, so a bomb is refused
in a second instead of feeding a program for hours. Measuring is cheap: a stream whose raw size times the worst
expansion of its filters fits the budget is not inflated at all; larger ones are inflated in 1 MB pieces that
are counted and dropped. Image data is not measured here (text extraction skips it; renderers are bounded by
PDFTOOLS_MAX_PIXELS and their memory limit).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from pdftools.core import limits
from pdftools.core.decoders import CHUNK, Exceeded, capped, stage
from pdftools.core.objects import text
from pdftools.errors import PdftoolsError

if TYPE_CHECKING:
    import pikepdf

FEW_PAGES = 8  # up to this many pages are found by index; more, by listing the pages once (each costs ~8 indexes)
# Worst-case expansion of each filter: Flate ~1032:1; LZW ~3411:1 (9-bit codes of up to 3838 bytes); RunLength
# 64:1 (2 bytes give 128); ASCII85 4:1 ('z'). Filters not listed (image codecs) are assumed to expand 10,000:1.
RATIO = {"/FlateDecode": 1032, "/LZWDecode": 3411, "/RunLengthDecode": 64, "/ASCII85Decode": 4,
         "/ASCIIHexDecode": 1, "/Crypt": 1}
SHORT = {"/Fl": "/FlateDecode", "/LZW": "/LZWDecode", "/RL": "/RunLengthDecode", "/A85": "/ASCII85Decode",
         "/AHx": "/ASCIIHexDecode"}
UNKNOWN_RATIO = 10_000
DECODED_ON_SAVE = {"/FlateDecode", "/LZWDecode", "/RunLengthDecode", "/ASCII85Decode", "/ASCIIHexDecode"}


def check_pages(pdf: pikepdf.Pdf, numbers: Iterable[int], name: str, *, images: bool = False) -> None:
    """Refuse pages whose drawing inflates more than PDFTOOLS_MAX_STREAM_BYTES (content streams, forms,
    patterns, Type 3 glyphs and annotation appearances, each counted once per page). Renderers pass
    `images`: images count too, by the size they declare (what a renderer decodes, whatever the filter)."""
    numbers = list(numbers)
    if len(numbers) > FEW_PAGES:  # pikepdf's pages[i] lists every page to find one (O(n)): list them once
        listed = [page.obj for page in pdf.pages]
        check_page_objects([(n, listed[n - 1]) for n in numbers], name, images=images)
    else:
        check_page_objects([(n, pdf.pages[n - 1].obj) for n in numbers], name, images=images)


def check_page_objects(pages: Iterable[tuple[int, Any]], name: str, *, images: bool = False) -> None:
    """`check_pages` for pages at hand: (number, page dictionary) pairs, in their order: the error is the first
    refused page's, its number in the error's `page` (the pages before it passed: they can still be read)."""
    limit = limits.STREAM_BYTES.value()
    if limit is None:
        return
    parts: dict[tuple[int, int], list[Any]] = {}  # what shared objects (resources, fonts, forms) draw: once
    bounds: dict[tuple[tuple[int, int], bool], float] = {}
    type3: dict[tuple[int, int], bool] = {}  # whether a font (shared by many pages) is a Type 3 font
    for number, page in pages:
        try:
            _check(list(_drawn(page, images, parts, type3)), f"page {number} of {name}", bounds, limit)
        except PdftoolsError as refused:
            refused.page = number  # type: ignore[attr-defined]
            raise


def check_metadata(pdf: pikepdf.Pdf, name: str) -> None:
    """Refuse an XMP packet that inflates beyond the limit (pikepdf and poppler's pdfinfo read it whole)."""
    import pikepdf

    packet = pdf.Root.get("/Metadata")
    if isinstance(packet, pikepdf.Stream):
        check([packet], f"the XMP metadata of {name}")


def check(streams: list[pikepdf.Stream], what: str) -> None:
    """Refuse `streams` (STREAM_TOO_LARGE) when their data together inflates beyond PDFTOOLS_MAX_STREAM_BYTES;
    they are inflated (in pieces, nothing kept) only when their bound says they might."""
    limit = limits.STREAM_BYTES.value()
    if limit is not None:
        _check([(stream, False) for stream in streams], what, None, limit)


def _check(streams: list[tuple[pikepdf.Stream, bool]], what: str,
           bounds: dict[tuple[tuple[int, int], bool], float] | None, limit: float) -> None:
    """`streams`: each with whether it is drawn as an image (counted by the size it declares), else its data.
    `bounds` keeps the bounds of streams seen before (by object number and that) for the next call."""
    if sum(_bound(s, as_image, bounds) for s, as_image in streams) <= limit:
        return
    budget = limit
    try:
        for stream, as_image in streams:
            budget -= size(stream, budget, declared_size=as_image)
    except Exceeded:
        raise limits.STREAM_BYTES.exceeded(f"{what} decompresses to more than {limit:,.0f} bytes") from None


def check_save(pdf: pikepdf.Pdf, name: str, *, recompress_flate: bool = False) -> None:
    """Refuse (STREAM_TOO_LARGE) to save `pdf` when qpdf would inflate one of its streams beyond the limit on
    the way. Compressing streams on save (pikepdf's default) decodes and re-encodes every stream whose filters
    qpdf can decode, all but a lone /FlateDecode (that too with `recompress_flate`): a 10 KB double-Flate bomb
    cost a plain save 30 s, and `compress` 2 minutes and 8 GB. Each stream is measured on its own (qpdf
    decodes one at a time), and only when its bound says it might be too large."""
    import pikepdf

    limit = limits.STREAM_BYTES.value()
    if limit is None:
        return
    flate = pikepdf.Name.FlateDecode
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Stream):
            continue
        value = obj.get("/Filter")
        if value is None or value == flate and not recompress_flate:  # most streams: nothing to decode
            continue
        filters = _filters(obj)
        if not filters or not set(filters) <= DECODED_ON_SAVE or filters == ["/FlateDecode"] and not recompress_flate:
            continue
        if len(obj.read_raw_bytes()) * math.prod(RATIO[f] for f in filters) <= limit:
            continue
        if exceeds(obj, limit):
            raise limits.STREAM_BYTES.exceeded(f"object {obj.objgen[0]} of {name} decompresses to more than "
                                               f"{limit:,.0f} bytes; saving would inflate it")


def _bound(stream: pikepdf.Stream, as_image: bool, known: dict[tuple[tuple[int, int], bool], float] | None
           ) -> float:
    if known is None or not stream.is_indirect:
        return _declared(stream) or 0 if as_image else bound(stream)
    key = (stream.objgen, as_image)
    if key not in known:
        known[key] = _declared(stream) or 0 if as_image else bound(stream)
    return known[key]


def bound(stream: pikepdf.Stream) -> float:
    """An upper bound of the decoded size of the stream's data: the raw size times the worst expansion of each
    filter. (Whatever its dictionary says: a stream that says it is a 1x1 image is inflated whole when it is read
    as a page's content, an attachment or XMP.)"""
    keys = stream.keys()  # a key looked up that is not there costs pikepdf ~4 µs: content streams have few
    names = _filters(stream) if "/Filter" in keys else []
    return len(stream.read_raw_bytes()) * math.prod(RATIO.get(f, UNKNOWN_RATIO) for f in names)


def _declared(stream: pikepdf.Stream, keys: Any = None) -> int | None:
    """An image's decoded size from its dictionary (up to 4 components): what a renderer decodes when it draws it
    as an image XObject, and no more however far its data would inflate. None for a stream that is no image by its
    /Subtype (`_reads_as_image`) and declares no width and height. Entries are read as poppler reads them: /W, /H,
    /BPC and /IM for /Width, /Height, /BitsPerComponent and /ImageMask (an inline image's names, in an XObject)."""
    keys = stream.keys() if keys is None else keys  # the stream's own (an absent key looked up costs ~4 µs)
    width, height = _entry(stream, keys, "/Width", "/W"), _entry(stream, keys, "/Height", "/H")
    if (width is None or height is None) and not _reads_as_image(stream, keys):
        return None
    try:
        width, height, bits = int(width or 0), int(height or 0), _entry(stream, keys, "/BitsPerComponent", "/BPC")
        bits = 1 if _entry(stream, keys, "/ImageMask", "/IM") else int(8 if bits is None else bits)
    except (TypeError, ValueError, OverflowError):
        return 0  # a renderer cannot draw it either
    return max(width, 0) * max(height, 0) * 4 * max(bits, 1) // 8


def _entry(stream: pikepdf.Stream, keys: Any, name: str, short: str) -> Any:
    """The value of `name`, else of its abbreviation `short`, among `keys` (the stream's own); else None."""
    return stream[name] if name in keys else stream[short] if short in keys else None


def _reads_as_image(stream: pikepdf.Object, keys: Any = None) -> bool:
    """Whether a renderer draws `stream` as an image XObject by its /Subtype: poppler reads a name up to its first
    NUL (`/Image#0`: qpdf reads `/Image` and a NUL). (`/Image#00x` is Image to poppler too, but to qpdf a bad name
    whose key it drops: such a dictionary is known by the width and height it declares, see `_drawn`.)"""
    import pikepdf

    if "/Subtype" not in (stream.keys() if keys is None else keys):
        return False
    subtype = stream["/Subtype"]
    try:
        return isinstance(subtype, pikepdf.Name) and str(subtype).partition("\x00")[0] == "/Image"
    except Exception:  # a name whose bytes are not text: not /Image
        return False


def size(stream: pikepdf.Stream, budget: float, *, declared_size: bool = False) -> int:
    """The decoded size of `stream` (before predictors), inflated in pieces; `Exceeded` beyond `budget`. With
    `declared_size` (a renderer drawing it as an image XObject), an image counts by the size it declares."""
    declared = _declared(stream) if declared_size else None
    if declared is not None:
        if declared > budget:
            raise Exceeded
        return declared
    return sum(len(chunk) for chunk in _decoded(stream, bytes(stream.read_raw_bytes()), _filters(stream), budget))


def decoded_size(stream: pikepdf.Stream, what: str) -> int:
    """The size of `stream`'s data decoded (before predictors), measured in pieces, nothing kept: an attached
    file's, whose dictionary need not say it. STREAM_TOO_LARGE beyond PDFTOOLS_MAX_STREAM_BYTES, naming `what`."""
    limit = limits.STREAM_BYTES.value()
    try:
        return size(stream, math.inf if limit is None else limit, declared_size=False)
    except Exceeded:
        raise limits.STREAM_BYTES.exceeded(f"{what} decompresses to more than {limit:,.0f} bytes") from None


def data_exceeds(stream: pikepdf.Stream, budget: float) -> bool:
    """True when `stream`'s data, through its general filters (Flate, LZW... up to an image codec, which
    decodes to what its image declares), inflates beyond `budget` bytes: an image declaring 10x10 pixels may
    carry gigabytes. Measured in pieces, and only when its raw size does not bound it."""
    general = list(itertools.takewhile(lambda name: name in RATIO, _filters(stream)))
    raw = bytes(stream.read_raw_bytes())
    if len(raw) * math.prod(RATIO[name] for name in general) <= budget:
        return False
    chunks = _decoded(stream, raw, general, budget)
    try:
        for _ in chunks:
            pass
    except Exceeded:
        return True
    return False


def exceeds(stream: pikepdf.Stream, budget: float) -> bool:
    """True when `stream`'s data (its own, not an image's declared size) inflates beyond `budget` bytes."""
    try:
        size(stream, budget, declared_size=False)
    except Exceeded:
        return True
    return False


def filters(stream: pikepdf.Stream) -> list[str]:
    """The stream's filters, full names (`/Fl` is `/FlateDecode`); `?` for an entry that is not a name."""
    return _filters(stream)


def _filters(stream: pikepdf.Stream) -> list[str]:
    import pikepdf

    value = stream.get("/Filter")
    items = list(value) if isinstance(value, pikepdf.Array) else [] if value is None else [value]
    names = [text(item) if isinstance(item, pikepdf.Name) else "?" for item in items]  # "?": not a filter
    return [SHORT.get(name, name) for name in names]


def _early_change(stream: pikepdf.Stream, index: int) -> int:
    import pikepdf

    parms = stream.get("/DecodeParms")
    if isinstance(parms, pikepdf.Array):
        parms = parms[index] if index < len(parms) else None
    if isinstance(parms, pikepdf.Dictionary):
        return int(parms.get("/EarlyChange", 1))
    return 1


def _decoded(stream: pikepdf.Stream, raw: bytes, names: list[str], budget: float) -> Iterator[bytes]:
    """`raw` (the stream's data) through the filters `names`, in pieces of at most CHUNK bytes; `Exceeded` as soon
    as a stage has produced more than `budget` bytes."""
    chunks = capped(iter([raw[i:i + CHUNK] for i in range(0, len(raw), CHUNK)]), budget)
    for index, name in enumerate(names):
        chunks = capped(stage(name, chunks, _early_change(stream, index)), budget)
    return chunks


def _drawn(page: pikepdf.Object, images: bool, known: dict[tuple[int, int], list[Any]] | None = None,
           type3: dict[tuple[int, int], bool] | None = None) -> Iterator[tuple[pikepdf.Stream, bool]]:
    """Every stream an interpreter inflates to draw `page`, once each (cycles and shared objects are fine), with
    whether it is drawn as an image (with `images`: an image XObject, counted by the size it declares; a stream
    drawn as content, a form, a glyph or an appearance is inflated whole whatever its dictionary says). An XObject
    declaring a width and a height counts as an image whatever its /Subtype (`_with_image`). `known`
    keeps what each indirect object draws in turn, for the next page sharing it; `type3` which fonts are Type 3."""
    import pikepdf

    seen: set[tuple[tuple[int, int], bool]] = set()
    todo: list[tuple[Any, bool]] = [(page, False)]
    while todo:
        obj, xobject = todo.pop()
        if not isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
            continue
        with_image = _with_image(obj) if images and xobject and isinstance(obj, pikepdf.Stream) else None
        as_image = with_image is not None
        if obj.is_indirect:
            if (obj.objgen, as_image) in seen:
                continue
            seen.add((obj.objgen, as_image))
        if isinstance(obj, pikepdf.Stream):
            yield obj, as_image
        if with_image is not None:
            todo.extend(with_image)
            continue
        if known is None or not obj.is_indirect:
            todo.extend(_parts(obj, images, type3))
            continue
        key = obj.objgen
        if key not in known:
            known[key] = _parts(obj, images, type3)
        todo.extend(known[key])


def _with_image(stream: pikepdf.Stream) -> list[tuple[Any, bool]] | None:
    """None when a renderer does not draw the XObject `stream` as an image; else what it decodes with it, as in
    `_drawn`: its masks (/SMask, a /Mask stream) as images, and itself as a form too when its /Subtype is not Image
    to pikepdf: poppler may read it differently (`/Image#00x` is Image to it, a key qpdf drops; `/Form#00x` is Form).
    """
    keys = stream.keys()  # looked up once for the three questions
    if _declared(stream, keys) is None:
        return None
    masks = [(stream[key], True) for key in ("/SMask", "/Mask") if key in keys]
    return masks if _reads_as_image(stream, keys) else [(stream, False), *masks]


def _parts(obj: Any, images: bool, type3: dict[tuple[int, int], bool] | None = None) -> list[tuple[Any, bool]]:
    """What drawing `obj` (a page, form, pattern, Type 3 font or annotation) draws in turn, each with whether it is
    an XObject (drawn as its /Subtype says). `type3` keeps whether each indirect font is a Type 3 font, for the
    next page using it."""
    import pikepdf

    keys = obj.keys()  # then only present keys are fetched: looking up an absent one costs pikepdf ~4 µs
    if isinstance(obj, pikepdf.Stream) and "/Resources" not in keys:
        return []  # a content stream, or a form drawing only with what its page has (checked with the page)

    def values(container: Any) -> list[Any]:
        if isinstance(container, pikepdf.Array):
            return list(container)
        return list(container.values()) if isinstance(container, pikepdf.Dictionary) else [container]

    parts = values(_present(obj, "/Contents", keys)) + values(_present(obj, "/CharProcs", keys))
    resources = _present(obj, "/Resources", keys)
    xobjects = []
    if isinstance(resources, pikepdf.Dictionary):
        listed = resources.keys()
        xobjects = [x for x in values(_present(resources, "/XObject", listed)) if images or not _is_image(x)]
        parts += values(_present(resources, "/Pattern", listed))
        parts += [f for f in values(_present(resources, "/Font", listed)) if _is_type3(f, type3)]
    for annot in values(_present(obj, "/Annots", keys)):
        appearance = _get(annot, "/AP")
        parts += values(appearance.get("/N")) if isinstance(appearance, pikepdf.Dictionary) else []
    return [(part, False) for part in parts] + [(x, True) for x in xobjects]


def _present(obj: Any, key: str, keys: Any) -> Any:
    """`obj.get(key)` for a key among `keys` (the object's own), None without asking pikepdf for others."""
    return obj[key] if key in keys else None


def _is_image(obj: Any) -> bool:
    """Whether `obj` is an image XObject (text extraction skips its data). Only /Subtype /Image itself: a name
    text() would read as /Image (its NULs dropped) is not one, so it is measured."""
    import pikepdf

    return isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"


def _is_type3(font: Any, known: dict[tuple[int, int], bool] | None) -> bool:
    """`_get(font, "/Subtype") == "/Type3"`, once for each indirect font (pages share their fonts)."""
    if known is None or not getattr(font, "is_indirect", False):
        return bool(_get(font, "/Subtype") == "/Type3")
    key = font.objgen
    if key not in known:
        known[key] = _get(font, "/Subtype") == "/Type3"
    return known[key]


def _get(obj: Any, key: str) -> Any:
    import pikepdf

    if not isinstance(obj, pikepdf.Dictionary | pikepdf.Stream):
        return None
    value = obj.get(key)
    return text(value) if isinstance(value, pikepdf.Name) else value
