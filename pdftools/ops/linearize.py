"""Linearize a PDF for fast web view: a viewer shows the first page before the rest of the file arrives.

Also chooses the output's object streams with {{object_streams}} (`generate` makes the file smaller, `disable`
suits old readers). On the command line every command that writes a PDF can linearize its output too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

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
    """The output reads as linearized (qpdf checked it)."""
    object_streams: str = "preserve"


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
    with job.pdf:
        saved = job.save(decrypt, verify=_verify(password if not decrypt else None))
    return LinearizeResult(**saved, object_streams=object_streams)


def _verify(password: str | None) -> Callable[[Path], None]:
    """Refuse an output qpdf does not read as linearized (never seen; the check is cheap)."""
    from pdftools.core.pdf import open_pdf
    from pdftools.errors import PdftoolsError

    def verify(tmp: Path) -> None:
        with open_pdf(tmp, password) as written:
            if not written.is_linearized:
                raise PdftoolsError(f"qpdf wrote {tmp.name} but it does not read as linearized")
    return verify
