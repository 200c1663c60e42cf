"""Inspect a PDF's structure: fonts, images, page boxes and labels, actions, tags, standards, signatures.

Fonts per page (name, type, encoding, embedded, subset, ToUnicode: as `pdffonts`), images where they are
drawn (size, bits, colour space, filter, effective dpi: as `pdfimages -list`), page boxes (media, crop,
bleed, trim, art) and labels, JavaScript and other actions (links within the document left out), whether
it is tagged or linearized, the PDF/A and PDF/UA levels it claims, and its signatures. {{cli:`--json` is a stable
structural dump.}}{{mcp:The result is a stable
structural dump.}}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pdftools.core import streams
from pdftools.core.objects import text
from pdftools.core.pages import parse_pages
from pdftools.core.params import Input, Param, Password
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf, page_list
from pdftools.document import structure
from pdftools.document.structure import Font, Image

if TYPE_CHECKING:
    import pikepdf


@dataclass
class PageBoxes:
    __pydantic_config__ = {"use_attribute_docstrings": True}
    page: int
    label: str
    rotation: int
    media: list[float]
    """[x0, y0, x1, y1] in points; crop, bleed, trim and art as they apply (their defaults filled in)."""
    crop: list[float]
    bleed: list[float]
    trim: list[float]
    art: list[float]
    table_units: ClassVar = dict.fromkeys(("media", "crop", "bleed", "trim", "art"), "pt")


@dataclass
class Action:
    where: str
    type: str
    target: str
    """The URI, file or script (its first 200 characters)."""


@dataclass
class Signature:
    field: str
    signer: str
    time: str
    sub_filter: str


@dataclass
class InspectResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}
    path: str
    pdf_version: str
    pages: int
    encrypted: bool
    linearized: bool
    tagged: bool
    """The catalog says the document is marked (/MarkInfo /Marked true) and has a structure tree."""
    pdfa: str | None
    """The PDF/A part and level the XMP metadata claims (e.g. `2B`); a claim, not a validation."""
    pdfua: str | None
    fonts: list[Font] = field(default_factory=list)
    images: list[Image] = field(default_factory=list)
    page_boxes: list[PageBoxes] = field(default_factory=list)
    page_labels: dict[str, str] = field(default_factory=dict)
    """First page (1-based) of each labelled range, and its scheme: `i, ii, iii`, `1, 2, 3`, with a prefix."""
    actions: list[Action] = field(default_factory=list)
    signatures: list[Signature] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def cap_images(self, most: int, how: str) -> None:
        """At most `most` images (pages of many images each: a map's tiles), saying so and `how` to see the
        others."""
        if len(self.images) > most:
            last = self.images[most - 1].page
            self.warnings.append(f"images: {most} of {len(self.images)} listed (to page {last}); {how}")
            self.images = self.images[:most]

    def cap_pages(self, most: int, how: str, most_ranges: int = 500) -> None:
        """Keep the page boxes, images, fonts and page actions of the first `most` pages listed (a long document's
        run to thousands: a book's fonts each listed 5,000 pages), and `most_ranges` page-label ranges, saying so
        and `how` to see the others."""
        numbers = [box.page for box in self.page_boxes]  # the pages inspected, each once
        if len(numbers) > most:
            kept, last = set(numbers[:most]), numbers[most - 1]
            if any(p not in kept for font in self.fonts for p in font.pages):
                self.warnings.append(f"fonts: those of {most} of {len(numbers)} pages (to page {last}); {how}")
            self.fonts = [font for font in self.fonts if any(p in kept for p in font.pages)]
            for font in self.fonts:
                font.pages = [p for p in font.pages if p in kept]
            actions = [a for a in self.actions if _page_of(a) in kept or _page_of(a) is None]
            if len(actions) < len(self.actions):
                self.warnings.append(f"actions: those of {most} of {len(numbers)} pages (to page {last}) and the "
                                     f"document's; {how}")
            self.actions = actions
        for name, items in (("page_boxes", self.page_boxes), ("images", self.images)):
            numbers = list(dict.fromkeys(item.page for item in items))
            if len(numbers) > most:
                kept = set(numbers[:most])
                setattr(self, name, [item for item in items if item.page in kept])
                self.warnings.append(f"{name}: those of {most} of {len(numbers)} pages (to page {numbers[most - 1]})"
                                     f"; {how}")
        if len(self.page_labels) > most_ranges:  # a label range a page, in a long document
            starts = list(self.page_labels)
            self.warnings.append(f"page_labels: {most_ranges} of {len(starts)} ranges (to page "
                                 f"{starts[most_ranges - 1]}); each page's label is in page_boxes; {how}")
            self.page_labels = {start: self.page_labels[start] for start in starts[:most_ranges]}


def inspect(
    input: Input,
    pages: Annotated[str | None, Param("Fonts, images, boxes and actions of these pages only (default: all)",
                                                          empty_is_default=True)] = None,
    password: Password = None,
) -> InspectResult:
    path = input_path(input)
    with open_pdf(path, password) as pdf:
        numbers = list(dict.fromkeys(parse_pages(pages, len(pdf.pages), path)))  # each page once
        streams.check_pages(pdf, numbers, str(path))  # their content is parsed (to place the images)
        listed = page_list(pdf)
        xmp = _xmp(pdf, str(path))
        root = pdf.Root
        mark = root.get("/MarkInfo")
        warnings: list[str] = []
        return InspectResult(
            path=str(path), pdf_version=pdf.pdf_version, pages=len(pdf.pages), encrypted=pdf.is_encrypted,
            linearized=pdf.is_linearized,
            tagged=_tagged(root, mark),
            pdfa=_claim(xmp, "pdfaid", conformance=True), pdfua=_claim(xmp, "pdfuaid"),
            fonts=structure.fonts(pdf, numbers), images=structure.images(pdf, numbers),
            page_boxes=[_boxes(listed[n - 1], n) for n in numbers], page_labels=_labels(pdf),
            actions=_actions(pdf, listed, numbers, warnings), signatures=_signatures(pdf), warnings=warnings,
        )


def _tagged(root: Any, mark: Any) -> bool:
    import pikepdf

    return isinstance(mark, pikepdf.Dictionary) and mark.get("/Marked") is True and "/StructTreeRoot" in root


def _xmp(pdf: pikepdf.Pdf, name: str) -> str:
    import pikepdf

    packet = pdf.Root.get("/Metadata")
    if not isinstance(packet, pikepdf.Stream):
        return ""
    streams.check_metadata(pdf, name)
    try:
        return bytes(packet.read_bytes()).decode("utf-8", "replace")
    except pikepdf.PdfError:
        return ""


def _claim(xmp: str, prefix: str, *, conformance: bool = False) -> str | None:
    def value(key: str) -> str:  # an attribute (pdfaid:part="2") or an element (<pdfaid:part ...>2<)
        found = re.search(rf"{prefix}:{key}\s*=\s*[\"']([^\"']+)", xmp) or re.search(
            rf"<{prefix}:{key}\b[^>]*>\s*([^<\s]+)", xmp)
        return found[1] if found else ""

    part = value("part")
    return part + (value("conformance") if conformance else "") if part else None


def _boxes(page: pikepdf.Page, number: int) -> PageBoxes:
    def box(value: Any) -> list[float]:
        try:
            return [round(float(v), 2) for v in list(value)[:4]]
        except (TypeError, ValueError):
            return []

    try:
        label = text(page.label)
    except Exception:  # a broken /PageLabels tree
        label = str(number)
    return PageBoxes(page=number, label=label, rotation=int(page.obj.get("/Rotate", 0)) % 360,
                     media=box(page.mediabox), crop=box(page.cropbox), bleed=box(page.bleedbox),
                     trim=box(page.trimbox), art=box(page.artbox))


STYLES = {"/D": "1, 2, 3", "/r": "i, ii, iii", "/R": "I, II, III", "/a": "a, b, c", "/A": "A, B, C"}


def _labels(pdf: pikepdf.Pdf) -> dict[str, str]:
    import pikepdf

    tree = pdf.Root.get("/PageLabels")
    nums = tree.get("/Nums") if isinstance(tree, pikepdf.Dictionary) else None
    if not isinstance(nums, pikepdf.Array):
        return {}
    ranges: dict[str, str] = {}
    for index in range(0, len(nums) - 1, 2):
        start, spec = nums[index], nums[index + 1]
        if not isinstance(start, int) or not isinstance(spec, pikepdf.Dictionary):
            continue
        scheme = STYLES.get(text(spec.get("/S")), "no numbers")
        prefix = text(spec.get("/P")) if "/P" in spec else ""
        first = int(spec.get("/St", 1)) if isinstance(spec.get("/St", 1), int) else 1
        ranges[str(int(start) + 1)] = (f"prefix {prefix!r}, " if prefix else "") + scheme + (
            f" from {first}" if first != 1 else "")
    return ranges


MOST_ACTIONS = 1_000


def _actions(pdf: pikepdf.Pdf, listed: list[Any], numbers: list[int], warnings: list[str]) -> list[Action]:
    """Document JavaScript, actions on opening, and the page, annotation and field actions of pages `numbers`
    (not GoTo links); the first MOST_ACTIONS, with a warning past them."""
    import pikepdf

    found: list[Action] = []

    def add(where: str, action: Any) -> None:
        if isinstance(action, pikepdf.Dictionary):
            kind = text(action.get("/S"))[1:]
            if kind and kind != "GoTo" and len(found) == MOST_ACTIONS:
                raise _Enough
            if kind and kind != "GoTo":
                target = action.get("/JS", action.get("/URI", action.get("/F", "")))
                if isinstance(target, pikepdf.Stream):
                    target = bytes(target.read_raw_bytes()[:200]).decode("latin-1")
                elif isinstance(target, pikepdf.Dictionary):  # a file specification: its (Unicode) file or URL
                    target = target.get("/UF", target.get("/F", ""))
                if not isinstance(target, str | pikepdf.String | pikepdf.Name):  # nothing a person reads
                    target = ""
                found.append(Action(where, kind, text(target)[:200]))

    def triggers(where: str, holder: Any) -> None:
        extra = holder.get("/AA") if isinstance(holder, pikepdf.Dictionary) else None
        for key, action in (extra.items() if isinstance(extra, pikepdf.Dictionary) else []):
            add(f"{where} ({text(key)[1:]})", action)

    root = pdf.Root
    try:
        add("document open", root.get("/OpenAction"))
        triggers("document", root)
        names = root.get("/Names")
        if isinstance(names, pikepdf.Dictionary) and isinstance(names.get("/JavaScript"), pikepdf.Dictionary):
            for key, action in pikepdf.NameTree(names.JavaScript).items():
                add(f"document script {text(key)}", action)
        for number in numbers:
            page = listed[number - 1]
            triggers(f"page {number}", page.obj)
            annots = page.obj.get("/Annots")
            for annot in annots if isinstance(annots, pikepdf.Array) else []:
                if isinstance(annot, pikepdf.Dictionary):
                    add(f"page {number} {text(annot.get('/Subtype'))[1:]}", annot.get("/A"))
                    triggers(f"page {number} {text(annot.get('/Subtype'))[1:]}", annot)
    except _Enough:
        warnings.append(f"actions: the first {MOST_ACTIONS:,} listed (to {found[-1].where}); inspect fewer pages "
                        "for those of the others")
    return found


class _Enough(Exception):
    """MOST_ACTIONS actions are found: the walk stops."""


def _page_of(action: Action) -> int | None:
    """The page an action is on (`page 12 Link`), None for the document's."""
    found = re.match(r"page (\d+)\b", action.where)
    return int(found[1]) if found else None


def _signatures(pdf: pikepdf.Pdf) -> list[Signature]:
    import pikepdf

    form = pdf.Root.get("/AcroForm")
    todo = list(form.get("/Fields", [])) if isinstance(form, pikepdf.Dictionary) else []
    found: list[Signature] = []
    seen: set[tuple[int, int]] = set()
    while todo and len(seen) < 100_000:
        node = todo.pop()
        if not isinstance(node, pikepdf.Dictionary) or node.objgen in seen and node.is_indirect:
            continue
        seen.add(node.objgen)
        kids = node.get("/Kids")
        todo.extend(kids if isinstance(kids, pikepdf.Array) else [])
        value = node.get("/V")
        if node.get("/FT") == "/Sig" and isinstance(value, pikepdf.Dictionary):
            found.append(Signature(field=text(node.get("/T", "")), signer=text(value.get("/Name", "")),
                                   time=text(value.get("/M", "")), sub_filter=text(value.get("/SubFilter", ""))[1:]))
    return found
