"""pdftk's rotation words after a page range, in `select` and `merge` (pdftk's `cat`): `north`, `east`, `south`,
`west` set a page's rotation (0, 90, 180, 270), `right`, `left`, `down` turn it from where it is (+90, -90,
+180); the word comes last in its item (`1-endoddsouth`, `4-3~4north`), as pdftk reads it. Commands that do not
arrange pages still refuse them, pointing at `rotate`. `merge a.pdf 1-3 b.pdf` (pdftk's range as its own word)
says to write `a.pdf:1-3`.

The rotations expected are what pdftk-java 3.3.2 gave (`pdftk r.pdf cat SPEC... output`) on the 4-page corpus
file whose page 2 was turned +90 first; where pdftk is installed the test asks it again."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
import pytest
import readback as rb

from pdftools.core.pages import parse_pages, parse_turned
from pdftools.errors import InvalidPageRange

ITEMS = ["1-2east", "2right", "2left", "2down", "3west", "1-endoddsouth", "4-3~4north"]
PDFTK_ROTATIONS = [90, 90, 180, 0, 270, 270, 180, 180, 0]  # pdftk-java 3.3.2, on the same file
PDFTK_PAGES = [1, 2, 2, 2, 2, 3, 1, 3, 3]


@pytest.fixture
def turned(tmp_path: Path) -> Path:
    subprocess.run(["qpdf", str(rb.FOUR), "--rotate=+90:2", str(tmp_path / "r.pdf")], check=True)
    return tmp_path / "r.pdf"


def _rotations(path: Path) -> list[int]:
    with pikepdf.open(path) as pdf:
        return [int(page.obj.get("/Rotate", 0)) for page in pdf.pages]


def _origins(path: Path, source: Path) -> list[int]:
    """Which page of `source` each page of `path` is (by its content stream's bytes)."""
    with pikepdf.open(source) as src, pikepdf.open(path) as pdf:
        known = {bytes(page.obj.Contents.read_bytes()): n for n, page in enumerate(src.pages, 1)}
        return [known[bytes(page.obj.Contents.read_bytes())] for page in pdf.pages]


def test_select_turns_as_pdftk_cat(cli: Any, turned: Path, tmp_path: Path) -> None:
    done = cli("select", turned, ",".join(ITEMS), "-o", tmp_path / "ours.pdf", "--json")
    assert done.exit_code == 0, done
    assert json.loads(done.stdout)["order"] == PDFTK_PAGES
    assert _rotations(tmp_path / "ours.pdf") == PDFTK_ROTATIONS
    assert _origins(tmp_path / "ours.pdf", turned) == PDFTK_PAGES


@pytest.mark.skipif(shutil.which("pdftk") is None, reason="pdftk is not installed (apt-get install pdftk-java)")
def test_expectation_is_pdftks(turned: Path, tmp_path: Path) -> None:
    subprocess.run(["pdftk", turned, "cat", *ITEMS, "output", tmp_path / "theirs.pdf"], check=True,
                   capture_output=True, timeout=120)
    assert _rotations(tmp_path / "theirs.pdf") == PDFTK_ROTATIONS
    assert _origins(tmp_path / "theirs.pdf", turned) == PDFTK_PAGES


def test_merge_turns_each_inputs_pages(cli: Any, turned: Path, tmp_path: Path) -> None:
    done = cli("merge", f"{turned}:1-2east", f"{rb.FOUR}:2left", f"{turned}:2down", "-o", tmp_path / "m.pdf")
    assert done.exit_code == 0, done
    assert _rotations(tmp_path / "m.pdf") == [90, 90, 270, 270]
    collated = cli("merge", "--collate", f"{turned}:1-2west", f"{rb.FOUR}:3-4", "-o", tmp_path / "c.pdf")
    assert collated.exit_code == 0, collated
    assert _rotations(tmp_path / "c.pdf") == [270, 0, 270, 0]


def test_mcp_select_takes_them(tmp_path: Path, turned: Path) -> None:
    done = rb.mcp_call(turned.parent, "pdf_select_pages", {"input": "r.pdf", "pages": "2-1west", "output": "o.pdf"})
    assert not done.is_error, done
    assert _rotations(turned.parent / "o.pdf") == [270, 270]


def test_parsing() -> None:
    assert parse_turned("1-3east,5", 10) == [(1, "east"), (2, "east"), (3, "east"), (5, None)]
    assert parse_turned("1-endoddleft", 4) == [(1, "left"), (3, "left")]
    assert parse_turned("r1-r2,~2", 3) == [(3, None), (2, None), (1, None), (3, None)]  # none: as parse_pages
    for spec, says in (("south", "1-endsouth"), ("1-3east~2", "`1-3~2east`"), ("1-3,x2east", "pdftk's ranges"),
                       ("1-4east,5:odd", "pdftk's ranges"), ("1-4east:odd", "rotate")):
        with pytest.raises(InvalidPageRange) as raised:
            parse_turned(spec, 10)
        assert says in raised.value.message + (raised.value.hint or ""), raised.value
    with pytest.raises(InvalidPageRange, match="turned by their own command"):
        parse_pages("1-3east", 10)  # the commands that do not arrange pages


def test_pdftk_range_as_its_own_word_gets_a_hint(cli: Any, tmp_path: Path) -> None:
    done = cli("merge", rb.FOUR, "1-3", rb.OUTLINE, "-o", tmp_path / "m.pdf", "--json")
    assert done.exit_code == 3, done
    hint = json.loads(done.stderr)["error"]["hint"]
    assert f"{rb.FOUR}:1-3" in hint, hint
    east = cli("merge", rb.FOUR, "2east", "-o", tmp_path / "m.pdf", "--json")
    assert f"{rb.FOUR}:2east" in json.loads(east.stderr)["error"]["hint"], east
