"""Passwords: the ones a command was given (`Keys`: one, several, or none), the forms readers try each in (as
typed, in PDFDocEncoding, as the bytes a Latin-1 terminal typed), which of them opens a file, and opening a file
with the first that works. Below `pdf`, which opens PDFs within the limits and maps their errors through these."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from pdftools.errors import BadPassword, verbatim

if TYPE_CHECKING:
    import pikepdf


Keys = str | Sequence[str] | None  # one password, several (each input opens with the first that works), or none


def keyring(password: Keys) -> list[str]:
    """The passwords given, as a list (one string is one password; empty ones are none)."""
    if password is None or isinstance(password, str):
        return [password] if password else []
    return [key for key in password if key]


def another_password(exc: BadPassword, path: Path, opener: str, verb: str = "opened") -> BadPassword:
    """The one password given does not open `path` but opens `opener` (an input of the same command): give both."""
    return BadPassword(f"{exc.message}, which {verb} {verbatim(opener)}", hint=(
        f"Give {verbatim(path.name)}'s password too: {{{{cli:{{{{password}}}} once for each password "
        "(`{{password}} A {{password}} B`, or a --password-file with one a line)}}{{mcp:{{password}} as a list, "
        "`[\"A\", \"B\"]`}}; each input opens with the first that works."))


def password_forms(password: Keys, *, exact: bool = False) -> list[str | bytes]:
    """Passwords as readers try them, each in turn (several: inputs locked with different passwords), then none,
    unless `exact` (see open_pdf)."""
    keys = keyring(password)
    forms = list(dict.fromkeys(form for key in keys for form in _forms(key)))  # a password given twice, tried once
    return forms + ([""] if not keys or not exact else [])


def key_for(path: Path, password: Keys) -> str | None:
    """The one password of those given that opens `path`, for a command that takes one (a batch runs each file's
    command with its own): the first that opens it, None when it opens only without one; the first given when
    none opens it, or it cannot be read (the command then says why)."""
    import pikepdf

    keys = keyring(password)
    if len(keys) < 2:
        return keys[0] if keys else None
    for key in [*keys, None]:
        try:
            open_any(path, _forms(key) if key is not None else [""]).close()
            return key
        except (pikepdf.PasswordError, pikepdf.PdfError, OSError):
            continue
    return keys[0]


def _forms(password: str) -> list[str | bytes]:
    """A password as readers try it: as typed (UTF-8: AES-256), then in PDFDocEncoding (older encryption,
    e.g. AES-128 or RC4, stores non-ASCII passwords that way). A password that is not UTF-8 (a Latin-1 terminal's
    `caf\\xe9`, held as a surrogate escape) is tried as the bytes typed, as qpdf takes it."""
    forms: list[str | bytes] = [password]
    if password and not password.isascii():
        try:
            password.encode("utf-8")
        except UnicodeEncodeError:
            forms = [password.encode("utf-8", "surrogateescape" if _escaped_bytes(password) else "surrogatepass")]
        else:
            import pikepdf.codec  # noqa: F401  # registers the "pdfdoc" codec

            with contextlib.suppress(UnicodeEncodeError):
                forms.append(password.encode("pdfdoc"))
    return forms


def _escaped_bytes(text: str) -> bool:
    """Whether every surrogate in `text` stands for a byte (Python's escape of a byte that is not UTF-8)."""
    return all("\udc80" <= c <= "\udcff" for c in text if "\ud800" <= c <= "\udfff")


def open_any(path: Path, forms: list[str | bytes], **options: Any) -> pikepdf.Pdf:
    """Open with the first password form that works (pikepdf.PasswordError when none does); `options` go to
    pikepdf.open."""
    import pikepdf

    for form in forms:
        try:
            with warnings.catch_warnings():  # "a password was given but not needed" is not worth a word
                warnings.simplefilter("ignore", UserWarning)
                return pikepdf.open(_openable(path), password=form, **options)
        except pikepdf.PasswordError:
            if form is forms[-1]:
                raise
    raise AssertionError("no password form given")


def _openable(path: Path) -> Path | BinaryIO:
    """The path, or, for a name that is not UTF-8 (Latin-1 bytes `caf\\xe9.pdf`, held by Python as a surrogate
    escape), the open file: pikepdf hands qpdf the name as text, which such a name cannot be (a TypeError).
    The file is closed with the Pdf that holds it."""
    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        return path.open("rb")
    return path
