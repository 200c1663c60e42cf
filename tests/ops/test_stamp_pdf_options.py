"""`stamp --pdf`: the options that shape a text stamp (size, colour, position, angle, margin, numbering) do
nothing to a PDF page, so they are refused, never silently ignored; `--opacity` applies to it as to text (it
was ignored): a black page stamped at 0.3 renders 30% grey, as poppler draws it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest


def _page(path: Path, content: bytes = b"") -> Path:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(200, 200))
    if content:
        page.contents_add(content)
    pdf.save(path)
    return path


@pytest.fixture
def blank(tmp_path: Path) -> Path:
    return _page(tmp_path / "blank.pdf")


@pytest.fixture
def black(tmp_path: Path) -> Path:
    return _page(tmp_path / "black.pdf", b"0 g 0 0 200 200 re f")


def grey(path: Path) -> bytes:
    """The page rendered by pdftoppm (grey, 18 dpi): its pixels, 0 black to 255 white."""
    pdftoppm = shutil.which("pdftoppm")
    assert pdftoppm, "poppler's pdftoppm is needed"
    data = subprocess.run([pdftoppm, "-gray", "-r", "18", "-f", "1", "-l", "1", str(path)], capture_output=True,
                          check=True).stdout
    magic, _, _, depth, pixels = data.split(maxsplit=4)
    assert magic == b"P5" and depth == b"255"
    return pixels


def mean_grey(path: Path) -> float:
    pixels = grey(path)
    return sum(pixels) / len(pixels)


@pytest.mark.parametrize("option", [["--font-size", "40"], ["--color", "red"], ["--position", "top"],
                                    ["--angle", "45"], ["--margin", "10"], ["--start", "1001"]])
def test_text_options_with_a_pdf_stamp_are_refused(cli: Any, blank: Path, black: Path, tmp_path: Path,
                                                   option: list[str]) -> None:
    out = tmp_path / "out.pdf"
    result = cli("stamp", blank, "--pdf", black, *option, "-o", out, "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and option[0] in error["message"], error
    assert not out.exists()


def test_a_pdf_stamp_takes_the_opacity(cli: Any, blank: Path, black: Path, tmp_path: Path) -> None:
    assert mean_grey(blank) == 255 and mean_grey(black) == 0
    for opacity, grey in (("1", 0), ("0.3", 255 * 0.7)):
        out = tmp_path / f"out-{opacity}.pdf"
        result = cli("stamp", blank, "--pdf", black, "--opacity", opacity, "-o", out)
        assert result.exit_code == 0, result
        assert abs(mean_grey(out) - grey) < 3, (opacity, mean_grey(out))


def test_a_faded_stamp_lies_where_the_opaque_one_does(cli: Any, tmp_path: Path) -> None:
    """A stamp page that is rotated and not square: the faded stamp covers the same pixels, each 50% as dark."""
    wide = _page(tmp_path / "wide.pdf")
    with pikepdf.open(wide, allow_overwriting_input=True) as pdf:
        pdf.pages[0].mediabox = pikepdf.Array([0, 0, 300, 200])
        pdf.save(wide)
    stamp = tmp_path / "stamp.pdf"
    with pikepdf.new() as pdf:
        page = pdf.add_blank_page(page_size=(100, 200))
        page.contents_add(b"0 g 0 0 100 50 re f")  # a bar at the bottom, before the page's rotation
        page.rotate(90, relative=False)
        pdf.save(stamp)
    rendered = {}
    for opacity in ("1", "0.5"):
        out = tmp_path / f"out-{opacity}.pdf"
        assert cli("stamp", wide, "--pdf", stamp, "--opacity", opacity, "-o", out).exit_code == 0
        rendered[opacity] = grey(out)
    opaque, faded = rendered["1"], rendered["0.5"]
    assert 0 < sum(p < 128 for p in opaque) < len(opaque) / 2  # the bar is there, not everywhere
    assert all(abs((255 - f) - (255 - o) / 2) <= 2 for o, f in zip(opaque, faded, strict=True))


def test_a_stamp_pdf_without_pages(cli: Any, blank: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.pdf"
    pikepdf.new().save(empty)
    result = cli("stamp", blank, "--pdf", empty, "-o", tmp_path / "out.pdf", "--json")
    assert result.exit_code == 4, result
    assert json.loads(result.stderr)["error"]["code"] == "NO_PAGES"


@pytest.mark.parametrize("under", [False, True])
def test_the_same_stamp_gives_the_same_bytes(cli: Any, blank: Path, black: Path, tmp_path: Path,
                                            under: bool) -> None:
    """The stamp's page went into each page's resources under a random name (pikepdf's add_overlay), so the same
    input and options gave other bytes each run, where a batch promises the same bytes on any worker in any run."""
    outputs = []
    for run in range(2):
        out = tmp_path / f"{run}.pdf"
        result = cli("stamp", str(blank), "--pdf", str(black), *(["--underlay"] if under else []), "-o", str(out))
        assert result.exit_code == 0, result.output
        # the trailer's /ID is left out: without a batch's reproducible mode, qpdf makes its second half from
        # the clock's second (qpdf's own default), so two runs a second apart differ there and only there
        outputs.append(re.sub(rb"/ID \[<[0-9a-f]{32}><[0-9a-f]{32}>\]", b"/ID", out.read_bytes()))
    assert outputs[0] == outputs[1] and b"/ID [" not in outputs[0]
    with pikepdf.open(tmp_path / "0.pdf") as pdf:
        assert list(pdf.pages[0].Resources.XObject.keys()) == ["/Fx1"]
