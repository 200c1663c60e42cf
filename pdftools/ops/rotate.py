"""Rotate pages by 90, 180 or 270 degrees, or to an absolute rotation.

{{angle}} is added to each page's rotation (qpdf's `--rotate=+90`); with {{absolute}} it replaces it
(qpdf's `--rotate=90`), and 0 sets pages upright. Only the pages' display rotation changes; their content is
not re-rendered. {{flatten}} draws each page's rotation into its content (after {{angle}}, if given): the page
looks the same, its rotation is 0 and its boxes turn with it, for readers that ignore rotation (qpdf's
`--flatten-rotation`).
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
from pdftools.document import destinations, rotation
from pdftools.errors import InvalidArgument

ANGLES = (90, 180, 270, -90, -180, -270, 0)  # 0: upright, with `absolute`


@dataclass
class RotateResult(Edited):
    rotated: list[int]
    """Pages turned (1-based)."""
    angle: int
    """The angle given (0: none, the pages only flattened)."""
    flattened: list[int]
    """Pages whose rotation was drawn into their content."""

    flatten_asked = False  # (no field) flatten was given: a person is told when no page had a rotation to flatten
    absolute_asked = False  # (no field) absolute was given: a person is told when every page was at the angle

    @property
    def table_hidden(self) -> tuple[str, ...]:
        """`angle 0` with no angle given (the pages only flattened) reads as a rotation to 0."""
        return () if self.rotated else ("angle",)

    def shortfalls(self) -> list[str]:
        """An option that did nothing: a rotation set to the one every page chosen had, a flattening that found
        no rotation to flatten."""
        said = []
        if self.absolute_asked and not self.rotated:
            at = "upright" if self.angle % 360 == 0 else f"at {self.angle % 360} degrees"
            said.append(f"{{{{absolute}}}}: no page chosen needed it: each was {at} already, and is unchanged")
        if self.flatten_asked and not self.flattened:
            said.append("{{flatten}}: no page chosen had a rotation to flatten: each was upright already, and is "
                        "unchanged")
        return said


def check_arguments(angle: int | None, absolute: bool, flatten: bool) -> None:
    """Refuse what no file could make right (a batch calls it before any file is read)."""
    if angle is None and not flatten:
        raise InvalidArgument("give {{angle}}, the degrees to turn the pages by",
                              hint="E.g. {{angle}} 90 (-90 turns left); {{flatten}} alone draws the rotation the "
                                   "pages have into their content.")
    if absolute and angle is None:
        raise InvalidArgument("{{absolute}} sets the rotation to {{angle}}: give it", hint="E.g. {{absolute}} "
                              "{{angle}} 0 sets pages upright.")
    if angle is not None and (angle not in ANGLES or (angle == 0 and not absolute)):
        raise InvalidArgument(f"cannot rotate by {angle} degrees",
                              hint="Rotate by a multiple of 90: 90, 180, 270, or -90 to turn left; {{absolute}} "
                                   "with 0 sets pages upright.")


def rotate(
    input: Input,
    angle: Annotated[int | None, Param("Degrees clockwise; negative turns left", one_of=ANGLES),
                     Cli("-a", "--angle")] = None,
    pages: Pages = None,
    absolute: Annotated[bool, Param("Set the rotation to {{angle}}")] = False,
    flatten: Annotated[bool, Param("Make the rotation part of the content{{cli: (qpdf --flatten-rotation)}}")] = False,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> RotateResult:
    check_arguments(angle, absolute, flatten)
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="rotated", password=password, in_place=in_place, force=force)
    numbers = sorted(set(select_pages(pages, len(job.pdf.pages), job.src)))
    listed = page_list(job.pdf)
    rotated: list[int] = []
    if angle is not None:  # with absolute, the pages at the angle already are not rotated (nor listed)
        rotated = [n for n in numbers if not absolute or listed[n - 1].rotation % 360 != angle % 360]
        for number in rotated:
            listed[number - 1].rotate(angle % 360 if absolute else angle, relative=not absolute)
    turned = {number: rotation.flatten(job.pdf, listed[number - 1]) for number in numbers if flatten}
    moved = {listed[n - 1].obj.objgen: matrix for n, matrix in turned.items() if matrix is not None}
    destinations.turn(job.pdf, moved)  # what bookmarks and links show on those pages
    flattened = [number for number, matrix in turned.items() if matrix is not None]
    result = RotateResult(**job.save(decrypt), rotated=rotated, angle=angle or 0,
                          flattened=flattened)
    result.flatten_asked, result.absolute_asked = flatten, absolute
    return result

