"""Check a PDF for damage: syntax, cross-reference, object streams, page tree, undecodable streams, fonts, images.

Reads every object and decodes every stream (as `qpdf --check` does), walks the page tree, parses each page's
content, reads embedded font programs and measures image data. The verdict is `valid`, `problems` (exit 12:
each one listed with its object and page; an `error` is data lost or unreadable, a `warning` was recovered)
or `unreadable` (exit 4: neither qpdf nor poppler can read the file). `pdftools repair` rewrites a damaged
file.

{{mcp:Verdict: `valid`, `problems` (each listed) or `unreadable`; pdf_repair rewrites a damaged file.}}
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from pdftools.core.params import Input, Password
from pdftools.core.paths import input_path
from pdftools.core.pdf import open_pdf
from pdftools.document.findings import Problem, reason
from pdftools.document.validate import validate
from pdftools.engines import poppler
from pdftools.errors import DamagedPdf, PdfProblems, PdftoolsError


@dataclass
class CheckResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    path: str
    verdict: str
    """`valid`, `problems` or `unreadable` (neither qpdf nor poppler can read the file)."""
    pdf_version: str
    pages: int
    objects: int
    """Objects read."""
    encrypted: bool
    linearized: bool
    errors: int
    warnings: int
    problems: list[Problem] = field(default_factory=list)
    more_problems: int = 0
    """Problems found beyond the ones listed (a shredded file can yield one per byte)."""
    table_optional: ClassVar = ("more_problems",)  # a person reads it when the list was cut


    def reword_errors(self, reword: Callable[[str, str], str]) -> None:
        """The problems' words in a front end's terms (`reword(text, command)`): over MCP `pdftools repair`, which
        may recover pages poppler still reads, is the tool `pdf_repair`."""
        for problem in self.problems:
            problem.message = reword(problem.message, "check")

    @property
    def exit_code(self) -> int:
        return {"valid": 0, "problems": PdfProblems.exit_code}.get(self.verdict, DamagedPdf.exit_code)


def check(
    input: Input,
    password: Password = None,
) -> CheckResult:
    path = input_path(input)
    try:
        pdf = open_pdf(path, password, inherit_page_attributes=False)  # a broken page tree is a finding
    except DamagedPdf as exc:
        return _unreadable(path, exc)
    with pdf:
        found = validate(pdf, str(path))
        errors = sum(p.severity == "error" for p in found.problems)
        return CheckResult(
            path=str(path), verdict="problems" if found.problems else "valid", pdf_version=pdf.pdf_version,
            pages=_pages(pdf), objects=len(pdf.objects), encrypted=pdf.is_encrypted,
            linearized=pdf.is_linearized, errors=errors, warnings=len(found.problems) - errors,
            problems=found.problems, more_problems=found.dropped,
        )


def _unreadable(path: Path, damaged: DamagedPdf) -> CheckResult:
    """qpdf cannot read the file's structure; poppler, which recovers some such files, may still see pages: then
    the file has problems (the qpdf command of another version may read it too), but is not unreadable."""
    why = reason(damaged.message, str(path))
    where = re.search(r"\bobject (\d+) \d+\b", why)
    problems = [Problem("error", "file", f"the file's structure cannot be read: {why}",
                        int(where[1]) if where else None)]
    try:
        fields = poppler.pdfinfo(path, damaged)
    except PdftoolsError:
        fields = {}
    if fields:
        problems.append(Problem("warning", "file", f"poppler still reads {fields['Pages']} page(s): "
                                                   "`pdftools repair` may recover them"))
    verdict = "problems" if int(fields.get("Pages") or 0) else "unreadable"
    return CheckResult(path=str(path), verdict=verdict, pdf_version=fields.get("PDF version", ""),
                       pages=int(fields.get("Pages", 0)), objects=0, encrypted=False, linearized=False,
                       errors=1, warnings=len(problems) - 1, problems=problems)


def _pages(pdf: object) -> int:
    try:
        return len(pdf.pages)  # type: ignore[attr-defined]
    except Exception:  # a page tree qpdf cannot list (the problems say why)
        return 0
