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
    done = rb.mcp_call(tmp_path, "pdf_merge", {"inputs": ["a.pdf", "b.pdf:z-1"], "collate": 1,
                                                "output": "m.pdf"}).structured_content
    theirs = tmp_path / "q.pdf"
    subprocess.run(["qpdf", "--collate", "--empty", "--pages", str(FOUR), str(OUTLINE), "z-1", "--", str(theirs)],
                   check=True)
    assert done["pages"] == len(page_texts(theirs))
    assert page_texts(tmp_path / "m.pdf") == page_texts(theirs)


@pytest.mark.parametrize("n", [2, 3])
def test_groups_of_n_as_qpdf_collate_n(cli: Any, tmp_path: Path, n: int) -> None:
    """`--collate=N` takes N pages from each input in turn (qpdf's --collate=n), fewer from one running out."""
    theirs, ours = tmp_path / "theirs.pdf", tmp_path / "ours.pdf"
    subprocess.run(["qpdf", f"--collate={n}", "--empty", "--pages", str(FOUR), str(OUTLINE), "1-3", str(ONE), "--",
                    str(theirs)], check=True)
    result = cli("merge", f"--collate={n}", FOUR, f"{OUTLINE}:1-3", ONE, "-o", ours, "--json")
    assert result.exit_code == 0, result
    assert page_texts(ours) == page_texts(theirs)
    assert [(p["path"], p["pages"]) for p in json.loads(result.stdout)["inputs"]] == \
        [(str(FOUR), 4), (str(OUTLINE), 3), (str(ONE), 1)]


def test_bare_collate_never_takes_the_next_word(cli: Any, tmp_path: Path) -> None:
    """`--collate` alone is 1 wherever it stands; a value is only ever given with `=` (as in qpdf), so a file
    named `2` after it stays a file, and `--collate=0` merges without collating."""
    shutil.copy(ONE, tmp_path / "2")
    result = cli("merge", FOUR, "--collate", "2", "-o", tmp_path / "one.pdf", "--json")
    assert result.exit_code == 0, result
    assert [p["path"] for p in json.loads(result.stdout)["inputs"]] == [str(FOUR), "2"]
    assert page_texts(tmp_path / "one.pdf")[:3] == [*page_texts(FOUR)[:1], *page_texts(ONE), *page_texts(FOUR)[1:2]]
    off = cli("merge", "--collate=0", FOUR, ONE, "-o", tmp_path / "off.pdf")
    assert off.exit_code == 0, off
    assert page_texts(tmp_path / "off.pdf") == [*page_texts(FOUR), *page_texts(ONE)]
    bad = cli("merge", "--collate=x", FOUR, ONE, "-o", tmp_path / "bad.pdf")
    assert bad.exit_code == 2 and "collate" in bad.stderr, bad


def test_over_mcp_in_groups(tmp_path: Path) -> None:
    import readback as rb

    shutil.copy(FOUR, tmp_path / "a.pdf")
    shutil.copy(OUTLINE, tmp_path / "b.pdf")
    done = rb.mcp_call(tmp_path, "pdf_merge", {"inputs": ["a.pdf", "b.pdf"], "collate": 2, "output": "m.pdf"})
    theirs = tmp_path / "q.pdf"
    subprocess.run(["qpdf", "--collate=2", "--empty", "--pages", str(FOUR), str(OUTLINE), "--", str(theirs)],
                   check=True)
    assert not done.is_error, done
    assert page_texts(tmp_path / "m.pdf") == page_texts(theirs)
    plain = rb.mcp_call(tmp_path, "pdf_merge", {"inputs": ["a.pdf", "b.pdf"], "collate": 0, "output": "p.pdf"})
    assert not plain.is_error and plain.structured_content["pages"] == 8, plain
