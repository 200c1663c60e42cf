"""tesseract and pdftoppm, driven page by page: rasterise, recognise, and graft an invisible text layer.

Every tesseract runs with OMP_THREAD_LIMIT=1 (its OpenMP threads made it ~6x slower here); parallelism comes
from several pages at once (core.task.map_threads: the threads only wait on the child processes). Images go
to tesseract as PGM/TIFF, never PNG (PNG encoding cost as much as the OCR).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pdftools import engines
from pdftools.core import limits
from pdftools.errors import ExternalToolFailed, InvalidArgument, OcrLanguageMissing

if TYPE_CHECKING:
    import pikepdf

TESSERACT_ENV = {**os.environ, "OMP_THREAD_LIMIT": "1"}
# A language as tesseract names its models (the file name of NAME.traineddata): `eng`, `chi_sim`, `deu_latf`,
# `script/Latin`. Nothing else reaches tesseract, a message or a hint.
CODE = re.compile(r"(script/)?[A-Za-z0-9][A-Za-z0-9_]*")


@cache
def listed() -> tuple[str, ...]:
    """What `tesseract --list-langs` lists (its data files), `osd` included."""
    out = engines.run(["tesseract", "--list-langs"], timeout=30).decode()
    return tuple(sorted(line.strip() for line in out.splitlines()[1:] if line.strip()))


def languages() -> tuple[str, ...]:
    """Installed tesseract languages (without `osd`, which is for orientation only)."""
    return tuple(lang for lang in listed() if lang != "osd")


def check_orientation_data() -> None:
    """OCR_LANGUAGE_MISSING when tesseract's orientation data (`osd`) is not installed: without it tesseract
    cannot tell which way a page is turned, and every page would be read as it lies."""
    if "osd" not in listed():
        raise OcrLanguageMissing("{{rotate_pages}} needs tesseract's orientation data (osd), which is not installed",
                                 hint="Install `apt-get install tesseract-ocr-osd` (Debian/Ubuntu), or leave out "
                                      "{{rotate_pages}}.")


def offered() -> tuple[str, ...]:
    """The installed languages a shell offers after `-l` (none when tesseract cannot be run: no error there)."""
    try:
        return languages()
    except Exception:  # noqa: BLE001 (a Tab press prints no traceback; `doctor` says what is missing)
        return ()


def package(lang: str) -> str:
    """Debian's package for a language (script models have packages named by ISO 15924 codes instead:
    `apt-cache search tesseract-ocr-script` lists them)."""
    return "tesseract-ocr-" + lang.lower().replace("_", "-")


def parse_languages(spec: str) -> list[str]:
    """The codes of `eng+deu`, each in tesseract's syntax, or INVALID_ARGUMENT (before anything runs)."""
    wanted = [part.strip() for part in spec.split("+")]
    bad = [part for part in wanted if not CODE.fullmatch(part)]
    if bad or not wanted:
        raise InvalidArgument(
            f"{spec!r} is not a list of tesseract language codes",
            hint="Give codes joined by +, e.g. eng, deu+eng, chi_sim, script/Latin "
                 "(`pdftools ocr --list-languages` lists the installed ones).")
    return list(dict.fromkeys(wanted))


# what people type for a language instead of tesseract's code (ISO 639-2): its English name, or ISO 639-1's
NAMES = {
    "english": "eng", "en": "eng", "german": "deu", "deutsch": "deu", "de": "deu", "ger": "deu",
    "french": "fra", "fr": "fra", "fre": "fra", "spanish": "spa", "es": "spa", "italian": "ita", "it": "ita",
    "portuguese": "por", "pt": "por", "dutch": "nld", "nl": "nld", "dut": "nld", "russian": "rus", "ru": "rus",
    "polish": "pol", "pl": "pol", "czech": "ces", "cs": "ces", "cze": "ces", "swedish": "swe", "sv": "swe",
    "danish": "dan", "da": "dan", "norwegian": "nor", "no": "nor", "finnish": "fin", "fi": "fin",
    "greek": "ell", "el": "ell", "turkish": "tur", "tr": "tur", "arabic": "ara", "ar": "ara", "hebrew": "heb",
    "he": "heb", "hindi": "hin", "hi": "hin", "chinese": "chi_sim", "zh": "chi_sim", "japanese": "jpn",
    "ja": "jpn", "korean": "kor", "ko": "kor", "ukrainian": "ukr", "uk": "ukr", "hungarian": "hun", "hu": "hun",
    "romanian": "ron", "ro": "ron", "vietnamese": "vie", "vi": "vie", "thai": "tha", "th": "tha",
    "indonesian": "ind", "id": "ind", "latin": "lat", "la": "lat",
}


def check_codes(spec: str) -> list[str]:
    """The codes of `eng+deu`, each in tesseract's syntax and none `osd` (orientation data, no language), or
    INVALID_ARGUMENT: what holds on any machine, whichever languages it has installed."""
    wanted = parse_languages(spec)
    if "osd" in wanted:
        raise InvalidArgument("osd is tesseract's orientation data, not a language to read",
                              hint="Leave it out: {{rotate_pages}} uses it to turn pages upright.")
    return wanted


def check_languages(spec: str) -> list[str]:
    """The languages of `eng+deu`, each well-formed and installed, or INVALID_ARGUMENT / OCR_LANGUAGE_MISSING
    (whose hint names the packages to install). A language's name (`english`) or ISO 639-1 code (`de`), and
    `osd` (orientation data, no language), are INVALID_ARGUMENT saying what to give instead."""
    wanted = check_codes(spec)
    spoken = [(lang, NAMES[lang.lower()]) for lang in wanted if lang not in languages() and lang.lower() in NAMES]
    if spoken:
        raise InvalidArgument("tesseract names languages by their codes: " + ", ".join(
            f"`{code}` for {lang}" for lang, code in spoken), hint="Give codes joined by +, e.g. eng+deu "
                                                                    "(`pdftools ocr --list-languages` lists the "
                                                                    "installed ones).")
    missing = [lang for lang in wanted if lang not in languages()]
    if missing:
        named = [package(lang) for lang in missing if not lang.startswith("script/")]
        scripts = [lang for lang in missing if lang.startswith("script/")]
        how = [f"`apt-get install {' '.join(named)}`"] * bool(named)
        how += ["the script's package: `apt-cache search tesseract-ocr-script`"] * bool(scripts)
        raise OcrLanguageMissing(
            f"tesseract language(s) not installed: {', '.join(missing)} (installed: {', '.join(languages())})",
            hint=f"Install {' and '.join(how)} (Debian/Ubuntu); check the codes with "
                 "`pdftools ocr --list-languages`.")
    return wanted


def check_pixels(width_pt: float, height_pt: float, dpi: int, page: int) -> None:
    """A page of width x height points rendered at `dpi`: PAGE_TOO_LARGE past PDFTOOLS_MAX_PIXELS."""
    limits.check_pixels(round(width_pt / 72 * dpi), round(height_pt / 72 * dpi), f"page {page} at {dpi} dpi")


def orientation(image: Path) -> int:
    """Degrees to turn the image clockwise to make its text upright (0 when tesseract's OSD cannot tell)."""
    try:
        out = engines.run(["tesseract", str(image), "-", "--psm", "0"], env=TESSERACT_ENV).decode()
    except ExternalToolFailed:  # too little text to tell
        return 0
    found = re.search(r"Rotate:\s*(\d+)", out)
    return int(found.group(1)) % 360 if found else 0


@dataclass
class Recognised:
    text: str
    pdf: Path | None  # tesseract's PDF: text-only (a layer for a PDF page) or with the image (for images)
    words: list[tuple[str, float]] | None = None  # each word with tesseract's confidence (0-100), when asked
    joined: set[tuple[str, str]] = field(default_factory=set)  # words it saw a word space apart, when asked


def recognise(image: Path, out_base: Path, langs: list[str], dpi: int, *, pdf: str | None,
              words: bool = False) -> Recognised:
    """OCR one image. `pdf`: None (text only), "layer" (an invisible text-only page) or "page" (image+text);
    `words`: also each word's confidence (tesseract's TSV output)."""
    args = ["tesseract", str(image), str(out_base), "-l", "+".join(langs), "--dpi", str(dpi)]
    if pdf == "layer":
        args += ["-c", "textonly_pdf=1"]
    engines.run([*args, "txt", *(["pdf"] if pdf else []), *(["tsv"] if words else [])], env=TESSERACT_ENV,
                timeout=600)
    text = _written(out_base, ".txt").read_text(encoding="utf-8", errors="replace")
    found, joined = words_of(_written(out_base, ".tsv")) if words else (None, set())
    return Recognised(text=text, pdf=_written(out_base, ".pdf") if pdf else None, words=found, joined=joined)


def _written(out_base: Path, suffix: str) -> Path:
    """A file tesseract was asked for: there, and within PDFTOOLS_MAX_STREAM_BYTES. (The file-size cap is set
    on the child just after it starts, so a quick writer can finish first: its files are measured here.)"""
    path = out_base.with_suffix(suffix)
    if not path.is_file():
        raise ExternalToolFailed(f"tesseract ended without writing its {suffix[1:]} output")
    cap = limits.STREAM_BYTES.value()
    if cap is not None and path.stat().st_size > cap:
        raise limits.STREAM_BYTES.exceeded(f"tesseract wrote a file of more than {cap:,.0f} bytes")
    return path


def words_of(tsv: Path) -> tuple[list[tuple[str, float]], set[tuple[str, str]]]:
    """From tesseract's TSV (level 4 rows are lines, level 5 words; the last column is the text): each word with
    its confidence, and the pairs of words one after the other on a line less than three quarters of the line's
    height apart (a word space, whatever the font's size, is about a third of it: a wider gap is another column)."""
    found: list[tuple[str, float]] = []
    joined: set[tuple[str, str]] = set()
    height, previous = 0, None  # the line's height; the line's last word: (its line, text, right edge)
    for row in tsv.read_text(encoding="utf-8", errors="replace").splitlines()[1:]:
        cols = row.split("\t")
        if len(cols) < 12:
            continue
        try:
            line, left, width, conf = tuple(cols[2:5]), int(cols[6]), int(cols[8]), float(cols[10])
            if cols[0] == "4":
                height, previous = int(cols[9]), None
        except ValueError:
            continue
        word = cols[11].strip()
        if cols[0] != "5" or not word:
            continue
        found.append((word, conf))
        if previous is not None and previous[0] == line and left - previous[2] < height * 0.75:
            joined.add((previous[1], word))
        previous = (line, word, left + width)
    return found, joined


def graft(pdf: pikepdf.Pdf, page: pikepdf.Page, layer: pikepdf.Pdf) -> None:
    """Put a text-only page (drawn upright, as the page is displayed) onto `page` as an invisible layer.

    The layer is a form XObject placed by a matrix that scales it to the page's crop box as shown (clipped to
    the media box: the image it was read from) and undoes the page's /Rotate, so each word lies over its image
    whatever the rotation."""
    import pikepdf

    from pdftools.core.pdf import add_resource

    form = pdf.copy_foreign(layer.pages[0].as_form_xobject())
    name = add_resource(page, form, pikepdf.Name.XObject, "OCR")
    x0, y0, x1, y1 = shown_box(page)
    width, height = x1 - x0, y1 - y0
    rotation = int(page.obj.get("/Rotate", 0)) % 360
    shown_w, shown_h = (height, width) if rotation in (90, 270) else (width, height)
    lw, lh = (abs(float(v)) for v in layer.pages[0].mediabox[2:4])
    su, sv = shown_w / lw, shown_h / lh
    a, b, c, d, e, f = {
        0: (1, 0, 0, 1, x0, y0),
        90: (0, 1, -1, 0, x0 + width, y0),
        180: (-1, 0, 0, -1, x0 + width, y0 + height),
        270: (0, -1, 1, 0, x0, y0 + height),
    }[rotation]
    matrix = f"{a * su:g} {b * su:g} {c * sv:g} {d * sv:g} {e:g} {f:g}"
    page.contents_add(pikepdf.Stream(pdf, b"q\n"), prepend=True)  # isolate the page's own graphics state
    page.contents_add(pikepdf.Stream(pdf, f"\nQ q {matrix} cm {name} Do Q".encode()))


def shown_box(page: pikepdf.Page) -> tuple[float, float, float, float]:
    """The crop box clipped to the media box, as poppler draws it (pdftoppm -cropbox: the image the layer was
    read from); on an axis where they do not overlap, the media box's span, as poppler then draws it."""
    media, crop = ([float(v) for v in box] for box in (page.mediabox, page.cropbox))
    shown = []
    for axis in (0, 1):
        m0, m1 = sorted((media[axis], media[axis + 2]))
        c0, c1 = sorted((crop[axis], crop[axis + 2]))
        low, high = max(m0, c0), min(m1, c1)
        shown.append((low, high) if high > low else (m0, m1))
    (x0, x1), (y0, y1) = shown
    return x0, y0, x1, y1
