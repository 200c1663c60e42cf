"""A PDF's structure as `inspect` reports it: fonts (as pdffonts names them), images (as `pdfimages -list`
does), page boxes and labels, actions and JavaScript, standards claimed (PDF/A, PDF/UA) and signatures."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pdftools.core.objects import text
from pdftools.core.pages import spec
from pdftools.core.pdf import page_list
from pdftools.document import resources

if TYPE_CHECKING:
    import pikepdf


@dataclass
class Font:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    name: str
    type: str
    """As pdffonts names it: Type 1, Type 1C, Type 3, TrueType, CID Type 0C, CID TrueType, ... (OT)."""
    encoding: str
    embedded: bool
    subset: bool
    unicode: bool
    """A ToUnicode map: the text can be copied and searched."""
    object: int | None
    pages: list[int] = field(default_factory=list)
    table_columns = ("name", "type", "encoding", "embedded", "subset", "unicode", "object", "on_pages")

    @property
    def on_pages(self) -> str:
        """The pages that use the font, as a page spec (`1-3,7`)."""
        return spec(self.pages)


@dataclass
class Image:
    __pydantic_config__ = {"use_attribute_docstrings": True}
    page: int
    type: str
    """image, mask, smask or stencil (pdfimages' names)."""
    width: int
    height: int
    color: str
    components: int | None
    bits: int
    filter: str
    """jpeg, jp2, jbig2, ccitt or image (anything else), as pdfimages."""
    x_dpi: int
    y_dpi: int
    """The resolution where the image is drawn on the page."""
    object: int | None
    """None for an inline image."""
    size: int
    """Bytes in the file."""
    table_columns = ("page", "type", "width", "height", "color", "bits", "filter", "x_dpi", "y_dpi", "object")


FONT_TYPES = {"/Type1": "Type 1", "/MMType1": "Type 1", "/Type3": "Type 3", "/TrueType": "TrueType",
              "/CIDFontType0": "CID Type 0", "/CIDFontType2": "CID TrueType"}
ENCODINGS = {"/DCTDecode": "jpeg", "/JPXDecode": "jp2", "/JBIG2Decode": "jbig2", "/CCITTFaxDecode": "ccitt"}


def fonts(pdf: pikepdf.Pdf, numbers: list[int]) -> list[Font]:
    """Each font once (by object), with the pages whose resources (or forms') hold it."""
    found: dict[Any, Font] = {}
    listed = page_list(pdf)
    for number in numbers:
        for key, font in _page_fonts(listed[number - 1].obj):
            entry = found.get(key) or found.setdefault(key, describe_font(font))
            if number not in entry.pages:
                entry.pages.append(number)
    return list(found.values())


def _page_fonts(page: Any) -> Iterator[tuple[Any, Any]]:
    import pikepdf

    seen: set[tuple[int, int]] = set()
    todo = [page]
    while todo:
        holder = todo.pop()
        res = resources.resources(holder)
        if res is None:
            continue
        for name, font in resources.entries(res.get("/Font")):
            if isinstance(font, pikepdf.Dictionary):
                yield (font.objgen if font.is_indirect else (id(holder), name)), font
        for annot in _appearances(holder):
            if annot.objgen not in seen:
                seen.add(annot.objgen)
                todo.append(annot)
        for _, xobject in resources.entries(res.get("/XObject")):
            if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == "/Form" and \
                    xobject.objgen not in seen:
                seen.add(xobject.objgen)
                todo.append(xobject)


def _appearances(holder: Any) -> list[Any]:
    """The normal appearance streams of a page's annotations (their fonts are the page's too, for pdffonts)."""
    import pikepdf

    annots = holder.get("/Annots") if isinstance(holder, pikepdf.Dictionary) else None
    found = []
    for annot in annots if isinstance(annots, pikepdf.Array) else []:
        ap = annot.get("/AP") if isinstance(annot, pikepdf.Dictionary) else None
        normal = ap.get("/N") if isinstance(ap, pikepdf.Dictionary) else None
        states = normal.values() if isinstance(normal, pikepdf.Dictionary) else [normal]
        found += [s for s in states if isinstance(s, pikepdf.Stream)]
    return found


def describe_font(font: Any) -> Font:
    import pikepdf

    subtype = text(font.get("/Subtype"))
    base = font
    if subtype == "/Type0":
        kids = font.get("/DescendantFonts")
        base = kids[0] if isinstance(kids, pikepdf.Array) and len(kids) and isinstance(
            kids[0], pikepdf.Dictionary) else font
    kind = FONT_TYPES.get(text(base.get("/Subtype")), subtype[1:] or "?")
    descriptor = base.get("/FontDescriptor")
    program = next((descriptor.get(k) for k in ("/FontFile", "/FontFile2", "/FontFile3")
                    if isinstance(descriptor, pikepdf.Dictionary) and k in descriptor), None)
    if isinstance(program, pikepdf.Stream) and "/FontFile3" in descriptor:
        flavour = text(program.get("/Subtype"))
        kind += " (OT)" if flavour == "/OpenType" else "C" if kind.endswith("Type 1") or kind.endswith("0") else ""
    name = text(font.get("/BaseFont"))[1:] or "[none]"
    return Font(name=name, type=kind, encoding=_encoding(font, subtype, program is not None),
                embedded=program is not None or subtype == "/Type3", subset=bool(re.match(r"^[A-Z]{6}\+", name)),
                unicode="/ToUnicode" in font, object=font.objgen[0] or None)


def _encoding(font: Any, subtype: str, embedded: bool) -> str:
    import pikepdf

    value = font.get("/Encoding")
    if isinstance(value, pikepdf.Name):
        return text(value)[1:].removesuffix("Encoding")
    if isinstance(value, pikepdf.Dictionary | pikepdf.Stream):
        return "Custom"
    if subtype == "/TrueType":  # as poppler reads it: a TrueType font without an encoding is WinAnsi
        return "WinAnsi"
    return "Custom" if subtype == "/Type3" else "Builtin" if embedded else "Standard"


def images(pdf: pikepdf.Pdf, numbers: list[int]) -> list[Image]:
    """Every image drawn on the pages, where it is drawn (an image drawn twice is listed twice, as pdfimages
    does), each followed by its soft mask."""
    rows, listed = [], page_list(pdf)
    for number in numbers:
        for placement in resources.placements(listed[number - 1], number):
            rows.append(_image(placement, placement.image))
            smask = placement.image.get("/SMask") if placement.number else None
            if smask is not None and hasattr(smask, "objgen"):
                rows.append(_image(placement, smask, "smask"))
    return rows


def _image(placement: resources.Placement, image: Any, kind: str = "") -> Image:
    import pikepdf

    inline = isinstance(image, pikepdf.PdfInlineImage)
    obj = image.obj if inline else image
    width, height = int(obj.get("/Width", obj.get("/W", 0))), int(obj.get("/Height", obj.get("/H", 0)))
    stencil = bool(obj.get("/ImageMask", obj.get("/IM", False)))
    color, comps = ("gray", 1) if stencil else resources.colour(obj.get("/ColorSpace", obj.get("/CS")))
    chain = obj.get("/Filter", obj.get("/F"))
    names = [text(f) for f in (chain if isinstance(chain, pikepdf.Array) else [chain] if chain else [])]
    x_dpi, y_dpi = placement.dpi(width, height)
    size = len(image.read_raw_bytes()) if not inline else len(image.unparse())
    return Image(page=placement.page, type=kind or ("stencil" if stencil else "image"), width=width,
                 height=height, color=color, components=comps,
                 bits=1 if stencil else int(obj.get("/BitsPerComponent", obj.get("/BPC", 8))),
                 filter=next((ENCODINGS[n] for n in names if n in ENCODINGS), "image"), x_dpi=x_dpi, y_dpi=y_dpi,
                 object=None if inline else image.objgen[0] or None, size=size)
