"""List, add, extract or remove the files attached to a PDF.

`add` attaches files, each under its own name; `extract` writes all attachments (or those named by {{names}}) into
{{out_dir}}, all or none, under safe names (`../../x` becomes `x`); `remove` drops those named by {{names}}.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Annotated, Literal, cast

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
from pdftools.core.params import Cli, Param
from pdftools.core.paths import input_path, output_folder
from pdftools.core.pdf import check_names, open_pdf, staged_outputs
from pdftools.errors import InvalidArgument

COMMANDS = {
    "list": "List the files attached to the PDF.",
    "add": "Attach files, each under its own name.",
    "extract": "Write all attachments (or those named by {{names}}) into {{out_dir}}, all or none, under safe "
               "names (`../../x` becomes `x`).",
    "remove": "Remove the attachments named by {{names}}.",
}
WRITES = ("add", "remove")

if TYPE_CHECKING:
    import pikepdf


@dataclass
class Attachment:
    name: str
    """The key in the PDF's attachment list."""
    filename: str
    size: int
    description: str = ""
    path: str | None = None
    """Where `extract` wrote it."""


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
    action: Annotated[Literal["list", "add", "extract", "remove"], Param("list, add, extract or remove"),
                      Cli(argument=True, commands=COMMANDS)],
    input: Input,
    files: Annotated[list[str] | None, Param("add: files to attach"), Cli(argument=True, actions=("add",))] = None,
    names: Annotated[list[str] | None, Param("extract/remove: attachment names (extract: default all)"),
                     Cli("--name", metavar="NAME", actions=("extract", "remove"))] = None,
    out_dir: Annotated[str, Param("extract: folder to write into (made if missing)"),
                       Cli("-d", "--out-dir", actions=("extract",))] = ".",
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
    if action in ("list", "extract"):
        writes_nothing(action, output, in_place)
        src = input_path(input)
        pdf = open_pdf(src, password)
        if action == "list":
            return AttachmentsResult(input=str(src), action=action,
                                     attachments=_listed(pdf, _chosen(pdf, None), src),
                                     remaining=len(pdf.attachments))
        return _extract(src, pdf, _chosen(pdf, names), out_dir, force)
    if "-" in (files or []):
        raise InvalidArgument("`-` cannot be attached: an attachment is named after its file",
                              hint="Save what should be attached to a file, and attach that.")
    paths = [input_path(f, pdf=False) for f in files or []]
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="attachments", password=password, in_place=in_place, force=force,
                   others=paths)
    if action == "add":
        touched = _add(job.pdf, paths)
    else:
        if not names:
            raise InvalidArgument("remove needs {{names}}", hint="`pdftools attachments list FILE` shows them.")
        touched = _listed(job.pdf, _chosen(job.pdf, names), job.src)
        for item in touched:
            del job.pdf.attachments[item.name]
    written = Edited(**job.save(decrypt))
    return AttachmentsResult(input=str(job.src), action=action, attachments=touched,
                             remaining=len(job.pdf.attachments),
                             written=written)


def _chosen(pdf: pikepdf.Pdf, names: list[str] | None) -> list[str]:
    present = list(pdf.attachments.keys())
    missing = [n for n in names or [] if n not in present]
    if missing:
        listed = ", ".join(repr(n) for n in present[:20]) or "none"
        raise InvalidArgument(f"no attachment named {missing[0]!r}", hint=f"The attachments are: {listed}.")
    return list(dict.fromkeys(names)) if names else present


def _listed(pdf: pikepdf.Pdf, names: list[str], src: Path | None = None) -> list[Attachment]:
    from pdftools.core import streams

    out = []
    for name in names:
        spec = pdf.attachments[name]
        file = spec.get_file()  # /Params /Size is optional: else measured (a 10 KB file may attach 4 GiB)
        size = file.size or streams.decoded_size(cast("pikepdf.Stream", file.obj), _what(name, src))
        if not file.size and file.obj.get("/DecodeParms") is not None:  # measured before its predictor: read it
            size = len(file.read_bytes())
        out.append(Attachment(name=name, filename=spec.filename or name, size=size,
                              description=spec.description or ""))
    return out


def _what(name: str, src: Path | None) -> str:
    return f"the attachment {name!r}" + (f" of {src.name}" if src else "")


def _add(pdf: pikepdf.Pdf, paths: list[Path]) -> list[Attachment]:
    from pikepdf import AttachedFileSpec

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
        pdf.attachments[path.name] = AttachedFileSpec.from_filepath(pdf, path)
    return _listed(pdf, [p.name for p in paths])


def _extract(src: Path, pdf: pikepdf.Pdf, names: list[str], out_dir: str, force: bool) -> AttachmentsResult:
    from pdftools.core import streams

    folder = output_folder(out_dir)
    items = _listed(pdf, names, src)
    for name in names:  # measured before any is written (a declared /Size may lie): all or none
        streams.check([cast("pikepdf.Stream", pdf.attachments[name].get_file().obj)], _what(name, src))
    files = _file_names([item.filename for item in items])
    check_names(files, folder, force=force, field_hint="")
    with staged_outputs(folder, files) as staging:
        for name, file in zip(names, files, strict=True):
            (staging / file).write_bytes(pdf.attachments[name].get_file().read_bytes())
    warnings = []
    for item, file in zip(items, files, strict=True):
        item.path = str(folder / file)
        if file != item.filename:
            warnings.append(f"{item.filename!r} was written as {file!r}")
    return AttachmentsResult(input=str(src), action="extract", attachments=items, remaining=len(pdf.attachments),
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
