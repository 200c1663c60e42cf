"""--deskew, as OCRmyPDF's: a page scanned a few degrees askew is turned straight. The slant is the one tesseract
found: its PDF lays each line of words along its baseline (a text matrix turned by that angle), so the median of
those angles is the page's. The page's own content and its text layer are then turned back together by one matrix
about the page's centre: nothing is rasterised or re-encoded, and the layer's lines lie level, which poppler (and so
`text` and `search`) reads in lines; a slanted layer it reads in broken pieces."""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pikepdf

LEAST = 0.1  # degrees: a slant below this is left alone (tesseract writes its matrices to 3 decimals: 0.06 degrees)


def slant(page: pikepdf.Page) -> float:
    """The page's slant in degrees, counter-clockwise, from the text matrices (Tm) of tesseract's lines on it;
    0 when it has none. Lines set vertically (beyond 45 degrees) are not counted."""
    import pikepdf

    angles = []
    for instruction in pikepdf.parse_content_stream(page, "Tm"):
        a, b = (float(v) for v in instruction.operands[:2])
        if a or b:
            angle = math.degrees(math.atan2(b, a))
            if abs(angle) < 45:
                angles.append(angle)
    return statistics.median(angles) if angles else 0.0


def straighten(pdf: pikepdf.Pdf, page: pikepdf.Page, degrees: float, box: tuple[float, float, float, float]) -> None:
    """Turn all the page draws by -`degrees` about the centre of `box` (the page as shown). Annotations stay."""
    import pikepdf

    turn = math.radians(-degrees)
    c, s = math.cos(turn), math.sin(turn)
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    matrix = f"{c:.6f} {s:.6f} {-s:.6f} {c:.6f} {x - c * x + s * y:.4f} {y - s * x - c * y:.4f}"
    page.contents_add(pikepdf.Stream(pdf, f"q {matrix} cm\n".encode()), prepend=True)
    page.contents_add(pikepdf.Stream(pdf, b"\nQ"))


def straighten_by_layer(pdf: pikepdf.Pdf, page: pikepdf.Page, layer: pikepdf.Page,
                        box: tuple[float, float, float, float]) -> bool:
    """Straighten `page` by the slant of the text `layer` read from it; whether it was turned."""
    degrees = slant(layer)
    if abs(degrees) < LEAST:
        return False
    straighten(pdf, page, degrees, box)
    return True
