"""`stamp --pdf` takes qpdf's three overlay ranges, each said once: qpdf's `--to` is `--pages` (the pages
stamped, in the order the stamp's pages go on them: `--pages 5-1` puts the first on page 5), its `--from` the
pages after the stamp's name (`stamp.pdf:1-3`, all when none), and `--repeat RANGE` the stamp pages used over
and over once those run out (qpdf's `--from= --repeat=1,2`, alternating footers, is `stamp.pdf:1,2 --repeat 1,2`).
Checked against `qpdf --overlay` / `--underlay` on the same files: the same text on every page of the result.
qpdf's own words `--to` and `--from` are refused with the pdftools spelling in the hint."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
import readback as rb
from test_merge_collate import page_texts
from test_stamp_multipage import _qpdf, _stamp


@pytest.fixture
def six(tmp_path: Path) -> Path:
    """Six pages of a corpus file (its four, then its first two again)."""
    path = tmp_path / "six.pdf"
    subprocess.run(["qpdf", "--empty", "--pages", str(rb.FOUR), str(rb.FOUR), "1-2", "--", str(path)], check=True)
    return path


def _marks(path: Path) -> list[list[str]]:
    """The stamp pages on each page, as the words STAMP1, STAMP2... it shows."""
    return [sorted(w for w in text.split() if w.startswith("STAMP")) for text in page_texts(path)]


@pytest.mark.parametrize(("qpdf", "ours", "expected"), [
    # qpdf's manual: the first three pages of o.pdf on pages 1-3, its page 4 on pages 4 and 5, page 6 alone
    (["--to=1-5", "--from=1-3", "--repeat=4"], ["{s}:1-3", "--repeat", "4", "--pages", "1-5"],
     [["STAMP1"], ["STAMP2"], ["STAMP3"], ["STAMP4"], ["STAMP4"], []]),
    # odd and even pages their own footer, from the first page on (qpdf's `--from=` is none)
    (["--from=", "--repeat=1,2"], ["{s}:1,2", "--repeat", "1,2"],
     [["STAMP1"], ["STAMP2"], ["STAMP1"], ["STAMP2"], ["STAMP1"], ["STAMP2"]]),
    # no --from: every stamp page first, then the repeated one
    (["--repeat=4"], ["{s}", "--repeat", "4"],
     [["STAMP1"], ["STAMP2"], ["STAMP3"], ["STAMP4"], ["STAMP4"], ["STAMP4"]]),
    (["--from=2", "--repeat=3-4", "--to=2-6"], ["{s}:2", "--repeat", "3-4", "--pages", "2-6"],
     [[], ["STAMP2"], ["STAMP3"], ["STAMP4"], ["STAMP3"], ["STAMP4"]]),
    # the pages stamped in the order given: the first stamp page on page 5
    (["--to=5-1"], ["{s}", "--pages", "5-1"],
     [[], ["STAMP4"], ["STAMP3"], ["STAMP2"], ["STAMP1"], []]),
    (["--from=3,1"], ["{s}:3,1"], [["STAMP3"], ["STAMP1"], [], [], [], []]),
])
@pytest.mark.parametrize("layer", ["--overlay", "--underlay"])
def test_the_ranges_as_qpdf(cli: Any, tmp_path: Path, six: Path, layer: str, qpdf: list[str], ours: list[str],
                            expected: list[list[str]]) -> None:
    stamp = _stamp(tmp_path / "s.pdf", 4)
    theirs, mine = tmp_path / "theirs.pdf", tmp_path / "mine.pdf"
    _qpdf(six, layer, stamp, *qpdf, "--", theirs)
    under = ["--underlay"] if layer == "--underlay" else []
    args = [a.format(s=stamp) for a in ours]
    done = cli("stamp", six, "--pdf", *args, *under, "-o", mine, "--json")
    assert done.exit_code == 0, done
    assert _marks(theirs) == expected  # what qpdf does, as its manual says
    assert page_texts(mine) == page_texts(theirs)
    assert json.loads(done.stdout)["stamped"] == [n for n, marks in enumerate(expected, 1) if marks]


def test_repeat_is_for_a_pdf_stamp(cli: Any, tmp_path: Path, six: Path) -> None:
    done = cli("stamp", six, "--text", "DRAFT", "--repeat", "1", "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--repeat picks pages of a --pdf stamp" in error["message"], error
    assert not (tmp_path / "o.pdf").exists()


def test_repeat_past_the_stamp_is_refused(cli: Any, tmp_path: Path, six: Path) -> None:
    stamp = _stamp(tmp_path / "s.pdf", 2)
    done = cli("stamp", six, "--pdf", stamp, "--repeat", "3", "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "INVALID_PAGE_RANGE" and "s.pdf" in error["message"], error


@pytest.mark.parametrize(("word", "named"), [("--to=2-4", "--pages"), ("--from=1-3", "stamp.pdf:1-3"),
                                             ("--from=", "--repeat")])
def test_qpdf_words_name_ours(cli: Any, tmp_path: Path, six: Path, word: str, named: str) -> None:
    stamp = _stamp(tmp_path / "s.pdf", 2)
    done = cli("stamp", six, "--pdf", stamp, word, "-o", tmp_path / "o.pdf", "--json")
    assert done.exit_code == 2, done
    error = json.loads(done.stderr)["error"]
    assert named in error["message"] + error["hint"], error


def test_over_mcp(tmp_path: Path, six: Path) -> None:
    _stamp(tmp_path / "s.pdf", 2)
    done = rb.mcp_call(six.parent, "pdf_stamp", {"input": "six.pdf", "pdf": "s.pdf:1", "repeat": [2],
                                                 "output": "o.pdf"})  # pages as a list, as `pages` takes them
    assert not done.is_error, done
    assert done.structured_content["stamped"] == [1, 2, 3, 4, 5, 6]
    assert _marks(tmp_path / "o.pdf") == [["STAMP1"]] + [["STAMP2"]] * 5
