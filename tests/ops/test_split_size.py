"""`split --size 100k`: parts no larger than a size (a mail attachment's, an upload form's), as Acrobat splits by
file size (qpdf and pdfcpu have no such split). Parts in page order, each as many whole pages as fit, measured on
the bytes written: a resource every page uses (a font, a logo) is counted in every part that holds it. A page
larger than the size alone is a part of its own, with a warning naming it."""

from __future__ import annotations

import json
import random
import re
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from mcp import Client

from pdftools.mcp.server import build_server


def _image(pdf: pikepdf.Pdf, size: int, seed: int) -> pikepdf.Stream:
    """A grey image of `size` bytes of noise (which no compression shrinks), 100 pixels wide."""
    data = random.Random(seed).randbytes(size)
    return pdf.make_stream(data, Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=100,
                           Height=size // 100, ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=8)


def _document(path: Path, sizes: list[int], shared: int = 30_000) -> Path:
    """A page per size, each drawing an image of its own of that many bytes and one image every page shares."""
    pdf = pikepdf.new()
    logo = _image(pdf, shared, 0)
    for number, size in enumerate(sizes, 1):
        page = pdf.add_blank_page(page_size=(200, 200))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Logo=logo, Own=_image(pdf, size, number)))
        page.obj.Contents = pdf.make_stream(b"q 100 0 0 50 0 0 cm /Logo Do Q q 100 0 0 100 100 100 cm /Own Do Q")
    pdf.save(path)
    return path


def _parts(result: Any) -> list[tuple[Path, int, int]]:
    assert result.exit_code == 0, result
    return [(Path(p["path"]), p["start"], p["end"]) for p in json.loads(result.stdout)["parts"]]


def test_parts_hold_as_many_whole_pages_as_fit(cli: Any, tmp_path: Path) -> None:
    source = _document(tmp_path / "doc.pdf", [20_000, 5_000, 20_000, 40_000, 20_000, 20_000, 1_000, 20_000, 20_000])
    parts = _parts(cli("split", source, "--size", "100k", "-d", tmp_path / "parts", "--json"))
    assert parts[0][1] == 1 and parts[-1][2] == 9
    assert all(parts[i][2] + 1 == parts[i + 1][1] for i in range(len(parts) - 1))  # in order, every page once
    for path, a, b in parts:
        assert path.stat().st_size <= 100_000, (a, b, path.stat().st_size)
        assert subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0
        with pikepdf.open(path) as part:
            assert len(part.pages) == b - a + 1
            assert all("/Logo" in page.Resources.XObject for page in part.pages)  # the shared image in each part
    for _, a, b in parts[:-1]:  # one page more would not fit: the same part, as --ranges writes it
        more = tmp_path / f"more-{a}"
        _parts(cli("split", source, "--ranges", f"{a}-{b + 1}", "-d", more, "--json"))
        (written,) = more.iterdir()
        assert written.stat().st_size > 100_000, (a, b, written.stat().st_size)
    assert [(a, b) for _, a, b in parts] == [(1, 3), (4, 5), (6, 9)]  # the 30k shared and 45k, 60k, 61k of pages


def test_a_page_larger_than_the_size_is_a_part_alone_with_a_warning(cli: Any, tmp_path: Path) -> None:
    source = _document(tmp_path / "doc.pdf", [10_000, 150_000, 10_000, 10_000])
    result = cli("split", source, "--size", "100k", "-d", tmp_path / "parts", "--json")
    parts = _parts(result)
    assert [(a, b) for _, a, b in parts] == [(1, 1), (2, 2), (3, 4)]
    assert parts[1][0].stat().st_size > 100_000
    warnings = json.loads(result.stdout)["warnings"]
    assert any("page 2" in w and "100,000" in w and "compress" in w for w in warnings), warnings
    person = cli("split", source, "--size", "100k", "-d", tmp_path / "again")
    assert person.exit_code == 0 and "page 2 alone" in person.stdout, person  # the result's warnings row


def test_sizes_as_people_write_them_and_what_is_refused(cli: Any, tmp_path: Path) -> None:
    source = _document(tmp_path / "doc.pdf", [20_000] * 3)
    assert len(_parts(cli("split", source, "--size", "10MB", "-d", tmp_path / "one", "--json"))) == 1
    assert len(_parts(cli("split", source, "--size", "0.06M", "-d", tmp_path / "two", "--json"))) == 3
    for bad in ("ten", "0", "-5M", "5X"):
        result = cli("split", source, "--size", bad, "-d", tmp_path / "bad")
        assert result.exit_code == 2 and "INVALID_ARGUMENT" in result.stderr, (bad, result)
        assert "--size" in result.stderr, (bad, result)
    both = cli("split", source, "--size", "1M", "--every", "2", "-d", tmp_path / "bad")
    assert both.exit_code == 2 and "--size" in both.stderr, both
    assert not (tmp_path / "bad").exists()


def test_over_mcp(tmp_path: Path) -> None:
    _document(tmp_path / "doc.pdf", [20_000, 20_000, 20_000, 20_000])

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_split", {"input": "doc.pdf", "out_dir": "parts", "size": "80k"})

    done = anyio.run(go)
    assert not done.is_error, done
    parts = sorted((tmp_path / "parts").iterdir())
    assert len(parts) == 2 and all(p.stat().st_size <= 80_000 for p in parts)  # 30k shared, 40k of pages each


def test_a_latex_thesis_with_shared_fonts_and_figures(cli: Any, tmp_path: Path) -> None:
    """A 117-page pdflatex document whose fonts every part needs: every part within the size (or a page alone,
    named in the warning), and one page more would not fit, as `--ranges` writes that part."""
    from conftest import CORPUS

    source = CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"
    result = cli("split", source, "--size", "250k", "-d", tmp_path / "parts", "--json")
    parts = _parts(result)
    (warning,) = json.loads(result.stdout)["warnings"]  # `pages 3, 17 are each more than...`
    named = {int(n) for n in re.findall(r"\d+", warning.split(" are each")[0].split(" alone")[0])}
    assert parts[0][1] == 1 and parts[-1][2] == 117
    assert all(parts[i][2] + 1 == parts[i + 1][1] for i in range(len(parts) - 1))
    for path, a, b in parts:
        assert path.stat().st_size <= 250_000 or (a == b and a in named), (a, b, path.stat().st_size)
    for _, a, b in parts[:-1]:
        more = tmp_path / f"more-{a}"
        _parts(cli("split", source, "--ranges", f"{a}-{b + 1}", "-d", more, "--json"))
        (written,) = more.iterdir()
        assert written.stat().st_size > 250_000, (a, b, written.stat().st_size)


def test_the_help_and_the_errors_say_what_a_size_is(cli: Any, tmp_path: Path) -> None:
    """`split --help` showed `--size TEXT` where every other option names its value (`--every N`, `--ranges
    RANGES`); `--size 0` and `--size -5M` were 'not a size in bytes', which both are, too small ones."""
    helped = cli("split", "--help")
    assert re.search(r"--size SIZE\b", helped.stdout) and "--size TEXT" not in helped.stdout, helped.stdout
    source = _document(tmp_path / "doc.pdf", [20_000] * 3)
    for bad, said in (("0", "--size '0' is no size: a part holds at least one byte"),
                      ("0.4", "--size '0.4' is no size: a part holds at least one byte"),
                      ("-5M", "--size '-5M' is negative"), ("ten", "--size 'ten' is not a size in bytes")):
        result = cli("split", source, "--size", bad, "-d", tmp_path / "bad", "--json")
        error = json.loads(result.stderr)["error"]
        assert result.exit_code == 2 and error["message"] == said, (bad, error)
