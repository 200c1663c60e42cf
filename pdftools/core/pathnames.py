"""A path as text: whether the operating system can take it (`checked`), how a file name is shown to people and
agents and taken back from them (`shown`, `as_shown`), and the files a pattern names below a folder (`glob_files`).
"""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import os
import re
from pathlib import Path

from pdftools.errors import InvalidArgument, PdftoolsError, verbatim

PATH_MAX, NAME_MAX = 4096, 255  # bytes, as Linux counts them
MAX_GLOB_DEPTH = 32  # pathlib's glob recurses once per name in the pattern


def quoted(raw: str) -> str:
    """`raw` for a message: quoted, and cut when very long; its braces never read as markers (`verbatim`)."""
    return verbatim(repr(raw if len(raw) <= 120 else raw[:100] + "…"))


def checked(path: Path, raw: str) -> Path:
    """`path` when the operating system can take it: no NUL byte, encodable, not too long (InvalidArgument
    rather than an OSError from deep inside an operation)."""
    if raw == "":  # Path("") is the current folder: `merge a.pdf ""` merged every PDF in it
        raise InvalidArgument("a path is empty", hint="Give the file's (or folder's) name; `.` is this folder.")
    text = str(path)
    if "\x00" in text:
        raise InvalidArgument(f"the path {quoted(raw)} contains a NUL byte")
    try:
        encoded = os.fsencode(text)
    except UnicodeEncodeError:
        raise InvalidArgument(f"the path {quoted(raw)} has characters no file name can hold") from None
    if len(encoded) >= PATH_MAX or any(len(name) > NAME_MAX for name in encoded.split(b"/")):
        raise InvalidArgument(f"the path {quoted(raw)} is too long",
                              hint=f"Paths hold at most {PATH_MAX - 1} bytes, and each name {NAME_MAX}.")
    return path


def glob_files(base: Path, pattern: str, *, recursive: bool = False,
               refused: list[tuple[Path, str]] | None = None) -> list[Path]:
    """The files below `base` that match `pattern`, sorted. The pattern must stay below `base`: no `..`, no
    absolute path (matches go through the policy anyway; this keeps a pattern from probing what lies outside).
    `refused` gets the subfolders the walk or the pattern went into that could not be listed, each with its
    error's words (`permission denied`, `invalid argument`): passed over, the matches in the others kept."""
    parts = Path(pattern).parts
    if not pattern or Path(pattern).is_absolute() or ".." in parts or len(parts) > MAX_GLOB_DEPTH:
        raise InvalidArgument(f"the pattern {quoted(pattern)} must name files below its folder (no `..`, no /, "
                              f"at most {MAX_GLOB_DEPTH} levels)",
                              hint="Give the folder first, then a pattern for the names in it: `dir/*.pdf`.")
    checked(base / pattern, pattern)
    try:
        found = walked(base, pattern, refused) if recursive else _globbed(base, pattern, refused)
        return sorted(p for p in found if a_file(p))
    except ValueError as exc:  # e.g. `a**` (`**` must be a whole name)
        raise InvalidArgument(f"the pattern {quoted(pattern)} is not valid: {verbatim(exc)}") from None


def _globbed(base: Path, pattern: str, refused: list[tuple[Path, str]] | None = None) -> list[Path]:
    """`base.glob(pattern)`, name by name as pathlib matches them (`**` any depth of folders, symbolic links to
    folders not followed below it; `*` a name, hidden ones too), but a subfolder the pattern goes into that
    cannot be listed, whatever its error, is passed over and said in `refused`: pathlib's glob passed over a
    PermissionError in silence, and any other error (EINVAL under /proc, EIO) ended the glob there, the matches
    after it lost. `base` that cannot be listed is an error in its own words (`folder_error`), never INTERNAL."""
    import fnmatch

    parts = Path(pattern).parts
    for part in parts:
        if "**" in part and part != "**":
            raise ValueError("Invalid pattern: '**' can only be an entire path component")
    unread: dict[Path, str] = {}
    last: list[tuple[Path, list[os.DirEntry[str]]]] = []  # the folder listed last: `**/*.pdf` asks it twice in a row

    def names(folder: Path) -> list[os.DirEntry[str]]:
        if last and last[0][0] == folder:
            return last[0][1]
        try:
            with os.scandir(folder) as entries:
                listed = sorted(entries, key=lambda entry: entry.name)
        except OSError as exc:
            if folder == base:
                if isinstance(exc, PermissionError):  # as pathlib: nothing found (the caller says the folder)
                    return []
                raise folder_error(str(base), exc) from None
            unread.setdefault(folder, said(exc))
            listed = []
        last[:] = [(folder, listed)]
        return listed

    def matched(folder: Path, rest: tuple[str, ...]) -> list[Path]:
        part, more = rest[0], rest[1:]
        if part == "**":
            below = [Path(e.path) for e in names(folder) if _a_folder(e)]
            return [*(matched(folder, more) if more else [folder]),
                    *(path for sub in below for path in matched(sub, rest))]
        if not _has_magic(part):
            path = folder / part
            try:
                if not more:
                    os.lstat(path)
                    return [path]
                inside = path.is_dir()
            except (FileNotFoundError, NotADirectoryError):
                return []
            except OSError as exc:  # `folder` not to be entered (mode 000): passed over, as one not listed
                if exc.errno in (errno.ENAMETOOLONG, errno.ELOOP):  # (no such file: the name's own fault)
                    return []
                if folder != base:
                    unread.setdefault(folder, said(exc))
                elif not isinstance(exc, PermissionError):  # (a PermissionError: as `names`, nothing found)
                    raise folder_error(str(base), exc) from None
                return []
            return matched(path, more) if inside else []
        hits = [e for e in names(folder) if fnmatch.fnmatchcase(e.name, part)]
        if not more:
            return [Path(e.path) for e in hits]
        return [path for e in hits if _a_folder(e, links=True) for path in matched(Path(e.path), more)]

    found = matched(base, parts) if parts else []
    if refused is not None:
        refused.extend(sorted(unread.items()))
    return list(dict.fromkeys(found))


def _has_magic(part: str) -> bool:
    return any(c in part for c in "*?[")


def _a_folder(entry: os.DirEntry[str], *, links: bool = False) -> bool:
    """Whether `entry` is a folder to go into: not through a symbolic link unless `links` (a name the pattern
    spells, as pathlib follows it), never for `**`."""
    try:
        return entry.is_dir(follow_symlinks=links)
    except OSError:
        return False


def walked(base: Path, pattern: str = "*", refused: list[tuple[Path, str]] | None = None) -> list[Path]:
    """`base.rglob(pattern)`, but a subfolder that cannot be listed, whatever its error, is passed over (its
    files are not there). pathlib's glob passes over a PermissionError only: any other (EINVAL under /proc, a
    dead network mount's EIO, a folder gone meanwhile) stopped the whole walk, and the command said INTERNAL.
    Symbolic links to folders are not followed, as `rglob` does not follow them. `base` itself that cannot be
    listed is an error (`folder_error`).

    One walk, each folder read once: a pattern of one name is matched against the names the walk read (as
    pathlib matches them); a longer one (`sub/*.pdf`) is globbed in each folder. `refused` gets the folders
    passed over (that could not be listed, or listed and not entered: mode 0644), sorted, each with its error's
    words (`permission denied`, `invalid argument`): for a warning, as `find` and `grep -r` say `Permission
    denied` (or `Invalid argument`)."""
    unread: dict[Path, str] = {}

    def failed(exc: OSError) -> None:
        if exc.filename is None:
            return
        if os.path.abspath(exc.filename) != os.path.abspath(base):
            unread.setdefault(Path(exc.filename), said(exc))
        elif not isinstance(exc, PermissionError):  # (a PermissionError: as rglob, nothing found)
            raise folder_error(str(base), exc)

    one_name = "/" not in pattern and "**" not in pattern and pattern not in (".", "..")
    match = re.compile(fnmatch.translate(pattern)).fullmatch if one_name else None  # (pathlib's own matching)
    found: set[Path] = set()
    for folder, subfolders, files in os.walk(base, onerror=failed):
        if match is not None:
            found.update(Path(folder, name) for names in (subfolders, files) for name in names if match(name))
        else:
            with contextlib.suppress(OSError):  # gone meanwhile, or a pattern's subfolder: passed over
                found.update(Path(folder).glob(pattern))
        if refused is not None:
            for name in subfolders:
                if not os.access(os.path.join(folder, name), os.X_OK):  # listed but not entered (mode 0644)
                    unread.setdefault(Path(folder, name), "permission denied")
    if refused is not None:
        refused.extend(sorted(unread.items()))
    return list(found)


def said(exc: OSError) -> str:
    """An OS error's own words as a message says them: `permission denied`, `invalid argument`."""
    words = exc.strerror or str(exc)
    return words[:1].lower() + words[1:]


UNLISTED = "Its files cannot be listed; give a folder that can be read."


def folder_error(name: str, exc: OSError | str, hint: str = UNLISTED) -> PdftoolsError:
    """A folder that could not be read (`name`, as the user knows it), as an error in the OS error's own words
    (`exc`, or those words): PERMISSION_DENIED, the code a folder's OS error has everywhere (see
    `foreign_errors.os_error`); its `hint` says what is not done."""
    from pdftools.errors import PermissionDenied

    words = exc if isinstance(exc, str) else said(exc)
    return PermissionDenied(f"cannot read the folder {verbatim(name)}: {verbatim(words)}",
                            hint=hint)


def not_read(refused: list[tuple[str, str]], done: str) -> list[str]:
    """The warning for subfolders a walk or a glob could not read (`refused`: each name with its error's words),
    whose PDFs are not `done` (`listed`, `merged`), as `find` says them; none: no warning. One error for all
    (`permission denied`) is said once, else each folder's own."""
    if not refused:
        return []
    kinds = {words for _, words in refused}
    each = len(kinds) > 1
    names = [name + (f" ({words})" if each else "") for name, words in refused]
    shown = ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")
    many = len(refused) > 1
    return [f"{len(refused)} subfolder{'s' if many else ''} not read{'' if each else f' ({kinds.pop()})'}, so "
            f"{'their' if many else 'its'} PDFs are not {done}: {shown}"]


def a_file(path: Path) -> bool:
    """`path.is_file()`, but False for a file in a folder that may be listed and not entered (mode 0644: its
    PermissionError stopped a whole walk): `walked` says that folder."""
    try:
        return path.is_file()
    except PermissionError:
        return False


_ESCAPED = re.compile(rb"\\x([89a-fA-F][0-9a-fA-F])")  # `\xe9`: a byte no UTF-8 text holds alone


def shown(name: str) -> str:
    """A file name as text every transport can carry: the bytes that are not UTF-8 (`caf\\xe9.pdf`, which Python
    holds as surrogate escapes) written `\\xe9`, as a terminal shows them."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def as_shown(path: Path) -> Path:
    """The file a result showed as `path` (its names' bytes that are not UTF-8 written `\\xe9`, see `shown`),
    so that a name an agent was shown can be given back. Only when `path` does not exist as written: a literal
    name wins. Each name is decoded on its own, and only if the file it then names exists and is shown exactly
    so; an escape makes only a byte of 0x80 or more (never `/`, `.` or NUL), and the path found still goes
    through the roots' check like any other."""
    if not _ESCAPED.search(os.fsencode(path)) or os.path.lexists(path):
        return path
    found = Path(path.anchor)
    for name in path.parts[1:] if path.anchor else path.parts:
        literal = found / name
        decoded = os.fsdecode(_ESCAPED.sub(lambda m: bytes([int(m.group(1), 16)]), os.fsencode(name)))
        lowered = _ESCAPED.sub(lambda m: m.group(0).lower(), os.fsencode(name))
        if (not os.path.lexists(literal) and decoded != name and os.fsencode(shown(decoded)) == lowered
                and os.path.lexists(found / decoded)):
            literal = found / decoded
        found = literal
    return found

