"""PDF encryption as people name it: ciphers, permissions (`print,copy`), and the check that a written file
opens with its password and not without. Passwords are never put into messages or results."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pdftools.core.passwords import open_any, password_forms
from pdftools.errors import InvalidArgument, PdftoolsError

if TYPE_CHECKING:
    import pikepdf

# Each word of --allow and the pikepdf permission flags it grants. `copy` and `extract` are the same PDF
# permission (copy or extract text and graphics); extraction for accessibility is always allowed (PDF 2.0;
# qpdf ignores a refusal with AES). `print-hq` includes `print`.
PERMISSIONS: dict[str, tuple[str, ...]] = {
    "print": ("print_lowres",),
    "print-hq": ("print_lowres", "print_highres"),
    "copy": ("extract",),
    "extract": ("extract",),
    "modify": ("modify_other",),
    "annotate": ("modify_annotation",),
    "fill-forms": ("modify_form",),
    "assemble": ("modify_assembly",),
}
FLAGS = ("print_lowres", "print_highres", "extract", "modify_other", "modify_annotation", "modify_form",
         "modify_assembly")
# name: (revision R, AES)
CIPHERS: dict[str, tuple[Literal[3, 4, 6], bool]] = {"aes-256": (6, True), "aes-128": (4, True), "rc4-128": (3, False)}


def permission_names(allow: pikepdf.Permissions) -> dict[str, bool]:
    """What a PDF allows, in the words `protect --allow` takes (`copy` is a synonym of `extract`)."""
    return {word: all(bool(getattr(allow, flag)) for flag in flags)
            for word, flags in PERMISSIONS.items() if word != "copy"}


A_LIST = "{{cli:a comma-separated list}}{{mcp:a list}}"  # what `allow` is on each front end


def parse_allow(spec: str | None) -> tuple[dict[str, bool], list[str], list[str]]:
    """`print,copy` -> (pikepdf permission flags, the words allowed, the words denied); None or `all`:
    everything; an empty list is refused. Synonyms and implications count: `copy` allows `extract`, `print-hq`
    allows `print`."""
    words = [w.strip().lower() for w in ("all" if spec is None else spec).split(",") if w.strip()]
    if not words:  # `--allow "$PERMS"` with PERMS unset: granting everything would be the wrong guess
        raise InvalidArgument("{{allow}} is empty: it lists no permission",
                              hint=f"Give {A_LIST} of {', '.join(PERMISSIONS)}; or `all`, `none`.")
    mixed = [w for w in ("all", "none") if w in words and len(words) > 1]
    if mixed:
        raise InvalidArgument(f"`{mixed[0]}` stands alone in {{{{allow}}}}: it cannot go with other permissions",
                              hint=f"Give `all`, `none`, or {A_LIST} of {', '.join(PERMISSIONS)}.")
    if words == ["all"]:
        words = list(PERMISSIONS)
    elif words == ["none"]:
        words = []
    unknown = [w for w in words if w not in PERMISSIONS]
    if unknown:
        raise InvalidArgument(f"unknown permission(s) in {{{{allow}}}}: {', '.join(unknown)}",
                              hint=f"Use {A_LIST} of {', '.join(PERMISSIONS)}; or `all`, `none`.")
    granted = {flag for w in words for flag in PERMISSIONS[w]}
    allowed = [w for w, flags in PERMISSIONS.items() if granted.issuperset(flags)]
    return {flag: flag in granted for flag in FLAGS}, allowed, [w for w in PERMISSIONS if w not in allowed]


def cipher_of(pdf: pikepdf.Pdf) -> str:
    """How an open PDF is encrypted, by name: AES-256, AES-128, RC4-128, RC4-40 (or `none`)."""
    if not pdf.is_encrypted:
        return "none"
    info = pdf.encryption
    method = info.stream_method.name  # pikepdf's EncryptionMethod: none, unknown, rc4, aes, aesv3
    return {"aesv3": "AES-256", "aes": "AES-128"}.get(method, f"RC4-{info.bits}")


def _open(path: Path, password: str) -> pikepdf.Pdf | None:
    import pikepdf

    try:
        return open_any(path, password_forms(password, exact=True))  # a check of what was written
    except pikepdf.PasswordError:
        return None


def check_encodable(cipher: str, *passwords: str) -> None:
    """AES-128 and RC4 store passwords in PDFDocEncoding, which lacks most non-Latin characters."""
    if cipher == "aes-256":
        return
    import pikepdf.codec  # noqa: F401  # registers the "pdfdoc" codec

    try:
        for password in passwords:
            password.encode("pdfdoc")
    except UnicodeEncodeError:
        raise InvalidArgument(f"a password has characters that {cipher.upper()} cannot store",
                              hint="Use AES-256 (the default), which takes any characters.") from None


def verify_protected(path: Path, user: str, owner: str, allowed: dict[str, bool]) -> None:
    """The written file opens with the user password (restricted as asked) and with the owner password,
    and not without a password (unless the user password is empty)."""
    with_user = _open(path, user)
    if with_user is None:
        raise PdftoolsError("the protected file does not open with its password; nothing was written")
    with with_user:
        if user != owner and any(getattr(with_user.allow, f) != v for f, v in allowed.items()):
            raise PdftoolsError("the protected file does not carry the permissions asked for; nothing was written")
    with_owner = _open(path, owner)
    if with_owner is None or not with_owner.owner_password_matched:
        raise PdftoolsError("the protected file does not open with its owner password; nothing was written")
    with_owner.close()
    if user:
        anyone = _open(path, "")
        if anyone is not None:
            anyone.close()
            raise PdftoolsError("the protected file opens without a password; nothing was written")


def verify_unprotected(path: Path) -> None:
    """The written file opens without a password and is not encrypted."""
    opened = _open(path, "")
    if opened is None:
        raise PdftoolsError("the written file still needs a password; nothing was written")
    with opened:
        if opened.is_encrypted:
            raise PdftoolsError("the written file is still encrypted; nothing was written")
