"""Encrypt a PDF with a password: AES-256 by default, AES-128 on request, RC4 only for old readers.

Without an owner password a random one is used, so the permissions ({{allow}}) hold; an encrypted input keeps
its own unless {{allow}} is given.{{cli: At a shell the new
password comes from --user-password-file, PDFTOOLS_NEW_PASSWORD or a hidden prompt (asked twice).}} The output
is checked: it opens with the password and not without.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Literal

from pdftools.core.edit import Edited, Force, InPlace, Input, Linearize, ObjectStreams, Output, Password, open_job
from pdftools.core.params import Cli, Mcp, Param
from pdftools.document.encryption import (
    CIPHERS,
    PERMISSIONS,
    check_encodable,
    parse_allow,
    permission_names,
    verify_protected,
)
from pdftools.errors import InvalidArgument

if TYPE_CHECKING:
    import pikepdf


@dataclass
class ProtectResult(Edited):
    cipher: str = ""
    needs_password: bool = True
    owner_password: Literal["given", "random"] = "random"
    allowed: list[str] = field(default_factory=list)
    denied: list[str] = field(default_factory=list)

    kept = False  # (no field) the input's permissions kept: a person is told

    def notes(self) -> list[str]:
        """For people (the CLI's stderr): permissions taken from the encrypted input, not from --allow."""
        return ["kept the input's permissions (--allow all lifts them, --allow LIST sets others)"] if self.kept \
            else []


NewPassword = Annotated[
    str | None,
    Param("Password to open the PDF (\"\": none, permissions only)"),
    Cli(envvar="PDFTOOLS_NEW_PASSWORD", file_flag="--user-password-file", prompt="New password",
        hide_input=True, confirm=True),
]
OwnerPassword = Annotated[
    str | None,
    Param("Password for full access (default: random, unknown)"),
    Cli(envvar="PDFTOOLS_OWNER_PASSWORD", file_flag="--owner-password-file"),
]


def protect(
    input: Input,
    output: Output = None,
    user_password: NewPassword = None,
    owner_password: OwnerPassword = None,
    allow: Annotated[
        str | None, Param("Allowed{{cli:, comma-separated (`print,copy`): print, print-hq, copy, modify, annotate, "
                          "fill-forms, assemble}}{{mcp:, a list of print, print-hq, copy, modify, annotate, "
                          "fill-forms, assemble}}; all (default) or none"),
        Mcp(annotation=str | list[str] | None),  # an agent's list of names too (the schema says so: an array)
        Cli(complete=lambda: ("all", "none", *PERMISSIONS), listed=True),
    ] = None,
    cipher: Annotated[Literal["aes-256", "aes-128"], Param("AES key length")] = "aes-256",
    legacy: Annotated[bool, Param("RC4 128-bit for very old readers (weak)")] = False,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> ProtectResult:
    if user_password is None and password is not None:  # the new password given as the input's
        raise InvalidArgument(
            "no new password given ({{password}} is the password of the input)",
            hint="{{password}} opens an encrypted input; give the new password with {{user_password}}{{cli:, "
                 "--user-password-file FILE or PDFTOOLS_NEW_PASSWORD, or run at a terminal to be asked}}.")
    if user_password is None:
        raise InvalidArgument(
            "no new password given",
            hint="{{cli:Give it with --user-password-file FILE or PDFTOOLS_NEW_PASSWORD, or run at a terminal to "
                 "be asked.}}{{mcp:Give it as {{user_password}}.}}")
    if legacy and cipher != "aes-256":
        raise InvalidArgument("--legacy (RC4) and --cipher aes-128 exclude each other")
    if not user_password and not owner_password:
        raise InvalidArgument("an empty user password needs an owner password, or the file is not protected")
    flags, allowed, denied = parse_allow(allow)
    _not_owner_too(denied, user_password, owner_password)
    owner = owner_password or secrets.token_urlsafe(32)
    name = "rc4-128" if legacy else cipher
    revision, aes = CIPHERS[name]
    check_encodable(name, user_password, owner)
    import pikepdf

    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="protected", password=password, in_place=in_place, force=force)
    kept = allow is None and _restricted(job.pdf)
    if kept:  # a new password for a protected file: its restrictions stay unless --allow says otherwise
        granted = [word for word, ok in permission_names(job.pdf.allow).items() if ok]
        flags, allowed, denied = parse_allow(",".join(granted) or "none")
        _not_owner_too(denied, user_password, owner_password)
    encryption = pikepdf.Encryption(user=user_password, owner=owner, R=revision, aes=aes, metadata=aes,
                                    allow=pikepdf.Permissions(accessibility=True, **flags))
    with job.pdf:
        saved = job.save(encryption=encryption, verify=lambda tmp: verify_protected(tmp, user_password, owner, flags))
    result = ProtectResult(**saved, cipher=name.upper(), needs_password=bool(user_password),
                           owner_password="given" if owner_password else "random", allowed=allowed, denied=denied)
    result.kept = kept
    return result


def _not_owner_too(denied: list[str], user_password: str, owner_password: str | None) -> None:
    if denied and user_password == owner_password:
        raise InvalidArgument("the owner password is the user password, so whoever opens the file may do "
                              "everything", hint="Choose a different owner password, or leave it out.")


def _restricted(pdf: pikepdf.Pdf) -> bool:
    """An encrypted input that denies something (a permissions-only file's too)."""
    return pdf.is_encrypted and not all(permission_names(pdf.allow).values())
