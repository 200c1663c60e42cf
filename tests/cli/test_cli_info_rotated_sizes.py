"""`info` gives a page's size as pdfinfo does: its (crop) box as stored, before rotation, with the rotation beside
it. It gave the size as displayed (rotation applied) next to the same rotation, so a pdfinfo user read a page
rotated 90 as turned twice: `841.89 x 595.28, rotation 90` where pdfinfo says `595.276 x 841.89 pts`, `rot: 90`.
People's table says which it is; `--json` carries the same numbers."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from conftest import CORPUS


def pdfinfo_pages(path: Path) -> list[tuple[float, float, int]]:
    """pdfinfo -l's `size` and `rot` of every page, rounded as info rounds."""
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(path)], capture_output=True, text=True,
                         check=True).stdout
    sizes = re.findall(r"^Page +\d+ size: +([\d.]+) x ([\d.]+) pts", out, re.M)
    rots = re.findall(r"^Page +\d+ rot: +(-?\d+)", out, re.M)
    return [(round(float(w), 2), round(float(h), 2), int(r)) for (w, h), r in zip(sizes, rots, strict=True)]


@pytest.fixture
def boxed(tmp_path: Path) -> Path:
    """Pages with a crop box smaller than the media box, each rotated another way (-270 is 90)."""
    path = tmp_path / "boxed.pdf"
    pdf = pikepdf.new()
    for rotate in (0, 90, 180, -270):
        pdf.add_blank_page(page_size=(612, 792))
        pdf.pages[-1].obj.CropBox = [10, 20, 310, 420]
        pdf.pages[-1].obj.Rotate = rotate
    pdf.save(path)
    return path


@pytest.mark.parametrize("name", ["habibi-rotated", "boxed"])
def test_sizes_are_pdfinfos(cli: Callable[..., Any], boxed: Path, name: str) -> None:
    path = boxed if name == "boxed" else CORPUS / "015-arabic/habibi-rotated.pdf"
    shown = cli("info", path, "--pages", "all", "--json")
    assert shown.exit_code == 0, shown
    result = json.loads(shown.stdout)
    details = [(p["width"], p["height"], p["rotation"]) for p in result["page_details"]]
    assert details == pdfinfo_pages(path)
    counted = {(s["width"], s["height"], s["rotation"]): s["pages"] for s in result["page_sizes"]}
    assert sum(counted.values()) == len(details) and set(counted) == set(details)


def test_peoples_table_says_the_sizes_are_unrotated(cli: Callable[..., Any]) -> None:
    shown = cli("info", CORPUS / "015-arabic/habibi-rotated.pdf", "--pages", "1")
    assert shown.exit_code == 0, shown
    assert "page sizes (unrotated)" in shown.stdout, shown.stdout
    assert "page details (unrotated)" in shown.stdout, shown.stdout
    cells = [line.replace("│", " ").split() for line in shown.stdout.splitlines()]
    assert ["595.28", "841.89", "90", "1"] in [row[-4:] for row in cells], shown.stdout  # page sizes' first row


def test_the_help_says_the_sizes_are_before_rotation(cli: Callable[..., Any]) -> None:
    assert "sizes (before rotation, as pdfinfo gives them)" in " ".join(cli("info", "--help").stdout.split())


def test_page_details_asked_of_a_file_only_poppler_reads_say_why_they_are_missing(cli: Callable[..., Any]) -> None:
    """`info --pages 1-2` of a file qpdf cannot read (its facts from pdfinfo) gave `page_details: null` and no
    word of the pages asked for."""
    shown = cli("info", CORPUS / "017-unreadable-meta-data/unreadablemetadata.pdf", "--pages", "1-2", "--json")
    assert shown.exit_code == 0, shown
    result = json.loads(shown.stdout)
    assert result["page_details"] is None
    assert any(w.startswith("page_details: not known") for w in result["warnings"]), result["warnings"]
