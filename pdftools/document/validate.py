"""Finding what is wrong in an opened PDF: what qpdf reported while reading it (cross-reference, syntax,
object streams), every object read and every stream decoded (as `qpdf --check` does), the page tree walked
(loops, lost kids, wrong counts), each page's content parsed (with the fonts and images it names), embedded
font programs read and image data measured against the size the image declares.

Each problem says how bad it is, what part of the file it is in, and the object and page where known.
"""

from __future__ import annotations

import contextlib
import io
from typing import TYPE_CHECKING, Any

from pdftools.core import streams
from pdftools.core.objects import text
from pdftools.core.pdf import page_list
from pdftools.document import resources
from pdftools.document.findings import OBJECT, Findings, short_message
from pdftools.document.stream_checks import objects

if TYPE_CHECKING:
    import pikepdf


def validate(pdf: pikepdf.Pdf, label: str) -> Findings:
    """Every check, in the order a reader meets the parts."""
    found = Findings(pdf, label)
    found.drain("xref")  # what opening said: a rebuilt cross-reference, a recovered trailer
    lost = lost_objects(found) if found.problems else 0  # only a damaged file loses objects
    pages = page_tree(found)
    seen: set[tuple[int, int]] = set()  # each object is attributed to the first page that draws it
    listed = page_list(pdf) if pages else []
    for number in range(1, pages + 1):
        for obj in resources.objects_drawn(listed[number - 1].obj, seen):
            found.pages_of.setdefault(obj, number)
    objects(found)
    for number in range(1, pages + 1):
        if lost and "/Contents" not in listed[number - 1].obj:
            found.add("error", "content", "the page has no content: it was lost with the damaged part of the file",
                      page=number)
        content(found, number, listed[number - 1])
    linearization(found)
    return found


def lost_objects(found: Findings) -> int:
    """Objects a damaged file refers to that qpdf could not read or find (it reads them as null, and drops the
    references to them from dictionaries: a page's /Contents, a font): data lost. Returns how many."""
    import json

    import pikepdf

    if not any(obj is None for obj in found.pdf.objects):
        return 0
    listing = io.BytesIO()  # qpdf's JSON names every object, null ones included
    found.pdf.write_qpdf_json(listing, json_stream_data=pikepdf.JSONStreamData.none,
                              decode_level=pikepdf.StreamDecodeLevel.none)
    objs = json.loads(listing.getvalue())["qpdf"][1]
    lost = [int(key.split()[0][4:]) for key, value in objs.items()
            if key.startswith("obj:") and value.get("value", "") is None]
    for number in lost:
        found.add("error", "object", "lost: the file refers to it, but it is missing or cannot be read", number)
    found.drain("object")
    return len(lost)


def page_tree(found: Findings) -> int:
    """Walk the page tree as it is in the file; return the number of pages qpdf can list (0 if none)."""
    import pikepdf

    root = found.pdf.Root.get("/Pages")
    if not isinstance(root, pikepdf.Dictionary):
        found.add("error", "page-tree", "the catalog has no page tree (/Pages)")
        return 0
    _walk_tree(found, root)
    try:
        count = len(found.pdf.pages)
    except pikepdf.PdfError as exc:
        where = OBJECT.search(str(exc))
        found.add("error", "page-tree", f"the pages cannot be listed: {short_message(exc, found.label)}",
                  int(where[1]) if where else None)
        return 0
    finally:
        found.drain("page-tree")
    return count


MOST_DEPTH = 256  # page-tree levels walked: real trees have a handful (qpdf gives up past 500)


def _walk_tree(found: Findings, root: Any) -> None:
    """Loops, kids that are not pages, /Parent links that point elsewhere, /Count that is not what is there."""
    import pikepdf

    seen: set[tuple[int, int]] = set()

    def leaves(node: Any, parent: Any, depth: int) -> int | None:
        """The pages under `node`, or None when a loop or a lost kid makes the number meaningless."""
        number = node.objgen[0] or None
        seen.add(node.objgen)
        up = node.get("/Parent")
        if parent is not None and isinstance(up, pikepdf.Dictionary) and up.objgen != parent.objgen:
            found.add("warning", "page-tree", "/Parent does not point to the node that lists this page", number)
        kids = node.get("/Kids")
        if not isinstance(kids, pikepdf.Array):
            if node.get("/Type") not in (None, "/Page"):
                found.add("warning", "page-tree", f"a page has /Type {text(node.get('/Type'))}", number)
            return 1
        total: int | None = 0
        for kid in kids:
            below = None
            if not isinstance(kid, pikepdf.Dictionary):
                found.add("error", "page-tree", f"a /Kids entry is not a page ({_kind(kid)})", number)
            elif kid.is_indirect and kid.objgen in seen:
                found.add("error", "page-tree", f"/Kids lists object {kid.objgen[0]} again: the tree loops", number)
            elif depth >= MOST_DEPTH:  # walked by recursion: Python's own limit is ~1,000 frames
                found.add("error", "page-tree", f"the page tree nests more than {MOST_DEPTH} nodes deep", number)
            else:
                below = leaves(kid, node, depth + 1)
            total = None if total is None or below is None else total + below
        declared = node.get("/Count")
        if total is not None and (not isinstance(declared, int) or int(declared) != total):
            found.add("error", "page-tree", f"/Count says {text(declared)} but the node holds {total} page(s)", number)
        return total

    leaves(root, None, 0)


def _kind(obj: Any) -> str:
    return "null: a missing object" if obj is None else type(obj).__name__.lower()


def content(found: Findings, number: int, page: pikepdf.Page) -> None:
    """Parse the page's content (and the forms it draws): syntax errors, and fonts or XObjects it names that
    its resources do not define."""
    import pikepdf

    from pdftools.errors import StreamTooLarge

    try:
        if number in found.bombed:
            raise StreamTooLarge("it draws a stream that decompresses beyond the limit")
        streams.check_page_objects([(number, page.obj)], "the page")
    except StreamTooLarge as exc:
        found.add("error", "content", f"not parsed: {exc.message}", page=number)
        return
    try:
        _names(found, page.obj, number)
    except pikepdf.PdfError as exc:
        found.add("error", "content", f"the content cannot be parsed: {short_message(exc, found.label)}", page=number)
    found.drain("content", page=number)


def _names(found: Findings, page: Any, number: int) -> None:

    res = resources.resources(page)
    fonts = {n for n, _ in resources.entries(res.get("/Font"))} if res is not None else set()
    xobjects = {n for n, _ in resources.entries(res.get("/XObject"))} if res is not None else set()
    done: set[str] = set()
    for instruction in resources.instructions(page, "Tf Do"):
        operands, operator = instruction.operands, instruction.operator
        wanted = resources.name(operands[0]) if operands else ""
        known, what = (fonts, "font") if str(operator) == "Tf" else (xobjects, "XObject")
        if f"{what}/{wanted}" in done:
            continue
        done.add(f"{what}/{wanted}")
        if wanted and wanted not in known:
            found.add("error", "font" if what == "font" else "content",
                      f"the content uses {what} /{wanted}, which the page's resources do not define", page=number)
        elif what == "font" and wanted:
            _font_dict(found, dict(resources.entries(res.get("/Font"))).get(wanted), wanted, number)


def _font_dict(found: Findings, font: Any, label: str, number: int) -> None:
    import pikepdf

    if not isinstance(font, pikepdf.Dictionary):
        found.add("error", "font", f"font /{label} is {_kind(font)}, not a font dictionary", page=number)
        return
    where = font.objgen[0] or None
    subtype = font.get("/Subtype")
    if subtype not in ("/Type0", "/Type1", "/MMType1", "/Type3", "/TrueType"):
        found.add("error", "font", f"font /{label} has an unknown /Subtype {text(subtype)}", where, number)
    elif subtype == "/Type0" and not isinstance(font.get("/DescendantFonts"), pikepdf.Array):
        found.add("error", "font", f"font /{label} (Type0) has no /DescendantFonts", where, number)
    elif subtype != "/Type0":
        _widths(found, font, label, where, number)


def _widths(found: Findings, font: Any, label: str, where: int | None, number: int) -> None:
    import pikepdf

    widths = font.get("/Widths")
    if not isinstance(widths, pikepdf.Array):
        return
    try:
        span = int(font.get("/LastChar")) - int(font.get("/FirstChar")) + 1
    except (TypeError, ValueError):
        found.add("warning", "font", f"font /{label} has /Widths without /FirstChar and /LastChar", where, number)
        return
    if len(widths) != span:
        found.add("warning", "font", f"font /{label} has {len(widths)} /Widths for {span} characters", where, number)


def linearization(found: Findings) -> None:
    """A linearized file whose hint tables are wrong loads slowly or wrongly over the web."""
    if not found.pdf.is_linearized:
        return
    ok, report = hint_tables(found.pdf)
    before = len(found.problems)
    found.drain("linearization")
    if not ok and len(found.problems) == before:
        found.add("warning", "linearization", f"the linearization data is wrong: {report[:300]}")


def hint_tables(pdf: pikepdf.Pdf) -> tuple[bool, str]:
    """qpdf's check of a linearized file's hint tables (`qpdf --check-linearization`): whether they are right,
    and what qpdf printed; what it found wrong are qpdf warnings (`pdf.get_warnings()`)."""
    report = io.StringIO()
    try:  # pikepdf closes the sys.stderr it finds here (seen under Typer's CliRunner): give it a private one
        with contextlib.redirect_stderr(io.StringIO()):
            ok = pdf.check_linearization(report)
    except Exception as exc:  # qpdf raises on hint tables it cannot parse
        return False, str(exc)
    return ok, report.getvalue().strip()
