"""Remove a PDF's encryption, with its user or owner password.

{{cli:At a shell, give the password with --password-file, PDFTOOLS_PASSWORD, or type it when asked (hidden).
}}A wrong password gives BAD_PASSWORD. The written file is checked: it opens without a password.
{{cli:{{remove_restrictions}} also removes a signed PDF's restrictions, as qpdf's option of that name: its
signature fields become plain widgets that keep their look, and it is no longer locked by them (the signatures are
no longer valid); a signed file that is not encrypted is then a valid input.
}}"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pdftools.core.edit import Edited, Force, InPlace, Input, Linearize, ObjectStreams, Output, open_job
from pdftools.core.params import Cli, Param
from pdftools.document import signatures
from pdftools.document.encryption import cipher_of, verify_unprotected
from pdftools.errors import InvalidArgument


@dataclass
class UnprotectResult(Edited):
    removed: str = ""
    """AES-256, AES-128, RC4-128 or RC4-40."""
    opened_with: Literal["user", "owner", "none"] = "user"
    signatures_disabled: int = 0
    """Signature fields made plain widgets (remove_restrictions)."""
    restrictions_asked = False  # (no field) remove_restrictions was given: a person reads the count only then

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """`signatures disabled 0` answers --remove-restrictions; without it, nothing was asked."""
        return () if self.restrictions_asked else ("signatures_disabled",)


def unprotect(
    input: Input,
    output: Output = None,
    password: Annotated[
        str | None, Param("The input's user or owner password"),
        Cli(envvar="PDFTOOLS_PASSWORD", file_flag="--password-file", prompt="Password", hide_input=True),
    ] = None,
    remove_restrictions: Annotated[bool, Param("Also remove a signed PDF's restrictions, disabling its signatures "
                                               "(their look kept)")] = False,
    in_place: InPlace = False,
    force: Force = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> UnprotectResult:
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="unprotected", password=password, in_place=in_place, force=force, exact=True)
    with job.pdf as pdf:
        signed = signatures.restricted(pdf)
        if not pdf.is_encrypted and not (remove_restrictions and signed):
            message, hint = _nothing(job.src, remove_restrictions, signed)
            raise InvalidArgument(message, hint=hint)
        opened_with: Literal["user", "owner", "none"] = (
            "owner" if pdf.owner_password_matched else "user" if password and pdf.is_encrypted else "none")
        removed = cipher_of(pdf) if pdf.is_encrypted else ""
        disabled = signatures.remove_restrictions(pdf) if remove_restrictions else 0
        saved = job.save(encryption=False, verify=verify_unprotected)
    result = UnprotectResult(**saved, removed=removed, opened_with=opened_with, signatures_disabled=disabled)
    result.restrictions_asked = remove_restrictions
    return result


def _nothing(src: object, remove_restrictions: bool, signed: bool) -> tuple[str, str]:
    """Why there is nothing to do, and the hint: the message and the hint of the error."""
    if remove_restrictions:
        return f"{src} is neither encrypted nor signed", "Nothing to remove: it opens as it is."
    if signed:
        return (f"{src} is not encrypted", "Its signatures' restrictions go with {{remove_restrictions}} (the "
                                           "signatures are then no longer valid).")
    return f"{src} is not encrypted", "Nothing to remove: it opens as it is."
