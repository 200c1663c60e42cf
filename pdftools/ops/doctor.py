"""Check the programs and data pdftools uses, with versions and the command that installs what is missing.

{{cli:Exits non-zero when something a command needs is missing.}}
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import ClassVar

from pdftools import engines
from pdftools.errors import DependencyMissing, PdftoolsError

COMMAND = re.compile(r"\{([a-z][a-z-]*)\}")  # a command in what a check is used for: `{ocr}`


@dataclass
class Check:
    __pydantic_config__ = {"use_attribute_docstrings": True}
    name: str
    used_for: str
    """The commands that need it (over MCP, their tools), or what it is for."""
    required: bool
    found: bool
    version: str | None = None
    install: str | None = None
    table_optional: ClassVar = ("install",)  # a person sees the column when something is missing


def _check(name: str, used_for: str, *rest: object) -> Check:
    """A check whose `used_for` names commands as `{ocr}`: as commands here, as a front end names them later
    (`DoctorResult.name_commands`)."""
    check = Check(name, COMMAND.sub(r"\1", used_for), *rest)  # type: ignore[arg-type]
    check.uses = used_for  # type: ignore[attr-defined]  # not data: kept for the front end
    return check


@dataclass
class DoctorResult:
    __pydantic_config__ = {"use_attribute_docstrings": True}  # field docstrings become schema descriptions
    ok: bool
    """False when a required program is missing (the CLI then exits with DEPENDENCY_MISSING's code)."""
    checks: list[Check]
    ocr_languages: list[str] = field(default_factory=list)
    pdf_engines: list[str] = field(default_factory=list)
    """The PDF engines `convert` can use, the default first."""

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else DependencyMissing.exit_code

    def name_commands(self, name: Callable[[str], str]) -> None:
        """Each check's `used_for` with its commands as a front end names them (over MCP, `pdf_ocr` for `ocr`)."""
        for check in self.checks:
            uses = getattr(check, "uses", None)
            if uses is not None:
                check.used_for = COMMAND.sub(lambda m: name(m.group(1)), uses)


def doctor() -> DoctorResult:
    checks = [_program(*spec) for spec in engines.PROGRAMS]
    checks.append(_osd())
    checks.append(_check("pikepdf", f"PDF structure (libqpdf {_libqpdf()})", True, True, metadata.version("pikepdf")))
    tesseract = next(c for c in checks if c.name == "tesseract")
    languages = _languages() if tesseract.found else []
    pdf_engines = _convert(checks)
    checks.append(_cluster())
    return DoctorResult(ok=all(c.found for c in checks if c.required), checks=checks, ocr_languages=languages,
                        pdf_engines=pdf_engines)


def _program(name: str, flag: str, used_for: str, required: bool) -> Check:
    version = engines.version(name, flag)
    return _check(name, used_for, required, version is not None, version,
                  None if version else engines.INSTALL.get(name))


def _languages() -> list[str]:
    from pdftools.engines import tesseract as ocr

    return list(ocr.languages())


def _osd() -> Check:
    """tesseract's orientation data, for OCR that turns pages upright (said in no front end's words)."""
    from pdftools.engines import tesseract

    try:
        found = "osd" in tesseract.listed()  # (the list _languages read: tesseract runs once)
    except PdftoolsError:
        found = False
    return _check("tesseract osd", "{ocr}: turning pages upright", False, found, None,
                  None if found else "apt-get install tesseract-ocr-osd")


def _convert(checks: list[Check]) -> list[str]:
    """pandoc and the PDF engines, for `convert`; returns the engines found."""
    from pdftools.convert import engines as pandoc_engines
    from pdftools.engines import pandoc

    version = pandoc.version()
    checks.append(_check("pandoc", "{convert}", True, version is not None, version,
                         None if version else pandoc.INSTALL))
    found = pandoc_engines.versions()
    for engine, used_for in zip(pandoc_engines.ENGINES, ("{convert} to PDF (default engine)",
                                                         "{convert} to PDF (the typst engine)"), strict=True):
        checks.append(_check(engine, used_for, False, found[engine] is not None, found[engine],
                             None if found[engine] else pandoc_engines.INSTALL[engine]))
    return [engine for engine in pandoc_engines.ENGINES if found[engine]]


def _cluster() -> Check:
    """Dask distributed, the cluster extra: every machine of a cluster needs it (not imported: only its version)."""
    try:
        version: str | None = metadata.version("distributed")
    except metadata.PackageNotFoundError:
        version = None
    return _check("dask distributed", "{batch} on a Dask cluster", False, version is not None, version,
                  None if version else "pip install 'pdftools[cluster]'")


def _libqpdf() -> str:
    """The qpdf inside pikepdf, which `check` and `linearize` judge with (the qpdf command may be another)."""
    import pikepdf

    return str(pikepdf.__libqpdf_version__)
