"""Linearize a PDF for fast web view: a viewer shows the first page before the rest of the file arrives.

Also chooses the output's object streams with {{object_streams}} (`generate` makes the file smaller, `disable`
suits old readers). The result warns of hint tables qpdf's check disputes. On the command line every command
that writes a PDF can linearize its output too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Output,
    Password,
    StreamMode,
    open_job,
)
from pdftools.core.params import Param


@dataclass
class LinearizeResult(Edited):
    linearized: bool = True
    """The output reads as linearized."""
    object_streams: str = "preserve"
    warnings: list[str] = field(default_factory=list)


def linearize(
    input: Input,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    decrypt: Decrypt = False,
    password: Password = None,
    object_streams: Annotated[StreamMode, Param("`generate`: smaller; `disable`: for old readers")] = "preserve",
) -> LinearizeResult:
    job = open_job(input, output, suffix="linearized", password=password, in_place=in_place, force=force,
                   linearize=True, object_streams=object_streams)
    warnings: list[str] = []
    with job.pdf:
        saved = job.save(decrypt, verify=_verify(password if not decrypt else None, object_streams, warnings))
    return LinearizeResult(**saved, object_streams=object_streams, warnings=warnings)


def _verify(password: str | None, object_streams: str, warnings: list[str]) -> Callable[[Path], None]:
    """Refuse an output qpdf does not read as linearized (never seen); warn of hint tables qpdf disputes."""
    from pdftools.core.pdf import open_pdf
    from pdftools.errors import PdftoolsError

    def verify(tmp: Path) -> None:
        with open_pdf(tmp, password) as written:
            if not written.is_linearized:
                raise PdftoolsError(f"qpdf wrote {tmp.name} but it does not read as linearized")
            disputed = _disputed(written, str(tmp))
        if disputed:
            warnings.append(_warning(disputed, object_streams))
    return verify


def _disputed(pdf: Any, label: str) -> list[str]:
    """What qpdf's check finds wrong in the hint tables of `pdf` (opened from `label`), without the path."""
    from pdftools.document.validate import hint_tables

    pdf.get_warnings()  # those of opening it
    ok, report = hint_tables(pdf)
    found = [str(w).removeprefix(label).lstrip(" :") for w in pdf.get_warnings()]
    return found or ([] if ok else [report or "the hint tables are wrong"])


def _warning(disputed: list[str], object_streams: str) -> str:
    import pikepdf

    more = f" (and {len(disputed) - 1} more)" if len(disputed) > 1 else ""
    way_out = ("; without object streams (--object-streams disable) qpdf writes tables its check accepts"
               if object_streams != "disable" else "")
    return (f"qpdf {pikepdf.__libqpdf_version__} disputes the hint tables it wrote: {disputed[0]}{more}. Viewers "
            f"show the file without them, but `qpdf --check` and `pdftools check` report it{way_out}")
