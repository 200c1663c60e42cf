"""Crop pages: by margins, or to what they draw.

{{margins}} (`36`, `1in,0.5in` or `10mm 20mm 10mm 20mm`: CSS order) are cut from the page as displayed (top
is the top you see), in points unless given in mm, cm or in. {{to_content}} finds each page's ink by rendering
it (poppler's pdftoppm at 72 dpi) and crops to it, plus {{padding}}. Only the crop box changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pdftools.core import streams
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
from pdftools.document import crop as boxes
from pdftools.document import text as pagetext
from pdftools.errors import InvalidArgument


@dataclass
class CropResult(Edited):
    cropped: list[int] = field(default_factory=list)
    """Pages whose crop box changed."""
    skipped: list[int] = field(default_factory=list)
    """Pages left as they were: blank (to_content) or smaller than the margins."""
    warnings: list[str] = field(default_factory=list)
    """What a person should know: no page was cropped, say (the output is then an unchanged copy)."""


def crop(
    input: Input,
    margins: Annotated[str | None,
                       Param("Margins to cut: `36` (points), `1in,0.5in` or `10mm 20mm 10mm 20mm` (CSS order)"),
                       Cli(metavar="MARGINS")] = None,
    to_content: Annotated[bool, Param("Crop to what each page draws (found by rendering it)")] = False,
    padding: Annotated[float, Param("With {{to_content}}: points of space kept around it", ge=0, le=720)] = 0,
    pages: Pages = None,
    output: Output = None,
    in_place: InPlace = False,
    force: Force = False,
    password: Password = None,
    decrypt: Decrypt = False,
    linearize: Linearize = False,
    object_streams: ObjectStreams = "preserve",
) -> CropResult:
    if (margins is None) == (not to_content):
        raise InvalidArgument("give {{margins}} or {{to_content}} (one of them)",
                              hint="E.g. {{margins}} `36` (points off every edge), or {{to_content}}{{mcp: true}} (to "
                                   "what each page draws).")
    if padding and not to_content:
        raise InvalidArgument("{{padding}} goes with {{to_content}}: {{margins}} cut exactly what they say")
    fixed = boxes.parse_margins(margins) if margins is not None else None
    job = open_job(input, output, linearize=linearize, object_streams=object_streams,
                   suffix="cropped", password=password, in_place=in_place, force=force)
    numbers = sorted(set(select_pages(pages, len(job.pdf.pages), job.src)))
    listed = page_list(job.pdf)
    if fixed is None:
        streams.check_pages(job.pdf, numbers, str(job.src), images=True)  # pdftoppm would inflate a bomb
        with pagetext.readable(job.pdf, job.src) as source:
            sizes = {n: boxes.visible_size(listed[n - 1]) for n in numbers}
            found = boxes.content_margins(source, numbers, sizes, padding)
    done, skipped = [], []
    for number in numbers:
        page = listed[number - 1]
        cut = fixed if fixed is not None else found[number]
        x0, y0, x1, y1 = boxes.visible(page)  # the crop box as it shows: within the media box
        box = boxes.cropped((x0, y0, x1, y1), cut, page.rotation) if cut else None
        if box is None:
            skipped.append(number)
            continue
        boxes.set_box(page, box)
        done.append(number)
    warnings = [] if done else [_NOTHING_CROPPED["to_content" if fixed is None else "margins"]]
    return CropResult(**job.save(decrypt), cropped=done, skipped=skipped, warnings=warnings)


_NOTHING_CROPPED = {  # the output is still written (exit 0, as for any other edit); the result says so
    "margins": "no page was cropped: the margins are as large as every page (the output is an unchanged copy)",
    "to_content": "no page was cropped: every page is blank (the output is an unchanged copy)",
}
