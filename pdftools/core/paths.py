"""Every file path an operation touches goes through the active path policy.

Ops call `input_path()` / `output_path()` / `folder_path()`; they never decide where a path may point. The CLI
runs ops under `LocalPolicy` (anything the user may reach; `-` for stdin/stdout); the MCP server runs each call
under `RootsPolicy`, which confines every path, including ones an op finds itself (globs, folder listings),
to the allowed roots (both in core/policies.py). A path's text is checked and shown by core/pathnames.py.
"""

from __future__ import annotations

import contextlib
import glob as _glob
import os
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

from pdftools.core.policies import LocalPolicy, RootsPolicy
from pdftools.errors import FileNotFound, InvalidArgument, IsADirectory, PdftoolsError, verbatim

Policy = LocalPolicy | RootsPolicy
_policy: ContextVar[Policy | None] = ContextVar("pdftools_path_policy", default=None)


def policy() -> Policy:
    current = _policy.get()
    if current is None:
        current = LocalPolicy()
        _policy.set(current)
    return current


@contextlib.contextmanager
def using(active: Policy) -> Iterator[Policy]:
    token = _policy.set(active)
    try:
        yield active
    finally:
        _policy.reset(token)
        active.cleanup()


def pdf_output_path(raw: str, what: str = "a PDF", suffix: str = "pdf") -> Path:
    """An output that will hold a PDF's bytes (or `what` other binary data: a docx, whose files end in `suffix`).
    At a shell, `-` (or the default for an input from `-`) is refused when standard output is a terminal, as
    gzip refuses to write compressed data to one: bytes there are no use and can upset the terminal."""
    if raw == "-" and isinstance(policy(), LocalPolicy) and sys.stdout is not None and sys.stdout.isatty():
        raise InvalidArgument(f"{what} is not written to a terminal",
                              hint="Give -o FILE, or pipe the output into a file or another command (`| cat > "
                                   f"out.{suffix}`).")
    return file_output_path(raw)


def file_output_path(raw: str) -> Path:
    """An output file. A name ending in `/` names a folder, as `cp a b DIR/` and qpdf take it: refused when no
    such folder is there (pathlib drops the slash, so the file was written under the folder's name); an existing
    one is refused when written (OUTPUT_EXISTS: a folder)."""
    if raw.endswith(("/", os.sep)) and not os.path.isdir(raw):
        raise InvalidArgument(f"the output {verbatim(raw)} names a folder (it ends with /), not a file",
                              hint="Give a file name for the output (`DIR/out.pdf`); make the folder first "
                                   "(`mkdir -p`) to write into it.")
    return output_path(raw)



OTHER_FILE_HINT = "Check the path: no file has that name{{cli: (a relative path starts in the current folder)}}."
PDF_NOT_FOLDER = "Give a PDF file, not a folder; `pdftools ls DIR` lists the PDFs in a folder."


def input_path(raw: str, missing_hint: str | None = None, *, pdf: bool = True) -> Path:
    """An existing input file, through the active policy. A missing one's hint is `missing_hint` (what the
    command reads), else for a PDF where to list PDFs, for any other file (JSON, an image...) the path alone.
    A folder's hint says where its PDFs are listed when the command reads a PDF (`pdf`), else to give a file."""
    path = policy().input(raw)
    if not path.exists() and raw.endswith(("/", os.sep)):  # `invoices/`: a folder's name, not a file's
        raise FileNotFound(f"no such folder: {verbatim(raw)}", hint=FOLDER_HINT)
    if not path.exists():
        pattern_hint(raw)
        named_pdf = Path(raw).suffix.lower() == ".pdf"
        from pdftools.core.close_names import close_names

        close = close_names(path, raw)
        if close:
            meant = f"did you mean {' or '.join(f'`{verbatim(name)}`' for name in close)}?"
            hint = f"D{meant[1:]} {missing_hint}" if missing_hint else f"No file has that name; {meant}"
            raise FileNotFound(f"no such file: {verbatim(raw)}", hint=hint)
        raise FileNotFound(f"no such file: {verbatim(raw)}",
                           hint=missing_hint or (None if named_pdf else OTHER_FILE_HINT))
    if path.is_dir():
        raise IsADirectory(f"{verbatim(raw)} is a folder, not a file", hint=PDF_NOT_FOLDER if pdf else None)
    return path


def pattern_hint(raw: str) -> None:
    """A glob given where one file is read (`scans/*.pdf` to info or text) is refused saying so, with what it
    matches and the command that runs on each: `Check the path` sent an agent to check a path that was right."""
    if not _glob.has_magic(raw):
        return
    from pdftools.core.pathnames import glob_files

    try:
        base, pattern = split_glob(raw)
        matched = [str(Path(typed_folder(raw)) / p.relative_to(base)) for p in glob_files(base, pattern)]
    except PdftoolsError:
        return
    if not matched:
        return
    shown = ", ".join(f"`{verbatim(name)}`" for name in matched[:3]) + (", ..." if len(matched) > 3 else "")
    raise FileNotFound(f"no such file: {verbatim(raw)}",
                       hint=f"`{verbatim(raw)}` is a pattern, and {{{{mcp:input is}}}}{{{{cli:the command takes}}}} "
                            f"one file: {len(matched)} file{'s' if len(matched) > 1 else ''} match it ({shown}); give "
                            "one of them, or run the {{mcp:tool}}{{cli:command}} on each with `pdftools batch`.")


def split_glob(spec: str) -> tuple[Path, str]:
    """A glob as typed (`scans/2024-*/*.pdf`), cut before its first part with a pattern in it: that folder,
    through the path policy (`.` when the first part has one), and the pattern for the names below it."""
    parts = Path(spec).parts
    first = next(i for i, part in enumerate(parts) if _glob.has_magic(part))
    return folder_path(str(Path(*parts[:first])) if first else "."), str(Path(*parts[first:]))


def typed_folder(pattern: str) -> str:
    """The folder of a glob as typed (`./sub` of `./sub/*.pdf`, `` of `*.pdf`, `/` of `/*.pdf`)."""
    parts = pattern.split("/")
    first = next(i for i, part in enumerate(parts) if _glob.has_magic(part))
    return "/".join(parts[:first]) or ("/" if pattern.startswith("/") else "")


def renamed_path(path: Path, raw: str) -> Path:
    """Where the file `path` goes when renamed to `raw` (over HTTP too, a file in the roots stays there)."""
    return policy().renamed(path, raw)


def output_path(raw: str) -> Path:
    """An output file path, through the active policy (existence is checked when writing)."""
    return policy().output(raw)


def folder_path(raw: str, *, listed: bool = True) -> Path:
    """An existing folder to read from, through the active policy; `listed`: one whose names are read (a folder
    the user may not list is PermissionDenied, not an empty one: `ls` said `total 0`)."""
    path = _folder(raw, FileNotFound(f"no such folder: {verbatim(raw)}", hint=FOLDER_HINT))
    if listed:
        try:
            with os.scandir(path):
                pass
        except PermissionError:
            from pdftools.errors import PermissionDenied

            raise PermissionDenied(f"cannot read the folder {verbatim(raw)}: permission denied",
                                   hint="Its mode, owner or an ACL keeps you from listing it{{cli: (`ls -ld` "
                                        "shows them)}}; give a folder you may read.") from None
        except OSError as exc:  # EINVAL (a folder under /proc), EIO (a dead network mount)
            from pdftools.core.pathnames import folder_error

            raise folder_error(raw, exc) from None
    return path


FOLDER_HINT = "Check the path: no folder has that name{{cli: (a relative path starts in the current folder)}}."


def output_folder(raw: str) -> Path:
    """A folder to write into, through the active policy. A missing one is made when the outputs are written
    (`staged_outputs`, as `mkdir -p` would), so a failed command leaves no new folder behind. `-` (standard
    output, one stream) is no folder."""
    no_stream_folder(raw)
    path = policy().output_folder(raw)
    if path.is_dir():
        return path
    if path.exists() or any(p.exists() and not p.is_dir() for p in path.parents):
        raise InvalidArgument(f"{verbatim(raw)} is (or lies inside) a file, not a folder")
    return path


def no_stream_folder(raw: str) -> None:
    """Refuse `-` as an output folder: it is standard output, one stream."""
    if raw == "-":
        raise InvalidArgument("`-` is standard output, one stream: these outputs go into a folder",
                              hint="Name the folder{{cli: (`./-` for a folder named -)}}.")


def _folder(raw: str, missing: PdftoolsError, *, output: bool = False) -> Path:
    active = policy()
    path = active.output_folder(raw) if output else active.folder(raw)
    if path.is_dir():
        return path
    if path.exists():
        import shlex

        parent = os.path.dirname(raw.rstrip("/")) or "."
        raise InvalidArgument(f"{verbatim(raw)} is a file, not a folder",
                              hint=f"Give the folder that holds it (`pdftools ls {verbatim(shlex.quote(parent))}`); "
                                   f"`pdftools info {verbatim(shlex.quote(raw))}` shows that one PDF.")
    raise missing
