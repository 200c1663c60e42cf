"""`merge four.pdf:1-2,foo` (or `:abc`, `:1..3`) said FILE_NOT_FOUND (exit 3, `no such file: four.pdf:1..3`): a
page spec the suffix pattern did not take made the whole argument a file name. The file is there; its pages are
said wrong: INVALID_PAGE_RANGE (exit 2), naming what could not be read, as `select four.pdf 1..3` does. Over MCP:
tests/mcp/test_mcp_page_spec_said_wrong.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from conftest import CORPUS
from pdfgrep_peer import PDFTOOLS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
WRONG = ("1-2,foo", "abc", "1..3", "2:oddly")


def test_a_page_spec_said_wrong_after_a_file_is_a_page_range_error(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    for spec in WRONG:
        for args in (["merge", f"four.pdf:{spec}", "-o", "m.pdf"], ["search", "x", f"four.pdf:{spec}"],
                     ["insert", "four.pdf", f"four.pdf:{spec}", "--after", "1", "-o", "i.pdf"]):
            done = subprocess.run([PDFTOOLS, *args, "--json"], cwd=tmp_path, capture_output=True, text=True,
                                  timeout=120, check=False)
            assert done.returncode == 2, (args, done.returncode, done.stderr)
            error = json.loads(done.stderr or done.stdout)["error"]
            assert error["code"] == "INVALID_PAGE_RANGE", (args, error)
            assert "four.pdf" in error["message"] or spec.split(",")[-1].split(":")[-1] in error["message"], error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["four.pdf"]


def test_a_file_whose_name_has_a_colon_is_still_a_file(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf:abc")
    done = subprocess.run([PDFTOOLS, "merge", "four.pdf:abc", "-o", "m.pdf"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr

