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
from urllib.parse import unquote, urlparse

from pdftools.errors import (
    FileNotFound,
    InvalidArgument,
    IsADirectory,
    OutputDirMissing,
    PathOutsideRoot,
    PdftoolsError,
)

_WINDOWS = re.compile(r"^(?:[A-Za-z]:[\\/]|\\\\|[A-Za-z]:$)")


class LocalPolicy:
    """The CLI's policy: paths as the user typed them; `-` is stdin (inputs) or stdout (outputs)."""

    def __init__(self) -> None:
        self._tmp: Path | None = None
        self.stdin_file: Path | None = None
        self.stdout_file: Path | None = None

    def _tmpdir(self) -> Path:
        if self._tmp is None:
            self._tmp = Path(tempfile.mkdtemp(prefix="pdftools-"))
        return self._tmp

    def input(self, raw: str) -> Path:
        if raw == "-":
            if self.stdin_file is None:
                self.stdin_file = self._tmpdir() / "stdin.pdf"
                with self.stdin_file.open("wb") as fh:
                    shutil.copyfileobj(sys.stdin.buffer, fh)
            return self.stdin_file
        return Path(raw).expanduser()

    def output(self, raw: str) -> Path:
        if raw == "-":
            self.stdout_file = self._tmpdir() / "stdout.pdf"
            return self.stdout_file
        return Path(raw).expanduser()

    def folder(self, raw: str) -> Path:
        return Path(raw).expanduser()

    def output_folder(self, raw: str) -> Path:
        return self.folder(raw)

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
        if "\x00" in raw:
            raise InvalidArgument("the path contains a NUL byte")
        text = raw
        if text.startswith("file://"):
            parsed = urlparse(text)
            if parsed.netloc not in ("", "localhost"):
                raise PathOutsideRoot(f"file URI on another host: {raw!r}", hint=self._hint())
            text = unquote(parsed.path)
        if _WINDOWS.match(text):
            raise InvalidArgument(
                f"{raw!r} is a Windows path; this server runs on {sys.platform} and sees POSIX paths",
                hint=self._hint(),
            )
        if text.startswith("~"):
            raise PathOutsideRoot(f"{raw!r}: home-relative paths are not allowed", hint=self._hint())
        path = Path(text)
        if not path.is_absolute():
            path = self.roots[0] / path
        real = Path(os.path.realpath(path))
        if not any(real == root or real.is_relative_to(root) for root in self.roots):
            raise PathOutsideRoot(f"{raw!r} is outside the allowed roots", hint=self._hint())
        return real

    def input(self, raw: str) -> Path:
        return self.resolve(raw)

    def output(self, raw: str) -> Path:
        return self.resolve(raw)

    def folder(self, raw: str) -> Path:
        return self.resolve(raw)

    def output_folder(self, raw: str) -> Path:
        return self.resolve(raw)

    def cleanup(self) -> None:
        pass


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


def input_path(raw: str) -> Path:
    """An existing input file, through the active policy."""
    path = policy().input(raw)
    if not path.exists():
        raise FileNotFound(f"no such file: {raw}")
    if path.is_dir():
        raise IsADirectory(f"{raw} is a folder, not a file")
    return path


def output_path(raw: str) -> Path:
    """An output file path, through the active policy (existence is checked when writing)."""
    return policy().output(raw)


def folder_path(raw: str) -> Path:
    """An existing folder to read from, through the active policy."""
    return _folder(raw, FileNotFound(f"no such folder: {raw}"))


def output_folder(raw: str) -> Path:
    """An existing folder to write into, through the active policy."""
    return _folder(raw, OutputDirMissing(f"the output folder {raw} does not exist"), output=True)


def _folder(raw: str, missing: PdftoolsError, *, output: bool = False) -> Path:
    active = policy()
    path = active.output_folder(raw) if output else active.folder(raw)
    if path.is_dir():
        return path
    if path.exists():
        raise InvalidArgument(f"{raw} is a file, not a folder")
    raise missing
