"""The output folder's record of finished files (`.pdftools-batch.jsonl`), so a re-run skips them.

One JSON line per finished file, appended and flushed as it finishes: its key (the input's content hash and the
options), the input, the output and what the output was when written (`written`: its size and modification time, a
re-run's check that it is still that output). A line is written once the output is whole in the staging folder,
just before it is renamed into place (Ctrl-C and SIGTERM wait for both, see `runner`); a re-run skips a file only
when its output is there as written, so a crash between the two only means that file is done again. A torn last
line is ignored. A lock (`.pdftools-batch.lock`, removed when the batch ends) keeps two batches from writing into
the same folder at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from pdftools.core import results
from pdftools.core.foreign_errors import os_error
from pdftools.errors import OutDirBusy, verbatim

NAME, LOCK, STAGING = ".pdftools-batch.jsonl", ".pdftools-batch.lock", ".pdftools-staging"


class Journal:
    def __init__(self, folder: Path) -> None:
        self.path = folder / NAME
        self.done: dict[str, dict[str, dict[str, Any]]] = {}  # key -> output -> its last line (copies of one
        # input share a key: each its own output)
        self._fh: IO[str] | None = None

    def load(self) -> None:
        if not self.path.exists():
            return
        with self.path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue  # a line torn by a crash
                if isinstance(entry, dict) and entry.get("status") == "ok" and isinstance(entry.get("key"), str):
                    self.done.setdefault(entry["key"], {})[str(entry.get("output"))] = entry

    def finished(self, key: str, target: Path) -> dict[str, Any] | None:
        """The earlier run's entry when this key was done and its output is still the one that run wrote: the
        same size and modification time (`written`). Another batch's options written into the same folder, a
        copy cut short, an edit, or an older output left by a crash between the line and the rename is done
        again. A line of an earlier pdftools (no `written`) only needs the output to be there, as then."""
        entries = self.done.get(key)
        if not entries or not target.exists():
            return None
        now = written(target)  # any line of the key: the output folder may have moved (`mv`, `rsync -a` keep times)
        return next((entry for entry in entries.values() if entry.get("written") in (None, now)), None)

    def record(self, entry: dict[str, Any]) -> None:
        try:
            if self._fh is None:
                self._fh = self.path.open("a", encoding="utf-8")
            self._fh.write(results.dumps(entry) + "\n")
            self._fh.flush()  # in the kernel's hands: a crash of this process loses nothing
        except OSError as exc:
            raise os_error(exc, f"cannot write the batch journal {verbatim(self.path)}") from None
        self.done.setdefault(entry["key"], {})[str(entry.get("output"))] = entry

    def close(self) -> None:
        if self._fh is not None:
            with contextlib.suppress(OSError):
                os.fsync(self._fh.fileno())
            self._fh.close()
            self._fh = None


def written(path: Path) -> str | None:
    """An output as it is now, to compare with what the journal recorded when the batch wrote it (rsync's quick
    check: size and modification time, nothing read): a file's size and time in nanoseconds; a folder's files'
    (thumbnails, images, split), each with its path, size and time, as one digest. A rename keeps them all.
    None when it is not there."""
    try:
        found = path.stat()
        if not path.is_dir():
            return f"{found.st_size}:{found.st_mtime_ns}"
        digest, count = hashlib.sha256(), 0
        for root, folders, files in os.walk(path):
            folders.sort()
            for name in sorted(files):
                one = os.stat(os.path.join(root, name))
                relative = os.path.relpath(os.path.join(root, name), path)
                digest.update(f"{relative}\0{one.st_size}\0{one.st_mtime_ns}\n".encode(errors="surrogateescape"))
                count += 1
    except OSError:
        return None
    return f"folder:{count}:{digest.hexdigest()[:16]}"


@contextlib.contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold the output folder's batch lock for the block; the lock file goes when the block ends. A batch that
    waited on a lock file its holder then removed takes it again (the file it holds is no longer the one at
    that path)."""
    path = folder / LOCK
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise os_error(exc, f"cannot write into the output folder {verbatim(folder)}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise OutDirBusy(f"another batch is writing into {folder}") from None
        if _same_file(fd, path):
            break
        os.close(fd)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()  # while still held: no other batch holds a lock on this file
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.stat(path))
    except FileNotFoundError:
        return False
