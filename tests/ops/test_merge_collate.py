"""`merge --collate` takes one page from each input in turn, as `qpdf --collate --empty --pages ...` and pdftk's
`shuffle` do: fronts and backs scanned to two files (`merge --collate fronts.pdf backs.pdf:z-1`, the backs
scanned last to first) in one step, where it took a merge and a `reorder interleave`. An input that runs out is
passed over. Checked against qpdf on the same files: each page of the output is the same page."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"
ONE = CORPUS / "001-trivial" / "minimal-document.pdf"


def page_texts(pdf: Path) -> list[str]:
    count = int(subprocess.run(["qpdf", "--show-npages", str(pdf)], capture_output=True, text=True,
                               check=True).stdout)
    return [subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout for n in range(1, count + 1)]


@pytest.mark.parametrize("inputs", [
    [(FOUR, "1-2"), (FOUR, "z-3")],  # fronts, and backs scanned last to first
    [(FOUR, None), (OUTLINE, None), (ONE, None)],  # of unequal lengths: one that runs out is passed over
    [(OUTLINE, "odd"), (FOUR, "r1-r3")],
])
def test_as_qpdf_collate(cli: Any, tmp_path: Path, inputs: list[tuple[Path, str | None]]) -> None:
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    pages = [word for path, spec in inputs for word in (str(path), *([spec.replace("odd", "1-z:odd")] if spec else []))]
    subprocess.run(["qpdf", "--collate", "--empty", "--pages", *pages, "--", str(theirs)], check=True)
    given = [f"{path}:{spec}" if spec else str(path) for path, spec in inputs]
    result = cli("merge", "--collate", *given, "-o", ours, "--json")
    assert result.exit_code == 0, result
    assert page_texts(ours) == page_texts(theirs)
    report = json.loads(result.stdout)
    assert report["pages"] == len(page_texts(theirs))


def test_bookmarks_follow_their_pages(cli: Any, tmp_path: Path) -> None:
    ours = tmp_path / "ours.pdf"
    assert cli("merge", "--collate", FOUR, OUTLINE, "-o", ours).exit_code == 0
    import pikepdf

    with pikepdf.open(ours) as pdf, pdf.open_outline() as outline:
        tops = [item.title for item in outline.root]
        first = outline.root[1].children[0].destination if outline.root[1].children else None
        pages = {page.objgen: n for n, page in enumerate(pdf.pages)}
        assert tops == [FOUR.stem, OUTLINE.stem]
        if first is not None:  # the outline file's first bookmark opens its first page, now the output's second
            assert pages[first[0].objgen] == 1


def test_over_mcp(tmp_path: Path) -> None:
    import readback as rb

    shutil.copy(FOUR, tmp_path / "a.pdf")
    shutil.copy(OUTLINE, tmp_path / "b.pdf")
    done = rb.mcp_call(tmp_path, "pdf_merge", {"inputs": ["a.pdf", "b.pdf:z-1"], "collate": True,
                                                "output": "m.pdf"}).structured_content
    theirs = tmp_path / "q.pdf"
    subprocess.run(["qpdf", "--collate", "--empty", "--pages", str(FOUR), str(OUTLINE), "z-1", "--", str(theirs)],
                   check=True)
    assert done["pages"] == len(page_texts(theirs))
    assert page_texts(tmp_path / "m.pdf") == page_texts(theirs)
