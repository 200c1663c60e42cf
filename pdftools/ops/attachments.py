"""List, add, extract or remove the files attached to a PDF.

`list` gives each file's size, MIME type, dates, MD5 checksum and relationship to the document as the PDF
declares them, with the files attached by annotations on pages (their `page`); `add` attaches files, each under
its own name (with {{description}}, {{mimetype}}, {{relationship}}); `extract` writes all attachments (or those
named by {{names}}) into {{out_dir}}, all or none, under safe names (`../../x` becomes `x`); `remove` drops
those named by {{names}} from the document's list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Password,
    open_job,
    writes_nothing,
)
from pdftools.core.naming import safe_component
from pdftools.core.params import Cli, Mcp, Param
from pdftools.core.paths import input_path, output_folder
from pdftools.core.pdf import check_names, open_pdf, staged_outputs
from pdftools.document.attached import Found, declared, every
from pdftools.errors import InvalidArgument

COMMANDS = {
    "list": "List the attached files (also those of page annotations): size, type, dates, checksum.",
    "add": "Attach files, each under its own name (with a description, MIME type, relationship).",
    "extract": "Write all attachments (or those named by {{names}}) into {{out_dir}}, all or none, under safe "
               "names (`../../x` becomes `x`).",
    "remove": "Remove the attachments named by {{names}}.",
}
WRITES = ("add", "remove")
Relationship = Literal["Source", "Data", "Alternative", "Supplement", "Unspecified"]  # PDF/A-3's /AFRelationship
ADD = ("add",)

if TYPE_CHECKING:
    import pikepdf


@dataclass
class Attachment:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    name: str
    """The key in the PDF's attachment list; for a file attached by an annotation, its file name."""
    filename: str
    size: int
    description: str = ""
    mime_type: str = ""
    """As the PDF declares it (the embedded file's /Subtype); empty when it does not."""
    creation_date: str = ""
    """ISO 8601, as the PDF declares it (/Params); empty when it does not."""
    mod_date: str = ""
    checksum: str = ""
    """MD5 of the file's data, hex, as the PDF declares it (/Params /CheckSum; not verified)."""
    relationship: str = ""
    """To the document (/AFRelationship: Source, Data, Alternative, Supplement, Unspecified); empty: none."""
    page: int | None = None
    """The page whose file attachment annotation holds it; null: the document's list."""
    path: str | None = None
    """Where `extract` wrote it."""

    table_columns: ClassVar = ("name", "file_name", "size", "type", "modified", "relationship", "page",
                               "description", "path")  # what a person reads; --json has all
    table_optional: ClassVar = ("file_name", "type", "modified", "relationship", "page", "description", "path")

    @property
    def file_name(self) -> str:
        return self.filename if self.filename != self.name else ""

    @property
    def type(self) -> str:
        return self.mime_type

    @property
    def modified(self) -> str:
        return self.mod_date


@dataclass
class AttachmentsResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    action: str
    """What `attachments` are: those listed, added, extracted or removed."""
    attachments: list[Attachment]
    """The attachments listed, added, extracted or removed (as `action` says)."""
    remaining: int
    """Attachments in the PDF after the action."""
    written: Edited | None = None
    """The output PDF, for add and remove."""
    warnings: list[str] = field(default_factory=list)

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """`action` is said by the label of the table; `remaining` only counts after a change (list: the list)."""
        return ("action",) if self.action in WRITES else ("action", "remaining")

    @property
    def table_labels(self) -> dict[str, str]:
        """A person reads what the table holds: `removed`, not `attachments` next to `remaining 0`."""
        done = {"add": "added", "extract": "extracted", "remove": "removed"}
        return {"attachments": done[self.action]} if self.action in done else {}

    def notes(self) -> list[str]:
        """For people (the CLI's stderr): a list or an extract that found none says so."""
        if self.action in ("list", "extract") and not self.attachments:
            return [f"{self.input} has no attachments" + (": nothing was written" if self.action == "extract" else "")]
        return []


def attachments(
    action: Annotated[Literal["list", "add", "extract", "remove"], Cli(argument=True, commands=COMMANDS),
                      Param("{{cli:list, add, extract or remove}}{{mcp:what to do}}")],  # over MCP: the enum
    input: Input,
    files: Annotated[list[str] | None, Param("add: files{{cli: to attach}}"), Cli(argument=True, actions=ADD)] = None,
    names: Annotated[list[str] | None, Param("extract/remove: {{cli:attachment }}names (extract: default all)"),
                     Cli("--name", metavar="NAME", actions=("extract", "remove"))] = None,
    out_dir: Annotated[str, Param("extract: folder{{cli: to write into}} (made if missing)"),
                       Cli("-d", "--out-dir", actions=("extract",))] = ".",
    # add's: over MCP their names (and the enum) say what they are, and a description (text for people) is left
    # to the command line: the listing's budget
    description: Annotated[str | None, Param("add{{cli:: the files' description}}"), Cli(actions=ADD),
                           Mcp(hidden=True)] = None,
    mimetype: Annotated[str | None, Param("add{{cli:: MIME type, `type/subtype` (default: from the extension)}}"),
                        Cli(metavar="TYPE/SUBTYPE", actions=ADD)] = None,
    relationship: Annotated[Relationship | None, Cli(actions=ADD), Param(
        "add{{cli:: to the document, as PDF/A-3 records it (default Unspecified; Factur-X: Alternative or "
        "Data)}}")] = None,
    output: Annotated[Output, Cli(actions=WRITES)] = None,
    in_place: Annotated[InPlace, Cli(actions=WRITES)] = False,
    force: Annotated[Force, Cli(actions=(*WRITES, "extract"))] = False,
    password: Password = None,
    decrypt: Annotated[Decrypt, Cli(actions=WRITES)] = False,
    linearize: Annotated[Linearize, Cli(actions=WRITES)] = False,
    object_streams: Annotated[ObjectStreams, Cli(actions=WRITES)] = "preserve",
) -> AttachmentsResult:
    if bool(files) != (action == "add") or (names and action not in ("extract", "remove")):
        problem = ("add needs {{files}}: the files to attach" if action == "add" and not files
                   else f"{action} takes no " + ("{{files}}" if files else "{{names}}"))
        raise InvalidArgument(problem, hint="add takes {{files}}; extract and remove take {{names}}; list takes "
                                            "neither.")
    given = [n for n, v in (("description", description), ("mimetype", mimetype),
                            ("relationship", relationship)) if v]
    if given and action != "add":
        raise InvalidArgument(f"{action} takes no {{{{{given[0]}}}}}", hint="Only add sets {{description}}, "
                                                                          "{{mimetype}} and {{relationship}}.")
    if mimetype is not None:
        _check_mimetype(mimetype)
    if action in ("list", "extract"):
        writes_nothing(action, output, in_place)
        src = input_path(input)
        pdf = open_pdf(src, password)
        found = every(pdf)
        if action == "list":
            return AttachmentsResult(input=str(src), action=action, attachments=_listed(found, src),
                                     remaining=len(found))
        return _extract(src, _chosen(found, names), out_dir, force, len(found))
    if "-" in (files or []):
        raise InvalidArgument("`-` cannot be attached: an attachment is named after its file",
                              hint="Save what should be attached to a file, and attach that.")
    paths = [input_path(f, pdf=False) for f in files or []]
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="attachments", password=password, in_place=in_place, force=force,
                   others=paths)
    if action == "add":
        touched = _listed(_add(job.pdf, paths, description or "", mimetype, relationship or "Unspecified"))
    else:
        if not names:
            raise InvalidArgument("remove needs {{names}}", hint="`pdftools attachments list FILE` shows them.")
        chosen = _chosen(every(job.pdf), names)
        _only_the_documents(chosen)
        touched = _listed(chosen, job.src)
        for item in touched:
            del job.pdf.attachments[item.name]
    written = Edited(**job.save(decrypt))
    return AttachmentsResult(input=str(job.src), action=action, attachments=touched,
                             remaining=len(every(job.pdf)), written=written)


def _chosen(found: list[Found], names: list[str] | None) -> list[Found]:
    by_name = {f.name: f for f in found}
    missing = [n for n in names or [] if n not in by_name]
    if missing:
        listed = ", ".join(repr(n) for n in list(by_name)[:20]) or "none"
        raise InvalidArgument(f"no attachment named {missing[0]!r}", hint=f"The attachments are: {listed}.")
    return [by_name[n] for n in dict.fromkeys(names)] if names else found


def _only_the_documents(chosen: list[Found]) -> None:
    """`remove` takes files out of the document's list; one a page's annotation holds stays with its page."""
    held = next((f for f in chosen if f.page is not None), None)
    if held:
        raise InvalidArgument(f"{held.name!r} is attached by a file attachment annotation on page {held.page}, "
                              "not in the document's list: remove leaves it (the annotation is part of the page)",
                              hint="Remove only the files listed without a page; a PDF editor deletes the "
                                   "annotation.")


def _listed(found: list[Found], src: Path | None = None) -> list[Attachment]:
    """Each file as it declares itself; a size it does not declare (/Params /Size is optional) is measured
    (a 10 KB file may attach 4 GiB: STREAM_TOO_LARGE beyond the limit, nothing kept)."""
    from pdftools.core import streams

    out = []
    for item in found:
        fields = declared(item)
        size = fields.pop("size")
        if size is None and item.stream is not None:
            size = streams.decoded_size(item.stream, _what(item.name, src))
            if item.stream.get("/DecodeParms") is not None:  # measured before its predictor: read it
                size = len(item.stream.read_bytes())
        out.append(Attachment(name=item.name, size=size or 0, page=item.page, **fields))
    return out


def _what(name: str, src: Path | None) -> str:
    return f"the attachment {name!r}" + (f" of {src.name}" if src else "")


def _check_mimetype(mimetype: str) -> None:
    kind, slash, sub = mimetype.partition("/")
    if not (slash and kind.strip() and sub.strip()) or kind != kind.strip() or not mimetype.isprintable():
        raise InvalidArgument(f"{mimetype!r} is no MIME type", hint="Give it as `type/subtype`: text/xml, "
                                                                    "application/pdf, image/png.")


def _add(pdf: pikepdf.Pdf, paths: list[Path], description: str = "", mimetype: str | None = None,
         relationship: str = "Unspecified") -> list[Found]:
    """Each file under its own name, as qpdf's --add-attachment adds it (/Params /Size, /CheckSum and both
    dates, in UTC: the file's modification time), associated with the document with its relationship (the
    catalog's /AF and /AFRelationship, as PDF/A-3 and Factur-X require; libqpdf lists it in /AF)."""
    import mimetypes

    import pikepdf

    there = [p.name for p in paths if p.name in pdf.attachments]
    if there:
        raise InvalidArgument(f"an attachment named {there[0]!r} is already there",
                              hint="Remove it first (`pdftools attachments remove FILE --name NAME`), or rename "
                                   "the file.")
    twice = [p.name for i, p in enumerate(paths) if p.name in {q.name for q in paths[:i]}]
    if twice:
        raise InvalidArgument(f"two of the files to attach are named {twice[0]!r}",
                              hint="An attachment is named after its file: rename one of them.")
    for path in paths:
        date = _pdf_date(path.stat().st_mtime)
        pdf.attachments[path.name] = pikepdf.AttachedFileSpec(
            pdf, path.read_bytes(), description=description, filename=path.name,
            mime_type=mimetype if mimetype is not None else mimetypes.guess_type(path.name)[0] or "",
            creation_date=date, mod_date=date, relationship=pikepdf.Name("/" + relationship))
    return [f for f in every(pdf) if f.name in {p.name for p in paths} and f.page is None]


def _pdf_date(timestamp: float) -> str:
    """A PDF date in UTC, as qpdf writes them: `D:20240305061500Z`."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(timestamp, UTC).strftime("D:%Y%m%d%H%M%SZ")


def _extract(src: Path, chosen: list[Found], out_dir: str, force: bool, remaining: int) -> AttachmentsResult:
    from pdftools.core import streams

    folder = output_folder(out_dir)
    warnings = [f"{f.name!r} embeds no data (a file name only): nothing to write" for f in chosen if f.stream is None]
    chosen = [f for f in chosen if f.stream is not None]
    items = _listed(chosen, src)
    for found in chosen:  # measured before any is written (a declared /Size may lie): all or none
        streams.check([found.stream], _what(found.name, src))
    files = _file_names([item.filename for item in items])
    check_names(files, folder, force=force, field_hint="")
    with staged_outputs(folder, files) as staging:
        for found, file in zip(chosen, files, strict=True):
            (staging / file).write_bytes(found.stream.read_bytes())
    for item, file in zip(items, files, strict=True):
        item.path = str(folder / file)
        if file != item.filename:
            warnings.append(f"{item.filename!r} was written as {file!r}")
    return AttachmentsResult(input=str(src), action="extract", attachments=items, remaining=remaining,
                             warnings=warnings)


def _file_names(filenames: list[str]) -> list[str]:
    """Plain, distinct file names: the last path part, made safe; `name-2.ext` for repeats."""
    out: list[str] = []
    for raw in filenames:
        base = safe_component(PurePosixPath(re.sub(r"[\\/]+", "/", raw)).name, fallback="attachment")
        name, number = base, 1
        while name in out:
            number += 1
            stem, dot, ext = base.rpartition(".")
            name = f"{stem}-{number}.{ext}" if dot and stem else f"{base}-{number}"
        out.append(name)
    return out
