"""List, remove or flatten a PDF's annotations: links, comments, highlights, stamps, ink, form widgets.

`list` gives each annotation's page, subtype, rectangle, contents, author (a widget: its form field) and flags, of
{{pages}} (default:
all). `remove` deletes those of {{pages}} (default: all) of the {{types}} given (default: all but form widgets: a
form's fields go only when {{types}} names `Widget`, and leave the form with them), as pdfcpu's
`annotations remove`. `flatten` draws each annotation's appearance into its page and removes it, as qpdf's
--flatten-annotations ({{which}}: `all`, `print`, the printable ones, or `screen`, those a viewer shows): one
hidden, or not of {{which}}, or with an appearance dictionary but no appearance chosen, goes undrawn; one with
no appearance at all (a link) stays as it is (as qpdf 12 leaves it; qpdf 11 dropped it).
"""

# (no `from __future__ import annotations`: the op is `annotations`, a name that import would take)
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pdftools.core import results
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
    Password,
    open_job,
    select_pages,
    writes_nothing,
)
from pdftools.core.params import Cli, Param
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    import pikepdf

COMMANDS = {
    "list": "List the annotations: page, subtype, rectangle, contents, author (a widget: its form field), flags.",
    "remove": "Remove annotations (of {{pages}}, of the {{types}} given); form widgets only when {{types}} names "
              "`Widget`.",
    "flatten": "Draw the annotations' appearances into the pages and remove them, as qpdf --flatten-annotations.",
}
WRITES = ("remove", "flatten")
# /F's bits (PDF 32000 12.5.3), 1 first
FLAGS = ("invisible", "hidden", "print", "nozoom", "norotate", "noview", "readonly", "locked", "togglenoview",
         "lockedcontents")


@dataclass
class Annotation:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    page: int
    subtype: str
    """/Subtype without its slash: Link, Text, Highlight, Widget, FreeText, Stamp, Ink..."""
    rect: list[float]
    """[x1, y1, x2, y2] in points, lower left first."""
    contents: str = ""
    author: str | None = ""
    """A markup annotation's /T; null for a widget, whose /T names its field."""
    flags: list[str] = field(default_factory=list)
    """/F's flags set: hidden, print, noview, readonly..."""
    field: str | None = None  # (after `flags`: from here on, `field` in this class body is this attribute)
    """A widget's form field, by its full name (as `forms list` names it); null for other annotations."""

    table_columns: ClassVar = ("page", "subtype", "rect", "flags", "field", "author", "contents")
    table_optional: ClassVar = ("flags", "field", "author", "contents")


@dataclass
class AnnotationsResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}
    input: str
    action: str
    annotations: list[Annotation]
    """list: those listed; remove: those removed; flatten: those gone from the pages (drawn, or dropped as qpdf
    drops them)."""
    remaining: int
    """Annotations in the PDF after the action."""
    written: Edited | None = None
    """The output PDF, for remove and flatten."""
    warnings: list[str] = field(default_factory=list)

    pages_asked = ""  # (no field) the list's pages as given, for the note

    @property
    def table_hidden(self) -> tuple[str, ...]:
        return ("action",) if self.action in WRITES else ("action", "remaining")

    @property
    def table_labels(self) -> dict[str, str]:
        done = {"remove": "removed", "flatten": "flattened"}
        return {"annotations": done[self.action]} if self.action in done else {}

    def cap_annotations(self, most: int, how: str) -> None:
        """At most `most` annotations (a map's thousands of links), saying so and `how` to see the others."""
        if len(self.annotations) > most:
            last = self.annotations[most - 1].page
            if self.action in WRITES:  # the rest went too: pages would not show them
                how = f"every one was {self.table_labels['annotations']}"
            self.warnings.append(f"annotations: {most} of {len(self.annotations)} listed (to page {last}); {how}")
            self.annotations = self.annotations[:most]

    def notes(self) -> list[str]:
        """For people (the CLI's stderr): a list that found none says so (a bare `input` row reads as cut)."""
        if self.annotations or self.action != "list":
            return []
        where = f" on pages {self.pages_asked}" if self.pages_asked else ""
        return [f"{results.input_name(self.input)} has no annotations{where}"]

    def shortfalls(self) -> list[str]:
        """A change that touched none says so (a warning: a script and an agent are told too)."""
        if self.annotations or self.action == "list":
            return []
        where = f" on pages {self.pages_asked}" if self.pages_asked else ""
        done = {"remove": ": none removed", "flatten": ": none flattened"}[self.action]
        name = results.input_name(self.input)
        if not self.remaining:
            return [f"{name} has no annotations{where}{done}"]
        if self.action == "flatten":  # any hidden or not of `which` went: those left have nothing to draw
            if self.remaining == 1:
                return [f"{name}: its one annotation has no appearance to draw, so it stays for a viewer to draw{done}"]
            return [f"{name}: none of its {self.remaining} annotations has an appearance to draw, so they stay for "
                    f"a viewer to draw{done}"]
        return [f"{name}: no annotation{where} matched{done}"]


def annotations(
    action: Annotated[Literal["list", "remove", "flatten"], Param("list, remove or flatten"),
                      Cli(argument=True, commands=COMMANDS)],
    input: Input,
    pages: Annotated[Pages, Cli(actions=("list", "remove"))] = None,
    types: Annotated[list[str] | None, Param("remove: subtypes (`Link`, `Highlight`, `Widget`...; default: all but "
                                             "`Widget`){{cli: (repeatable)}}"),
                     Cli("--type", metavar="TYPE", actions=("remove",))] = None,
    which: Annotated[Literal["all", "print", "screen"], Param("flatten: all, print (printable) or screen (shown)"),
                     Cli(actions=("flatten",))] = "all",
    output: Annotated[Output, Cli(actions=WRITES)] = None,
    in_place: Annotated[InPlace, Cli(actions=WRITES)] = False,
    force: Annotated[Force, Cli(actions=WRITES)] = False,
    password: Password = None,
    decrypt: Annotated[Decrypt, Cli(actions=WRITES)] = False,
    linearize: Annotated[Linearize, Cli(actions=WRITES)] = False,
    object_streams: Annotated[ObjectStreams, Cli(actions=WRITES)] = "preserve",
) -> AnnotationsResult:
    if types and action != "remove":
        raise InvalidArgument(f"{action} takes no {{{{types}}}}", hint="Only remove takes {{types}}.")
    if which != "all" and action != "flatten":
        raise InvalidArgument(f"{action} takes no {{{{which}}}}", hint="Only flatten takes {{which}}.")
    if action == "list":
        writes_nothing(action, output, in_place)
        src = input_path(input)
        pdf = open_pdf(src, password)
        chosen = set(select_pages(pages, len(pdf.pages), src)) if pages else None
        found = [a for a in _every(pdf) if chosen is None or a[0].page in chosen]
        listed = AnnotationsResult(input=str(src), action=action, annotations=[a for a, _ in found],
                                   remaining=len(found))
        listed.pages_asked = pages or ""
        return listed
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="unannotated" if action == "remove" else "flat", password=password,
                   in_place=in_place, force=force)
    if action == "remove":
        chosen = set(select_pages(pages, len(job.pdf.pages), job.src)) if pages else None
        touched = _remove(job.pdf, chosen, _subtypes(types))
    else:
        touched = _flatten(job.pdf, which)
    written = Edited(**job.save(decrypt))
    return AnnotationsResult(input=str(job.src), action=action, annotations=touched,
                             remaining=len(_every(job.pdf)), written=written)


def _subtypes(types: list[str] | None) -> set[str] | None:
    """The subtypes asked for, as /Subtype names (`link` and `/Link` are `/Link`); None: all but widgets."""
    if not types:
        return None
    known = {"Text", "Link", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Highlight",
             "Underline", "Squiggly", "StrikeOut", "Caret", "Stamp", "Ink", "Popup", "FileAttachment", "Sound",
             "Movie", "Screen", "Widget", "PrinterMark", "TrapNet", "Watermark", "3D", "Redact", "Projection",
             "RichMedia"}
    by_lower = {k.lower(): k for k in known}
    out = set()
    for raw in types:
        for word in raw.split(","):
            name = word.strip().lstrip("/")
            out.add("/" + by_lower.get(name.lower(), name))
    return out


def _every(pdf: "pikepdf.Pdf") -> list[tuple[Annotation, Any]]:
    """Every page's annotations, described, each with its object."""
    import pikepdf

    found = []
    for number, page in enumerate(pdf.pages, 1):
        annots = page.obj.get("/Annots")
        for annot in annots if isinstance(annots, pikepdf.Array) else []:
            if isinstance(annot, pikepdf.Dictionary):
                found.append((_described(number, annot), annot))
    return found


def _described(page: int, annot: Any) -> Annotation:
    subtype = annot.get("/Subtype")
    rect = _rect(annot.get("/Rect"))
    flags = annot.get("/F")
    bits = int(flags) if isinstance(flags, int) or hasattr(flags, "__int__") else 0
    widget = subtype == "/Widget"
    return Annotation(page=page, subtype=str(subtype)[1:] if subtype is not None else "", rect=rect,
                      contents=_text(annot.get("/Contents")), author=None if widget else _text(annot.get("/T")),
                      flags=[name for bit, name in enumerate(FLAGS) if bits >> bit & 1],
                      field=_field_name(annot) if widget else None)


def _field_name(widget: Any) -> str:
    """A widget's field's full name, as `forms list` gives it: the /T of the widget and of each /Parent above it,
    outermost first, joined by dots (a radio button's kids have none of their own: their group's name)."""
    import pikepdf

    names, node, seen = list[str](), widget, set[tuple[int, int]]()
    while isinstance(node, pikepdf.Dictionary) and len(seen) < 100:  # (a /Parent loop in a damaged file ends)
        if node.is_indirect and node.objgen in seen:
            break
        seen.add(node.objgen if node.is_indirect else (-len(seen), 0))
        if isinstance(node.get("/T"), pikepdf.String):
            names.append(str(node.T))
        node = node.get("/Parent")
    return ".".join(reversed(names))


def _rect(value: Any) -> list[float]:
    try:
        x1, y1, x2, y2 = (float(v) for v in value)
    except (TypeError, ValueError):
        return []
    return [round(v, 2) for v in (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))]


def _text(value: Any) -> str:
    import pikepdf

    return str(value) if isinstance(value, pikepdf.String) else ""


def _remove(pdf: "pikepdf.Pdf", pages: set[int] | None, subtypes: set[str] | None) -> list[Annotation]:
    """Remove the annotations of `pages` of `subtypes` (None: all but widgets); widgets removed leave the form."""
    import pikepdf

    gone, widgets = [], []
    for number, page in enumerate(pdf.pages, 1):
        annots = page.obj.get("/Annots")
        if not isinstance(annots, pikepdf.Array) or (pages is not None and number not in pages):
            continue
        keep = []
        for annot in annots:
            kind = annot.get("/Subtype") if isinstance(annot, pikepdf.Dictionary) else None
            if kind is None or (str(kind) not in subtypes if subtypes else kind == "/Widget"):
                keep.append(annot)
                continue
            gone.append(_described(number, annot))
            if kind == "/Widget":
                widgets.append(annot)
        if len(keep) != len(annots):
            page.obj.Annots = pikepdf.Array(keep)
    if widgets:
        _unfield(pdf, widgets)
    return gone


def _unfield(pdf: "pikepdf.Pdf", widgets: list[Any]) -> None:
    """Take the removed widgets out of the form: out of their fields' /Kids, and a field left without a widget
    out of its parent's /Kids, the form's /Fields and its calculation order (/CO); the form itself when no field
    is left."""
    import pikepdf

    form = pdf.Root.get("/AcroForm")
    if not isinstance(form, pikepdf.Dictionary):
        return
    gone = {w.objgen for w in widgets if w.is_indirect}

    def pruned(kids: Any) -> pikepdf.Array:
        kept = []
        for kid in kids if isinstance(kids, pikepdf.Array) else []:
            if not isinstance(kid, pikepdf.Dictionary) or (kid.is_indirect and kid.objgen in gone):
                continue
            if "/Kids" in kid:
                kid.Kids = pruned(kid.Kids)
                if len(kid.Kids) == 0:
                    continue
            kept.append(kid)
        return pikepdf.Array(kept)

    form.Fields = pruned(form.get("/Fields"))
    if len(form.Fields) == 0:
        del pdf.Root.AcroForm
        return
    if isinstance(form.get("/CO"), pikepdf.Array):  # the calculation order names only fields still in the form
        left, todo = set(), list(form.Fields)
        while todo:
            field = todo.pop()
            if isinstance(field, pikepdf.Dictionary) and field.is_indirect and field.objgen not in left:
                left.add(field.objgen)
                todo.extend(field.get("/Kids", []))
        form.CO = pikepdf.Array([f for f in form.CO if f.is_indirect and f.objgen in left])


def _flatten(pdf: "pikepdf.Pdf", which: str) -> list[Annotation]:
    """qpdf's flattening (`which`: all, print, screen); the annotations that went from the pages. A form whose
    widgets lack appearances (/NeedAppearances) has them made first, as `forms flatten` does."""
    import pikepdf

    form = pdf.Root.get("/AcroForm")
    if isinstance(form, pikepdf.Dictionary) and bool(form.get("/NeedAppearances", False)):
        pdf.generate_appearance_streams()
    before = [a for a, _ in _every(pdf)]
    pdf.flatten_annotations(which)
    left = [a for a, _ in _every(pdf)]  # (compared as described: an annotation may be a direct object)
    gone = []
    for annot in before:
        if annot in left:
            left.remove(annot)
        else:
            gone.append(annot)
    return gone
