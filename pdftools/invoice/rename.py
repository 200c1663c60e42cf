"""Giving files new names in a folder: never overwriting a file, never losing one.

A rename is a hard link to the new name (which fails if the name is taken, atomically) and then the removal of
the old name: at every moment the file has at least one name. Where hard links are not supported, the new
name is first reserved with an exclusive create and the file renamed over that placeholder. Copies are written
to a private temporary file beside the target and linked into place the same way. `Names` tracks what a
batch has done to each folder, so a dry run plans the names a real run would choose.
"""

from __future__ import annotations

import errno
import filecmp
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from pdftools.errors import OutputExists, PermissionDenied

MAX_SUFFIX = 1000
_NO_LINKS = {errno.EPERM, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EXDEV, errno.EMLINK, errno.ENOSYS}


def numbered(name: str, n: int) -> str:
    """`a.pdf`, `a_2.pdf`, `a_3.pdf`, ... for n = 1, 2, 3, ..."""
    stem, ext = os.path.splitext(name)
    return name if n == 1 else f"{stem}_{n}{ext}"


class Names:
    """The names in each folder a batch touches, kept current as the batch renames and copies."""

    def __init__(self) -> None:
        self._names: dict[Path, set[str]] = {}

    def names(self, folder: Path) -> set[str]:
        if folder not in self._names:
            try:
                self._names[folder] = set(os.listdir(folder))
            except PermissionError:
                raise PermissionDenied(f"cannot list the folder {folder}") from None
        return self._names[folder]

    def plan(self, src: Path, folder: Path, name: str, *, copy: bool) -> tuple[str, bool]:
        """The name `src` gets in `folder` (`name`, else `name_2`, ...) and whether it is already there:
        the file itself when renaming, an identical copy when copying."""
        names = self.names(folder)
        for n in range(1, MAX_SUFFIX):
            candidate = numbered(name, n)
            target = folder / candidate
            if not copy and src.parent == folder and src.name == candidate:
                return candidate, True
            if candidate not in names:
                return candidate, False
            if copy and target.is_file() and filecmp.cmp(src, target, shallow=False):
                return candidate, True
        raise OutputExists(f"{name} and its numbered variants up to {numbered(name, MAX_SUFFIX - 1)} are all taken "
                           f"in {folder}", hint="A file is never overwritten here: give a {{pattern}} that tells "
                           "these invoices apart (more of their fields), or {{copy_to}} another folder.")

    def done(self, src: Path, target: Path, *, copy: bool) -> None:
        self.names(target.parent).add(target.name)
        if not copy:
            self.names(src.parent).discard(src.name)

    def taken(self, target: Path) -> None:
        self.names(target.parent).add(target.name)


def move(src: Path, target: Path) -> None:
    """Rename `src` to `target` unless `target` exists (FileExistsError)."""
    if _put(src, target):
        try:
            os.unlink(src)
        except OSError:
            os.unlink(target)
            raise


def copy(src: Path, target: Path) -> None:
    """Copy `src` to `target` unless `target` exists (FileExistsError); never a partial `target`."""
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        shutil.copy2(src, tmp)
        _put(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def _put(src: Path, target: Path) -> bool:
    """Give `src`'s file the name `target` unless it is taken (FileExistsError): as a hard link (True: `src`
    still names the file too) or, without hard links, by a rename over an exclusive placeholder (False)."""
    try:
        os.link(src, target, follow_symlinks=False)
        return True
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
    _reserved(target, lambda: os.replace(src, target))
    return False


def _reserved(target: Path, put: Callable[[], None]) -> None:
    """Create `target` exclusively (FileExistsError if taken), then `put` the file over the placeholder."""
    os.close(os.open(target, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    try:
        put()
    except BaseException:
        target.unlink(missing_ok=True)
        raise


def check_writable(folders: set[Path]) -> None:
    """Refuse the whole batch when a target folder cannot be written (before anything is renamed)."""
    for folder in sorted(folders):
        if not os.access(folder, os.W_OK | os.X_OK):
            raise PermissionDenied(f"cannot write to the folder {folder}; nothing was renamed")
