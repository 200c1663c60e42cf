"""`ocr --deskew`, as OCRmyPDF's: a scan fed in a few degrees askew is turned straight, so that its text layer
lies in lines. Without it tesseract reads the words but lays them along the slant, and poppler (pdftotext,
`pdftools text` and `search`) reads a slanted layer in broken pieces: `wit hou t`, lines out of order."""

from __future__ import annotations

import difflib
import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from PIL import Image
from scans import FOUR

from pdftools.ops.ocr import ocr


def _words(text: str) -> list[str]:
    return text.split()


@pytest.fixture(scope="module")
def scans(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Page 1 of the 4-page pdflatex file at 150 dpi, gray: straight, and turned 3 degrees counter-clockwise
    (white where the turn uncovers), each an image-only PDF."""
    folder = tmp_path_factory.mktemp("deskew")
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-f", "1", "-l", "1", str(FOUR), str(folder / "pg")],
                   check=True)
    page = Image.open(next(folder.glob("pg-*.pgm")))
    made = {name: folder / name for name in ("straight.pdf", "askew.pdf", "askew.png", "sideways.pdf")}
    page.save(made["straight.pdf"], resolution=150)
    askew = page.rotate(3, expand=True, fillcolor=255)
    askew.save(made["askew.pdf"], resolution=150)
    askew.save(made["askew.png"], dpi=(150, 150))
    askew.rotate(90, expand=True).save(made["sideways.pdf"], resolution=150)  # stored sideways, shown upright
    with pikepdf.open(made["sideways.pdf"], allow_overwriting_input=True) as pdf:
        pdf.pages[0].Rotate = 90
        pdf.save(made["sideways.pdf"])
    return made


def _layer_reads_as_tesseract_read(out: Path, sidecar: Path) -> float:
    """How alike (0-1) pdftotext's words of the output are to the words tesseract read, in order."""
    shown = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    return difflib.SequenceMatcher(None, _words(shown), _words(sidecar.read_text()), autojunk=False).ratio()


def test_an_askew_scan_is_turned_straight_and_its_layer_reads_in_lines(scans: dict[str, Path],
                                                                       tmp_path: Path) -> None:
    out, side = tmp_path / "out.pdf", tmp_path / "out.txt"
    result = ocr(str(scans["askew.pdf"]), output=str(out), dpi=150, deskew=True, sidecar=str(side), jobs=1)
    assert result.pages_deskewed == [1]
    assert _layer_reads_as_tesseract_read(out, side) > 0.98
    found = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert found.count("without a meaning") >= 6  # 7 on the page; pieces without --deskew ("wit hou t")
    with pikepdf.open(out) as pdf, pikepdf.open(scans["askew.pdf"]) as before:
        assert [float(v) for v in pdf.pages[0].mediabox] == [float(v) for v in before.pages[0].mediabox]
        assert len(pdf.pages[0].get_images()) == 1  # the scan's own image, turned by a matrix, not redrawn


def test_a_page_shown_turned_is_straightened_as_shown(scans: dict[str, Path], tmp_path: Path) -> None:
    """A scanner's page stored sideways and shown upright by /Rotate 90: the slant is the one shown."""
    out, side = tmp_path / "out.pdf", tmp_path / "out.txt"
    result = ocr(str(scans["sideways.pdf"]), output=str(out), dpi=150, deskew=True, sidecar=str(side), jobs=1)
    assert result.pages_deskewed == [1] and result.pages_rotated == []
    assert _layer_reads_as_tesseract_read(out, side) > 0.98


def test_without_deskew_the_slanted_layer_is_what_poppler_breaks(scans: dict[str, Path], tmp_path: Path) -> None:
    """The case the option exists for: the same scan without it reads worse (so the test above can fail)."""
    out, side = tmp_path / "out.pdf", tmp_path / "out.txt"
    result = ocr(str(scans["askew.pdf"]), output=str(out), dpi=150, sidecar=str(side), jobs=1)
    assert result.pages_deskewed == []
    assert _layer_reads_as_tesseract_read(out, side) < 0.9


def test_a_straight_scan_is_left_as_it_is(scans: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = ocr(str(scans["straight.pdf"]), output=str(out), dpi=150, deskew=True, jobs=1)
    assert result.pages_ocred == [1] and result.pages_deskewed == []


def test_an_askew_image_too(cli: Any, scans: dict[str, Path], tmp_path: Path) -> None:
    out, side = tmp_path / "img.pdf", tmp_path / "img.txt"
    done = cli("ocr", scans["askew.png"], "-o", out, "--deskew", "--sidecar", side, "--json", "-j", "1")
    assert done.exit_code == 0, done.stderr
    assert '"pages_deskewed": [\n    1\n  ]' in done.stdout or '"pages_deskewed": [1]' in done.stdout
    assert _layer_reads_as_tesseract_read(out, side) > 0.98


def test_deskew_in_text_mode_is_refused(cli: Any, scans: dict[str, Path]) -> None:
    done = cli("ocr", scans["askew.pdf"], "--mode", "text", "--deskew")
    assert done.exit_code == 2 and "--deskew" in done.stderr and "text mode" in done.stderr


def test_over_mcp_deskew_is_an_argument_and_the_result_says_which_pages(scans: dict[str, Path],
                                                                        tmp_path: Path) -> None:
    import shutil

    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    shutil.copy(scans["askew.pdf"], tmp_path / "askew.pdf")

    async def call() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_ocr", {"input": "askew.pdf", "output": "out.pdf", "dpi": 150,
                                                      "deskew": True, "jobs": 1})

    result = anyio.run(call)
    assert not result.is_error, result
    assert result.structured_content["pages_deskewed"] == [1]
    found = subprocess.run(["pdftotext", str(tmp_path / "out.pdf"), "-"], capture_output=True, text=True,
                           check=True).stdout
    assert found.count("without a meaning") >= 6


@pytest.mark.parametrize(("args", "named"), [(["--mode", "text", "--deskew"], "--deskew"),
                                             (["--mode", "text", "-o", "x.pdf"], "--output"),
                                             (["--start-page", "2"], "--start-page")])
def test_an_option_of_the_other_mode_says_which_to_leave_out(cli: Any, tmp_path: Path, args: list[str],
                                                             named: str) -> None:
    """`ocr --mode text --deskew` was refused with the generic hint (`pdftools ocr --help` lists them): the hint
    says to leave the option out or to change the mode. Checked before any work."""
    scan = tmp_path / "scan.pdf"
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(scan)
    done = cli("ocr", scan, *args, "--json")
    error = json.loads(done.stderr)["error"]
    assert done.exit_code == 2 and error["code"] == "INVALID_ARGUMENT" and named in error["message"], error
    mode = "--mode text" if named == "--start-page" else "--mode pdf"
    assert named in error["hint"] and mode in error["hint"] and "--help" not in error["hint"], error
