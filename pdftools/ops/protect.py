"""Encrypt a PDF with a password: AES-256 by default, AES-128 on request, RC4 only with --legacy.

The user password opens the file; the owner password also allows changing its permissions (without one, a
random owner password nobody knows is used, so the permissions hold). --allow lists what readers may do:
print, print-hq, copy (= extract), modify, annotate, fill-forms, assemble; `all` (default) or `none`.
At a shell, give the new password with --user-password-file, PDFTOOLS_NEW_PASSWORD, or type it when asked
(hidden, twice). The written file is checked: it opens with the password and not without.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pdftools.core.encryption import CIPHERS, check_encodable, parse_allow, verify_protected
from pdftools.core.params import Cli, Param, Password
from pdftools.core.paths import input_path, output_path
from pdftools.core.pdf import atomic_output, check_output, open_pdf
from pdftools.errors import InvalidArgument, PermissionDenied


@dataclass
class ProtectResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    output: str
    encryption: str
    """AES-256, AES-128 or RC4-128."""
    needs_password: bool
    """False when the user password is empty: anyone may open it, within the permissions."""
    owner_password: Literal["given", "random"]
    """`random`: a random owner password nobody knows (permissions cannot be changed later)."""
    allowed: list[str] = field(default_factory=list)
    denied: list[str] = field(default_factory=list)
    size: int = 0


NewPassword = Annotated[
    str | None,
    Param("Password that opens the PDF (\"\" for none: anyone may open it, within the permissions)"),
    Cli(envvar="PDFTOOLS_NEW_PASSWORD", file_flag="--user-password-file", prompt="New password",
        hide_input=True, confirm=True),
]
OwnerPassword = Annotated[
    str | None,
    Param("Password for full access, e.g. to change permissions (default: a random one nobody knows)"),
    Cli(envvar="PDFTOOLS_OWNER_PASSWORD", file_flag="--owner-password-file"),
]


def protect(
    input: Annotated[str, Param("PDF to encrypt"), Cli(argument=True)],
    output: Annotated[
        str | None, Param("Encrypted PDF to write (default: INPUT_protected.pdf beside the input; `-` for stdout)"),
        Cli("-o", "--output"),
    ] = None,
    user_password: NewPassword = None,
    owner_password: OwnerPassword = None,
    allow: Annotated[
        str | None,
        Param("What readers may do: comma-separated print, print-hq, copy, extract, modify, annotate, "
              "fill-forms, assemble; `all` (default) or `none`"),
    ] = None,
    cipher: Annotated[Literal["aes-256", "aes-128"], Param("AES key length")] = "aes-256",
    legacy: Annotated[bool, Param("Use RC4 128-bit instead of AES, for very old readers (weak encryption)")]
    = False,
    force: Annotated[bool, Param("Overwrite the output if it exists")] = False,
    password: Password = None,
) -> ProtectResult:
    if user_password is None:
        raise InvalidArgument(
            "no new password given",
            hint="Give it with --user-password-file FILE or PDFTOOLS_NEW_PASSWORD, or run at a terminal to be "
                 "asked (over MCP: user_password).")
    if legacy and cipher != "aes-256":
        raise InvalidArgument("--legacy (RC4) and --cipher aes-128 exclude each other")
    if not user_password and not owner_password:
        raise InvalidArgument("an empty user password needs an owner password, or the file is not protected")
    flags, allowed, denied = parse_allow(allow)
    if denied and user_password == owner_password:
        raise InvalidArgument("the owner password is the user password, so whoever opens the file may do "
                              "everything", hint="Choose a different owner password, or leave it out.")
    owner = owner_password or secrets.token_urlsafe(32)
    name = "rc4-128" if legacy else cipher
    revision, aes = CIPHERS[name]
    check_encodable(name, user_password, owner)

    src_path = input_path(input)
    out_path = output_path(output or str(src_path.with_name(f"{src_path.stem}_protected.pdf")))
    check_output(out_path, [src_path], force=force)
    import pikepdf

    encryption = pikepdf.Encryption(user=user_password, owner=owner, R=revision, aes=aes, metadata=aes,
                                    allow=pikepdf.Permissions(accessibility=True, **flags))
    with open_pdf(src_path, password) as pdf, atomic_output(out_path) as tmp:
        try:
            pdf.save(tmp, encryption=encryption)
        except OSError as exc:
            raise PermissionDenied(f"cannot write {out_path}: {exc.strerror}") from None
        verify_protected(tmp, user_password, owner, flags)
        size = tmp.stat().st_size
    return ProtectResult(input=str(src_path), output=str(out_path), encryption=name.upper(),
                         needs_password=bool(user_password), owner_password="given" if owner_password else "random",
                         allowed=allowed, denied=denied, size=size)
