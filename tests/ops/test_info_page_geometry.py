"""`info` reports pages as viewers show them (sizes before rotation, as pdfinfo gives them, the rotation beside):
a /Rotate that is not a multiple of 90 is invalid (poppler and pdf.js draw the page unrotated), a page box without
area is replaced (pdf.js and poppler show US Letter), and a warning names each such page."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

from broken_pdfs import FONT, HELLO, build

from pdftools.ops.info import info

PAGE = b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> %s >>"


def odd_pages(tmp_path: Path) -> Path:
    path = tmp_path / "odd-pages.pdf"
    path.write_bytes(build({
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Kids [3 0 R 6 0 R 7 0 R 8 0 R] /Count 4 >>",
        3: PAGE % b"/MediaBox [0 0 612 792] /Rotate 45", 4: HELLO, 5: FONT,
        6: PAGE % b"/MediaBox [0 0 0 0]",
        7: PAGE % b"/MediaBox [0 0 612 792] /Rotate -270",  # a multiple of 90: valid, shown as 90
        8: PAGE % b"/MediaBox [0 0 595 842] /CropBox [10 10 10 10]",  # no area: the MediaBox is shown
    }))
    return path


def test_info_reports_what_viewers_show_and_warns_per_page(tmp_path: Path) -> None:
    result = info(str(odd_pages(tmp_path)), pages="all")
    shown = [(p.width, p.height, p.rotation) for p in result.page_details or []]
    assert shown == [(612, 792, 0), (612, 792, 0), (612, 792, 90), (595, 842, 0)]
    assert {(s.width, s.height, s.rotation): s.pages for s in result.page_sizes} == {
        (612, 792, 0): 2, (612, 792, 90): 1, (595, 842, 0): 1}
    warned = [w for w in result.warnings if w.startswith("page ")]
    assert len(warned) == 3, result.warnings
    assert "page 1" in warned[0] and "/Rotate 45" in warned[0] and "multiple of 90" in warned[0]
    assert "page 2" in warned[1] and "MediaBox" in warned[1] and "612 x 792" in warned[1]
    assert "page 4" in warned[2] and "CropBox" in warned[2]


def test_info_agrees_with_poppler_on_the_drawn_sizes(tmp_path: Path) -> None:
    path = odd_pages(tmp_path)
    drawn = subprocess.run(["pdftoppm", "-r", "9", "-png", str(path), str(tmp_path / "p")], capture_output=True)
    assert drawn.returncode == 0, drawn.stderr
    for page in info(str(path), pages="all").page_details or []:
        png = (tmp_path / f"p-{page.page}.png").read_bytes()
        width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
        if page.rotation in (90, 270):  # drawn turned
            width, height = height, width
        assert page.height and abs(width / height - page.width / page.height) < 0.05, (page, width, height)


def test_cli_json_carries_the_page_warnings(tmp_path: Path, cli: Callable[..., Any]) -> None:
    shown = cli("info", odd_pages(tmp_path), "--json")
    assert shown.exit_code == 0, shown
    assert any(w.startswith("page 1:") for w in json.loads(shown.stdout)["warnings"])
