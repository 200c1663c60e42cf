"""`check`: on the corpus it agrees with `qpdf --check` (valid where qpdf finds nothing, problems wherever qpdf
finds any), on deliberately broken files it finds at least what qpdf finds, and a few things qpdf does not."""

from __future__ import annotations

import io
import json
import re
import subprocess
import zlib
from pathlib import Path
from typing import Any

import pytest
from broken_pdfs import CASES, ONE_PAGE, one_page, stream
from conftest import CORPUS, load_corpus_files, password_for

from pdftools.ops.check import check

SAMPLE = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
SKIP = ("bomb-", "pages-", "page-tree-dag")  # the limits' own tests cover these (seconds each)
BROKEN = [name for name in CASES if not name.startswith(SKIP)]


def qpdf_check(path: Path, password: str | None = None) -> tuple[int, str]:
    """qpdf's exit code (0 clean, 2 errors, 3 warnings) and its output."""
    args = ["qpdf", "--check", *([f"--password={password}"] if password else []), str(path)]
    done = subprocess.run(args, capture_output=True, text=True, errors="replace", timeout=120, check=False)
    return done.returncode, done.stdout + done.stderr


def qpdf_objects(output: str) -> set[int]:
    """The object numbers qpdf's warnings and errors name."""
    lines = [line for line in output.splitlines() if line.startswith(("WARNING", "ERROR"))]
    return {int(m[1]) for line in lines for m in re.finditer(r"\bobject (\d+) \d+\b", line)}


@pytest.mark.parametrize("item", load_corpus_files(), ids=lambda item: item[1]["path"])
def test_corpus_verdicts_agree_with_qpdf(item: tuple[Path, dict[str, Any]]) -> None:
    path, entry = item
    password = password_for(entry)
    result = check(str(path), password)
    code, output = qpdf_check(path, password)
    if code == 0:
        assert result.verdict == "valid", result.problems
        assert result.exit_code == 0
    elif code == 3:  # qpdf reads it, with warnings: not unreadable
        assert result.verdict == "problems", output
    else:
        assert result.verdict in ("problems", "unreadable"), output
        assert result.exit_code in (12, 4)
    if result.verdict == "valid":
        assert result.pages == entry["pages"]


def broken(tmp_path: Path, name: str) -> Path:
    target = tmp_path / f"{name}.pdf"
    target.write_bytes(CASES[name](SAMPLE.read_bytes()))
    return target


@pytest.mark.parametrize("name", BROKEN)
def test_broken_files_find_at_least_what_qpdf_finds(tmp_path: Path, name: str) -> None:
    path = broken(tmp_path, name)
    if not path.read_bytes().startswith(b"%PDF"):
        pytest.skip("not a PDF at all: NOT_A_PDF (tests/test_bad_input.py)")
    code, output = qpdf_check(path)
    result = check(str(path))
    if code != 0:
        assert result.verdict != "valid", output
        ours = {p.object for p in result.problems if p.object is not None}
        if result.verdict == "problems" and result.objects:  # qpdf read it: every object qpdf names, we name too
            assert qpdf_objects(output) <= ours | {2147483647}, (output, result.problems)  # that one does not exist
    assert {p.severity for p in result.problems} <= {"error", "warning"}


@pytest.mark.parametrize(("name", "area", "obj"), [
    ("count-lies-high", "page-tree", 2),  # qpdf --check finds nothing here
    ("page-tree-cycle", "page-tree", 2),
    ("length-negative", "stream", 4),
    ("xref-removed", "xref", None),
])
def test_problems_name_their_area_and_object(tmp_path: Path, name: str, area: str, obj: int | None) -> None:
    result = check(str(broken(tmp_path, name)))
    assert result.verdict == "problems"
    assert any(p.area == area and p.object == obj for p in result.problems), result.problems


def test_what_qpdf_does_not_find(tmp_path: Path) -> None:
    """A picture missing its bottom half, a font program that is not a font, /Widths that do not fit and a
    content stream naming a font the page does not have: `qpdf --check` passes all of them."""
    from PIL import Image

    short = zlib.compress(bytes(64 * 30 * 3))
    image = stream(short, b"/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceRGB "
                          b"/BitsPerComponent 8 /Filter /FlateDecode ")
    jpeg = io.BytesIO()
    Image.new("RGB", (64, 64), "red").save(jpeg, "JPEG")
    files = {
        "image": one_page(resources=b"/XObject << /I 6 0 R >>",
                          objects={4: stream(b"q 64 0 0 64 0 0 cm /I Do Q"), 6: image}),
        "font": one_page(objects={
            5: b"<< /Type /Font /Subtype /TrueType /BaseFont /Foo /FontDescriptor 6 0 R /FirstChar 32 "
               b"/LastChar 40 /Widths [1 2 3] >>",
            6: b"<< /Type /FontDescriptor /FontName /Foo /FontFile2 7 0 R >>", 7: stream(b"not a font")}),
        "name": one_page(objects={4: stream(b"BT /F9 12 Tf 72 720 Td (Hi) Tj ET")}),
    }
    expected = {"image": ("image", 6, "of the 12,288"), "font": ("font", 7, "font program cannot be read"),
                "name": ("font", None, "/F9")}
    for key, data in files.items():
        path = tmp_path / f"{key}.pdf"
        path.write_bytes(data)
        assert qpdf_check(path)[0] == 0, key
        result = check(str(path))
        area, obj, words = expected[key]
        assert any(p.area == area and p.object == obj and words in p.message and p.page == 1
                   for p in result.problems), (key, result.problems)
    widths = check(str(tmp_path / "font.pdf")).problems
    assert any("3 /Widths for 9 characters" in p.message for p in widths)


def test_bomb_is_reported_not_inflated(tmp_path: Path) -> None:
    path = tmp_path / "bomb.pdf"
    path.write_bytes(CASES["bomb-content"](b""))
    result = check(str(path))
    assert any(p.object == 4 and "decompression bomb" in p.message for p in result.problems), result.problems


def test_what_poppler_still_reads_is_not_unreadable(corpus: Path) -> None:
    """qpdf 12 (pikepdf's) cannot open this file (a page tree root without /Kids); poppler reads its 4 pages and
    the qpdf command (11) reads it with warnings: `problems`, with the error qpdf 12 meets."""
    result = check(str(corpus / "017-unreadable-meta-data" / "unreadablemetadata.pdf"))
    assert (result.verdict, result.exit_code, result.pages) == ("problems", 12, 4)
    assert result.problems[0].severity == "error" and "/Kids" in result.problems[0].message
    assert "pdftools repair" in result.problems[-1].message


REPORT = Path(__file__).parents[2] / "samples" / "report.pdf"


def test_lost_data_is_an_error(tmp_path: Path) -> None:
    """The first half of a file: qpdf 12 finds no trailer and rebuilds one, but every page's content and font
    is gone. `qpdf --check` (11) stops at the trailer (exit 2: errors); check says error, not warning."""
    data = REPORT.read_bytes()
    path = tmp_path / "trunc.pdf"
    path.write_bytes(data[:len(data) // 2])
    assert qpdf_check(path)[0] == 2
    result = check(str(path))
    assert (result.verdict, result.exit_code) == ("problems", 12)
    errors = [p for p in result.problems if p.severity == "error"]
    assert result.errors == len(errors) > 0
    assert any("trailer" in p.message for p in errors), result.problems
    lost = {p.object for p in errors if p.area == "object"}
    assert lost >= {11, 12, 13, 14, 15, 16}, result.problems  # the content streams and fonts past the cut
    assert {p.page for p in errors if p.area == "content"} == {1, 2, 3}, result.problems


def test_cli_exit_codes_and_json(cli: Any, tmp_path: Path, sha256: Any) -> None:
    good = cli("check", SAMPLE, "--json")
    assert good.exit_code == 0 and json.loads(good.stdout)["verdict"] == "valid"
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(ONE_PAGE.replace(b"/Count 1", b"/Count 7"))
    before = sha256(bad)
    found = cli("check", bad, "--json")
    assert found.exit_code == 12, found
    problem = json.loads(found.stdout)["problems"][0]
    assert problem == {"severity": "error", "area": "page-tree", "object": 2, "page": None,
                       "message": "/Count says 7 but the node holds 1 page(s)"}
    assert sha256(bad) == before
    gone = tmp_path / "gone.pdf"
    gone.write_bytes(CASES["truncated-50pct"](SAMPLE.read_bytes()))
    unreadable = cli("check", gone)
    assert unreadable.exit_code == 4 and "unreadable" in unreadable.stdout
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"hello")
    assert cli("check", junk).exit_code == 4  # NOT_A_PDF


def test_mcp_tool_returns_the_verdict(tmp_path: Path) -> None:
    import anyio
    from mcp import Client

    from pdftools.mcp.server import build_server

    bad = tmp_path / "bad.pdf"
    bad.write_bytes(ONE_PAGE.replace(b"/Count 1", b"/Count 7"))

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_check", {"input": "bad.pdf"})

    result = anyio.run(go)
    assert not result.is_error
    assert result.structured_content["verdict"] == "problems"
    assert result.structured_content["problems"][0]["object"] == 2
