"""`stamp --pdf` with a stamp of several pages puts page i of the stamp on page i of the document (the i-th page
stamped, with {{pages}}), as `qpdf --overlay` and pdftk's `multistamp` do, and, as qpdf, nothing on the pages
beyond the stamp's last (pdftk repeats it); `--underlay` puts them under the content (`qpdf --underlay`, pdftk's
`multibackground`). One stamp page (`stamp.pdf` of one page, or `stamp.pdf:2`) still goes on every page (pdftk's
`stamp`, qpdf's `--repeat`). Checked against qpdf: the same text on each page of the result."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb
from test_merge_collate import page_texts

FOUR = rb.FOUR


def _stamp(path: Path, count: int) -> Path:
    """A PDF of `count` pages, page i saying STAMPi in large letters at its top."""
    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    for n in range(1, count + 1):
        page = pdf.add_blank_page(page_size=(595, 842))
        page.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font))
        page.contents_add(pdf.make_stream(b"BT /F1 40 Tf 100 780 Td (STAMP%d) Tj ET" % n))
    pdf.save(path)
    return path


def _qpdf(*args: Any) -> None:
    subprocess.run(["qpdf", *map(str, args)], check=True)


@pytest.mark.parametrize("layer", ["--overlay", "--underlay"])
def test_page_by_page_as_qpdf(cli: Any, tmp_path: Path, layer: str) -> None:
    stamp = _stamp(tmp_path / "s.pdf", 3)
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    _qpdf(FOUR, layer, stamp, "--", theirs)
    given = ["--underlay"] if layer == "--underlay" else []
    done = cli("stamp", FOUR, "--pdf", stamp, *given, "-o", ours, "--json")
    assert done.exit_code == 0, done
    texts = page_texts(ours)
    assert texts == page_texts(theirs)
    assert ["STAMP" in t for t in texts] == [True, True, True, False]  # none beyond the stamp's last page
    assert json.loads(done.stdout)["stamped"] == [1, 2, 3]


def test_the_ith_page_stamped_gets_the_ith_stamp_page(cli: Any, tmp_path: Path) -> None:
    stamp = _stamp(tmp_path / "s.pdf", 3)
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    _qpdf(FOUR, "--overlay", stamp, "--to=2-4", "--", theirs)
    done = cli("stamp", FOUR, "--pdf", stamp, "--pages", "2-4", "-o", ours)
    assert done.exit_code == 0, done
    assert page_texts(ours) == page_texts(theirs)
    assert "STAMP1" in page_texts(ours)[1] and "STAMP3" in page_texts(ours)[3]


def test_one_chosen_page_goes_on_every_page(cli: Any, tmp_path: Path) -> None:
    stamp = _stamp(tmp_path / "s.pdf", 3)
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    _qpdf(FOUR, "--overlay", stamp, "--from=", "--repeat=2", "--", theirs)
    done = cli("stamp", FOUR, "--pdf", f"{stamp}:2", "-o", ours, "--json")
    assert done.exit_code == 0, done
    assert page_texts(ours) == page_texts(theirs)
    assert all("STAMP2" in t for t in page_texts(ours))
    assert json.loads(done.stdout)["stamped"] == [1, 2, 3, 4]
    pair = cli("stamp", FOUR, "--pdf", f"{stamp}:3,1", "-o", tmp_path / "pair.pdf")  # pages picked, in order
    assert pair.exit_code == 0, pair
    assert ["STAMP3" in t for t in page_texts(tmp_path / "pair.pdf")] == [True, False, False, False]


def test_over_mcp(tmp_path: Path) -> None:
    _stamp(tmp_path / "s.pdf", 2)
    (tmp_path / "doc.pdf").write_bytes(FOUR.read_bytes())
    done = rb.mcp_call(tmp_path, "pdf_stamp", {"input": "doc.pdf", "pdf": "s.pdf", "underlay": True,
                                                "output": "o.pdf"})
    assert not done.is_error, done
    assert done.structured_content["stamped"] == [1, 2]
    assert ["STAMP" in t for t in page_texts(tmp_path / "o.pdf")] == [True, True, False, False]
