"""Rotate pages by 90, 180 or 270 degrees, or to an absolute rotation.

{{angle}} is added to each page's rotation (qpdf's `--rotate=+90`); with {{absolute}} it replaces it
(qpdf's `--rotate=90`), and 0 sets pages upright. Only the pages' display rotation changes; their content is
not re-rendered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pdftools.core.edit import (
    Decrypt,
    Edited,
    Force,
    InPlace,
    Input,
    Linearize,
    ObjectStreams,
    Output,
    Pages,
    Password,
    open_job,
    select_pages,
)
from pdftools.core.params import Cli, Param
from pdftools.core.pdf import page_list
from pdftools.errors import InvalidArgument

ANGLES = (90, 180, 270, -90, -180, -270, 0)  # 0: upright, with `absolute`


@dataclass
class RotateResult(Edited):
    rotated: list[int]
    """Pages turned (1-based)."""
    angle: int


def rotate(
    input: Input,
    angle: Annotated[int, Param("Degrees clockwise; negative turns left", one_of=ANGLES), Cli("-a", "--angle")],
    pages: Pages = None,
    absolute: Annotated[bool, Param("Set the rotation to {{angle}}")] = False,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> RotateResult:
    if angle not in ANGLES or (angle == 0 and not absolute):
        raise InvalidArgument(f"cannot rotate by {angle} degrees",
                              hint="Rotate by a multiple of 90: 90, 180, 270, or -90 to turn left; {{absolute}} "
                                   "with 0 sets pages upright.")
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="rotated", password=password, in_place=in_place, force=force)
    numbers = sorted(set(select_pages(pages, len(job.pdf.pages), job.src)))
    listed = page_list(job.pdf)
    for number in numbers:
        listed[number - 1].rotate(angle if not absolute else angle % 360, relative=not absolute)
    return RotateResult(**job.save(decrypt), rotated=numbers, angle=angle)
