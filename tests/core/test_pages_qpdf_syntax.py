"""Page ranges as qpdf and pdftk users write them: `z` (qpdf's last page), `r1`, `r3` (counted from the end),
`end` (pdftk's last page), and qpdf's `:odd` / `:even` after a range (every other page of what it names). Each
spec is checked against qpdf's own `--pages` on the same file, and through the commands that take pages: a
file's pages (`b.pdf:z`), `--pages`, `insert --after z`."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
from pikepdf import Array, Dictionary, Name

from pdftools.core.pages import check_spec, page_number, parse_pages
from pdftools.errors import InvalidPageRange


def numbered(path: Path, count: int) -> Path:
    """`count` pages, each drawing its own number (`P1`, `P2`...) for pdftotext to read back."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.Type1, BaseFont=Name.Helvetica))
    for n in range(1, count + 1):
        content = pikepdf.Stream(pdf, f"BT /F1 24 Tf 72 150 Td (P{n}) Tj ET".encode())
        pdf.pages.append(pikepdf.Page(Dictionary(Type=Name.Page, MediaBox=Array([0, 0, 300, 300]),
                                                 Contents=pdf.make_indirect(content),
                                                 Resources=Dictionary(Font=Dictionary(F1=font)))))
    pdf.save(path)
    return path


def page_numbers(path: Path) -> list[int]:
    """The numbers the pages of `path` draw, in order (pdftotext: each page ends with a form feed)."""
    out = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return [int(page.strip()[1:]) for page in out.split("\f") if page.strip()]


QPDF_SPECS = ["z", "r1", "1-z", "z-1", "r3-r1", "r2", "2-r2", "1-z:odd", "1-z:even", "z-1:odd", "1,6-9:even",
              "3,z,r2"]


@pytest.mark.parametrize("spec", QPDF_SPECS)
def test_qpdf_specs_pick_the_pages_qpdf_picks(tmp_path: Path, spec: str) -> None:
    source = numbered(tmp_path / "ten.pdf", 10)
    subprocess.run(["qpdf", "--empty", "--pages", str(source), spec, "--", str(tmp_path / "qpdf.pdf")], check=True)
    assert parse_pages(spec, 10) == page_numbers(tmp_path / "qpdf.pdf")


@pytest.mark.parametrize(("spec", "pages"), [("end", [5]), ("1-end", [1, 2, 3, 4, 5]), ("end-4", [5, 4]),
                                             ("Z", [5]), ("R2-r1", [4, 5]), ("r5", [1])])
def test_pdftk_end_and_any_case(spec: str, pages: list[int]) -> None:
    assert parse_pages(spec, 5) == pages


@pytest.mark.parametrize("spec", ["r0", "r6", "1-r6", "1-z:third", ":odd", "1-z:odd:even", "rr1", "z1"])
def test_bad_qpdf_specs_are_refused(spec: str) -> None:
    with pytest.raises(InvalidPageRange):
        parse_pages(spec, 5)


def test_check_spec_knows_the_new_words_and_refuses_r0() -> None:
    for spec in QPDF_SPECS:
        check_spec(spec)
    with pytest.raises(InvalidPageRange):
        check_spec("r0")


def test_one_page_may_be_z_rn_or_end() -> None:
    assert [page_number(v, 7) for v in ("z", "r1", "r3", "end", "Z")] == [7, 7, 5, 7, 7]
    with pytest.raises(InvalidPageRange):
        page_number("r8", 7)


def test_commands_take_them(cli: Any, tmp_path: Path) -> None:
    ten = numbered(tmp_path / "ten.pdf", 10)
    three = numbered(tmp_path / "three.pdf", 3)
    done = cli("select", ten, "z-1:odd", "-o", tmp_path / "sel.pdf")
    assert done.exit_code == 0, done
    assert page_numbers(tmp_path / "sel.pdf") == [10, 8, 6, 4, 2]
    done = cli("insert", ten, f"{three}:z", "--after", "r2", "-o", tmp_path / "ins.pdf")
    assert done.exit_code == 0, done
    assert page_numbers(tmp_path / "ins.pdf") == [1, 2, 3, 4, 5, 6, 7, 8, 9, 3, 10]
    done = cli("merge", f"{ten}:r2-z", f"{three}:1-z:even", "-o", tmp_path / "merged.pdf")
    assert done.exit_code == 0, done
    assert page_numbers(tmp_path / "merged.pdf") == [9, 10, 2]
    done = cli("delete", ten, "1-z:even", "-o", tmp_path / "del.pdf")
    assert done.exit_code == 0, done
    assert page_numbers(tmp_path / "del.pdf") == [1, 3, 5, 7, 9]


def test_a_bad_page_after_a_file_name_is_a_page_error_not_a_missing_file(cli: Any, tmp_path: Path) -> None:
    ten = numbered(tmp_path / "ten.pdf", 10)
    three = numbered(tmp_path / "three.pdf", 3)
    done = cli("insert", ten, f"{three}:r4", "-o", tmp_path / "ins.pdf", "--json")
    assert done.exit_code == 2 and '"INVALID_PAGE_RANGE"' in done.stderr, done
