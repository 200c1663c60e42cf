"""Opening PDFs (errors mapped to the tree, passwords) and writing outputs atomically."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pdftools.errors import (
    BadPassword,
    DamagedPdf,
    Encrypted,
    InvalidArgument,
    NotAPdf,
    OutputDirMissing,
    OutputExists,
    OutputIsInput,
    PermissionDenied,
)

if TYPE_CHECKING:
    import pikepdf


def is_pdf(path: Path) -> bool:
    """True when the file has a PDF header in its first KB (where readers look for it)."""
    with path.open("rb") as fh:
        return b"%PDF-" in fh.read(1024)


def open_pdf(path: Path, password: str | None = None, *, label: str | None = None) -> pikepdf.Pdf:
    """Open a PDF with pikepdf (qpdf), turning every failure into a pdftools error."""
    import pikepdf

    name = label or str(path)
    try:
        if not is_pdf(path):
            raise NotAPdf(f"{name} is not a PDF")
        return open_any(path, password_forms(password))
    except pikepdf.PasswordError:
        if password:
            raise BadPassword(f"the password does not open {name}") from None
        raise Encrypted(f"{name} is encrypted") from None
    except PermissionError:
        raise PermissionDenied(f"cannot read {name}: permission denied") from None
    except pikepdf.PdfError as exc:
        raise DamagedPdf(f"{name} cannot be read: {exc}") from None


def password_forms(password: str | None) -> list[str | bytes]:
    """A password as readers try it: as typed (UTF-8: AES-256), then in PDFDocEncoding (older encryption,
    e.g. AES-128 or RC4, stores non-ASCII passwords that way)."""
    forms: list[str | bytes] = [password or ""]
    if password and not password.isascii():
        import pikepdf.codec  # noqa: F401  # registers the "pdfdoc" codec

        with contextlib.suppress(UnicodeEncodeError):
            forms.append(password.encode("pdfdoc"))
    return forms


def open_any(path: Path, forms: list[str | bytes]) -> pikepdf.Pdf:
    """Open with the first password form that works (pikepdf.PasswordError when none does)."""
    import pikepdf

    for form in forms:
        try:
            with warnings.catch_warnings():  # "a password was given but not needed" is not worth a word
                warnings.simplefilter("ignore", UserWarning)
                return pikepdf.open(path, password=form)
        except pikepdf.PasswordError:
            if form is forms[-1]:
                raise
    raise AssertionError("no password form given")


def check_output(out: Path, inputs: Iterable[Path] = (), *, force: bool = False) -> None:
    """Refuse an output that is an input, sits in a missing folder, or exists (without force)."""
    for src in inputs:
        if out.exists() and os.path.samefile(out, src) or out.resolve() == src.resolve():
            raise OutputIsInput(f"the output {out} is also an input")
    parent = out.parent
    if not parent.is_dir():
        raise OutputDirMissing(f"the output folder {parent} does not exist")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise PermissionDenied(f"cannot write to the folder {parent}")
    if out.is_dir():
        raise OutputExists(f"the output {out} is a folder", hint="Give a file name for the output.")
    if out.exists() and not force:
        raise OutputExists(f"the output {out} already exists")


@contextlib.contextmanager
def atomic_output(out: Path) -> Iterator[Path]:
    """Yield a temporary path beside `out`; on success rename it over `out`, on failure remove it."""
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
    except OSError as exc:
        raise PermissionDenied(f"cannot write to the folder {out.parent}: {exc.strerror}") from None
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_UMASK = _read_umask()  # read once at import: os.umask is process-wide and not thread-safe


def save_pdf(pdf: pikepdf.Pdf, out: Path, *, min_version: str = "", check: Callable[[int], None] | None = None,
             verify: Callable[[Path], None] | None = None, **options: Any) -> int:
    """Save atomically (`options` go to pikepdf's save); return the size written. `check` sees the size and
    `verify` the written file before it is moved into place; either may refuse it by raising."""
    with atomic_output(out) as tmp:
        try:
            pdf.save(tmp, min_version=min_version, **options)
        except OSError as exc:
            raise PermissionDenied(f"cannot write {out}: {exc.strerror}") from None
        if check is not None:
            check(tmp.stat().st_size)
        if verify is not None:
            verify(tmp)
    return out.stat().st_size


def check_names(names: list[str], folder: Path, *, force: bool, field_hint: str) -> None:
    """Several outputs in one folder: distinct names, and none already there (without force)."""
    if len(set(names)) != len(names):
        raise InvalidArgument("the pattern gives several outputs the same name", hint=field_hint)
    existing = [n for n in names if (folder / n).exists()]
    if existing and not force:
        raise OutputExists(f"{len(existing)} output(s) already exist in {folder}, e.g. {existing[0]}")


@contextlib.contextmanager
def staged_outputs(folder: Path, names: list[str]) -> Iterator[Path]:
    """Yield a private folder beside the outputs; when the block succeeds, move every named file into place
    (all or nothing), and always remove the private folder. `names` is read when the block ends, so a
    caller that learns the names only by writing the files (extracted images) may fill the list in it."""
    try:
        staging = Path(tempfile.mkdtemp(prefix=".pdftools-", dir=folder))
    except OSError as exc:
        raise PermissionDenied(f"cannot write to {folder}: {exc.strerror}") from None
    try:
        yield staging
        for name in names:
            os.replace(staging / name, folder / name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
