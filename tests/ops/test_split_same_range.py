"""`split --ranges 1-2,1-2` names a part twice: the error says so, not that the pattern should hold {start},
{end} or {index} (the default pattern already does)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import readback as rb


def test_a_range_given_twice(cli: Any, tmp_path: Path) -> None:
    four = Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))
    result = cli("split", four, "-d", tmp_path / "parts", "--ranges", "1-2,3,1-2", "--json")
    assert result.exit_code == 2, result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "1-2" in error["message"] and "twice" in error["message"], error
    assert "{start}" not in error["hint"], error
    assert not (tmp_path / "parts").exists()


def test_split_at_bookmarks_of_a_pdf_without_names_it(cli: Any, tmp_path: Path) -> None:
    """`split letter.pdf --bookmarks` said `the PDF has no top-level bookmarks`: which PDF, and none at all."""
    import json

    from conftest import CORPUS

    src = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
    done = cli("split", src, "--bookmarks", "-d", tmp_path / "parts", "--json")
    assert done.exit_code == 2 and not (tmp_path / "parts").exists(), done
    error = json.loads(done.stderr)["error"]
    assert error["message"] == f"{src} has no bookmarks to split at", error
