"""Show a PDF's pages, metadata, encryption, outline and contents.

Page count, sizes (before rotation, as pdfinfo gives them) and rotation, metadata (Info and XMP), encryption and
permissions, PDF version, whether it is linearized (pdfinfo's `Optimized`), the outline as a tree, and counts of
images, form fields, annotations and attachments; {{pages}} adds per-page details.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pdftools.core.pages import parse_pages
from pdftools.core.params import Cli, Input, Mcp, Param, Password
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf
from pdftools.document import attached, encryption, metadata, outline
from pdftools.document.outline import Bookmark
from pdftools.errors import DamagedPdf

if TYPE_CHECKING:
    import pikepdf

@dataclass
class PageInfo:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    page: int
    width: float
    """In points (1/72 inch), before rotation (pdfinfo's size)."""
    height: float
    rotation: int
    images: int
    annotations: int
    table_units: ClassVar = {"width": "pt", "height": "pt"}


@dataclass
class SizeCount:
    width: float
    height: float
    rotation: int
    pages: int
    table_units: ClassVar = {"width": "pt", "height": "pt"}


@dataclass
class Encryption:
    method: str
    key_bits: int
    permissions: dict[str, bool]
    """In the words `protect`'s allow list takes: print, print-hq, extract, modify, annotate, fill-forms, assemble."""


@dataclass
class InfoResult:
    path: str
    size: int
    pdf_version: str
    linearized: bool
    pages: int
    page_sizes: list[SizeCount]
    metadata: dict[str, str]
    xmp: dict[str, str | list[str]]
    encrypted: bool
    encryption: Encryption | None
    outline: list[Bookmark]
    images: int
    form_fields: int
    annotations: dict[str, int]
    attachments: list[str]
    page_details: list[PageInfo] | None = None
    warnings: list[str] = field(default_factory=list)
    table_labels: ClassVar = {"page_sizes": "page sizes (unrotated)",  # as pdfinfo's: width by height as stored,
                              "page_details": "page details (unrotated)"}  # the rotation beside them
    budgeted: ClassVar = ("metadata", "xmp")  # cut by `cap_values`, with the call that gets the rest
    counted = True  # (no field) images and form fields were counted: not so when only poppler could read the file

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """A person is not shown counts nobody made (0 from poppler, which counts neither)."""
        return () if self.counted else ("images", "form_fields")

    def cap_outline(self, most: int, whole: str) -> None:
        """Keep the outline's top levels that fit in `most` bookmarks (else the first `most` of its top level),
        with a warning that names `whole`, what lists them all: a book's thousands are no overview."""
        self.outline, left = outline.top_levels(self.outline, most)
        if left:
            self.warnings.append(f"{left}; {whole} lists them all")

    def cap_values(self, each: int, total: int, call: str) -> None:
        """Info and XMP values cut to `each` characters, and keys past `total` characters of them left out,
        saying so and naming the `call` that gets the rest: a 400 kB Info dictionary is no overview."""
        metadata.cap_fields(self, ("metadata", "xmp"), each, total, call)

    def cap_pages(self, most: int, how: str) -> None:
        """The details of the first `most` pages asked for, saying so and `how` to see the others."""
        if self.page_details is not None and len(self.page_details) > most:
            last = self.page_details[most - 1].page
            self.warnings.append(f"page_details: {most} of {len(self.page_details)} pages (to page {last}); {how}")
            self.page_details = self.page_details[:most]




def info(
    input: Input,
    pages: Annotated[
        str | None, Param("Pages to detail{{cli:: `1-3,7`, `all`}}"), Cli("--pages")
    ] = None,
    password: Password = None,
    is_encrypted: Annotated[bool, Param("Print nothing; exit 0 if encrypted, 17 if not (qpdf's 2)"),
                            Mcp(hidden=True)] = False,
    requires_password: Annotated[bool, Param("Print nothing; exit 0 if a password (other than the one given) is "
                                             "needed, 17 if not encrypted, 18 if it opens (qpdf's 2, 3)"),
                                 Mcp(hidden=True)] = False,
    show_npages: Annotated[bool, Param("Print the page count alone, as qpdf does"), Mcp(hidden=True)] = False,
) -> InfoResult:
    path = input_path(input)
    checks = [name for name, given in (("is_encrypted", is_encrypted), ("requires_password", requires_password),
                                       ("show_npages", show_npages)) if given]
    if checks:
        return _check(checks, pages, path, password)  # type: ignore[return-value]  # (command line only)
    try:
        pdf = open_pdf(path, password)
    except DamagedPdf as damaged:
        result = _from_poppler(path, damaged)
        if pages is not None:  # asked for, and not to be had: say so rather than leave them out
            result.warnings.append("page_details: not known, as qpdf cannot read the pages (poppler gives their "
                                   "count only)")
        return result
    details = ([_page_info(pdf, n) for n in dict.fromkeys(parse_pages(pages, len(pdf.pages), path))]
               if pages is not None else None)  # each page once
    annots: Counter[str] = Counter()
    images: set[tuple[int, int]] = set()
    sizes: Counter[tuple[float, float, int]] = Counter()
    odd: list[str] = []  # pages viewers show otherwise than their boxes and /Rotate say
    for number, page in enumerate(pdf.pages, 1):
        width, height, rotation = _geometry(page, number, odd)
        sizes[(width, height, rotation)] += 1
        annots.update(_annotation_types(page))
        images.update(_image_ids(page))
    return InfoResult(
        path=str(path),
        size=path.stat().st_size,
        pdf_version=pdf.pdf_version,
        linearized=pdf.is_linearized,  # the dictionary at the start of the file: pdfinfo's `Optimized`
        pages=len(pdf.pages),
        page_sizes=[SizeCount(width=w, height=h, rotation=r, pages=n) for (w, h, r), n in sizes.most_common()],
        metadata=metadata.info(pdf),
        xmp=metadata.xmp(pdf, str(path)),
        encrypted=pdf.is_encrypted,
        encryption=_encryption(pdf),
        outline=outline.bookmarks(outline.read(pdf)),
        images=len(images),
        form_fields=_count_fields(pdf),
        annotations=dict(sorted(annots.items())),
        attachments=sorted(found.name for found in attached.every(pdf)),  # with those of annotations
        page_details=details,
        warnings=_first(20, [*odd, *(str(w) for w in pdf.get_warnings())]),
    )


def _check(checks: list[str], pages: str | None, path: Path, password: str | None) -> Any:
    from pdftools.document import qpdf_checks
    from pdftools.errors import InvalidArgument

    if len(checks) > 1 or pages is not None:
        given = [f"{{{{{name}}}}}" for name in checks] + (["{{pages}}"] if pages is not None else [])
        raise InvalidArgument(f"{' and '.join(given)}: one check at a time", hint="Run one per call, as in qpdf.")
    return qpdf_checks.run(checks[0], path, password)


def _first(count: int, warnings: list[str]) -> list[str]:
    """At most `count` warnings, and a last one that says how many more there were."""
    if len(warnings) <= count:
        return warnings
    return [*warnings[:count], f"... and {len(warnings) - count} more warnings like these"]


def _from_poppler(path: Path, damaged: DamagedPdf) -> InfoResult:
    """What poppler can still tell about a file qpdf cannot open: pages, version, metadata."""
    from pdftools.engines import poppler  # (only for such a file: a readable one runs no program)

    fields = poppler.pdfinfo(path, damaged)
    result = InfoResult(
        path=str(path), size=path.stat().st_size, pdf_version=fields.get("PDF version", ""),
        linearized=fields.get("Optimized") == "yes", pages=int(fields["Pages"]), page_sizes=[],
        metadata={k: fields[k] for k in poppler.METADATA_KEYS if fields.get(k)}, xmp={},
        encrypted=False, encryption=None, outline=[], images=0, form_fields=0, annotations={},
        attachments=[], warnings=[poppler.warning(damaged)],
    )
    result.counted = False
    return result


LETTER = (612.0, 792.0)  # what poppler and pdf.js show for a page whose MediaBox has no area


def _geometry(page: pikepdf.Page, number: int = 0, warn: list[str] | None = None) -> tuple[float, float, int]:
    """Width and height of the box viewers show (the CropBox, else the MediaBox) as stored, before rotation, as
    pdfinfo gives them, and the rotation viewers apply (0 to 270); 0 for what a damaged page does not say in
    numbers. A /Rotate that is not a multiple of 90 is invalid (viewers draw the page unrotated), and a box
    without area is replaced as viewers replace it (a CropBox by the MediaBox, a MediaBox by US Letter): each is
    said in `warn`, naming the page."""
    notes = warn if warn is not None else []
    width, height = _box(page.obj, "/CropBox")
    if min(width, height) < 1 and "/CropBox" in page.obj:
        notes.append(f"page {number}: its CropBox has no area; viewers show its MediaBox")
        width, height = _box(page.obj, "/MediaBox")
    elif min(width, height) < 1:
        width, height = _box(page.obj, "/MediaBox")
    if min(width, height) < 1:
        notes.append(f"page {number}: its MediaBox is missing or has no area; viewers show it as US Letter "
                     "(612 x 792 points)")
        width, height = LETTER
    try:
        raw = int(page.obj.get("/Rotate", 0))
    except (TypeError, ValueError, OverflowError):
        raw = 0
    rotation = raw % 360
    if rotation % 90:
        notes.append(f"page {number}: /Rotate {raw} is not a multiple of 90; viewers show the page unrotated")
        rotation = 0
    return round(width, 2), round(height, 2), rotation


def _box(obj: Any, key: str) -> tuple[float, float]:
    """A page box's width and height (inherited from the page tree); 0 when it is missing or not numbers."""
    import pikepdf

    node, seen = obj, 0
    while isinstance(node, pikepdf.Dictionary) and key not in node and seen < 64:
        node, seen = node.get("/Parent"), seen + 1
    try:
        x0, y0, x1, y1 = (float(v) for v in list(node[key])[:4])
        return tuple(v if math.isfinite(v) else 0.0 for v in (abs(x1 - x0), abs(y1 - y0)))  # type: ignore[return-value]
    except (TypeError, ValueError, OverflowError, KeyError, pikepdf.PdfError):  # not four numbers
        return 0.0, 0.0


def _image_ids(page: pikepdf.Page) -> set[tuple[int, int]]:
    try:
        return {img.objgen for img in page.get_images().values()}
    except Exception:  # a broken resource dictionary must not stop the report
        return set()


def _page_info(pdf: pikepdf.Pdf, number: int) -> PageInfo:
    page = pdf.pages[number - 1]
    width, height, rotation = _geometry(page)
    return PageInfo(page=number, width=width, height=height, rotation=rotation,
                    images=len(_image_ids(page)), annotations=len(_annotation_types(page)))


def _annotation_types(page: pikepdf.Page) -> list[str]:
    """The subtypes of a page's annotations; entries that are not dictionaries (null, broken) are skipped."""
    import pikepdf

    annots = page.obj.get("/Annots")
    if not isinstance(annots, pikepdf.Array):
        return []
    return [metadata.text(a.get("/Subtype", "/Unknown"))[1:] for a in annots if isinstance(a, pikepdf.Dictionary)]


def _encryption(pdf: pikepdf.Pdf) -> Encryption | None:
    if not pdf.is_encrypted:
        return None
    enc = pdf.encryption
    perms = encryption.permission_names(pdf.allow)
    return Encryption(method=_method(enc), key_bits=int(enc.bits), permissions=perms)


def _method(enc: pikepdf.models.EncryptionInfo) -> str:
    if enc.V >= 5:
        return "AES-256"
    if enc.V == 4:  # crypt filters: qpdf reports the stream method
        return {"aes": "AES-128", "rc4": "RC4"}.get(enc.stream_method.name, enc.stream_method.name)
    return "RC4"  # V 1-2 have no crypt filters (qpdf reports "none")


def _count_fields(pdf: pikepdf.Pdf) -> int:
    import pikepdf

    form = pdf.Root.get("/AcroForm")
    if not isinstance(form, pikepdf.Dictionary):
        return 0
    seen: set[tuple[int, int]] = set()

    def walk(fields: Any) -> int:
        total = 0
        for node in fields if isinstance(fields, pikepdf.Array | list) else []:
            if not isinstance(node, pikepdf.Dictionary):
                continue  # null or broken entries
            key = node.objgen
            if key in seen or len(seen) > 100_000:
                continue
            seen.add(key)
            kids = node.get("/Kids")
            named_kids = [k for k in kids if isinstance(k, pikepdf.Dictionary) and "/T" in k] if isinstance(
                kids, pikepdf.Array) else []
            total += walk(named_kids) if named_kids else 1
        return total

    return walk(form.get("/Fields"))
