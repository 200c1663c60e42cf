"""Writing outputs: checked before any work (not an input, its folder there, not already there without force),
written atomically beside their target (a locked `.NAME.XXXX.part` renamed into place; a device or FIFO written
into), several at once staged in a private folder and moved into place all or nothing; leftovers of a killed
process removed."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from pdftools.core.foreign_errors import os_error
from pdftools.errors import InvalidArgument, OutputDirMissing, OutputExists, OutputIsInput, PermissionDenied, verbatim

PART = ".part"  # temporary files and folders beside outputs end with this
_OURS = re.compile(r"^\.(?:.+\.|pdftools-)[a-z0-9_]{8}\.part$")  # what mkstemp / mkdtemp below name them
STALE_AFTER = 10.0  # seconds: an unlocked `.part` older than this belongs to no live process


def check_output(out: Path, inputs: Iterable[Path] = (), *, force: bool = False) -> None:
    """Refuse an output that is an input, sits in a missing folder, or exists (without force)."""
    for src in inputs:  # realpath, not Path.resolve: that raises on a symlink loop
        if out.exists() and os.path.samefile(out, src) or os.path.realpath(out) == os.path.realpath(src):
            raise OutputIsInput(f"the output {verbatim(out)} is also an input")
    if is_special(out):  # a character device or a FIFO (`-o /dev/null`): written into, as a shell's `>` does
        if not os.access(out, os.W_OK):
            raise PermissionDenied(f"cannot write to {verbatim(out)}")
        if _is_terminal(out):
            raise InvalidArgument(f"{verbatim(out)} is a terminal: a PDF is not written to a terminal",
                                  hint="Give -o FILE, or pipe the output into a file or another command (`-o - | "
                                       "cat > out.pdf`).")
        return
    parent = out.parent
    if not parent.is_dir():
        raise OutputDirMissing(f"the output folder {verbatim(parent)} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise PermissionDenied(f"cannot write to the folder {verbatim(parent)}")
    if out.is_dir():
        raise OutputExists(f"the output {verbatim(out)} is a folder", hint="Give a file name for the output.")
    if out.exists() and not force:
        raise OutputExists(f"the output {verbatim(out)} already exists")


@contextlib.contextmanager
def atomic_output(out: Path) -> Iterator[Path]:
    """Yield a temporary path beside `out`; on success rename it over `out`, on failure remove it.

    The temporary file, `.NAME.XXXX.part`, is locked while it is written. A process killed mid-write leaves it
    behind; the next write into the same folder removes such leftovers. Write into the path itself (`save_pdf`
    does): `pikepdf.Pdf.save(path)` would add a temporary file of its own.

    An `out` that is a device or a FIFO (`-o /dev/null`) is not replaced (a rename would put a regular file in
    its place): the whole output is written into a temporary file in TMPDIR, then copied into it."""
    special = is_special(out)
    if not special:
        remove_stale_parts(out.parent)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=PART, dir=None if special else out.parent)
    except OSError as exc:
        raise os_error(exc, f"cannot write to the folder {verbatim(out.parent)}") from None
    tmp = Path(tmp_name)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with _writing(f"cannot write {out}"):
            yield tmp
        if special:
            _copy_into(tmp, out)
            tmp.unlink()
        else:
            os.chmod(tmp, 0o666 & ~_UMASK)
            os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    finally:
        os.close(fd)


WRITE_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EACCES, errno.EPERM, errno.EROFS)


@contextlib.contextmanager
def _writing(doing: str) -> Iterator[None]:
    """What the caller writes into a temporary output (an image, an attached file, a converted document) fails
    as every output does: a full disk (or `ulimit -f`) is DISK_FULL, a refused write PERMISSION_DENIED."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in WRITE_ERRORS:
            raise
        raise os_error(exc, doing) from None


def is_special(path: Path) -> bool:
    """Whether `path` (links followed) is a character device or a FIFO, or a descriptor (`/dev/stdout`): an output
    written into, not replaced. A
    block device (writing into it would overwrite a disk) or a socket is refused: neither replaced nor written."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    from pdftools.core.pipes import is_descriptor

    if is_descriptor(path) and stat.S_ISREG(mode):  # `-o /dev/stdout > out.pdf`: the file the shell opened
        return True
    if stat.S_ISBLK(mode) or stat.S_ISSOCK(mode):
        kind = "a block device" if stat.S_ISBLK(mode) else "a socket"
        raise InvalidArgument(f"the output {verbatim(path)} is {verbatim(kind)}, not a regular file",
                              hint="Give a file name for the output.")
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def _is_terminal(path: Path) -> bool:
    """A character device that is a terminal (`/dev/tty`, `/dev/pts/N`, `/dev/stdout` at a shell)."""
    if not stat.S_ISCHR(os.stat(path).st_mode):
        return False  # a FIFO is not opened here: that would wait for its reader
    try:
        fd = os.open(path, os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        return os.isatty(fd)
    finally:
        os.close(fd)


def _copy_into(tmp: Path, out: Path) -> None:
    try:
        with tmp.open("rb") as src, open(out, "wb") as dst:  # a device or a FIFO: opened, never replaced
            shutil.copyfileobj(src, dst, 1 << 20)
    except OSError as exc:
        raise os_error(exc, f"cannot write to {verbatim(out)}") from None


def remove_stale_parts(folder: Path) -> None:
    """Remove `.*.part` files and folders no process holds a lock on (left by a killed pdftools)."""
    for part in folder.glob(".*" + PART):
        if not _OURS.match(part.name):
            continue
        with contextlib.suppress(OSError):
            fd = os.open(part, os.O_RDONLY | os.O_NOFOLLOW)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                if time.time() - os.fstat(fd).st_mtime <= STALE_AFTER:
                    continue
                if part.is_dir():
                    shutil.rmtree(part)
                else:
                    part.unlink()
            finally:
                os.close(fd)


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()  # read once at import: os.umask is process-wide and not thread-safe


# Inside a batch every PDF written gets a file ID made from its content (qpdf's deterministic ID) instead of
# the time: the same input and options give the same bytes on any worker, in any run.


def check_names(names: list[str], folder: Path, *, force: bool, field_hint: str, inputs: Sequence[Path] = ()
                ) -> None:
    """Several outputs in one folder: distinct names, none of them an input (`--force` or not, as `-o`), and none
    already there (without force)."""
    for name in names:
        if any((folder / name).exists() and os.path.samefile(folder / name, src) for src in inputs):
            raise OutputIsInput(f"the output {verbatim(name)} in {verbatim(folder)} would be written over its own "
                                "input",
                                hint="pdftools never overwrites an input: choose another {{out_dir}}" +
                                     (" or {{pattern}}." if field_hint else "."))
    if len(set(names)) != len(names):
        from pdftools.core.naming import fit

        cut = [n for n in names if len(n.encode()) >= len(fit(n + "x").encode())]  # shortened to the limit
        if cut:
            raise InvalidArgument(f"the pattern gives names too long to tell apart: each is cut to "
                                  f"{len(cut[0].encode())} bytes (file systems take 255), e.g. "
                                  f"{verbatim(repr(cut[0]))}",
                                  hint="Put the field that tells them apart earlier in the pattern, or shorten it.")
        from collections import Counter

        name, times = Counter(names).most_common(1)[0]
        raise InvalidArgument(f"the pattern gives several outputs the same name: {verbatim(repr(name))} ({times} of "
                              "them)",
                              hint=field_hint)
    existing = [n for n in names if (folder / n).exists()]
    if existing and not force:
        said = f"{verbatim(existing[0])} already exists" if len(existing) == 1 else \
            f"{len(existing):,} outputs already exist, e.g. {verbatim(existing[0])}"
        raise OutputExists(f"{said} in {verbatim(folder)}",
                           hint="Choose another {{out_dir}} (or remove those files), or give {{force}} to overwrite "
                                "them.")


@contextlib.contextmanager
def staged_outputs(folder: Path, names: list[str]) -> Iterator[Path]:
    """Yield a private folder beside the outputs (`.pdftools-XXXXXXXX.part`, locked); when the block succeeds,
    move every named file into place (all or nothing), and always remove the private folder (or, if this
    process is killed, the next write into `folder` does), and the folders it made when nothing was written.
    `names` is read when the block ends, so a caller that learns the names only by writing the files
    (extracted images) may fill the list in it."""
    made = [p for p in (folder, *folder.parents) if not p.exists()]
    try:
        folder.mkdir(parents=True, exist_ok=True)  # output folders are made when missing, as mkdir -p does
        remove_stale_parts(folder)
        staging = Path(tempfile.mkdtemp(prefix=".pdftools-", suffix=PART, dir=folder))
    except OSError as exc:
        _remove_empty(made)
        raise os_error(exc, f"cannot write to {verbatim(folder)}") from None
    fd = os.open(staging, os.O_RDONLY)
    done = False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with _writing(f"cannot write to {folder}"):
            yield staging
        for name in names:
            os.replace(staging / name, folder / name)
        done = True
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        os.close(fd)
        if not done or not names:  # failed, or wrote nothing (a PDF without images): no new folder left behind
            _remove_empty(made)


def _remove_empty(folders: list[Path]) -> None:
    """Remove the folders this command made (deepest first), when they are still empty."""
    for folder in folders:
        with contextlib.suppress(OSError):
            folder.rmdir()
