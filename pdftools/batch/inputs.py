"""A batch's inputs as people give them: files, globs, folders (`--recursive` for their subfolders) and
`@list.txt` (one path per line, never a glob; blank lines and `#` comments skipped; or, as `find -print0` writes
them, each ended by a zero byte, taken whole). A path that exists is
taken as written, before any glob (`br[ac]ket.pdf`). Each input comes with the path its
outputs mirror under the output folder: a folder's files keep their place below it, a glob's below its
first wildcard's folder, a single file is named alone."""

from __future__ import annotations

import glob as _glob
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath

from pdftools.core.inputs import exists, no_match, split_glob
from pdftools.core.pathnames import a_file, glob_files, walked
from pdftools.core.paths import folder_path, input_path, policy
from pdftools.core.pipes import is_pipe
from pdftools.errors import FileNotFound, InvalidArgument, NoInputs, PdftoolsError

PDF = frozenset({".pdf"})
IMAGES = frozenset({".png", ".jpg", ".jpeg", ".tif", ".tiff", ".pbm", ".pgm", ".ppm", ".bmp", ".gif", ".webp"})
MAX_LIST_LINES = 10_000_000


@dataclass(frozen=True)
class Source:
    path: Path  # the input, through the path policy
    rel: PurePath  # where its outputs go, below the output folder (without the extension's change)
    error: PdftoolsError | None = None  # why it cannot be read (a file a list names is missing): a failed row


def gather(specs: Iterable[str], *, recursive: bool = False, suffixes: frozenset[str] | None = PDF,
           skip: Path | None = None) -> list[Source]:
    """Every input, in the order given (folders and globs sorted), each once. `suffixes` picks a folder's
    files (None: every file); files named one by one are taken whatever their names. `skip`: the output
    folder, whose files a folder or a glob around it does not give (the last run's outputs are no inputs)."""
    found: dict[Path, Source] = {}
    for spec in specs:
        for source in _expand_spec(spec, recursive, suffixes, skip=skip):
            found.setdefault(source.path, source)
    if not found:
        raise NoInputs("no inputs to run on")
    return list(found.values())


def _expand_spec(spec: str, recursive: bool, suffixes: frozenset[str] | None, *, listed: bool = False,
                 skip: Path | None = None) -> list[Source]:
    """One input's files; `listed`: a line of a list, a path (file or folder), never a glob."""
    if spec.startswith("@") and not listed:
        return [s for line in _list_lines(spec[1:]) for s in _listed(line, recursive, suffixes, skip)]
    if spec == "-" or is_pipe(Path(spec)):  # read once, by this process alone: no re-run, no cluster worker
        raise InvalidArgument("a batch reads files by name, not standard input" if spec == "-" else
                              f"a batch reads files by name, not a pipe ({spec})",
                              hint="Give files, folders, globs, or @list.txt with one path per line.")
    if _glob.has_magic(spec) and not listed and not exists(spec):
        base, pattern = split_glob(spec)
        inner = _inner(skip, base)
        unread: list[tuple[Path, str]] = []  # subfolders the pattern went into that could not be listed
        matches = [p for p in glob_files(base, pattern, refused=unread) if not _under(p, inner)]
        refused = _refused(base, unread)
        if not matches and not refused:
            raise no_match(spec)
        return [*refused, *(Source(input_path(str(p)), p.relative_to(base)) for p in matches)]
    path = policy().input(spec)
    if path.is_dir():
        base = folder_path(spec)
        unread = []
        found = walked(base, refused=unread) if recursive else base.iterdir()
        inner = _inner(skip, base)
        files = sorted(p for p in found if a_file(p) and _wanted(p, suffixes) and not _under(p, inner))
        refused = _refused(base, unread)  # not read: a failed row each, as a missing listed file
        if not files and refused:
            return refused
        if not files:
            kinds = "files" if suffixes is None else "/".join(sorted(suffixes)) + " files"
            deeper = "" if recursive else " (--recursive looks in its subfolders too)"
            raise NoInputs(f"no {kinds} in the folder {spec}{deeper}")
        return [*refused, *(Source(input_path(str(p)), p.relative_to(base)) for p in files)]
    checked = input_path(spec)
    return [Source(checked, PurePath(checked.name))]


def _refused(base: Path, unread: list[tuple[Path, str]]) -> list[Source]:
    """The subfolders below `base` that could not be read (`unread`, with their errors' words: a recursive walk or a
    glob passes over them), each a failed row, as a missing listed file: their files are not in the batch, and the
    batch says so."""
    from pdftools.core.pathnames import folder_error

    return [Source(Path(os.path.abspath(folder)), folder.relative_to(base),
                   error=folder_error(str(folder), words, "Its files are not in the batch; give a folder you may "
                                                          "read."))
            for folder, words in unread]


def _listed(line: str, recursive: bool, suffixes: frozenset[str] | None, skip: Path | None) -> list[Source]:
    """What one line of a list names. A missing file is that file's failed row, not the end of the batch (a
    list is often made elsewhere, earlier): the other files are done."""
    try:
        return _expand_spec(line, recursive, suffixes, listed=True, skip=skip)
    except FileNotFound as exc:
        path = Path(os.path.abspath(line))
        return [Source(path, PurePath(path.name), error=exc)]


def _inner(folder: Path | None, base: Path) -> Path | None:
    """The output `folder` when it is below the folder walked, `base`, resolved: its files are no inputs. Not
    when it is `base` itself: outputs beside the inputs are the user's choice (`--name {stem}-small.pdf`)."""
    if folder is None:
        return None
    real, walked = folder.resolve(), base.resolve()
    return real if real != walked and real.is_relative_to(walked) else None


def _under(path: Path, folder: Path | None) -> bool:
    return folder is not None and path.resolve().is_relative_to(folder)


def _wanted(path: Path, suffixes: frozenset[str] | None) -> bool:
    return (suffixes is None or path.suffix.lower() in suffixes) and not path.name.startswith(".")


def _list_lines(raw: str) -> list[str]:
    """The inputs a list file names: one a line, as typed on the command line (relative to the working
    folder), without blank lines and `#` comments."""
    path = input_path(raw)
    listed = "the list from standard input" if raw == "-" else f"the list {raw}"
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            read = [line for line, _ in zip(fh, range(MAX_LIST_LINES + 1), strict=False)]
    except UnicodeDecodeError:
        raise InvalidArgument(f"{listed} is not UTF-8 text") from None
    if any("\0" in line for line in read):  # `find -print0`: each name whole, as written (xargs -0)
        wanted = [name for name in "".join(read).split("\0") if name]
        lines = wanted
    else:
        lines = [line.rstrip("\r\n") for line in read]
        wanted = [line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) > MAX_LIST_LINES:
        raise InvalidArgument(f"{listed} has more than {MAX_LIST_LINES:,} lines")
    if not wanted:
        raise NoInputs(f"{listed} names no file: {_why_empty(lines)}",
                       hint=f"Write the files to run on in {'it' if raw == '-' else raw}, one path a line (a folder's "
                            "path takes its files), or give them as arguments.")
    if any(line.startswith("@") for line in wanted):
        raise InvalidArgument(f"{listed} names another list; lists do not nest")
    return wanted


def _why_empty(lines: list[str]) -> str:
    """Why a list names no file: nothing in it, or only blank lines (and `#` comments)."""
    if not "".join(lines):
        return "it is empty"
    return "only blank lines" if not any(line.strip() for line in lines) else "only blank lines and # comments"
