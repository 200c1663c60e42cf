"""List, add, extract or remove the files attached to a PDF.

`list` gives each file's size, MIME type, dates, MD5 checksum and relationship to the document as the PDF
declares them, with the files attached by annotations on pages (their `page`); `add` attaches files, each under
its own name (with {{description}}, {{mimetype}}, {{relationship}}); `extract` writes all attachments (or those
named by {{names}}) into {{out_dir}}, all or none, under safe names (`../../x` becomes `x`); `remove` drops
those named by {{names}} from the document's list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

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
    Password,
    open_job,
    writes_nothing,
)
from pdftools.core.naming import distinct_file_names
from pdftools.core.outputs import check_names, staged_outputs
from pdftools.core.params import Cli, Mcp, Param
from pdftools.core.paths import input_path, output_folder
from pdftools.core.pdf import open_pdf
from pdftools.document import attaching
from pdftools.document.attached import Attachment, Found, chosen, described, every
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
DATE = "ISO 8601 (UTC without a zone) or a PDF date, D:20240531143000Z (default: the file's modification time)"


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
        now = {"remaining": "attachments now"} if self.action == "add" else {}  # (nothing removed: none remain)
        return {"attachments": done[self.action], **now} if self.action in done else {}

    def cap_outputs(self, most: int, where: str) -> None:
        """An extract lists the first `most` files written; a warning says how many more and `where` they all
        are. A list lists as many, and says that an extract writes every one (or those `names` names)."""
        if self.action == "extract" and self.attachments:
            folder = str(Path(self.attachments[0].path or ".").parent)
            self.attachments, left = results.capped(self.attachments, most, "attachments", where, folder)
            self.warnings += left
        elif self.action == "list":
            reach = "action `extract` writes every one (or those `names` names)"
            self.attachments, left = results.capped(self.attachments, most, "attachments", reach, "")
            self.warnings += left

    def notes(self) -> list[str]:
        """For people (the CLI's stderr): a list that found none says so."""
        if self.action == "list" and not self.attachments:
            return [f"{results.input_name(self.input)} has no attachments"]
        return []

    def shortfalls(self) -> list[str]:
        """An extract that found none to write says so (a warning: a script and an agent are told too)."""
        if self.action == "extract" and not self.attachments:
            return [f"{results.input_name(self.input)} has no attachments: nothing was written"]
        return []


def attachments(
    action: Annotated[Literal["list", "add", "extract", "remove"], Cli(argument=True, commands=COMMANDS),
                      Param("{{cli:list, add, extract or remove}}{{mcp:what to do}}")],  # over MCP: the enum
    input: Input,
    files: Annotated[list[str] | None, Param("add: files{{cli: to attach}}"), Cli(argument=True, actions=ADD)] = None,
    names: Annotated[list[str] | None, Param("extract/remove: {{cli:attachment }}names (extract: default: all)"),
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
        "add{{cli:: to the document, as PDF/A-3 records it (default: Unspecified; Factur-X: Alternative or "
        "Data)}}")] = None,
    # qpdf's --creationdate / --moddate; over MCP left out (the listing's budget): the file's time is the default
    creation_date: Annotated[str | None, Param(f"add{{{{cli:: the files' creation date, {DATE}}}}}"),
                             Cli("--creation-date", "--creationdate", metavar="DATE", actions=ADD),
                             Mcp(hidden=True)] = None,
    mod_date: Annotated[str | None, Param(f"add{{{{cli:: the files' modification date, {DATE}}}}}"),
                        Cli("--mod-date", "--moddate", metavar="DATE", actions=ADD), Mcp(hidden=True)] = None,
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
    given = [n for n, v in (("description", description), ("mimetype", mimetype), ("relationship", relationship),
                            ("creation_date", creation_date), ("mod_date", mod_date)) if v]
    if given and action != "add":
        raise InvalidArgument(f"{action} takes no {{{{{given[0]}}}}}", hint="Only add sets {{description}}, "
                                                                          "{{mimetype}}, {{relationship}} and dates.")
    if mimetype is not None:
        attaching.check_mimetype(mimetype)
    dates = attaching.dates_given(creation_date=creation_date, mod_date=mod_date)
    if action in ("list", "extract"):
        writes_nothing(action, output, in_place)
        src = input_path(input)
        pdf = open_pdf(src, password)
        found = every(pdf)
        if action == "list":
            return AttachmentsResult(input=str(src), action=action, attachments=_listed(found, src),
                                     remaining=len(found))
        return _extract(src, chosen(found, names), out_dir, force, len(found))
    if "-" in (files or []):
        raise InvalidArgument("`-` cannot be attached: an attachment is named after its file",
                              hint="Save what should be attached to a file, and attach that.")
    paths = [input_path(f, pdf=False) for f in files or []]
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="attachments", password=password, in_place=in_place, force=force,
                   others=paths)
    if action == "add":
        touched = _listed(attaching.add(job.pdf, paths, description or "", mimetype, relationship or "Unspecified",
                                        dates))
    else:
        if not names:
            raise InvalidArgument("remove needs {{names}}", hint="`pdftools attachments list FILE` shows them.")
        gone = chosen(every(job.pdf), names)
        touched = _listed(gone, job.src)
        attaching.remove(job.pdf, gone)
    written = Edited(**job.save(decrypt))
    return AttachmentsResult(input=str(job.src), action=action, attachments=touched,
                             remaining=len(every(job.pdf)), written=written)


def _listed(found: list[Found], src: Path | None = None) -> list[Attachment]:
    return [described(item, _what(item.name, src)) for item in found]


def _what(name: str, src: Path | None) -> str:
    return f"the attachment {name!r}" + (f" of {src.name}" if src else "")


def _extract(src: Path, chosen: list[Found], out_dir: str, force: bool, remaining: int) -> AttachmentsResult:
    from pdftools.core import streams

    folder = output_folder(out_dir)
    warnings = [f"{f.name!r} embeds no data (a file name only): nothing to write" for f in chosen if f.stream is None]
    chosen = [f for f in chosen if f.stream is not None]
    items = _listed(chosen, src)
    for found in chosen:  # measured before any is written (a declared /Size may lie): all or none
        streams.check([found.stream], _what(found.name, src))
    files = distinct_file_names([item.filename for item in items])
    check_names(files, folder, force=force, field_hint="", inputs=[src])
    with staged_outputs(folder, files) as staging:
        for found, file in zip(chosen, files, strict=True):
            (staging / file).write_bytes(found.stream.read_bytes())
    for item, file in zip(items, files, strict=True):
        item.path = str(folder / file)
        if file != item.filename:
            warnings.append(f"{item.filename!r} was written as {file!r}")
    return AttachmentsResult(input=str(src), action="extract", attachments=items, remaining=remaining,
                             warnings=warnings)
