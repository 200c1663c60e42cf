"""Remove a PDF's encryption, with its user or owner password.

{{cli:At a shell, give the password with --password-file, PDFTOOLS_PASSWORD, or type it when asked (hidden).
}}A wrong password gives BAD_PASSWORD. The written file is checked: it opens without a password.
{{cli:A file that is not encrypted is written as it is (a copy, exit 0), as `qpdf --decrypt` copies it, and a note
says so: a loop over plain and locked files runs to its end.
}}{{cli:{{remove_restrictions}} also removes a signed PDF's restrictions, as qpdf's option of that name: its
signature fields become plain widgets that keep their look, and it is no longer locked by them (the signatures are
no longer valid), whether or not it is encrypted.
}}"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pdftools.core.edit import Edited, Force, InPlace, Input, Linearize, ObjectStreams, Output, open_job
from pdftools.core.params import Cli, Param
from pdftools.document import signatures
from pdftools.document.encryption import cipher_of, verify_unprotected


@dataclass
class UnprotectResult(Edited):
    removed: str = ""
    """AES-256, AES-128, RC4-128 or RC4-40."""
    opened_with: Literal["user", "owner", "none"] = "user"
    signatures_disabled: int = 0
    """Signature fields made plain widgets (remove_restrictions)."""
    was_encrypted: bool = True
    """False: it was not (without remove_restrictions, the output is a copy)."""
    restrictions_asked = False  # (no field) remove_restrictions was given: a person reads the count only then

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """`signatures disabled 0` answers --remove-restrictions; without it, nothing was asked. `was encrypted yes`
        says what unprotect is for: only `no` tells."""
        return (*(() if self.restrictions_asked else ("signatures_disabled",)),
                *(("was_encrypted",) if self.was_encrypted else ()))

    signed = False  # (no field) the input has signatures that restrict it

    def shortfalls(self) -> list[str]:
        """An input that was not encrypted was copied (the exit code is 0): nothing was removed."""
        if self.was_encrypted or (self.restrictions_asked and self.signed):
            return []
        from pdftools.core.results import input_name

        name = input_name(self.input)  # `-`: standard input
        if self.restrictions_asked:
            return [f"{name} was neither encrypted nor signed: nothing removed, written as it is"]
        if self.signed and not self.restrictions_asked:
            return [f"{name} was not encrypted: nothing removed, written as it is; its signatures' restrictions "
                    "stay ({{remove_restrictions}} removes them, and the signatures are then no longer valid)"]
        return [f"{name} was not encrypted: nothing removed, written as it is"]


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
        signed, was_encrypted = signatures.restricted(pdf), pdf.is_encrypted
        opened_with: Literal["user", "owner", "none"] = (
            "owner" if pdf.owner_password_matched else "user" if password and pdf.is_encrypted else "none")
        removed = cipher_of(pdf) if pdf.is_encrypted else ""
        disabled = signatures.remove_restrictions(pdf) if remove_restrictions else 0
        saved = job.save(encryption=False, verify=verify_unprotected)
    result = UnprotectResult(**saved, removed=removed, opened_with=opened_with, signatures_disabled=disabled,
                             was_encrypted=was_encrypted)
    result.restrictions_asked, result.signed = remove_restrictions, bool(signed)
    return result

