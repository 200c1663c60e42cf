"""Page editing through the real CLI and the MCP server: rotate, select, delete, reorder, insert-blank, insert,
and the rules they share (default output, --in-place, stdin/stdout, encryption kept unless --decrypt).

Every result is read back from the written file (pikepdf, pdftotext), never taken from the command's report.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb


def run_json(cli: Callable[..., Any], *args: Any, input: bytes | None = None) -> dict[str, Any]:
    result = cli(*args, "--json", input=input)
    assert result.exit_code == 0, result
    return json.loads(result.stdout)  # type: ignore[no-any-return]


@pytest.fixture
def four(tmp_path: Path) -> Path:
    return Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))


def rotations(path: Path, password: str = "") -> list[int]:
    with pikepdf.open(path, password=password) as pdf:
        return [int(page.obj.get("/Rotate", 0)) % 360 for page in pdf.pages]


# ------------------------------------------------------------------------------------------------ rotate


def test_rotate_odd_pages(cli: Callable[..., Any], four: Path, tmp_path: Path, sha256: Callable[[Path], str]) -> None:
    before = sha256(four)
    out = tmp_path / "r.pdf"
    report = run_json(cli, "rotate", four, "--angle", "90", "--pages", "odd", "-o", out)
    assert rotations(out) == [90, 0, 90, 0]
    assert report["rotated"] == [1, 3] and report["pages"] == 4
    assert rb.page_lines(out) == rb.page_lines(rb.FOUR)  # content untouched
    assert sha256(four) == before


def test_rotate_adds_to_the_current_rotation(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    run_json(cli, "rotate", rb.ROTATED, "-a", "-90", "-o", out)
    assert rotations(out) == [(r - 90) % 360 for r in rotations(rb.ROTATED)]


def test_default_output_is_beside_the_input(cli: Callable[..., Any], four: Path) -> None:
    report = run_json(cli, "rotate", four, "-a", "180")
    assert Path(report["output"]) == four.with_name("four-rotated.pdf")
    assert rotations(four.with_name("four-rotated.pdf")) == [180] * 4


def test_in_place_is_atomic_and_keeps_permissions(cli: Callable[..., Any], four: Path) -> None:
    four.chmod(0o640)
    run_json(cli, "rotate", four, "-a", "90", "--in-place")
    assert rotations(four) == [90] * 4
    assert four.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in four.parent.iterdir()) == ["four.pdf"]  # no temporary file left


def test_stdin_to_stdout(cli: Callable[..., Any]) -> None:
    result = cli("rotate", "-", "-a", "270", input=rb.FOUR.read_bytes())
    assert result.exit_code == 0, result
    assert result.stdout_bytes.startswith(b"%PDF-")
    with pikepdf.open(__import__("io").BytesIO(result.stdout_bytes)) as pdf:
        assert [int(p.obj.get("/Rotate", 0)) for p in pdf.pages] == [270] * 4
    assert "rotated" in result.stderr  # the report goes to stderr when stdout carries the PDF


def test_encrypted_output_keeps_encryption_unless_decrypt(cli: Callable[..., Any], tmp_path: Path) -> None:
    kept, plain = tmp_path / "kept.pdf", tmp_path / "plain.pdf"
    report = run_json(cli, "rotate", rb.ENCRYPTED, "-a", "90", "-o", kept, "--password", rb.PASSWORD)
    assert report["encrypted"] is True
    with pytest.raises(pikepdf.PasswordError):
        pikepdf.open(kept)
    with pikepdf.open(kept, password=rb.PASSWORD) as pdf, pikepdf.open(rb.ENCRYPTED, password=rb.PASSWORD) as src:
        assert pdf.is_encrypted and pdf.encryption.bits == src.encryption.bits
        assert int(pdf.pages[0].Rotate) == 90
    run_json(cli, "rotate", rb.ENCRYPTED, "-a", "90", "-o", plain, "--password", rb.PASSWORD, "--decrypt")
    with pikepdf.open(plain) as pdf:
        assert not pdf.is_encrypted
    assert rb.text(plain) == rb.text(kept, password=rb.PASSWORD)


# ----------------------------------------------------------------------------------------- select, delete


def test_select_in_order_with_repeats(cli: Callable[..., Any], four: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.pdf"
    report = run_json(cli, "select", four, "3,1,1", "-o", out)
    original = rb.page_lines(rb.FOUR)
    assert rb.page_lines(out) == [original[2], original[0], original[0]]
    assert report["removed"] == [2, 4]


def test_select_even_pages(cli: Callable[..., Any], four: Path, tmp_path: Path) -> None:
    out = tmp_path / "even.pdf"
    run_json(cli, "select", four, "even", "-o", out)
    original = rb.page_lines(rb.FOUR)
    assert rb.page_lines(out) == [original[1], original[3]]


@pytest.mark.parametrize("source", [rb.OUTLINE, rb.NESTED], ids=["006", "014"])
def test_delete_drops_the_page_and_what_pointed_at_it(cli: Callable[..., Any], tmp_path: Path, source: Path) -> None:
    out = tmp_path / "d.pdf"
    run_json(cli, "delete", source, "2", "-o", out)
    original = rb.page_lines(source)
    assert rb.page_lines(out) == [original[0], original[2], original[3]]
    assert rb.content_pages(out) == 3  # nothing of the deleted page is left in the file
    before = rb.flat(rb.outline(source))
    after = rb.flat(rb.outline(out))
    # every bookmark still opens a page, but a heading whose page went, kept title-only for those under it
    assert all(page is not None or dict(before)[title] == 1 for title, page in after)
    if source == rb.OUTLINE:  # flat outline: bookmarks of page 2 go, the others move up
        assert after == [(t, p - 1 if p > 1 else p) for t, p in before if p != 1]


def test_a_deleted_page_leaves_nothing_behind_even_when_a_link_still_points_at_it(
    cli: Callable[..., Any], four: Path, tmp_path: Path
) -> None:
    with pikepdf.open(four, allow_overwriting_input=True) as pdf:  # page 1 links to page 2 directly
        link = pikepdf.Dictionary(Type=pikepdf.Name.Annot, Subtype=pikepdf.Name.Link, Rect=[0, 0, 100, 100],
                                  Dest=[pdf.pages[1].obj, pikepdf.Name.Fit])
        pdf.pages[0].obj.Annots = pdf.make_indirect(pikepdf.Array([link]))
        pdf.save()
    out = tmp_path / "d.pdf"
    run_json(cli, "delete", four, "2", "-o", out)
    assert rb.pages(out) == 3
    assert rb.content_pages(out) == 3  # page 2 is still referenced by the link, but emptied


def test_delete_keeps_bookmarks_of_other_pages_in_a_nested_outline(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "d.pdf"
    run_json(cli, "delete", rb.NESTED, "4", "-o", out)
    before, after = rb.flat(rb.outline(rb.NESTED)), dict(rb.flat(rb.outline(out)))
    for title, page in before:
        if page is not None and page < 3:
            assert after[title] == page  # pages 1-3 keep their bookmarks where they were


# ------------------------------------------------------------------------------------------------ reorder


@pytest.mark.parametrize(("mode", "order"), [("reverse", [4, 3, 2, 1]), ("interleave", [1, 3, 2, 4]),
                                             ("interleave-reversed", [1, 4, 2, 3])])
def test_reorder(cli: Callable[..., Any], four: Path, tmp_path: Path, mode: str, order: list[int]) -> None:
    out = tmp_path / "o.pdf"
    report = run_json(cli, "reorder", four, "--mode", mode, "-o", out)
    original = rb.page_lines(rb.FOUR)
    assert rb.page_lines(out) == [original[n - 1] for n in order]
    assert report["order"] == order


def test_reorder_keeps_bookmarks_on_their_pages(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "o.pdf"
    run_json(cli, "reorder", rb.OUTLINE, "--mode", "reverse", "-o", out)
    assert rb.flat(rb.outline(out)) == [(t, 3 - p) for t, p in rb.flat(rb.outline(rb.OUTLINE))]


# --------------------------------------------------------------------------------------- insert, blanks


def test_insert_blank_pages_the_size_of_their_neighbour(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    report = run_json(cli, "insert-blank", rb.ROTATED, "--after", "2", "--count", "2", "-o", out)
    assert report["inserted"] == [3, 4]
    with pikepdf.open(out) as pdf, pikepdf.open(rb.ROTATED) as src:
        assert len(pdf.pages) == 6
        for blank in (pdf.pages[2], pdf.pages[3]):
            assert list(blank.mediabox) == list(src.pages[1].mediabox)
            assert blank.rotation == src.pages[1].rotation
    assert rb.text(out, 3).strip() == rb.text(out, 4).strip() == ""


def test_insert_pages_of_another_pdf(cli: Callable[..., Any], tmp_path: Path) -> None:
    out = tmp_path / "i.pdf"
    report = run_json(cli, "insert", rb.OUTLINE, f"{rb.FOUR}:1-2", "--after", "1", "-o", out)
    a, b = rb.page_lines(rb.OUTLINE), rb.page_lines(rb.FOUR)
    assert rb.page_lines(out) == [a[0], b[0], b[1], a[1], a[2], a[3]]
    assert report["inserted"] == [2, 3]
    # the outline still points at the same (moved) pages
    assert rb.flat(rb.outline(out)) == [(t, p + 2 if p >= 1 else p) for t, p in rb.flat(rb.outline(rb.OUTLINE))]


def test_insert_at_the_start(cli: Callable[..., Any], four: Path, tmp_path: Path) -> None:
    out = tmp_path / "i.pdf"
    run_json(cli, "insert", four, f"{rb.THREE}:last", "--after", "0", "-o", out)
    assert rb.page_lines(out) == [rb.first_line(rb.THREE, 3), *rb.page_lines(rb.FOUR)]


# ---------------------------------------------------------------------------------------------------- MCP


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "root"
    folder.mkdir()
    for name, source in (("four.pdf", rb.FOUR), ("outline.pdf", rb.OUTLINE), ("locked.pdf", rb.ENCRYPTED)):
        shutil.copy(source, folder / name)
    return folder


def test_mcp_page_tools(root: Path) -> None:
    calls = [
        ("pdf_rotate", {"input": "four.pdf", "angle": 90, "pages": "2"}, "four-rotated.pdf"),
        ("pdf_select_pages", {"input": "four.pdf", "pages": "4-1", "output": "sel.pdf"}, "sel.pdf"),
        ("pdf_delete_pages", {"input": "outline.pdf", "pages": "1"}, "outline-deleted.pdf"),
        ("pdf_reorder_pages", {"input": "four.pdf", "mode": "interleave"}, "four-reordered.pdf"),
        ("pdf_insert_blank", {"input": "four.pdf", "after": 0}, "four-blank.pdf"),
        ("pdf_insert_pages", {"input": "four.pdf", "source": "outline.pdf:1"}, "four-inserted.pdf"),
    ]
    for tool, args, name in calls:
        result = rb.mcp_call(root, tool, args)
        assert not result.is_error, (tool, result.content)
        assert result.structured_content["output"] == str(root / name)
    assert rotations(root / "four-rotated.pdf") == [0, 90, 0, 0]
    assert rb.page_lines(root / "sel.pdf") == rb.page_lines(rb.FOUR)[::-1]
    assert rb.pages(root / "outline-deleted.pdf") == 3
    lines = rb.page_lines(rb.FOUR)
    assert rb.page_lines(root / "four-reordered.pdf") == [lines[0], lines[2], lines[1], lines[3]]
    assert rb.page_lines(root / "four-blank.pdf") == ["", *lines]
    assert rb.page_lines(root / "four-inserted.pdf") == [*lines, rb.first_line(rb.OUTLINE, 1)]


def test_mcp_page_tools_keep_paths_inside_the_roots(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside.pdf"
    error = rb.mcp_error(rb.mcp_call(root, "pdf_rotate", {"input": "four.pdf", "angle": 90,
                                                           "output": str(outside)}))
    assert error["code"] == "PATH_OUTSIDE_ROOT" and not outside.exists()
    error = rb.mcp_error(rb.mcp_call(root, "pdf_insert_pages", {"input": "four.pdf", "source": str(rb.FOUR)}))
    assert error["code"] == "PATH_OUTSIDE_ROOT"
    assert sorted(os.listdir(root)) == ["four.pdf", "locked.pdf", "outline.pdf"]


def test_mcp_encrypted_input_keeps_encryption(root: Path) -> None:
    result = rb.mcp_call(root, "pdf_delete_pages", {"input": "locked.pdf", "pages": "1", "password": rb.PASSWORD})
    assert rb.mcp_error(result)["code"] == "INVALID_ARGUMENT"  # the only page
    result = rb.mcp_call(root, "pdf_rotate", {"input": "locked.pdf", "angle": 180, "password": rb.PASSWORD})
    assert result.structured_content["encrypted"] is True
    assert rotations(root / "locked-rotated.pdf", rb.PASSWORD) == [180]
    with pytest.raises(pikepdf.PasswordError):
        pikepdf.open(root / "locked-rotated.pdf")
