"""Every file path an operation touches goes through the active path policy.

Ops call `input_path()` / `output_path()` / `folder_path()`; they never decide where a path may point. The CLI
runs ops under `LocalPolicy` (anything the user may reach; `-` for stdin/stdout); the MCP server runs each call
under `RootsPolicy`, which confines every path, including ones an op finds itself (globs, folder listings),
to the allowed roots. Paths are resolved to real paths and compared by components, never by string prefix.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from pdftools.core.pipes import copy_stdin, copy_stream, is_descriptor, is_pipe, names_stdout, not_a_terminal, reader
from pdftools.errors import FileNotFound, InvalidArgument, IsADirectory, PathOutsideRoot, PdftoolsError, os_error

_WINDOWS = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\|[A-Za-z]:$)")
PATH_MAX, NAME_MAX = 4096, 255  # bytes, as Linux counts them
MAX_GLOB_DEPTH = 32  # pathlib's glob recurses once per name in the pattern


def _shown(raw: str) -> str:
    """`raw` for a message: quoted, and cut when very long."""
    return repr(raw if len(raw) <= 120 else raw[:100] + "…")


def checked(path: Path, raw: str) -> Path:
    """`path` when the operating system can take it: no NUL byte, encodable, not too long (InvalidArgument
    rather than an OSError from deep inside an operation)."""
    if raw == "":  # Path("") is the current folder: `merge a.pdf ""` merged every PDF in it
        raise InvalidArgument("a path is empty", hint="Give the file's (or folder's) name; `.` is this folder.")
    text = str(path)
    if "\x00" in text:
        raise InvalidArgument(f"the path {_shown(raw)} contains a NUL byte")
    try:
        encoded = os.fsencode(text)
    except UnicodeEncodeError:
        raise InvalidArgument(f"the path {_shown(raw)} has characters no file name can hold") from None
    if len(encoded) >= PATH_MAX or any(len(name) > NAME_MAX for name in encoded.split(b"/")):
        raise InvalidArgument(f"the path {_shown(raw)} is too long",
                              hint=f"Paths hold at most {PATH_MAX - 1} bytes, and each name {NAME_MAX}.")
    return path


def glob_files(base: Path, pattern: str, *, recursive: bool = False) -> list[Path]:
    """The files below `base` that match `pattern`, sorted. The pattern must stay below `base`: no `..`, no
    absolute path (matches go through the policy anyway; this keeps a pattern from probing what lies outside)."""
    parts = Path(pattern).parts
    if not pattern or Path(pattern).is_absolute() or ".." in parts or len(parts) > MAX_GLOB_DEPTH:
        raise InvalidArgument(f"the pattern {_shown(pattern)} must name files below its folder (no `..`, no /, "
                              f"at most {MAX_GLOB_DEPTH} levels)",
                              hint="Give the folder first, then a pattern for the names in it: `dir/*.pdf`.")
    checked(base / pattern, pattern)
    try:
        found = base.rglob(pattern) if recursive else base.glob(pattern)
        return sorted(p for p in found if p.is_file())
    except ValueError as exc:  # e.g. `a**` (`**` must be a whole name)
        raise InvalidArgument(f"the pattern {_shown(pattern)} is not valid: {exc}") from None


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


class LocalPolicy:
    """The CLI's policy: paths as the user typed them; `-` is stdin (inputs) or stdout (outputs). `base`: where
    a relative path starts, when not in this process's working folder (a batch's, on a cluster's worker)."""

    def __init__(self, base: str | None = None) -> None:
        self.base = base
        self._tmp: Path | None = None
        self.stdin_file: Path | None = None
        self.stdout_file: Path | None = None
        self.pipes: dict[str, Path] = {}  # a pipe given by name (`<(...)`, /dev/stdin, a FIFO): its copy
        self.writes = False  # an output file or folder was named: what the command shows is a report of it
        self.stdout_name = "-"  # how the output that is standard output was named (`-`, `/dev/stdout`)

    def _tmpdir(self) -> Path:
        if self._tmp is None:
            self._tmp = Path(tempfile.mkdtemp(prefix="pdftools-"))
        return self._tmp

    def input(self, raw: str) -> Path:
        if raw == "-":
            if self.stdin_file is None:
                not_a_terminal()
                self.stdin_file = self._tmpdir() / "stdin.pdf"
                copy_stdin(self.stdin_file)
            return self.stdin_file
        path = self.folder(raw)
        if raw not in self.pipes and is_pipe(path):  # it has no size and reads once: kept as `-` is
            folder = self._tmpdir() / f"pipe-{len(self.pipes) + 1}"
            folder.mkdir()
            self.pipes[raw] = folder / (path.name or "pipe")  # its name (`in.md`: markdown; `63` from `<(...)`)
            try:
                with path.open("rb") as source:
                    copy_stream(reader(source.fileno()), self.pipes[raw], raw)
            except OSError as exc:
                raise os_error(exc, f"cannot read {raw}") from None
        return self.pipes.get(raw, path)

    def output(self, raw: str) -> Path:
        """`-` (a temporary file copied to stdout), or the file named: through a symbolic link, the file it names
        (real path), as qpdf, `cp` and the shell's `>` write it (the link stays; the MCP policy resolves every
        path). Names a document chooses are not outputs: a link there is replaced, never followed."""
        if raw == "-" or names_stdout(raw):  # `/dev/stdout` piped: the summary to stderr, never into the PDF
            self.stdout_file, self.stdout_name = self._tmpdir() / "stdout.pdf", raw
            return self.stdout_file
        self.writes = True
        path = self.folder(raw)
        if is_descriptor(path):  # `/dev/stdout`: the descriptor, whatever it is (a pipe has no name to resolve)
            return path
        return Path(os.path.realpath(path)) if path.is_symlink() else path

    def public(self, value: Any, *, people: bool = False) -> Any:
        """`value` (a result, or an error's message) as the user should read it: the temporary files behind
        `-` are deleted when pdftools ends, so a whole value that is one becomes `-` (for `people`, who read a
        result's table, `standard input` / `standard output`: `input -` reads as "none"), and a mention inside
        a sentence becomes `standard input` / `standard output`."""
        named = [(self.stdin_file, "-", "standard input"), (self.stdout_file, self.stdout_name, "standard output"),
                 *((copy, raw, raw) for raw, copy in self.pipes.items())]
        wholes = {str(path): label if people and whole == "-" else whole for path, whole, label in named
                  if path is not None}
        names = {str(path): label for path, _, label in named if path is not None}
        if not names:
            return value

        def change(text: str) -> str:
            if text in wholes:
                return wholes[text]
            for path, label in names.items():
                text = text.replace(path, label)
            return text

        from pdftools.core import results

        return results.map_strings(value, change)

    def folder(self, raw: str) -> Path:
        try:
            path = Path(raw).expanduser()
        except RuntimeError:  # `~nosuchuser/...`: no such home, so the name is taken literally
            path = Path(raw)
        if self.base is not None:
            path = Path(self.base, path)  # (an absolute path stays as it is)
        elif path == Path("-"):  # `./-`, the file named `-`: Path drops the `./`, and a result naming it `-`
            path = Path.cwd() / path  # would name standard input (or output)
        return checked(path, raw)

    def output_folder(self, raw: str) -> Path:
        self.writes = True
        return self.folder(raw)

    def in_place(self, path: Path) -> None:
        """Whether `path` may be replaced by the op's output (`in_place`): any file this process may write."""

    def renamed(self, path: Path, raw: str) -> Path:
        """Where the file `path` is renamed to (`raw`, a name in its folder): that output."""
        return self.output(raw)

    def name(self, typed: str, found: Path | None, path: Path) -> str:
        """How output names a file found under the path `typed` (`found`, relative to it; None: `typed` is the
        file): joined to it as typed (`./a.pdf` for `.`), as grep and pdfgrep print it."""
        return typed if found is None else os.path.join(typed, found)

    def cleanup(self) -> None:
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None


def pdf_output_path(raw: str, what: str = "a PDF", suffix: str = "pdf") -> Path:
    """An output that will hold a PDF's bytes (or `what` other binary data: a docx, whose files end in `suffix`).
    At a shell, `-` (or the default for an input from `-`) is refused when standard output is a terminal, as
    gzip refuses to write compressed data to one: bytes there are no use and can upset the terminal."""
    if raw == "-" and isinstance(policy(), LocalPolicy) and sys.stdout is not None and sys.stdout.isatty():
        raise InvalidArgument(f"{what} is not written to a terminal",
                              hint="Give -o FILE, or pipe the output into a file or another command (`| cat > "
                                   f"out.{suffix}`).")
    return output_path(raw)


class RootsPolicy:
    """The MCP server's policy: every path must resolve (symlinks followed) inside one of the roots."""

    def __init__(self, roots: list[Path]) -> None:
        if not roots:
            raise InvalidArgument("at least one root is needed")
        self.roots = [Path(os.path.realpath(r)) for r in roots]

    def _hint(self) -> str:
        listed = ", ".join(str(r) for r in self.roots)
        return f"Allowed roots: {listed}. Use a path inside them (relative paths start at {self.roots[0]})."

    def resolve(self, raw: str) -> Path:
        """The real path of `raw` inside a root. `file://` URIs are percent-decoded (once); plain paths are
        taken literally (`%2e%2e` is a name, not `..`)."""
        text = self._uri_path(raw) if raw.startswith("file://") else raw
        if _WINDOWS.match(text):
            raise InvalidArgument(
                f"{_shown(raw)} is a Windows path; this server runs on {sys.platform} and sees POSIX paths",
                hint=self._hint(),
            )
        if text.startswith("~"):
            raise PathOutsideRoot(f"{_shown(raw)}: home-relative paths are not allowed", hint=self._hint())
        path = as_shown(checked(self.roots[0] / text, raw))  # an absolute `text` replaces the root
        real = Path(os.path.realpath(path))
        if not any(real == root or real.is_relative_to(root) for root in self.roots):
            raise PathOutsideRoot(f"{_shown(raw)} is outside the allowed roots", hint=self._hint())
        return real

    def _uri_path(self, raw: str) -> str:
        try:
            parsed = urlparse(raw)
        except ValueError as exc:  # `file://[`: urllib reads `[` as the start of an IPv6 host
            raise InvalidArgument(f"{_shown(raw)} is not a valid file URI: {exc}",
                                  hint="Percent-encode `[` and `]` in file names (%5B, %5D).") from None
        if parsed.netloc not in ("", "localhost"):
            raise PathOutsideRoot(f"file URI on another host: {_shown(raw)}", hint=self._hint())
        if parsed.query or parsed.fragment or parsed.params:
            raise InvalidArgument(f"{_shown(raw)}: a file URI with a query or fragment",
                                  hint="Percent-encode `?`, `#` and `;` in file names (%3F, %23, %3B).")
        return unquote(parsed.path, errors="surrogateescape")  # file names are bytes; os.fsencode restores them

    PIPE_HINT = "Name a file inside the allowed roots."

    def no_pipe(self, raw: str, role: str) -> None:
        """`-` (standard input or output) belongs to the command line; here it is an error, not a file name."""
        if raw == "-":
            raise InvalidArgument(f"`-` ({role}) is for the command line; this server reads and writes files",
                                  hint=self.PIPE_HINT)

    def input(self, raw: str) -> Path:
        self.no_pipe(raw, "standard input")
        if not _like_data(raw):
            return self.resolve(raw)
        try:
            found = self.resolve(raw)
        except PdftoolsError:
            found = None
        if found is None or not found.exists():
            kind = "a data: URL" if raw.startswith("data:") else "base64"
            raise InvalidArgument(f"a file's content ({kind}, {len(raw):,} characters) where a file's path goes",
                                  hint="This server takes files by path: write the content to a file inside the "
                                       f"roots and give its path. {self._hint()}")
        return found

    def output(self, raw: str) -> Path:
        self.no_pipe(raw, "standard output")
        return self.resolve(raw)

    def folder(self, raw: str) -> Path:
        return self.resolve(raw)

    def output_folder(self, raw: str) -> Path:
        return self.resolve(raw)

    def in_place(self, path: Path) -> None:
        """Whether `path` may be replaced by the op's output (`in_place`): a file in the roots may."""

    def renamed(self, path: Path, raw: str) -> Path:
        """Where the file `path` is renamed to (`raw`, a name in its folder): in the roots, as every output."""
        return RootsPolicy.output(self, raw)

    def name(self, typed: str, found: Path | None, path: Path) -> str:
        """How a result names a file: its real path, as every path in a result is."""
        return str(path)

    def cleanup(self) -> None:
        pass


_BASE64 = re.compile(r"[A-Za-z0-9+/=_\-\s]{512,}")  # shorter text is a path, never a file's content


def _like_data(raw: str) -> bool:
    """Whether `raw` looks like a file's content rather than its path: a `data:` URL, or long base64."""
    return raw.startswith("data:") or _BASE64.fullmatch(raw) is not None


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


OTHER_FILE_HINT = "Check the path: no file has that name{{cli: (a relative path starts in the current folder)}}."
PDF_NOT_FOLDER = "Give a PDF file, not a folder; `pdftools ls DIR` lists the PDFs in a folder."


def input_path(raw: str, missing_hint: str | None = None, *, pdf: bool = True) -> Path:
    """An existing input file, through the active policy. A missing one's hint is `missing_hint` (what the
    command reads), else for a PDF where to list PDFs, for any other file (JSON, an image...) the path alone.
    A folder's hint says where its PDFs are listed when the command reads a PDF (`pdf`), else to give a file."""
    path = policy().input(raw)
    if not path.exists() and raw.endswith(("/", os.sep)):  # `invoices/`: a folder's name, not a file's
        raise FileNotFound(f"no such folder: {raw}", hint=FOLDER_HINT)
    if not path.exists():
        named_pdf = Path(raw).suffix.lower() == ".pdf"
        close = _close_names(path, raw)
        if close:
            meant = f"did you mean {' or '.join(f'`{name}`' for name in close)}?"
            hint = f"D{meant[1:]} {missing_hint}" if missing_hint else f"No file has that name; {meant}"
            raise FileNotFound(f"no such file: {raw}", hint=hint)
        raise FileNotFound(f"no such file: {raw}", hint=missing_hint or (None if named_pdf else OTHER_FILE_HINT))
    if path.is_dir():
        raise IsADirectory(f"{raw} is a folder, not a file", hint=PDF_NOT_FOLDER if pdf else None)
    return path


def _close_names(path: Path, raw: str, most: int = 10_000) -> list[str]:
    """The files of the folder `raw` names whose names are close to its own (another case, `.pdf` left out, a
    space for a dash), as `raw` would give them (its folder kept): what was most likely meant. A folder's first
    `most` entries are read; none when the folder is not there."""
    import difflib

    try:
        with os.scandir(path.parent) as entries:
            names = [entry.name for _, entry in zip(range(most), entries, strict=False) if entry.is_file()]
    except OSError:
        return []
    folded = {name.casefold(): name for name in names}
    same = [folded[key] for key in (path.name.casefold(), path.name.casefold() + ".pdf") if key in folded]
    close = same or difflib.get_close_matches(path.name, names, n=3, cutoff=0.8) or [
        folded[key] for key in difflib.get_close_matches(path.name.casefold(), list(folded), n=3, cutoff=0.8)]
    given = raw.replace("\\", "/")
    folder = given[:given.rindex("/") + 1] if "/" in given else ""
    return [folder + shown(name) for name in close]


def renamed_path(path: Path, raw: str) -> Path:
    """Where the file `path` goes when renamed to `raw` (over HTTP too, a file in the roots stays there)."""
    return policy().renamed(path, raw)


def output_path(raw: str) -> Path:
    """An output file path, through the active policy (existence is checked when writing)."""
    return policy().output(raw)


def folder_path(raw: str) -> Path:
    """An existing folder to read from, through the active policy."""
    return _folder(raw, FileNotFound(f"no such folder: {raw}", hint=FOLDER_HINT))


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
        raise InvalidArgument(f"{raw} is (or lies inside) a file, not a folder")
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
        raise InvalidArgument(f"{raw} is a file, not a folder",
                              hint=f"Give the folder that holds it (`pdftools ls {shlex.quote(parent)}`); `pdftools "
                                   f"info {shlex.quote(raw)}` shows that one PDF.")
    raise missing
