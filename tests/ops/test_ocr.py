"""OCR on scans the tests make from real corpus pages (rasterised with pdftoppm), with the real tesseract."""

from __future__ import annotations

import collections
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from PIL import Image

from pdftools.errors import BadImage, Encrypted, NoPages, OcrLanguageMissing, PageTooLarge
from pdftools.ops.ocr import ocr
from pdftools.ops.text import text

pytestmark = pytest.mark.slow  # started first when the files are spread over workers

PDFTOOLS = Path(sys.executable).with_name("pdftools")
DPI = 150  # enough for tesseract on this clean print, and quick


def _words(text_: str) -> collections.Counter[str]:
    return collections.Counter(re.findall(r"\w+", text_.lower()))


def _recall(original: str, recognised: str) -> float:
    want, got = _words(original), _words(recognised)
    return sum((want & got).values()) / sum(want.values())


def _pdftotext(path: Path, *args: str) -> str:
    return subprocess.run(["pdftotext", *args, str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def scans(tmp_path_factory: pytest.TempPathFactory, sample: Path) -> dict[str, Path]:
    """Pages 1-2 of the 4-page corpus PDF as images: an image-only PDF, a PNG, a JPEG, a 2-frame TIFF."""
    work = tmp_path_factory.mktemp("scans")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", "1", "-l", "2", str(sample), str(work / "pg")],
                   check=True)
    pgms = sorted(work.glob("pg-*.pgm"))

    def fresh() -> list[Image.Image]:  # a new copy per save: Pillow keeps encoder state on an image it saved
        return [Image.open(p).copy() for p in pgms]

    first, *rest = fresh()
    first.save(work / "scan.pdf", save_all=True, append_images=rest, resolution=DPI)
    first, *rest = fresh()
    first.save(work / "pages.tiff", save_all=True, append_images=rest, dpi=(DPI, DPI), compression="tiff_lzw")
    fresh()[0].save(work / "page.png", dpi=(DPI, DPI))
    fresh()[0].save(work / "page.jpg", dpi=(DPI, DPI), quality=90)
    return {"pdf": work / "scan.pdf", "png": work / "page.png", "jpg": work / "page.jpg",
            "tiff": work / "pages.tiff", "pgm": sorted(work.glob("pg-*.pgm"))[0]}


@pytest.fixture(scope="module")
def truth(sample: Path) -> list[str]:
    return _pdftotext(sample).split("\f")


@pytest.fixture
def work(tmp_path: Path, scans: dict[str, Path]) -> Path:
    for path in scans.values():
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def test_searchable_pdf_keeps_images_and_sizes_and_text_is_found(work: Path, truth: list[str]) -> None:
    src = work / "scan.pdf"
    before = src.read_bytes()
    result = ocr(str(src), dpi=DPI)
    out = Path(result.output or "")
    assert out == work / "scan-ocr.pdf" and result.pages_ocred == [1, 2]
    assert src.read_bytes() == before
    with pikepdf.open(src) as a, pikepdf.open(out) as b:
        assert len(a.pages) == len(b.pages) == 2
        for pa, pb in zip(a.pages, b.pages, strict=True):
            assert [float(v) for v in pa.mediabox] == [float(v) for v in pb.mediabox]
            image_a = next(iter(pa.get_images(recursive=False).values()))
            image_b = next(iter(pb.get_images(recursive=False).values()))  # the text layer adds no image
            assert image_a.read_raw_bytes() == image_b.read_raw_bytes()  # the scan is not re-encoded
    found = _pdftotext(out).split("\f")
    for page in (0, 1):
        assert _recall(truth[page], found[page]) >= 0.95


def test_pages_with_text_are_skipped_unless_forced(work: Path, sample: Path) -> None:
    shutil.copy(sample, work / "digital.pdf")
    skipped = ocr(str(work / "digital.pdf"), dpi=DPI, pages="1-2")
    assert skipped.pages_skipped == [1, 2] and skipped.pages_ocred == []
    forced = ocr(str(work / "digital.pdf"), dpi=DPI, pages="2", force_ocr=True, output=str(work / "f.pdf"))
    assert forced.pages_ocred == [2] and forced.pages_skipped == []


def test_text_mode_with_budget_and_continuation(work: Path, truth: list[str]) -> None:
    first = ocr(str(work / "scan.pdf"), mode="text", dpi=DPI, max_chars=1500)
    assert first.text is not None and first.text.truncated and first.output is None
    rest = ocr(str(work / "scan.pdf"), mode="text", dpi=DPI, start_page=first.text.next_page,
               offset=first.text.next_offset or 0)
    assert rest.text is not None and not rest.text.truncated
    whole = "".join(p.text for p in first.text.pages + rest.text.pages)
    assert _recall(truth[0] + truth[1], whole) >= 0.95


@pytest.mark.parametrize("name", ["page.png", "page.jpg"])
def test_single_images(work: Path, truth: list[str], name: str) -> None:
    result = ocr(str(work / name))
    with pikepdf.open(result.output) as pdf:
        assert len(pdf.pages) == 1
        width = float(pdf.pages[0].mediabox[2])
    assert abs(width - 595) < 3  # the image's own dpi gives the page its A4 width
    assert _recall(truth[0], _pdftotext(Path(result.output or ""))) >= 0.95


def test_multipage_tiff_in_both_modes(work: Path, truth: list[str]) -> None:
    as_pdf = ocr(str(work / "pages.tiff"))
    with pikepdf.open(as_pdf.output) as pdf:
        assert len(pdf.pages) == 2
    as_text = ocr(str(work / "pages.tiff"), mode="text", pages="2")
    assert as_text.text is not None and [p.page for p in as_text.text.pages] == [2]
    assert _recall(truth[1], as_text.text.pages[0].text) >= 0.95


@pytest.mark.parametrize("rotation", [90, 270])
def test_text_layer_lies_over_the_words_on_rotated_pages(work: Path, rotation: int) -> None:
    """A page stored sideways with /Rotate shows upright; its words must sit where the upright ones do."""
    image = Image.open(work / "pg-1.pgm")
    image.rotate(rotation, expand=True).save(work / "side.pdf", resolution=DPI)
    with pikepdf.open(work / "side.pdf", allow_overwriting_input=True) as pdf:
        pdf.pages[0].obj.Rotate = rotation
        pdf.save(work / "side.pdf")
    upright = ocr(str(work / "scan.pdf"), pages="1", output=str(work / "upright.pdf"))
    turned = ocr(str(work / "side.pdf"))

    def box(path: str | None, word: str) -> list[float]:
        xml = _pdftotext(Path(path or ""), "-bbox")
        found = re.search(rf'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">{word}<', xml)
        assert found, xml[:500]
        return [float(found.group(1)), float(found.group(2))]

    for word in ("Hello,", "meaning."):
        a, b = box(upright.output, word), box(turned.output, word)
        assert abs(a[0] - b[0]) < 3 and abs(a[1] - b[1]) < 3


def test_rotate_pages_turns_a_sideways_scan_upright(work: Path, truth: list[str]) -> None:
    Image.open(work / "pg-1.pgm").rotate(90, expand=True).save(work / "sideways.pdf", resolution=DPI)
    result = ocr(str(work / "sideways.pdf"), rotate_pages=True)
    assert result.pages_rotated == [1]
    with pikepdf.open(result.output) as pdf:
        assert int(pdf.pages[0].obj.Rotate) == 90  # PIL turned it 90 counter-clockwise; shown 90 clockwise
    assert _recall(truth[0], _pdftotext(Path(result.output or ""))) >= 0.95


def test_text_on_a_scan_says_there_is_no_text_and_points_to_ocr(work: Path, cli: Any) -> None:
    assert text(str(work / "scan.pdf")).empty_pages == [1, 2]
    result = cli("text", str(work / "scan.pdf"))
    assert result.exit_code == 0 and f"pdftools ocr {work / 'scan.pdf'} --mode text" in result.stderr


def test_bad_inputs(work: Path, encrypted_pdf: Path) -> None:
    broken = work / "broken.png"
    broken.write_bytes((work / "page.png").read_bytes()[:300])
    with pytest.raises(BadImage):
        ocr(str(broken))
    empty = work / "empty.pdf"
    pikepdf.new().save(empty)
    with pytest.raises(NoPages):
        ocr(str(empty))
    with pytest.raises(Encrypted):
        ocr(str(encrypted_pdf), output=str(work / "e.pdf"))
    unlocked = ocr(str(encrypted_pdf), password="openpassword", output=str(work / "e.pdf"))
    assert unlocked.pages_skipped == [1]  # it has text already
    with pytest.raises(OcrLanguageMissing) as missing:
        ocr(str(work / "scan.pdf"), language="eng+qaa")  # qaa-qtz: ISO 639 codes reserved for local use
    assert "apt-get install tesseract-ocr-qaa" in missing.value.hint
    big = pikepdf.new()
    big.add_blank_page(page_size=(14400, 14400))  # 200 x 200 inches: 3.6 Gpx at 300 dpi
    big.save(work / "huge.pdf")
    with pytest.raises(PageTooLarge):
        ocr(str(work / "huge.pdf"), force_ocr=True)
    assert not list(work.glob("*-ocr.pdf")) and not list(work.glob(".*.part"))


def test_cli_errors_for_a_missing_language_and_a_missing_tesseract(work: Path, tmp_path: Path) -> None:
    out = subprocess.run([PDFTOOLS, "ocr", work / "scan.pdf", "-l", "xyz", "--json"], capture_output=True,
                         text=True, check=False)
    assert out.returncode == 8 and json.loads(out.stderr)["error"]["code"] == "OCR_LANGUAGE_MISSING"
    empty_bin = tmp_path / "nobin"
    empty_bin.mkdir()
    out = subprocess.run([PDFTOOLS, "ocr", work / "scan.pdf"], capture_output=True, text=True, check=False,
                         env={**os.environ, "PATH": str(empty_bin)})
    assert out.returncode == 8 and "error[DEPENDENCY_MISSING]" in out.stderr
    assert "apt-get install tesseract-ocr" in out.stderr


def test_list_languages_prints_the_languages_only(cli: Any) -> None:
    result = cli("ocr", "--list-languages", "--json")
    assert result.exit_code == 0 and set(json.loads(result.stdout)) == {"languages"}, result
    assert "eng" in json.loads(result.stdout)["languages"]
    plain = cli("ocr", "--list-languages")
    assert plain.exit_code == 0 and plain.stdout.split("\n")[:-1] == json.loads(result.stdout)["languages"], plain


def test_ocr_over_mcp_stdio_with_progress_and_text_mode(work: Path) -> None:
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(work)],
                                   env={"PATH": os.environ["PATH"]})
    seen: list[float] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append(progress)

    async def go() -> tuple[Any, Any]:
        async with Client(params) as client:
            as_pdf = await client.call_tool("pdf_ocr", {"input": "scan.pdf", "dpi": DPI, "output": "o.pdf"},
                                            progress_callback=on_progress)
            as_text = await client.call_tool("pdf_ocr", {"input": "page.png", "mode": "text"})
            return as_pdf, as_text

    as_pdf, as_text = anyio.run(go)
    assert not as_pdf.is_error and as_pdf.structured_content["pages_ocred"] == [1, 2]
    assert (work / "o.pdf").is_file() and seen and max(seen) == 2
    assert not as_text.is_error and "--- page 1 ---" in as_text.content[0].text
    assert "Hello" in as_text.content[0].text


def test_timeout_kills_a_hanging_tesseract(work: Path, tmp_path: Path) -> None:
    fake_bin, pidfile = tmp_path / "bin", tmp_path / "pids"
    fake_bin.mkdir()
    real = shutil.which("tesseract")
    (fake_bin / "tesseract").write_text(  # answers --list-langs like the real one, hangs on real work
        f'#!/bin/sh\ncase "$1" in --list-langs) exec {real} --list-langs;; esac\n'
        f"echo $$ >> {pidfile}\nexec sleep 60\n")
    (fake_bin / "tesseract").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake_bin}:{os.environ['PATH']}"}
    out = subprocess.run([PDFTOOLS, "ocr", work / "scan.pdf", "--timeout", "2"], capture_output=True, text=True,
                         env=env, timeout=60, check=False)
    assert out.returncode == 124 and "error[TIMEOUT]" in out.stderr
    assert not (work / "scan-ocr.pdf").exists()
    pids = [int(p) for p in pidfile.read_text().split()]
    assert pids and not any(Path(f"/proc/{p}").exists() and "Z" not in Path(f"/proc/{p}/stat").read_text().split()[2]
                            for p in pids)
