"""Repair a damaged PDF: rewrite it through qpdf's recovery, or poppler's where qpdf gives up.

qpdf rebuilds a lost cross-reference table, recovers stream lengths and reads what objects it can; pdftools
then makes the page tree's counts and parent links true, and writes a clean file. When qpdf cannot read the
file at all, poppler redraws the pages it can read (`pdftocairo -pdf`: text and vectors kept; outline, forms
and tags lost). The result says what was fixed, what the damaged file had lost (data qpdf could not recover:
the output is written without it) and what `check` still finds in the output; either makes the exit code
check's 12, since data that was lost cannot come back. The input is never changed unless {{in_place}} is
given.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pdftools.core.edit import (
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Password,
    paths_of,
    saving,
)
from pdftools.core.params import Param
from pdftools.core.pdf import open_pdf, save_pdf
from pdftools.document.findings import LOST, Findings, Problem, reason
from pdftools.document.resources import instructions
from pdftools.document.validate import lost_objects, validate
from pdftools.errors import DamagedPdf, PdfProblems, PdftoolsError

if TYPE_CHECKING:
    import pikepdf


@dataclass
class RepairResult(Edited):
    method: str = "qpdf"
    """`qpdf` (the file's own objects, recovered) or `poppler` (pages redrawn by pdftocairo)."""
    xref_rebuilt: bool = False
    """The cross-reference table was lost or wrong and was rebuilt by scanning the file."""
    objects: int = 0
    """Objects recovered and written."""
    streams_recovered: int = 0
    """Streams whose wrong /Length was recovered."""
    page_tree_fixes: int = 0
    """/Count and /Parent entries corrected, non-page /Kids entries dropped."""
    fixed: list[str] = field(default_factory=list)
    """What qpdf reported while recovering (the first 50)."""
    outcome: str = ""
    """`clean` (check finds nothing in the output), or how many problems remain."""
    remaining: list[Problem] = field(default_factory=list)
    """Problems `pdftools check` still finds in the output (data that was lost cannot come back)."""
    lost: list[Problem] = field(default_factory=list)
    """What the damaged input had lost, as `check` lists it: the output is written without it."""


    def reword_errors(self, reword: Callable[[str, str], str]) -> None:
        """The outcome and the problems in a front end's terms (`reword(text, command)`): `pdftools check`, which
        lists what remains, is the tool `pdf_check` over MCP."""
        self.outcome = reword(self.outcome, "repair")
        for problem in (*self.remaining, *self.lost):
            problem.message = reword(problem.message, "repair")

    @property
    def exit_code(self) -> int:
        return PdfProblems.exit_code if self.remaining or self.lost else 0


def repair(
    input: Input,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    poppler: Annotated[bool, Param("Redraw the pages with poppler even if qpdf can read the file")] = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> RepairResult:
    src, out = paths_of(input, output, suffix="repaired", in_place=in_place, force=force)
    mode = src.stat().st_mode if in_place else None
    try:
        if poppler:
            raise DamagedPdf("redrawing with poppler, as asked")
        pdf = open_pdf(src, password)
        method = "qpdf"
        notes: list[str] = []
        unreadable = ""
    except DamagedPdf as exc:
        pdf, method = _redrawn(src, password, exc), "poppler"
        unreadable = reason(exc.message, str(src))
        notes = [f"qpdf cannot read the file ({unreadable}); poppler redrew {len(pdf.pages)} page(s)"]
    with pdf:
        notes += [str(w) for w in pdf.get_warnings()]
        notes += _read_all(pdf)
        if method == "qpdf" and any("trailer dictionary" in note for note in notes):
            notes += _info_found_again(pdf)
        gone = _lost_notes(notes)
        lost = _lost(pdf, gone, bool(notes), str(src)) if method == "qpdf" else _redraw_losses(pdf, unreadable)
        fixes = fix_page_tree(pdf) if method == "qpdf" else 0
        remaining: list[Problem] = []  # checked before it is moved into place: a device or pipe cannot be read back
        size = save_pdf(pdf, out, min_version=pdf.pdf_version, encryption=pdf.is_encrypted,
                        verify=lambda tmp: remaining.extend(_remaining(tmp, password, str(out))),
                        **saving(linearize, object_streams))
        pages, objects, encrypted = len(pdf.pages), len(pdf.objects), pdf.is_encrypted
    if mode is not None:
        os.chmod(out, mode & 0o7777)
    label = str(src)
    return RepairResult(
        input=str(src), output=str(out), pages=pages, size=size, encrypted=encrypted, method=method,
        xref_rebuilt=any("reconstruct" in n for n in notes), objects=objects,
        streams_recovered=sum("recovered stream length" in n for n in notes), page_tree_fixes=fixes,
        fixed=[n.replace(label, "").lstrip(" :,") for n in notes if n not in gone][:50],
        outcome=_outcome(remaining, lost, out), remaining=remaining, lost=lost,
    )


INFO_ONLY = ("/Producer", "/Creator", "/CreationDate", "/ModDate", "/Author")  # keys only an Info dictionary has
NOT_INFO = ("/Type", "/Parent", "/First", "/Next", "/Subtype", "/S", "/Kids", "/Dest", "/A")
REATTACHED = "the document information (title, author...) was found and named in the trailer again"


def _info_found_again(pdf: pikepdf.Pdf) -> list[str]:
    """A lost trailer took the reference to the document information with it (qpdf's rebuilt trailer has no
    /Info, and the title and author would be dropped): name the file's Info dictionary again, when one is
    found (the first dictionary with the keys only Info has)."""
    import pikepdf

    if "/Info" in pdf.trailer:
        return []
    for obj in pdf.objects:
        if (isinstance(obj, pikepdf.Dictionary) and obj.is_indirect and any(key in obj for key in INFO_ONLY)
                and not any(key in obj for key in NOT_INFO)):
            pdf.trailer.Info = obj
            return [REATTACHED]
    return []


def _lost_notes(notes: list[str]) -> list[str]:
    """qpdf's words for data it could not recover (a lost trailer, unless the Info it named was found again)."""
    return [note for note in notes if any(words in note for words in LOST)
            and not ("trailer dictionary" in note and REATTACHED in notes)]


def _lost(pdf: pikepdf.Pdf, gone: list[str], damaged: bool, label: str) -> list[Problem]:
    """The data a damaged file lost, as `check` finds it: what qpdf could not recover (`gone`: a stream it read
    as empty, the trailer) and the objects referred to that it could not read."""
    found = Findings(pdf, label)
    for note in gone:
        found.add("error", "xref" if "trailer" in note else "stream", note)
    if damaged:  # only a damaged file loses objects
        lost_objects(found)
    return [problem for problem in found.problems if problem.severity == "error"]


_PAINT = {"Tj", "TJ", "'", '"', "Do", "f", "F", "f*", "B", "B*", "b", "b*", "S", "s", "sh", "INLINE IMAGE"}


def _redraw_losses(pdf: pikepdf.Pdf, unreadable: str) -> list[Problem]:
    """What a redrawing loses: the file's own objects (qpdf could not read its structure; outline, forms, tags
    and whatever poppler could not read are not in the output), and each page poppler drew blank."""
    import pikepdf

    lost = [Problem("error", "file", f"the file's structure could not be read ({unreadable}): the pages were "
                                     "redrawn by poppler; outline, forms and tags are not in the output")]
    for number, page in enumerate(pdf.pages, 1):
        try:
            drawn = any(str(item.operator) in _PAINT for item in instructions(page))
        except pikepdf.PdfError:
            drawn = True  # not ours to judge
        if not drawn:
            lost.append(Problem("error", "content", "the page is blank: poppler could not draw what it held",
                                page=number))
    return lost


def _redrawn(src: Path, password: str | None, damaged: DamagedPdf) -> pikepdf.Pdf:
    """poppler's reading of the file, as a new PDF opened from a private temporary folder."""
    import pikepdf

    from pdftools.engines import poppler

    with tempfile.TemporaryDirectory(prefix="pdftools-repair-") as work:
        target = Path(work) / "redrawn.pdf"
        try:
            poppler.rewrite(src, target, password)
        except PdftoolsError:
            raise DamagedPdf(f"{damaged.message}; poppler cannot read it either",
                             hint="Nothing in the file could be recovered; get a fresh copy.") from None
        return pikepdf.open(io.BytesIO(target.read_bytes()))  # in memory: the folder goes away


def _read_all(pdf: pikepdf.Pdf) -> list[str]:
    """Read every object and stream's raw data, so that qpdf recovers what it can (and says so)."""
    import pikepdf

    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream):
            obj.read_raw_bytes()
    return [str(w) for w in pdf.get_warnings()]


def fix_page_tree(pdf: pikepdf.Pdf) -> int:
    """Make every node's /Count the number of pages under it and every /Parent point to the node that lists
    it; drop /Kids entries that are not dictionaries. Returns the number of corrections."""
    import pikepdf

    fixes = 0

    def walk(node: Any, parent: Any) -> int:
        nonlocal fixes
        up = node.get("/Parent")
        if parent is not None and (not isinstance(up, pikepdf.Dictionary) or up.objgen != parent.objgen):
            node.Parent, fixes = parent, fixes + 1
        kids = node.get("/Kids")
        if not isinstance(kids, pikepdf.Array):
            return 1
        good = [kid for kid in kids if isinstance(kid, pikepdf.Dictionary)]
        if len(good) != len(kids):
            node.Kids, fixes = pikepdf.Array(good), fixes + len(kids) - len(good)
        total = sum(walk(kid, node) for kid in good)
        if node.get("/Count") != total:
            node.Count, fixes = total, fixes + 1
        return total

    if "/Parent" in pdf.Root.Pages:  # the root has none (qpdf follows it, and warns)
        del pdf.Root.Pages.Parent
        fixes += 1
    walk(pdf.Root.Pages, None)
    return fixes


def _remaining(written: Path, password: str | None, label: str) -> list[Problem]:
    """What `check` finds in the file `written`, the output `label` before it is moved into place."""
    try:
        with open_pdf(written, password, inherit_page_attributes=False) as pdf:
            return validate(pdf, label).problems
    except DamagedPdf as exc:
        return [Problem("error", "file", f"the output cannot be read: {reason(exc.message, str(written))}")]


def _outcome(remaining: list[Problem], lost: list[Problem], out: Path) -> str:
    if lost and not remaining:
        return (f"recovered with loss: the output is clean, but {len(lost)} problem(s) of the damaged file lost "
                "data that cannot come back (`lost` lists them)")
    if not remaining:
        return "clean"
    errors = sum(p.severity == "error" for p in remaining)
    return (f"{len(remaining)} problem(s) remain ({errors} error(s)) in {out.name}: data that was lost cannot come "
            "back; `pdftools check` lists them")
