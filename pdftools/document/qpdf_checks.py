"""qpdf's checks for scripts, as `info` options: `--is-encrypted` and `--requires-password` print nothing and
answer in the exit code; `--show-npages` prints the page count alone.

qpdf answers 0 (yes), 2 (not encrypted) and 3 (encrypted, and it opens with the password given or without
one); 2 and 3 are pdftools' INVALID_ARGUMENT and FILE_NOT_FOUND, so those answers have codes of their own."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pdftools.core.pdf import open_pdf
from pdftools.errors import BadPassword, DamagedPdf, Encrypted

NOT_ENCRYPTED_EXIT = 17  # qpdf's 2
OPENS_EXIT = 18  # qpdf's 3: encrypted, and the password given (or none) opens it


@dataclass
class CheckResult:
    """What a check found (command line only: over MCP, `pdf_info` says `encrypted` and `pages`, and a PDF that
    needs a password is an ENCRYPTED error)."""

    encrypted: bool
    password_required: bool
    pages: int | None = None
    check: str = field(default="", repr=False)

    def output_lines(self) -> list[str]:
        return [str(self.pages)] if self.check == "show_npages" else []

    def notes(self) -> list[str]:
        return []

    @property
    def exit_code(self) -> int:
        if self.check == "show_npages":
            return 0
        if self.check == "is_encrypted":
            return 0 if self.encrypted else NOT_ENCRYPTED_EXIT
        return 0 if self.password_required else OPENS_EXIT if self.encrypted else NOT_ENCRYPTED_EXIT


def run(check: str, path: Path, password: str | None) -> CheckResult:
    """Run one check (`is_encrypted`, `requires_password` or `show_npages`) on `path`."""
    if check == "show_npages":
        try:
            with open_pdf(path, password) as pdf:
                return CheckResult(pdf.is_encrypted, False, len(pdf.pages), check)
        except DamagedPdf as damaged:  # poppler may still count what qpdf cannot open
            from pdftools.engines import poppler

            return CheckResult(False, False, int(poppler.pdfinfo(path, damaged)["Pages"]), check)
    try:
        with open_pdf(path, password, exact=True) as pdf:  # qpdf: a wrong password needs another, opening or not
            return CheckResult(pdf.is_encrypted, False, None, check)
    except (Encrypted, BadPassword):  # a password other than the one given is needed
        return CheckResult(True, True, None, check)
