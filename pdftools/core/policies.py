"""The two path policies: where a path may point, and what `-` means.

`LocalPolicy` is the CLI's (anything the user may reach; `-` for stdin/stdout); `RootsPolicy` is the MCP server's,
which confines every path, including ones an op finds itself (globs, folder listings), to the allowed roots.
Paths are resolved to real paths and compared by components, never by string prefix. Ops never see them: they
call `paths.input_path()` and the like, which ask the active one (`paths.policy()`).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from pdftools.core.foreign_errors import os_error
from pdftools.core.pathnames import as_shown, checked, quoted
from pdftools.core.pipes import copy_stdin, copy_stream, is_descriptor, is_pipe, names_stdout, not_a_terminal, reader
from pdftools.errors import InvalidArgument, PathOutsideRoot, PdftoolsError, WebAddress, verbatim

_WINDOWS = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\|[A-Za-z]:$)")
_WEB = re.compile(r"\s*(?:https?|ftps?)://", re.I)  # a web address: nothing here fetches one


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
                raise os_error(exc, f"cannot read {verbatim(raw)}") from None
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
        """Whether `path` may be replaced by the op's output (`in_place`): any file this process may write. What
        the command then shows is a report of the file it wrote, as with `-o`."""
        self.writes = True

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
        self.no_web(raw)
        text = self._uri_path(raw) if raw.startswith("file://") else raw
        if _WINDOWS.match(text):
            raise InvalidArgument(
                f"{quoted(raw)} is a Windows path; this server runs on {sys.platform} and sees POSIX paths",
                hint=self._hint(),
            )
        if text.startswith("~"):
            raise PathOutsideRoot(f"{quoted(raw)}: home-relative paths are not allowed", hint=self._hint())
        path = as_shown(checked(self.roots[0] / text, raw))  # an absolute `text` replaces the root
        real = Path(os.path.realpath(path))
        if not any(real == root or real.is_relative_to(root) for root in self.roots):
            raise PathOutsideRoot(f"{quoted(raw)} is outside the allowed roots", hint=self._hint())
        return real

    def _uri_path(self, raw: str) -> str:
        try:
            parsed = urlparse(raw)
        except ValueError as exc:  # `file://[`: urllib reads `[` as the start of an IPv6 host
            raise InvalidArgument(f"{quoted(raw)} is not a valid file URI: {verbatim(exc)}",
                                  hint="Percent-encode `[` and `]` in file names (%5B, %5D).") from None
        if parsed.netloc not in ("", "localhost"):
            raise PathOutsideRoot(f"file URI on another host: {quoted(raw)}", hint=self._hint())
        if parsed.query or parsed.fragment or parsed.params:
            raise InvalidArgument(f"{quoted(raw)}: a file URI with a query or fragment",
                                  hint="Percent-encode `?`, `#` and `;` in file names (%3F, %23, %3B).")
        return unquote(parsed.path, errors="surrogateescape")  # file names are bytes; os.fsencode restores them

    PIPE_HINT = "Name a file inside the allowed roots."
    WEB_HINT = "Save the file inside the allowed roots (ask the user to, if you cannot) and give its path."

    def no_web(self, raw: str) -> None:
        """A web address where a file goes is refused saying so: `no such file` sent an agent to check a path."""
        if _WEB.match(raw):
            raise WebAddress(f"{quoted(raw)} is a web address: this server reads files, and fetches none",
                             hint=self.WEB_HINT)

    def no_pipe(self, raw: str, role: str) -> None:
        """`-` (standard input or output) belongs to the command line; here it is an error, not a file name."""
        if raw == "-":
            raise InvalidArgument(f"`-` ({role}) is for the command line; this server reads and writes files",
                                  hint=self.PIPE_HINT)

    def input(self, raw: str) -> Path:
        self.no_pipe(raw, "standard input")
        if not like_data(raw):
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


def like_data(raw: str) -> bool:
    """Whether `raw` looks like a file's content rather than its path: a `data:` URL, or long base64."""
    return raw.startswith("data:") or _BASE64.fullmatch(raw) is not None

