"""`nup`'s default sheet is the pages' own paper, turned to suit the grid, with the pages scaled down to fit, as
pdfcpu's `nup` ("the original page size is preserved"), pdfjam's `--nup 2x1 --landscape` on its default paper,
psnup and cpdf's `-twoup` do: 2-up of A4 prints on A4. `--sheet grow` keeps the pages at full size on a sheet
that grows to hold them (2-up of A4 on A3 size, cpdf's `-twoup-stack`), which was the default.
Sheet sizes are read back by poppler's pdfinfo; the pages' text by pdftotext.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

pytestmark = pytest.mark.skipif(shutil.which("pdfinfo") is None, reason="poppler's pdfinfo is not installed")


def sheet(path: Path, page: int = 1) -> tuple[int, int, str]:
    """A page's size in whole points and the paper pdfinfo names (`A4`, or '' for none)."""
    out = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), str(path)], check=True,
                         capture_output=True, text=True).stdout
    found = re.search(rf"Page\s+{page} size:\s+([\d.]+) x ([\d.]+) pts(?: \((\w+)\))?", out)
    assert found, out
    return round(float(found[1])), round(float(found[2])), found[3] or ""


def nup(cli: Callable[..., Any], source: Path, out: Path, *args: str) -> dict[str, Any]:
    result = cli("nup", source, *args, "-o", out, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_two_up_of_a4_prints_on_a4_landscape(cli: Callable[..., Any], tmp_path: Path) -> None:
    assert sheet(rb.FOUR)[2] == "A4"
    out = tmp_path / "n.pdf"
    report = nup(cli, rb.FOUR, out)
    assert sheet(out) == (842, 595, "A4") and sheet(out, 2) == (842, 595, "A4")
    assert [round(v) for v in report["sheet_size"]] == [842, 595]
    lines = rb.page_lines(rb.FOUR)
    assert lines[0] in rb.text(out, 1) and lines[1] in rb.text(out, 1) and lines[2] in rb.text(out, 2)
    words = rb.words(out, 1)
    assert [w for w in words if w[1] < 421] and [w for w in words if w[1] > 421]  # a page in each half


def test_four_up_of_a4_prints_on_a4_portrait(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "n.pdf"
    nup(cli, rb.FOUR, out, "--per-sheet", "4")
    assert sheet(out) == (595, 842, "A4")
    assert all(line in rb.text(out, 1) for line in rb.page_lines(rb.FOUR))


def test_landscape_pages_two_up_stack_on_their_paper_turned(cli: Callable[..., Any], tmp_path: Path) -> None:
    wide = tmp_path / "wide.pdf"
    with pikepdf.open(rb.FOUR) as pdf:
        for page in pdf.pages:
            page.rotate(90, relative=True)
        pdf.save(wide)
    out = tmp_path / "n.pdf"
    nup(cli, wide, out)
    assert sheet(out) == (595, 842, "A4")  # two landscape A4 pages, one above the other, on A4


def test_sheet_grow_keeps_the_pages_at_full_size(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "n.pdf"
    report = nup(cli, rb.FOUR, out, "--sheet", "grow")
    assert sheet(out)[:2] == (1191, 842)  # two A4 pages side by side: A3's size
    assert [round(v) for v in report["sheet_size"]] == [1191, 842]


def test_mcp_nup_default_keeps_the_paper(tmp_path: Path) -> None:
    shutil.copy(rb.FOUR, tmp_path / "f.pdf")
    result = rb.mcp_call(tmp_path, "pdf_nup", {"input": "f.pdf"})
    assert not result.is_error, result.content
    assert sheet(tmp_path / "f-2up.pdf") == (842, 595, "A4")
    result = rb.mcp_call(tmp_path, "pdf_nup", {"input": "f.pdf", "sheet": "grow", "output": "g.pdf"})
    assert not result.is_error, result.content
    assert sheet(tmp_path / "g.pdf")[:2] == (1191, 842)


@pytest.mark.parametrize("command", ["nup", "booklet"])
def test_the_sheet_size_is_given_as_info_gives_page_sizes(cli: Callable[..., Any], tmp_path: Path,
                                                           command: str) -> None:
    """The sheets of A4 pages (595.276 pt wide) were `595.276 × 841.89 pt` where `info` says 595.28, and `booklet
    --sheet a4` said 595.28: one paper, two numbers. Points to two decimals, as info gives them (--json too)."""
    report = json.loads(cli(command, rb.FOUR, "-o", tmp_path / "o.pdf", "--json").stdout)
    width = json.loads(cli("info", rb.FOUR, "--json").stdout)["page_sizes"][0]["width"]
    assert width in report["sheet_size"] and all(round(v, 2) == v for v in report["sheet_size"]), report
