"""Thumbnails with the real pdftoppm, read back with Pillow."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from PIL import Image

from pdftools.errors import DamagedPdf, InvalidArgument, OutputExists, PageTooLarge
from pdftools.mcp.server import build_server
from pdftools.ops.thumbnails import DEFAULT_WIDTH, thumbnails

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def pdf(tmp_path: Path, sample: Path) -> Path:
    shutil.copy(sample, tmp_path / "doc.pdf")
    (tmp_path / "out").mkdir()
    return tmp_path / "doc.pdf"


def test_width_keeps_the_aspect_and_names_follow_the_pattern(pdf: Path) -> None:
    result = thumbnails(str(pdf), out_dir=str(pdf.parent / "out"), width=150)
    assert [Path(i.path).name for i in result.images] == [f"doc-p00{n}.png" for n in range(1, 5)]
    for image in result.images:
        with Image.open(image.path) as img:
            assert img.format == "PNG" and img.width == 150 and abs(img.height - 212) <= 1  # A4 aspect
            assert (img.width, img.height, Path(image.path).stat().st_size) == (image.width, image.height,
                                                                                 image.bytes)


@pytest.mark.parametrize(("fmt", "pil"), [("jpeg", "JPEG"), ("webp", "WEBP")])
def test_formats_height_and_pages(pdf: Path, fmt: str, pil: str) -> None:
    result = thumbnails(str(pdf), out_dir=str(pdf.parent / "out"), height=100, format=fmt, pages="4,2")
    assert [i.page for i in result.images] == [4, 2]
    for image in result.images:
        with Image.open(image.path) as img:
            assert img.format == pil and img.height == 100


def test_dpi_and_pattern(pdf: Path) -> None:
    result = thumbnails(str(pdf), out_dir=str(pdf.parent / "out"), dpi=36, pages="1",
                        pattern="{page}-{stem}.{ext}")
    assert Path(result.images[0].path).name == "1-doc.png"
    assert abs(result.images[0].width - 298) <= 1  # 595 pt at 36 dpi


def test_existing_images_need_force_and_nothing_is_written(pdf: Path) -> None:
    out = pdf.parent / "out"
    (out / "doc-p002.png").write_bytes(b"keep")
    with pytest.raises(OutputExists):
        thumbnails(str(pdf), out_dir=str(out))
    assert sorted(p.name for p in out.iterdir()) == ["doc-p002.png"]  # no partial set, no staging left
    thumbnails(str(pdf), out_dir=str(out), force=True)
    assert len(list(out.iterdir())) == 4 and (out / "doc-p002.png").read_bytes() != b"keep"


def test_bad_arguments(pdf: Path, cli: Any) -> None:
    with pytest.raises(InvalidArgument):
        thumbnails(str(pdf), out_dir=str(pdf.parent / "out"), width=100, dpi=50)
    result = cli("thumbnails", str(pdf), "-d", str(pdf.parent / "out"), "--pages", "9", "--json")
    assert result.exit_code == 2 and json.loads(result.stderr)["error"]["code"] == "INVALID_PAGE_RANGE"
    result = cli("thumbnails", str(pdf), "-d", str(pdf.parent / "missing"), "--pages", "9")
    assert result.exit_code == 2 and not (pdf.parent / "missing").exists()  # made only when written


def test_mcp_returns_small_images_inline_within_a_budget(pdf: Path) -> None:
    async def go(args: dict[str, Any]) -> Any:
        async with Client(build_server([pdf.parent])) as client:
            return await client.call_tool("pdf_thumbnails", args)

    small = anyio.run(go, {"input": "doc.pdf", "out_dir": "out", "width": 120})
    images = [c for c in small.content if c.type == "image"]
    assert len(images) == 4 and images[0].mime_type == "image/png"
    big = anyio.run(go, {"input": "doc.pdf", "out_dir": "out", "width": 2000, "force": True})
    assert not [c for c in big.content if c.type == "image"]  # each over the per-image budget
    assert "not inline" in big.content[-1].text
    assert len(big.structured_content["images"]) == 4


def test_rendering_runs_in_parallel_pdftoppm_processes(pdf: Path, tmp_path: Path) -> None:
    """With --jobs 2, two pdftoppm run at once: a wrapper logs when each of its own runs starts and ends (not a
    count of every pdftoppm on the machine, which another test running beside this one would raise)."""
    wrap, log = tmp_path / "bin", tmp_path / "runs"
    wrap.mkdir()
    real = shutil.which("pdftoppm")
    (wrap / "pdftoppm").write_text(f"#!/bin/sh\necho start >> {log}\nsleep 0.5\n{real} \"$@\"\nstatus=$?\n"
                                   f"echo end >> {log}\nexit $status\n")
    (wrap / "pdftoppm").chmod(0o755)
    env = {**os.environ, "PATH": f"{wrap}:{os.environ['PATH']}"}
    subprocess.run([PDFTOOLS, "thumbnails", pdf, "-d", pdf.parent / "out", "--jobs", "2"], env=env, check=True,
                   capture_output=True)
    running = list(itertools.accumulate(1 if event == "start" else -1 for event in log.read_text().split()))
    assert running[-1] == 0 and max(running) >= 2, running


def test_a_file_qpdf_cannot_read_is_rendered_by_poppler_with_a_warning(tmp_path: Path) -> None:
    """A page-tree loop: qpdf refuses the file, poppler draws page 1 (and finds no page 2 in the loop)."""
    from broken_pdfs import CASES

    broken = tmp_path / "loop.pdf"
    broken.write_bytes(CASES["page-tree-cycle"](b""))
    (tmp_path / "out").mkdir()
    result = thumbnails(str(broken), out_dir=str(tmp_path / "out"), pages="1")
    assert [i.page for i in result.images] == [1] and result.images[0].width == DEFAULT_WIDTH
    assert len(result.warnings) == 1 and "poppler" in result.warnings[0] and "Loop" in result.warnings[0]
    with pytest.raises(DamagedPdf, match="no drawable page 2"):
        thumbnails(str(broken), out_dir=str(tmp_path / "out"), pages="2")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["loop-p001.png"]


def test_the_pixel_limit_holds_for_a_width_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A page 200 times taller than wide, 300 px wide, is 300 x 60,000 px: refused under a 10M pixel limit,
    drawn with the limit off."""
    from broken_pdfs import one_page

    tall = tmp_path / "tall.pdf"
    tall.write_bytes(one_page(objects={3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 2000] /Contents 4 0 R >>"}))
    (tmp_path / "out").mkdir()
    monkeypatch.setenv("PDFTOOLS_MAX_PIXELS", "10M")
    with pytest.raises(PageTooLarge, match="300x60000"):
        thumbnails(str(tall), out_dir=str(tmp_path / "out"))
    turned = tmp_path / "turned.pdf"  # the same page on its side: 300 x 2 px
    turned.write_bytes(one_page(objects={3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 2000] /Rotate 90 "
                                            b"/Contents 4 0 R >>"}))
    assert thumbnails(str(turned), out_dir=str(tmp_path / "out")).images[0].width == 300
    monkeypatch.delenv("PDFTOOLS_MAX_PIXELS")
    assert thumbnails(str(tall), out_dir=str(tmp_path / "out")).images[0].height == 60_000


def test_pages_on_their_side_get_the_width_asked_for(pdf: Path) -> None:
    """pdftoppm scales by the unrotated size: a landscape-turned page asked for 150 px wide came out 150 px tall."""
    import pikepdf

    with pikepdf.open(pdf, allow_overwriting_input=True) as doc:
        doc.pages[1].rotate(90, relative=False)
        doc.pages[2].rotate(270, relative=False)
        doc.save(pdf)
    result = thumbnails(str(pdf), out_dir=str(pdf.parent / "out"), width=150)
    assert [(i.width, i.height > i.width) for i in result.images] == [(150, True), (150, False), (150, False),
                                                                      (150, True)]


@pytest.mark.parametrize("fmt", ["jpg", "jpeg"])
def test_jpg_is_jpeg_and_names_end_in_jpg(pdf: Path, fmt: str) -> None:
    """`jpg` is taken as `jpeg` (people type the extension); both write JPEG files named `.jpg`."""
    result = thumbnails(str(pdf), out_dir=str(pdf.parent / "out"), width=60, format=fmt, pages="1-2")  # type: ignore[arg-type]
    assert [Path(i.path).name for i in result.images] == ["doc-p001.jpg", "doc-p002.jpg"]
    for image in result.images:
        with Image.open(image.path) as img:
            assert img.format == "JPEG" and img.width == 60


@pytest.mark.parametrize(("fmt", "pattern", "mime"), [("jpg", "{stem}-{page}.{ext}", "image/jpeg"),
                                                      ("jpeg", "{stem}-{page}.jpeg", "image/jpeg"),
                                                      ("webp", "{stem}-{page}", "image/webp")])
def test_inline_images_say_what_they_are_whatever_their_names(pdf: Path, fmt: str, pattern: str,
                                                             mime: str) -> None:
    """The MIME type of an inline image is the format written: a JPEG named `.jpg` (the default) or with no
    extension at all crashed the MCP tool (KeyError on the name's suffix)."""
    result = thumbnails(str(pdf), out_dir=str(pdf.parent / "out"), width=40, format=fmt, pages="1",  # type: ignore[arg-type]
                        pattern=pattern)
    assert result.inline_images() == ([(result.images[0].path, mime)], 0)
