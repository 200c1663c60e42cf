"""`labels`, `crop` and `resize` on corpus files, checked with other programs' eyes: qpdf's JSON for page
labels, poppler's pdfinfo for boxes, a rendering at another resolution for the content's extent, pdftotext's
word boxes for scaled content; bad specs are errors and the input never changes."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from conftest import CORPUS, ENCRYPTED_REL, file_sha256
from PIL import Image

from pdftools.errors import InvalidArgument, InvalidPageRange
from pdftools.ops.crop import crop
from pdftools.ops.labels import labels
from pdftools.ops.resize import resize
from pdftools.ops.rotate import rotate
from pdftools.ops.text import text

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
LINKS = CORPUS / "016-libre-office-link" / "libre-office-link.pdf"
BOOK = CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"


def qpdf_labels(path: Path | str) -> list[dict]:
    out = subprocess.run(["qpdf", "--json=2", "--json-key=pagelabels", str(path)], capture_output=True, check=True)
    return json.loads(out.stdout)["pagelabels"]  # type: ignore[no-any-return]


def boxes(path: Path | str, kind: str = "CropBox") -> dict[int, tuple[float, ...]]:
    out = subprocess.run(["pdfinfo", "-box", "-f", "1", "-l", "999", str(path)], capture_output=True, check=True)
    pattern = rf"^Page +(\d+) {kind}: +([-\d.]+) +([-\d.]+) +([-\d.]+) +([-\d.]+)"
    return {int(m[1]): tuple(float(v) for v in m.groups()[1:]) for m in re.finditer(pattern, out.stdout.decode(),
                                                                                    re.M)}


# ------------------------------------------------------------------------------------------------ labels


def test_labels_set_a_scheme_per_range_and_read_back(tmp_path: Path) -> None:
    before = file_sha256(FOUR)
    done = labels(str(FOUR), scheme="1:i, 3:A-1, 4:Cover", output=str(tmp_path / "l.pdf"))
    assert done.labels == ["i", "ii", "A-1", "Cover"] and file_sha256(FOUR) == before
    assert [(e["index"], e["label"].get("/S"), e["label"].get("/P")) for e in qpdf_labels(tmp_path / "l.pdf")] == \
        [(0, "/r", None), (2, "/D", "u:A-"), (3, None, "u:Cover")]
    assert labels(str(tmp_path / "l.pdf")).labels == ["i", "ii", "A-1", "Cover"]


def test_labels_forms_say_style_and_start(tmp_path: Path) -> None:
    pages = len(pikepdf.open(BOOK).pages)
    done = labels(str(BOOK), scheme="3:iii,9:1,100:B,110:App. c", output=str(tmp_path / "b.pdf"))
    assert done.labels[:2] == ["1", "2"]  # before the first range: arabic from 1
    assert done.labels[2:5] == ["iii", "iv", "v"] and done.labels[8:10] == ["1", "2"]
    assert done.labels[99:101] == ["B", "C"] and done.labels[109:111] == ["App. c", "App. ci"]
    assert len(done.labels) == pages
    assert [r.style for r in done.ranges] == ["arabic", "roman", "arabic", "Letters", "roman"]


def test_labels_clear_and_bad_specs(tmp_path: Path) -> None:
    labelled = labels(str(FOUR), scheme="1:i", output=str(tmp_path / "a.pdf")).written
    assert labelled is not None
    cleared = labels(labelled.output, clear=True, in_place=True)
    assert cleared.labels == ["1", "2", "3", "4"] and qpdf_labels(tmp_path / "a.pdf") == []
    with pytest.raises(InvalidPageRange, match="page 9 is out of range"):
        labels(str(FOUR), scheme="9:i", output=str(tmp_path / "bad.pdf"))
    for spec in ("x:1", "1-2", ""):
        with pytest.raises(InvalidArgument):
            labels(str(FOUR), scheme=spec, output=str(tmp_path / "bad.pdf"))
    assert not (tmp_path / "bad.pdf").exists()
    done = subprocess.run([PDFTOOLS, "labels", FOUR, "--set", "0:i", "-o", tmp_path / "zero.pdf", "--json"],
                          capture_output=True, check=False)  # (an output of its own: the corpus may be read-only)
    assert done.returncode == 2 and json.loads(done.stderr)["error"]["code"] == "INVALID_PAGE_RANGE"  # no page 0


@pytest.mark.parametrize(("qpdf_form", "ours"), [
    ("1:r 3:D", "1:i,3:1"), ("1:r,3:D", "1:i,3:1"), ("1:R/2 4:D/1/A-", "1:II,4:A-1"), ("1:a 2:A/2", "1:a,2:B"),
    ("1:/1/Cover 2:D/5", "1:Cover,2:5"), ("1:D 3:", "1:1,3:"),
])
def test_labels_take_qpdf_set_page_labels_forms(tmp_path: Path, qpdf_form: str, ours: str) -> None:
    """`--set '1:r 5:D'`, as qpdf 11.8's `--set-page-labels 1:r 5:D` writes them (`first:[type][/start[/prefix]]`,
    D R r A a, items apart or by commas), gave pages labelled `r, s, t` (letters from r) and `D, DI` (roman from
    500), with no error; they now write what qpdf's words mean, read back through qpdf's JSON."""
    theirs = labels(str(FOUR), scheme=qpdf_form, output=str(tmp_path / "q.pdf"))
    mine = labels(str(FOUR), scheme=ours, output=str(tmp_path / "o.pdf"))
    assert theirs.labels == mine.labels, (theirs.labels, mine.labels)
    assert qpdf_labels(tmp_path / "q.pdf") == qpdf_labels(tmp_path / "o.pdf")


def test_labels_of_an_encrypted_file_keep_its_encryption(tmp_path: Path) -> None:
    done = labels(str(CORPUS / ENCRYPTED_REL), scheme="1:A", output=str(tmp_path / "e.pdf"), password="openpassword")
    assert done.labels == ["A"] and done.written is not None and done.written.encrypted


# -------------------------------------------------------------------------------------------------- crop


def test_crop_by_margins_on_upright_and_turned_pages(tmp_path: Path) -> None:
    turned = rotate(str(FOUR), 90, pages="2", output=str(tmp_path / "t.pdf")).output
    done = crop(turned, margins="10 20 30 40", output=str(tmp_path / "c.pdf"))
    got = boxes(done.output)
    assert got[1] == (40.0, 30.0, 575.28, 831.89)  # left 40, bottom 30, right 20, top 10
    assert got[2] == (10.0, 40.0, 565.28, 821.89)  # turned clockwise: the displayed top is the page's left
    mm = crop(str(FOUR), margins="10mm", pages="3", output=str(tmp_path / "mm.pdf"))
    assert boxes(mm.output)[3][0] == pytest.approx(28.35, abs=0.01) and mm.cropped == [3]
    assert boxes(mm.output)[1] == (0.0, 0.0, 595.28, 841.89)


def ink(path: Path | str, page: int, dpi: int) -> tuple[float, ...]:
    """The extent of non-white pixels of a page rendered at `dpi`, in points from the page's top-left."""
    out = subprocess.run(["pdftoppm", "-cropbox", "-gray", "-r", str(dpi), "-f", str(page), "-l", str(page),
                          str(path)], capture_output=True, check=True).stdout
    with Image.open(io.BytesIO(out)) as img:
        found = img.point(lambda v: 255 if v <= 250 else 0).getbbox()
    assert found is not None
    return tuple(v * 72 / dpi for v in found)


def test_crop_to_content_holds_the_ink_seen_at_another_resolution(tmp_path: Path) -> None:
    before = file_sha256(FOUR)
    done = crop(str(FOUR), to_content=True, output=str(tmp_path / "c.pdf"))
    assert done.cropped == [1, 2, 3, 4] and file_sha256(FOUR) == before
    height = 841.89
    for page, (x0, y0, x1, y1) in boxes(done.output).items():
        left, top, right, bottom = ink(FOUR, page, 200)  # the ink as a 200 dpi rendering of the original sees it
        assert x0 - 1 <= left <= x0 + 1.5 and x1 - 1.5 <= right <= x1 + 1, page
        assert height - y1 - 1 <= top <= height - y1 + 1.5 and height - y0 - 1.5 <= bottom <= height - y0 + 1, page
    padded = crop(str(FOUR), to_content=True, padding=12, pages="1", output=str(tmp_path / "p.pdf"))
    assert boxes(padded.output)[1][0] == pytest.approx(boxes(done.output)[1][0] - 12, abs=0.01)


def test_crop_leaves_blank_pages_and_refuses_bad_requests(tmp_path: Path) -> None:
    pdf = pikepdf.open(FOUR)
    pdf.add_blank_page(page_size=(200, 200))
    pdf.save(tmp_path / "blank.pdf")
    done = crop(str(tmp_path / "blank.pdf"), to_content=True, output=str(tmp_path / "c.pdf"))
    assert done.cropped == [1, 2, 3, 4] and done.skipped == [5]
    big = crop(str(FOUR), margins="400", output=str(tmp_path / "big.pdf"))
    assert big.cropped == [] and big.skipped == [1, 2, 3, 4]
    for kwargs in ({}, {"margins": "1", "to_content": True}, {"margins": "1 2 3 4 5"}, {"margins": "-4"},
                   {"margins": "ten"}):
        with pytest.raises(InvalidArgument):
            crop(str(FOUR), output=str(tmp_path / "x.pdf"), **kwargs)  # type: ignore[arg-type]
    assert not (tmp_path / "x.pdf").exists()


# ------------------------------------------------------------------------------------------------ resize


def test_resize_scales_the_content_and_keeps_links(tmp_path: Path) -> None:
    before = file_sha256(FOUR)
    done = resize(str(FOUR), "letter", output=str(tmp_path / "r.pdf"))
    assert boxes(done.output, "MediaBox")[1] == (0.0, 0.0, 612.0, 792.0) and file_sha256(FOUR) == before
    scale = done.scales[0]
    assert scale == pytest.approx(min(612 / 595.28, 792 / 841.89), abs=1e-4)
    old, new = text(str(FOUR), format="words", pages="1").boxes, text(done.output, format="words", pages="1").boxes
    assert [w.text for w in new] == [w.text for w in old]
    dx, dy = (612 - 595.28 * scale) / 2, (792 - 841.89 * scale) / 2
    for a, b in zip(old, new, strict=True):
        assert b.x0 == pytest.approx(a.x0 * scale + dx, abs=0.05) and b.y0 == pytest.approx(a.y0 * scale + dy,
                                                                                            abs=0.05)
    linked = resize(str(LINKS), "a5", output=str(tmp_path / "l.pdf"))
    with pikepdf.open(LINKS) as src, pikepdf.open(linked.output) as out:
        a, b = src.pages[0].Annots[0], out.pages[0].Annots[0]
        assert str(b.A.URI) == str(a.A.URI)
        assert float(b.Rect[0]) == pytest.approx(float(a.Rect[0]) * linked.scales[0] + (419.53 - float(
            src.pages[0].mediabox[2]) * linked.scales[0]) / 2, abs=0.01)


def test_resize_turns_paper_to_each_page(tmp_path: Path) -> None:
    turned = rotate(str(FOUR), 90, pages="2", output=str(tmp_path / "t.pdf")).output
    auto = resize(turned, "a4", output=str(tmp_path / "auto.pdf"))
    media = boxes(auto.output, "MediaBox")
    assert media[1] == (0.0, 0.0, 595.28, 841.89) and media[2] == (0.0, 0.0, 595.28, 841.89)  # page 2 on its side
    assert auto.scales == [1.0, 1.0, 1.0, 1.0]
    wide = resize(str(FOUR), "a4", orientation="landscape", pages="1", output=str(tmp_path / "w.pdf"))
    assert boxes(wide.output, "MediaBox")[1] == (0.0, 0.0, 841.89, 595.28) and wide.resized == [1]
    assert boxes(wide.output, "MediaBox")[2] == (0.0, 0.0, 595.28, 841.89)


def test_resize_from_the_command_line_in_place(tmp_path: Path) -> None:
    copy = tmp_path / "a.pdf"
    shutil.copy(FOUR, copy)
    done = subprocess.run([PDFTOOLS, "resize", copy, "--to", "a5", "--in-place", "--json"], capture_output=True,
                          check=False)
    assert done.returncode == 0 and json.loads(done.stdout)["resized"] == [1, 2, 3, 4]
    assert boxes(copy, "MediaBox")[4] == (0.0, 0.0, 419.53, 595.28)
    bad = subprocess.run([PDFTOOLS, "resize", copy, "--to", "b9"], capture_output=True, check=False)
    assert bad.returncode == 2
