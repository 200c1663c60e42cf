"""Remove a PDF's encryption, with its user or owner password.

{{cli:At a shell, give the password with --password-file, PDFTOOLS_PASSWORD, or type it when asked (hidden).
}}A wrong password gives BAD_PASSWORD. The written file is checked: it opens without a password.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pdftools.core.edit import Edited, Force, InPlace, Input, Linearize, ObjectStreams, Output, open_job
from pdftools.core.params import Cli, Param
from pdftools.document.encryption import cipher_of, verify_unprotected
from pdftools.errors import InvalidArgument


@dataclass
class UnprotectResult(Edited):
    removed: str = ""
    """AES-256, AES-128, RC4-128 or RC4-40."""
    opened_with: Literal["user", "owner", "none"] = "user"


def unprotect(
    input: Input,
    output: Output = None,
    password: Annotated[
        str | None, Param("The input's user or owner password"),
        Cli(envvar="PDFTOOLS_PASSWORD", file_flag="--password-file", prompt="Password", hide_input=True),
    ] = None,
    in_place: InPlace = False,
    force: Force = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> UnprotectResult:
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="unprotected", password=password, in_place=in_place, force=force, exact=True)
    with job.pdf as pdf:
        if not pdf.is_encrypted:
            raise InvalidArgument(f"{job.src} is not encrypted", hint="Nothing to remove: it opens as it is.")
        opened_with: Literal["user", "owner", "none"] = (
            "owner" if pdf.owner_password_matched else "user" if password else "none")
        removed = cipher_of(pdf)
        saved = job.save(encryption=False, verify=verify_unprotected)
    return UnprotectResult(**saved, removed=removed, opened_with=opened_with)
