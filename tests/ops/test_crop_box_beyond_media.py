"""`crop` measures from what a viewer shows: the crop box clipped to the media box (poppler, Acrobat and the
PDF spec all clip it). A page whose crop box reaches beyond its media box is cut by the margins from the part
that shows, and `--to-content` crops to the ink where it is; pdfinfo reads the result back."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

from pdftools.ops.crop import crop


def wide_crop_box(path: Path) -> Path:
    """A 300 x 300 pt media box with a crop box 50 pt beyond it on each side; ink from 100 to 200."""
    pdf = pikepdf.new()
    content = pdf.make_indirect(pikepdf.Stream(pdf, b"0 g 100 100 100 100 re f"))
    pdf.pages.append(pikepdf.Page(Dictionary(Type=Name.Page, MediaBox=Array([0, 0, 300, 300]),
                                             CropBox=Array([-50, -50, 350, 350]), Contents=content)))
    pdf.save(path)
    return path


def shown_box(path: Path) -> list[float]:
    """The crop box as pdfinfo gives it (poppler clips it to the media box)."""
    out = subprocess.run(["pdfinfo", "-box", str(path)], capture_output=True, text=True, check=True).stdout
    match = re.search(r"^CropBox: +([-\d.]+) +([-\d.]+) +([-\d.]+) +([-\d.]+)", out, re.M)
    assert match, out
    return [float(v) for v in match.groups()]


def test_margins_cut_from_what_shows(tmp_path: Path) -> None:
    done = crop(str(wide_crop_box(tmp_path / "in.pdf")), margins="10", output=str(tmp_path / "out.pdf"))
    assert done.cropped == [1]
    assert shown_box(tmp_path / "out.pdf") == [10, 10, 290, 290]


def test_to_content_finds_the_ink_where_it_is(tmp_path: Path) -> None:
    crop(str(wide_crop_box(tmp_path / "in.pdf")), to_content=True, output=str(tmp_path / "out.pdf"))
    assert shown_box(tmp_path / "out.pdf") == pytest.approx([100, 100, 200, 200], abs=1.01)
