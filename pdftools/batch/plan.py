"""What a batch does to each file: which command, with which option values, writing what where.

Every command that reads one input (`input`) can run in a batch. What it writes decides the output's kind:
`file` (the ops with an `output`: one file per input), `folder` (the ops with an `out_dir`: thumbnails,
images, split), or, for commands that only read, the result itself: `text` (text, ocr --set mode=text) or
`json` (info...). Each file's work (`FileJob`) is what a worker is sent, with the option values already made
(`options` makes them from `--set` or MCP's object); its output's name, and the journal's key.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any, Literal

from pdftools.batch.inputs import IMAGES, PDF, Source
from pdftools.core import naming
from pdftools.errors import InvalidArgument, OutputIsInput
from pdftools.ops import OPS, Op

Kind = Literal["file", "folder", "text", "json"]
NOT_BATCHED = ("batch", "merge", "search", "rename-invoice", "ls", "doctor")  # many inputs of their own, or none
OWNED = ("input", "output", "out_dir", "in_place", "force", "list_languages")  # the batch decides these
PER_CALL = {  # options that name one file for a single call: every input of a batch would write it in turn
    "sidecar": "it names one file for every input: `pdftools batch text OUT_DIR -d TEXTS` gives each searchable "
               "PDF's text (pdftotext, no second OCR)",
}
SECRETS = ("password",)  # never part of the journal's key
DEFAULT_NAMES = {"file": "{stem}.pdf", "folder": "{stem}", "text": "{stem}.txt", "json": "{stem}.json"}
CONVERT_EXTENSIONS = {"markdown": "md", "gfm": "md", "commonmark": "md", "plain": "txt", "latex": "tex",
                      "html5": "html", "docbook": "xml", "asciidoc": "adoc"}


def commands() -> list[str]:
    """The commands a batch can run, in registry order."""
    return [op.name for op in OPS if op.name not in NOT_BATCHED]


def command_op(name: str) -> Op:
    op = next((op for op in OPS if op.name == name or op.tool == name), None)
    if op is not None and op.name in NOT_BATCHED and op.name not in ("batch", "doctor"):
        raise InvalidArgument(f"a batch cannot run {name!r}: it takes many files, folders and globs itself",
                              hint=f"Run `pdftools {op.name}` on them; a batch runs: {', '.join(commands())}.")
    if op is None or op.name in NOT_BATCHED:
        raise InvalidArgument(f"a batch cannot run {name!r}", hint=f"Commands: {', '.join(commands())}.")
    return op


def suffixes_for(command: str) -> frozenset[str] | None:
    """Which files a folder gives this command: PDFs; for ocr also images; for convert every file."""
    return {"ocr": PDF | IMAGES, "convert": None}.get(command, PDF)


def kind_of(command: str, fn: Callable[..., Any], options: dict[str, Any]) -> Kind:
    params = inspect.signature(fn).parameters
    if command == "text" or (command == "ocr" and options.get("mode") == "text"):
        return "text"
    if options.get("action") in ("show", "list") or ("action" in params and "action" not in options):
        return "json"  # metadata show, bookmarks list...: the result is the output
    if command == "attachments":
        return "folder" if options.get("action") == "extract" else "file"
    if "output" in params:
        return "file"
    return "folder" if "out_dir" in params else "json"


def default_name(command: str, kind: Kind, options: dict[str, Any]) -> str:
    if command == "convert":
        fmt = str(options.get("to_format") or "pdf").split("+")[0].split("-")[0]
        return "{stem}." + CONVERT_EXTENSIONS.get(fmt, fmt)
    return DEFAULT_NAMES[kind]


_OWN_EXTENSION = re.compile(r"(\.[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*|\.\{ext\}|\{name\})$")


def name_pattern(name: str | None, default: str) -> str:
    """--name as given, or the kind's default name. A pattern that ends in no extension of its own (`{stem}-r`;
    not `.pdf`, `.{ext}` or `{name}`) gets the default's (`{stem}-r.pdf`, `.txt`...): a PDF named `a-r` opens
    in no viewer, and pdfcpu's and qpdf's outputs keep theirs. A folder's default has none to add."""
    if not name:
        return default
    return name if _OWN_EXTENSION.search(name) else name + PurePath(default).suffix


# --------------------------------------------------------------------------------------------- the plan


@dataclass(frozen=True)
class FileJob:
    """One file's work, as a worker needs it (pickled to another process or machine)."""

    command: str
    input: str
    target: str  # the final output (file or folder), absolute
    kind: Kind
    options: dict[str, Any]
    staging: str  # a folder on the same file system as the target, for the output until it is whole
    key: str  # the journal's: content hash + options
    roots: list[str] | None = None  # confine every path an option names (MCP) to these folders
    pages: tuple[int, int] | None = None  # a part of a cut document: its page range (1-based, inclusive)
    remote: bool = False  # on a cluster's worker: a path it cannot see is storage that is not shared
    folder: str | None = None  # where the batch runs: an option's relative path starts there, not in a worker's
    sent: dict[str, str] | None = None  # sent with its task (`--send-files`): each path as named -> the worker's copy
    extra: dict[str, Any] = field(default_factory=dict)


def target_of(out_dir: Path, source: Source, pattern: str) -> Path:
    """The output's path: the input's place mirrored below `out_dir`, named by `pattern`."""
    name = naming.render(pattern, stem=source.rel.stem, name=source.rel.name,
                         ext=source.rel.suffix.lstrip("."))
    return out_dir / PurePath(*source.rel.parts[:-1]) / name


def check_targets(sources: list[Source], targets: list[Path]) -> None:
    """Before any work: no output is an input, and no two inputs write the same output."""
    inputs = {s.path.resolve() for s in sources}
    seen: dict[Path, Path] = {}
    for source, target in zip(sources, targets, strict=True):
        if source.error is not None:  # never read, never written: its row says why
            continue
        real = target.resolve()
        if real in inputs:
            raise OutputIsInput(f"{source.path} would be written over by its own output {target}",
                                hint="Choose an --out-dir that holds no inputs, or a --name pattern that "
                                     "differs from the inputs' names.")
        if real in seen:
            other = seen[real]
            hint = ("Give their folder rather than the files one by one (outputs then mirror the tree), or add "
                    "`{ext}` or another field to --name.")
            if other.parent == source.path.parent:  # one folder: same stem, another extension
                hint = (f"Add `{{ext}}` to --name (`{{stem}}-{{ext}}{target.suffix}`), or pick one kind with a glob "
                        f"(`'{source.path.parent}/*{other.suffix}'`).")
            raise InvalidArgument(f"{other} and {source.path} would both write {target}", hint=hint)
        seen[real] = source.path


def options_key(command: str, options: dict[str, Any], pattern: str) -> str:
    shown = {k: v for k, v in sorted(options.items()) if k not in SECRETS}
    text = json.dumps([command, shown, pattern], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def content_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()
