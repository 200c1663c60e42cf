"""An error about an input names it as it was given, and `-` as `standard input` (never `-`, nor the temporary
file standard input was read into): the same words from every op that says it (one helper, core.results)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


@pytest.fixture
def files(cli: Any, tmp_path: Path) -> Path:
    """four.pdf and three.pdf in the working folder (the cli fixture's: tmp_path)."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    assert cli("select", "four.pdf", "1-3", "-o", "three.pdf", "-q").exit_code == 0
    (tmp_path / "bad.pdf").write_bytes(b"not a PDF\n")
    return tmp_path


CASES = [
    (["reorder", "{in}", "--mode", "interleave", "-o", "x.pdf"], "three.pdf",
     "error[INVALID_ARGUMENT]: interleave needs an even number of pages; {name} has 3"),
    (["insert-blank", "{in}", "--after", "9", "-o", "x.pdf"], "four.pdf",
     "error[INVALID_PAGE_RANGE]: cannot insert after page 9: {name} has 4 pages"),
    (["insert", "{in}", "four.pdf", "--after", "9", "-o", "x.pdf"], "four.pdf",
     "error[INVALID_PAGE_RANGE]: cannot insert after page 9: {name} has 4 pages"),
    (["labels", "{in}", "--set", "9:i", "-o", "x.pdf"], "four.pdf",
     "error[INVALID_PAGE_RANGE]: page 9 is out of range in '9:i': {name} has 4 pages"),
    (["bookmarks", "add", "{in}", "--title", "T", "--page", "1", "--parent", "Nope", "-o", "x.pdf"], "four.pdf",
     "error[INVALID_ARGUMENT]: {name} has no bookmarks, so none is titled 'Nope'"),
    (["search", "x", "{in}"], "bad.pdf", "error[NOT_A_PDF]: {name} is not a PDF"),
]


@pytest.mark.parametrize(("argv", "given", "says"), CASES, ids=[c[0][0] for c in CASES])
@pytest.mark.parametrize("piped", [False, True], ids=["named", "piped"])
def test_the_error_names_the_input(cli: Any, files: Path, argv: list[str], given: str, says: str,
                                   piped: bool) -> None:
    done = cli(*["-" if piped and a == "{in}" else given if a == "{in}" else a for a in argv],
               input=(files / given).read_bytes() if piped else None)
    assert done.exit_code == (4 if "NOT_A_PDF" in says else 2) and done.stderr.splitlines()[0] == says.format(
        name="standard input" if piped else given), done.stderr


@pytest.mark.parametrize("piped", [False, True], ids=["named", "piped"])
def test_search_s_error_objects_name_the_input(cli: Any, files: Path, piped: bool) -> None:
    """-q's errors (of inputs that could not be searched), an object a line with --json; a match found: 0."""
    done = cli("search", "-q", "--json", "Hello", "-" if piped else "bad.pdf", "four.pdf",
               input=(files / "bad.pdf").read_bytes() if piped else None)
    assert done.exit_code == 0 and done.stdout == "", done
    error = json.loads(done.stderr.splitlines()[0])["error"]
    assert error["message"] == f"{'standard input' if piped else 'bad.pdf'} is not a PDF", error
