"""Remove a PDF's encryption, with its user or owner password.

At a shell, give the password with --password-file, PDFTOOLS_PASSWORD, or type it when asked (hidden).
A wrong password gives BAD_PASSWORD. The written file is checked: it opens without a password.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pdftools.core.encryption import cipher_of, verify_unprotected
from pdftools.core.params import Cli, Param
from pdftools.core.paths import input_path, output_path
from pdftools.core.pdf import atomic_output, check_output, open_pdf
from pdftools.errors import InvalidArgument, PermissionDenied


@dataclass
class UnprotectResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    input: str
    output: str
    removed: str
    """The encryption that was removed: AES-256, AES-128, RC4-128 or RC4-40."""
    opened_with: Literal["user", "owner", "none"]
    """Which password opened the input (`none`: it had no user password, only restrictions)."""
    pages: int
    size: int


def unprotect(
    input: Annotated[str, Param("Encrypted PDF"), Cli(argument=True)],
    output: Annotated[
        str | None, Param("PDF to write (default: INPUT_unprotected.pdf beside the input; `-` for stdout)"),
        Cli("-o", "--output"),
    ] = None,
    password: Annotated[
        str | None, Param("The input's user or owner password"),
        Cli(envvar="PDFTOOLS_PASSWORD", file_flag="--password-file", prompt="Password", hide_input=True),
    ] = None,
    force: Annotated[bool, Param("Overwrite the output if it exists")] = False,
) -> UnprotectResult:
    src_path = input_path(input)
    out_path = output_path(output or str(src_path.with_name(f"{src_path.stem}_unprotected.pdf")))
    check_output(out_path, [src_path], force=force)
    with open_pdf(src_path, password) as pdf:
        if not pdf.is_encrypted:
            raise InvalidArgument(f"{src_path} is not encrypted", hint="Nothing to remove: it opens as it is.")
        opened_with: Literal["user", "owner", "none"] = (
            "owner" if pdf.owner_password_matched else "user" if password else "none")
        removed = cipher_of(pdf)
        with atomic_output(out_path) as tmp:
            try:
                pdf.save(tmp, encryption=False)
            except OSError as exc:
                raise PermissionDenied(f"cannot write {out_path}: {exc.strerror}") from None
            pages = verify_unprotected(tmp)
            size = tmp.stat().st_size
    return UnprotectResult(input=str(src_path), output=str(out_path), removed=removed,
                           opened_with=opened_with, pages=pages, size=size)
