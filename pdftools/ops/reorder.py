"""Reorder pages: `reverse`, or `interleave` the two halves (collate scans of the front and back sides).

`interleave` takes pages 1..n/2 as fronts and n/2+1..n as backs: 1, n/2+1, 2, n/2+2, ...;
`interleave-reversed` for a back-side scan made from the last sheet to the first: 1, n, 2, n-1, ...
Scans in two files? `pdftools merge --collate fronts.pdf backs.pdf:z-1 -o scans.pdf` collates them in one step
(`backs.pdf` without `:z-1` when the backs were scanned first to last).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pdftools.core import results
from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Password,
    open_job,
)
from pdftools.core.params import Cli, Param
from pdftools.document.arrange import arrange
from pdftools.errors import InvalidArgument

Mode = Literal["reverse", "interleave", "interleave-reversed"]


@dataclass
class ReorderResult(Edited):
    order: list[int]
    """The input's page numbers, in output order."""
    warnings: list[str]


def reorder(
    input: Input,
    mode: Annotated[Mode, Param("interleave-reversed: backs scanned last to first"),
                    Cli("--mode")],
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> ReorderResult:
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="reordered", password=password, in_place=in_place, force=force)
    order = _order(mode, len(job.pdf.pages), results.input_name(input, job.src))
    warnings = arrange(job.pdf, [n - 1 for n in order])
    return ReorderResult(**job.save(decrypt), order=order, warnings=warnings)


def _order(mode: str, count: int, name: object) -> list[int]:
    if mode == "reverse":
        return list(range(count, 0, -1))
    if count % 2:
        raise InvalidArgument(f"{mode} needs an even number of pages; {name} has {count}",
                              hint="Fronts and backs should have as many pages each; `pdftools insert-blank` "
                                   "can add a missing back.")
    half = count // 2
    backs = list(range(count, half, -1)) if mode == "interleave-reversed" else list(range(half + 1, count + 1))
    return [n for pair in zip(range(1, half + 1), backs, strict=True) for n in pair]
