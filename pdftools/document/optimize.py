"""Making a PDF smaller: identical streams merged (lossless), and images resampled or re-encoded (lossy).

Everything else the `compress` op does is qpdf's, at save time: object streams, streams recompressed at the
best zlib level, legacy filters (LZW, ASCII85, run-length) replaced by Flate, unreachable objects dropped.
"""

from __future__ import annotations

import hashlib
import io
import math
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from pdftools.core import limits, task

if TYPE_CHECKING:
    import pikepdf

Key = tuple[int, int]
COMPONENTS = {"L": 1, "RGB": 3}


def merge_duplicates(pdf: pikepdf.Pdf) -> int:
    """Point every reference to a stream at the first stream with the same data and dictionary; return how
    many streams became unused (qpdf leaves them out when saving)."""
    import pikepdf

    first: dict[tuple[str, str], pikepdf.Object] = {}
    same: dict[Key, pikepdf.Object] = {}
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Type") not in ("/XRef", "/ObjStm"):
            key = (hashlib.sha256(obj.read_raw_bytes()).hexdigest(), _dict_key(obj))
            kept = first.setdefault(key, obj)
            if kept.objgen != obj.objgen:
                same[obj.objgen] = kept
    if same:
        for obj in [pdf.trailer, *pdf.objects]:
            _repoint(obj, same)
    return len(same)


def _dict_key(stream: pikepdf.Stream) -> str:
    import pikepdf

    parts = []
    for name, value in sorted(stream.stream_dict.items()):
        if name == "/Length":
            continue
        if isinstance(value, pikepdf.Object):
            parts.append(f"{name}={value.objgen if value.is_indirect else value.unparse()!r}")
        else:  # pikepdf gives numbers and booleans as Python values
            parts.append(f"{name}={value!r}")
    return ";".join(parts)


def _repoint(container: Any, same: dict[Key, Any]) -> None:
    """Replace references to merged streams inside one object (its direct parts included)."""
    import pikepdf

    if isinstance(container, pikepdf.Dictionary | pikepdf.Stream):
        items: Any = list(container.items())
    elif isinstance(container, pikepdf.Array):
        items = list(enumerate(container))
    else:
        return
    for key, value in items:
        if not isinstance(value, pikepdf.Object):
            continue
        if value.is_indirect:
            if value.objgen in same:
                container[key] = same[value.objgen]
        else:
            _repoint(value, same)


def placements(pdf: pikepdf.Pdf) -> dict[Key, tuple[float, float]]:
    """Largest size (points) at which each image is drawn directly by a page; images drawn by form XObjects,
    or with a transformation that cannot be read, are left out (their resolution is unknown)."""
    from pikepdf.models.ctm import get_objects_with_ctm

    sizes: dict[Key, tuple[float, float]] = {}
    unknown: set[Key] = set()
    for page in pdf.pages:
        xobjects: Any = page.resources.get("/XObject") or {}
        for name, ctm in get_objects_with_ctm(page):
            obj = xobjects.get(name)
            if obj is None or obj.get("/Subtype") != "/Image":
                continue
            w, h = sizes.get(obj.objgen, (0.0, 0.0))
            sizes[obj.objgen] = (max(w, math.hypot(ctm.a, ctm.b)), max(h, math.hypot(ctm.c, ctm.d)))
        unknown.update(img.objgen for img in page.get_images().values() if img.objgen not in sizes)
    for key, size in list(sizes.items()):  # a soft mask is drawn where its image is
        mask = pdf.get_object(key).get("/SMask")
        if mask is not None:
            sizes[mask.objgen] = size
    return {k: v for k, v in sizes.items() if k not in unknown}


def shrink_images(pdf: pikepdf.Pdf, dpi: int | None, quality: int | None) -> dict[str, int]:
    """Resample images drawn above `dpi` and re-encode them (and, with `quality`, every JPEG) as JPEG; an
    image is replaced only when the result is smaller. Returns counts by outcome."""
    counts: dict[str, int] = defaultdict(int)
    drawn = placements(pdf) if dpi else {}
    images = [obj for obj in pdf.objects if _eligible(obj)]
    for done, obj in enumerate(images, 1):
        task.check()
        counts[_shrink(obj, drawn.get(obj.objgen) if dpi else None, dpi or 0, quality or 75, quality)] += 1
        task.progress(done, len(images), "images")
    return dict(counts)


def _eligible(obj: Any) -> bool:
    import pikepdf

    return (isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image" and not obj.get("/ImageMask")
            and obj.get("/BitsPerComponent") == 8 and "/Decode" not in obj
            and not isinstance(obj.get("/Mask"), pikepdf.Array))  # colour-key masking needs exact colours


def _shrink(obj: Any, drawn: tuple[float, float] | None, dpi: int, quality: int, requested: int | None) -> str:
    import pikepdf

    image = pikepdf.PdfImage(obj)
    is_jpeg = image.filters == ["/DCTDecode"]
    if image.width * image.height > limits.max_pixels():  # decoding it would take more memory than a page
        return "kept (too large)"
    try:
        pil = image.as_pil_image()
    except Exception:
        return "kept (cannot decode)"
    if pil.mode == "RGBA":  # pikepdf applied the mask; the mask stays a separate image
        pil = pil.convert("RGB")
    if COMPONENTS.get(pil.mode) != _components(obj):
        return "kept (colour space)"
    target = _target_size(pil.size, drawn, dpi)
    resampled = target != pil.size
    if not resampled and not (is_jpeg and requested):
        return "kept"
    if resampled:
        pil = pil.resize(target, resample=3)  # bicubic
    buffer = io.BytesIO()
    pil.save(buffer, format="JPEG", quality=quality, optimize=True)
    data = buffer.getvalue()
    if len(data) >= len(obj.read_raw_bytes()):
        return "kept (no smaller)"
    obj.write(data, filter=pikepdf.Name.DCTDecode)
    obj.Width, obj.Height = target
    if "/DecodeParms" in obj:
        del obj.DecodeParms
    return "resampled" if resampled else "re-encoded"


def _components(obj: Any) -> int:
    space = obj.get("/ColorSpace")
    if space in ("/DeviceGray", "/DeviceRGB"):
        return 1 if space == "/DeviceGray" else 3
    if space is not None and not isinstance(space, str) and len(space) == 2 and space[0] == "/ICCBased":
        return int(space[1].get("/N", 0))
    return 0


def _target_size(size: tuple[int, int], drawn: tuple[float, float] | None, dpi: int) -> tuple[int, int]:
    if drawn is None or not dpi or drawn[0] <= 0 or drawn[1] <= 0:
        return size
    scale = min(1.0, max(drawn[0] * dpi / 72 / size[0], drawn[1] * dpi / 72 / size[1]))
    if scale > 0.9:  # less than 10% to gain: not worth a generation of JPEG loss
        return size
    return max(1, round(size[0] * scale)), max(1, round(size[1] * scale))
