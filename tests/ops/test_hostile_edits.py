"""Damaged and hostile PDFs through the commands that write (found by tests/hostile_sweep.py; the sweep's file
name, which rebuilds the file, is given with each case): a result whose output qpdf accepts, or a named error
with nothing written and the input untouched; never INTERNAL."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from broken_pdfs import CASES, bomb, build, one_page, stream
from errors_contract import Errors

from pdftools import errors

# A page whose content stream says Flate but is not (`flip:004-pdflatex-4-pages:s17` in the sweep: one byte)
UNDECODABLE = one_page(objects={4: stream(b"x\x9c" + b"\xff" * 6, b"/Filter /FlateDecode ")})


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


def _qpdf_accepts(path: Path) -> None:
    run = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
    assert run.returncode in (0, 3), run.stdout + run.stderr


@pytest.mark.parametrize("command", [["nup"], ["booklet"]])
def test_pages_whose_content_cannot_be_decoded_are_a_damaged_pdf(command: list[str], fails: Errors,
                                                                 tmp_path: Path) -> None:
    source, out = _write(tmp_path, "in.pdf", UNDECODABLE), tmp_path / "out.pdf"
    fails.run([*command, source, "-o", out], errors.DamagedPdf, inputs=(source,), not_created=(out,),
              message_has=("content stream",))


def test_an_agent_is_told_the_same(tmp_path: Path) -> None:
    """Over MCP too: DAMAGED_PDF with its hint, not INTERNAL ("a bug in pdftools")."""
    _write(tmp_path, "in.pdf", UNDECODABLE)
    error = rb.mcp_error(rb.mcp_call(tmp_path, "pdf_nup", {"input": "in.pdf", "output": "out.pdf"}))
    assert error["code"] == "DAMAGED_PDF" and "content stream" in error["message"], error
    assert not (tmp_path / "out.pdf").exists()


def test_inspect_of_an_undecodable_page_is_a_damaged_pdf(fails: Errors, tmp_path: Path) -> None:
    source = _write(tmp_path, "in.pdf", UNDECODABLE)
    fails.run(["inspect", source], errors.DamagedPdf, inputs=(source,), message_has=("content stream",))


def test_merging_a_page_tree_loop_is_a_damaged_pdf(fails: Errors, tmp_path: Path) -> None:
    """`bp-page-tree-cycle`: qpdf finds the loop only when merge lists the pages it copies."""
    source, good = _write(tmp_path, "loop.pdf", CASES["page-tree-cycle"](b"")), _write(tmp_path, "ok.pdf", one_page())
    out = tmp_path / "out.pdf"
    fails.run(["merge", source, good, "-o", out], errors.DamagedPdf, inputs=(source, good), not_created=(out,),
              message_has=("loop.pdf", "Loop detected"))


LYING_COUNT = CASES["count-lies-high"](b"")  # one page; the page tree's root says 1,000,000,000


@pytest.mark.parametrize("command", [["select", "{in}", "1,1"], ["reorder", "{in}", "--mode", "reverse"],
                                     ["nup", "{in}"], ["booklet", "{in}"], ["insert-blank", "{in}"],
                                     ["labels", "{in}", "--set", "1:i"]])
def test_a_page_tree_whose_count_lies_is_edited_with_its_real_pages(command: list[str], cli: Callable[..., Any],
                                                                    tmp_path: Path) -> None:
    """`bp-count-lies-high`: qpdf refuses to change the pages of a tree whose /Count is wrong ("/Count is wrong
    after flattening pages tree"); the pages it reads are the ones there are."""
    source = _write(tmp_path, "in.pdf", LYING_COUNT)
    out = tmp_path / "out.pdf"
    result = cli(*(str(source) if a == "{in}" else a for a in command), "-o", out)
    assert result.exit_code == 0, result
    _qpdf_accepts(out)
    with pikepdf.open(out) as pdf:
        assert pdf.Root.Pages.Count == len(pdf.pages) >= 1
    assert source.read_bytes() == LYING_COUNT


def test_the_labels_of_a_page_tree_whose_count_lies_are_shown(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`labels` on `bp-count-lies-high`: qpdf finds a page's label by its index, which it will not count."""
    source = _write(tmp_path, "in.pdf", LYING_COUNT)
    result = cli("labels", source, "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["labels"] == ["1"]
    assert source.read_bytes() == LYING_COUNT


@pytest.mark.parametrize("rotate", [b"7", b"45", b"-30", b"1e3", b"(x)"])
def test_a_blank_page_beside_a_page_turned_by_no_right_angle_is_upright(rotate: bytes, cli: Callable[..., Any],
                                                                        tmp_path: Path) -> None:
    """`bp-object-is-itself`: /Rotate must be a multiple of 90 (readers draw others upright); qpdf's
    rotatePage refuses any other angle."""
    source = _write(tmp_path, "in.pdf", one_page(page=b"/Rotate " + rotate + b" "))
    out = tmp_path / "out.pdf"
    result = cli("insert-blank", source, "--after", "1", "-o", out)
    assert result.exit_code == 0, result
    _qpdf_accepts(out)
    with pikepdf.open(out) as pdf:
        assert len(pdf.pages) == 2 and pdf.pages[1].get("/Rotate", 0) == 0


def test_the_undecodable_page_fixture_is_undecodable() -> None:
    """What the tests above rely on: qpdf reads the file, but not its page's content."""
    import io

    with pikepdf.open(io.BytesIO(UNDECODABLE)) as pdf:
        with pytest.raises(pikepdf.PdfError, match="content stream"):
            pdf.pages[0].as_form_xobject().read_bytes()
        assert len(pdf.pages) == 1


SMALL_LIMIT = {"PDFTOOLS_MAX_STREAM_BYTES": str(8 << 20)}  # a 64 MiB bomb is then as a 4 GiB one is by default
BOMB_PAGE = one_page(objects={4: bomb(mebibytes=64)})  # `bp-bomb-content`, smaller
BOMB_XMP = one_page(catalog=b"/Metadata 6 0 R ", objects={6: bomb(b"/Type /Metadata /Subtype /XML ", mebibytes=64)})


@pytest.mark.parametrize("command", [["nup"], ["booklet"]])
def test_imposing_a_bomb_is_refused_before_it_is_inflated(command: list[str], fails: Errors, tmp_path: Path) -> None:
    """`bp-bomb-content`: the pages' content is decoded to draw them on sheets (4 GiB of it in the sweep: 1 GB of
    memory, then INTERNAL under a 3 GiB cap)."""
    source, out = _write(tmp_path, "in.pdf", BOMB_PAGE), tmp_path / "out.pdf"
    fails.run([*command, source, "-o", out], errors.StreamTooLarge, inputs=(source,), not_created=(out,),
              message_has=("page 1",), env=SMALL_LIMIT)


def test_a_pdf_stamp_that_is_a_bomb_is_refused_before_it_is_inflated(fails: Errors, tmp_path: Path) -> None:
    """`stamp-pdf` over `bp-bomb-content`: the stamp page's content is decoded to make it a form."""
    target, stamp = _write(tmp_path, "in.pdf", one_page()), _write(tmp_path, "stamp.pdf", BOMB_PAGE)
    out = tmp_path / "out.pdf"
    fails.run(["stamp", target, "--pdf", stamp, "-o", out], errors.StreamTooLarge, inputs=(target, stamp),
              not_created=(out,), message_has=("stamp.pdf",), env=SMALL_LIMIT)


def test_setting_metadata_beside_an_xmp_bomb_is_refused_before_it_is_inflated(fails: Errors, tmp_path: Path) -> None:
    """`metadata-set` over `bp-bomb-xmp`: the XMP is read to keep it in step with the Info keys (std::bad_alloc
    under a 3 GiB cap: INTERNAL)."""
    source, out = _write(tmp_path, "in.pdf", BOMB_XMP), tmp_path / "out.pdf"
    fails.run(["metadata", "set", source, "--set", "Title=x", "-o", out], errors.StreamTooLarge, inputs=(source,),
              not_created=(out,), message_has=("XMP", "in.pdf"), env=SMALL_LIMIT)


def test_sheets_larger_than_a_pdf_page_can_be_are_refused_with_the_way_out(fails: Errors, tmp_path: Path) -> None:
    """`objstm:021-pdfa:s1000` (nup, booklet): 16 posters of 4000 pt side by side need a sheet of 16,000 pt,
    past PDF's 14,400 (pikepdf's ValueError: INTERNAL); a named paper size fits them."""
    source, out = _write(tmp_path, "in.pdf", one_page(page=b"/MediaBox [0 0 4000 4000] ")), tmp_path / "out.pdf"
    fails.run(["nup", source, "--per-sheet", "16", "--sheet", "grow", "-o", out], errors.InvalidArgument,
              inputs=(source,), not_created=(out,), message_has=("16,000", "14,400"),
              hint="Choose a paper size with --sheet, e.g. `--sheet a3`.")
    assert cli_ok(fails.cli, "nup", source, "--per-sheet", "16", "--sheet", "a3", "-o", out)


def cli_ok(cli: Callable[..., Any], *args: Any) -> bool:
    result = cli(*args)
    assert result.exit_code == 0, result
    return True


@pytest.mark.parametrize("boxes", [b"/MediaBox [0 0 0 0] ", b"/MediaBox [5 5 5 800] /CropBox [9 9 -9 -9] "])
def test_resizing_a_page_without_area_is_a_damaged_pdf(boxes: bytes, fails: Errors, tmp_path: Path) -> None:
    """`gen-inherited-loop`: a page 0 pt wide cannot be scaled to a paper size (ZeroDivisionError: INTERNAL)."""
    source, out = _write(tmp_path, "in.pdf", one_page(page=boxes).replace(b"/MediaBox [0 0 612 792] ", b"", 1)), \
        tmp_path / "out.pdf"
    fails.run(["resize", source, "--to", "a5", "-o", out], errors.DamagedPdf, inputs=(source,), not_created=(out,),
              message_has=("page 1", "0 x"),
              hint="Leave it out with --pages; `pdftools info --pages N --json` shows its boxes.")


def test_resizing_moves_the_annotations_it_can_read_and_leaves_the_others(cli: Callable[..., Any],
                                                                         tmp_path: Path) -> None:
    """`gen-annots-garbage`: /Annots holds a missing object, a string and a /Rect of no numbers (TypeError:
    INTERNAL); the link with a real /Rect is moved with the content."""
    annots = (b"/Annots [99 0 R (x) << /Subtype /Link /Rect [1 x] >> << /Subtype /Link /Rect [0 0 612 792] >> "
              b"<< /Subtype /Link /Rect 6 >>] ")
    source, out = _write(tmp_path, "in.pdf", one_page(page=annots)), tmp_path / "out.pdf"
    result = cli("resize", source, "--to", "a5", "-o", out)
    assert result.exit_code == 0, result
    _qpdf_accepts(out)
    with pikepdf.open(out) as pdf:
        rects = [[float(v) for v in a.Rect] for a in pdf.pages[0].Annots
                 if isinstance(a, pikepdf.Dictionary) and isinstance(a.get("/Rect"), pikepdf.Array)
                 and len(a.Rect) == 4]
    assert rects and max(r[2] for r in rects) < 612  # scaled down to A5 (420 pt wide)


def test_check_reports_a_page_tree_nested_too_deep(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`gen-deep-page-tree` (3,000 nodes, one in the other): check walked it by recursion (RecursionError:
    INTERNAL); it is a finding."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>"}
    depth = 1200
    for n in range(2, depth + 2):
        objects[n] = b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (n + 1)
    objects[depth + 2] = b"<< /Type /Page /MediaBox [0 0 612 792] >>"
    source = _write(tmp_path, "deep.pdf", build(objects))
    result = cli("check", source, "--json")
    assert result.exit_code in (errors.PdfProblems.exit_code, errors.DamagedPdf.exit_code), result
    found = json.loads(result.stdout)
    assert any("deep" in p["message"] for p in found["problems"]), found


def test_check_reports_a_font_that_is_a_missing_object(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`cut:011-google-doc-document:s1001`: the font the content uses is a missing object (KeyError: INTERNAL)."""
    source = _write(tmp_path, "in.pdf", one_page(resources=b"/Font << /F1 99 0 R >>"))
    result = cli("check", source, "--json")
    assert result.exit_code == errors.PdfProblems.exit_code, result
    assert any("/F1" in p["message"] for p in json.loads(result.stdout)["problems"])


def test_merging_a_pdf_whose_info_is_not_a_dictionary(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`flip:023-cmyk-image:s1000`: the trailer's /Info names the page tree (qpdf copies no page tree, so the
    copy was null: ValueError, INTERNAL); the merge has no Info of it."""
    source = _write(tmp_path, "in.pdf", one_page().replace(b"/Root 1 0 R", b"/Root 1 0 R /Info 2 0 R"))
    out = tmp_path / "out.pdf"
    result = cli("merge", source, source, "-o", out)
    assert result.exit_code == 0, result
    _qpdf_accepts(out)
    with pikepdf.open(out) as pdf:
        assert len(pdf.pages) == 2


REFERENCE_IN_CONTENT = one_page(objects={4: stream(b"BT /F1 12 Tf 72 720 Td [5 0 R (x)] TJ ET")})  # no R in content


def test_images_of_a_page_whose_content_holds_an_object_reference(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`flip:009-pdflatex-geotopo:s2000`: pikepdf refuses to parse a content stream with `5 0 R` in an array
    (TypeError: INTERNAL); the images are listed as for any content that cannot be parsed."""
    source = _write(tmp_path, "in.pdf", REFERENCE_IN_CONTENT)
    result = cli("images", source, "-d", tmp_path / "images", "--json")
    assert result.exit_code == 0, result
    assert json.loads(result.stdout)["images"] == []
