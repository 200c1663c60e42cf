"""Input lists as people write them: files, globs and folders, each optionally with pages (`a.pdf:1-3,7`);
and JSON arguments, inline or in a file."""

from __future__ import annotations

import glob as _glob
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

from pdftools.core.params import Mcp
from pdftools.core.pathnames import a_file, glob_files, walked
from pdftools.core.paths import folder_path, input_path, policy, split_glob, typed_folder
from pdftools.errors import (
    FileNotFound,
    InvalidArgument,
    NoInputs,
    PathOutsideRoot,
    PdftoolsError,
    WebAddress,
    verbatim,
)

# a page, in any case: qpdf's z, r1 and x (leave out), pdftk's end, its odd/even after a range and ~ (leave out),
# pdfcpu's l, ! and n (leave out); pdftk's rotation word last (`1-endeast`)
_TOKEN = (r"(?:~?[x!n]?(?:-?\d+|last|first|all|odd|even|end|z|l|r\d+)(?:odd|even)?"
          r"(?:north|south|east|west|left|right|down)?)")
_PAGES_SUFFIX = re.compile(rf"^(?P<path>.+?):(?P<pages>{_TOKEN}(?:\s*[-,~]\s*{_TOKEN}?)*(?::(?:odd|even))?)$",
                           re.I)


def split_spec(spec: str) -> tuple[str, str | None]:
    """`a.pdf:1-3,7` -> ("a.pdf", "1-3,7"); a plain path -> (path, None)."""
    match = _PAGES_SUFFIX.match(spec)
    if match and not exists(spec):
        return match["path"], match["pages"]
    if ":" in spec and not exists(spec):  # `a.pdf:1..3`: the file is there, its pages said wrong (the page parser
        for at in reversed([i for i, char in enumerate(spec) if char == ":"]):  # says what), not a missing file
            if spec[at + 1:] and _a_file(spec[:at]):
                return spec[:at], spec[at + 1:]
    return spec, None


def _a_file(spec: str) -> bool:
    try:
        return policy().input(spec).is_file()
    except PdftoolsError:  # a web address too, or a path outside the roots
        return False


def exists(spec: str) -> bool:
    """True when `spec` names an existing file or folder, as written (through the policy). A web address is
    said to be one (over MCP): it names no file, and its `?` makes no glob."""
    try:
        return policy().input(spec).exists()
    except WebAddress:
        raise
    except PdftoolsError:
        return False


def _is_pdf_name(path: Path) -> bool:
    return path.suffix.lower() == ".pdf"


def no_match(spec: str) -> NoInputs:
    """A glob `spec` that matched no file: the error, with what else the pattern names on this transport (the
    policy's `unmatched`: over HTTP, the stored files this session made) as its hint."""
    unmatched = getattr(policy(), "unmatched", None)
    return NoInputs(f"no files match {spec!r}", hint=unmatched(spec) if callable(unmatched) else None)


def expand(spec: str, *, recursive: bool = False) -> list[Path]:
    """Expand one file, glob or folder into existing files, sorted, every one through the path policy. A path
    that exists is taken as written, before any glob: `br[ac]ket.pdf` is that file when there is one."""
    return [path for path, _ in named(spec, recursive=recursive)]


def named(spec: str, *, recursive: bool = False, chosen: Callable[[Path], bool] = _is_pdf_name,
          follow: bool = False, refused: list[tuple[str, str]] | None = None,
          outside: list[tuple[str, PdftoolsError]] | None = None) -> list[tuple[Path, str]]:
    """`expand`'s files, each with its name as grep and pdfgrep print it: the path as given, or the folder as
    typed joined with what was found in it (`.` gives `./a.pdf`, a glob `./*.pdf` the names a shell would);
    over MCP, the path resolved inside the roots (see the policies' `name`). A folder's files are those
    `chosen` takes (by default, named `.pdf`); `follow` (with `recursive`): symbolic links to folders are
    entered too, as `grep -R` does. `refused` (with `recursive`, or a glob that goes into subfolders: `*/*.pdf`)
    gets the names of the subfolders that could not be read, each with its error's words, which the walk passes
    over (grep -r and pdfgrep -r say `Permission denied`, or `Invalid argument`)."""
    if spec == "-":
        return [(input_path(spec), spec)]
    if _glob.has_magic(spec) and not exists(spec):
        base, pattern = split_glob(spec)
        passed: list[tuple[Path, str]] = []  # subfolders the pattern went into that could not be listed
        matches = glob_files(base, pattern, refused=passed)
        said = [(policy().name(typed_folder(spec), folder.relative_to(base), _real(folder)), words)
                for folder, words in passed]
        if not matches and said:  # none found, but not for want of files: said as the folders not read
            from pdftools.core.pathnames import UNLISTED, not_read

            shown = [(verbatim(name), verbatim(words)) for name, words in said]
            raise NoInputs(f"no files match {verbatim(repr(spec))}: " + not_read(shown, "matched")[0], hint=UNLISTED)
        if refused is not None:
            refused.extend(said)
        if not matches:
            raise no_match(spec)
        return _all_named(typed_folder(spec), base, matches, outside)
    path = policy().input(spec)
    if path.is_dir():
        base = folder_path(spec)
        unread: list[tuple[Path, str]] = []
        found = (_following(base, unread) if follow else walked(base, refused=unread)) if recursive \
            else base.iterdir()
        pdfs = sorted(p for p in found if a_file(p) and chosen(p))
        if recursive and refused is not None:
            refused.extend((policy().name(spec, folder.relative_to(base), _real(folder)), words)
                           for folder, words in unread)
        if not pdfs:
            raise NoInputs(f"no PDFs in the folder {verbatim(spec)}")
        return _all_named(spec, base, pdfs, outside)
    return [(input_path(spec), policy().name(spec, None, path))]


def _real(path: Path) -> Path:
    """`path` resolved; as it is when that fails (a link /proc cannot follow, which the walk says)."""
    try:
        return Path(os.path.realpath(path))
    except OSError:
        return Path(os.path.abspath(path))


def _following(base: Path, unread: list[tuple[Path, str]]) -> Iterator[Path]:
    """What `base` holds, its subfolders' too, symbolic links to folders followed; a folder that is one of its
    own ancestors (a loop) is not entered again. A folder that cannot be read joins `unread`, with its error's
    words (`permission denied`, `invalid argument`); `base` itself is an error."""
    from pdftools.core.pathnames import folder_error, said

    def walk(folder: Path, ancestors: frozenset[str]) -> Iterator[Path]:
        try:
            entries = sorted(folder.iterdir())
        except OSError as exc:  # passed over, and said (EINVAL under /proc, EIO: as a permission)
            if folder == base:
                raise folder_error(str(base), exc) from None
            unread.append((folder, said(exc)))
            return
        for entry in entries:
            yield entry
            try:
                folder_here = entry.is_dir()
                real = os.path.realpath(entry)
            except PermissionError:  # listed, not entered: said as the folder it is in
                unread.append((folder, "permission denied"))
                return
            except OSError as exc:  # a link that cannot be followed (/proc's of an exited process): said
                unread.append((entry, said(exc)))
                continue
            if folder_here and real not in ancestors:
                yield from walk(entry, ancestors | {real})

    yield from walk(base, frozenset({os.path.realpath(base)}))


def _all_named(typed: str, base: Path, found: list[Path], outside: list[tuple[str, PdftoolsError]] | None,
               ) -> list[tuple[Path, str]]:
    """`_named` of each file found; one that is a link outside the roots joins `outside` when given (search passes
    it over, as a skipped input), else it is the error."""
    if outside is None:
        return [_named(typed, base, path) for path in found]
    kept = []
    for path in found:
        try:
            kept.append(_named(typed, base, path))
        except PathOutsideRoot as exc:
            outside.append((str(Path(typed) / path.relative_to(base)), exc))
    if found and not kept:
        raise outside[-1][1]
    return kept


def _named(typed: str, base: Path, found: Path) -> tuple[Path, str]:
    try:
        path = input_path(str(found))
    except PathOutsideRoot as exc:  # a symbolic link in the folder, to a file outside the roots (over MCP)
        link = f"{verbatim(found.relative_to(base))} in {verbatim(typed or '.')}"
        said = f"{link} is a symbolic link to a file outside the allowed roots: give the other files by name, or " \
               "leave the link out of the folder."
        exc.hint = said  # type: ignore[misc]
        raise
    return path, policy().name(typed, found.relative_to(base), path)


JsonArgument = Annotated[
    str | None, Mcp(annotation=str | dict[str, Any] | list[dict[str, Any]] | None),  # an agent may send the JSON
]


def load_json(text: Any, what: str) -> Any:
    """JSON given inline (it starts with `{` or `[`), as the path of a file holding it (through the policy),
    or (over MCP) already parsed."""
    if not isinstance(text, str):
        return text
    source = text
    if not text.lstrip().startswith(("{", "[")):
        try:
            path = input_path(text, pdf=False)
        except FileNotFound:
            if "/" in text or text.lower().endswith(".json"):  # a path: the file is missing
                raise
            raise InvalidArgument(f"{what} is neither JSON nor a file: {verbatim(repr(text))}",
                                  hint="Give the JSON inline (it starts with `[` or `{`) or the path of a .json "
                                       "file.") from None
        try:
            source = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError) as exc:
            raise InvalidArgument(f"cannot read {what} from {verbatim(text)}: {verbatim(exc)}") from None
    import json  # (only the options that take JSON: not every command that names input files)

    try:
        return json.loads(source)
    except json.JSONDecodeError as exc:
        raise InvalidArgument(f"{what} is not valid JSON: {verbatim(exc)}",
                              hint="Give the JSON inline or the path of a .json file.") from None
