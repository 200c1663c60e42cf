"""What the ops that change one PDF share (`pdftools/core/edit.py`): a damaged input is said to be so."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pikepdf
import pytest

from pdftools.ops.crop import crop
from pdftools.ops.linearize import linearize
from pdftools.ops.rotate import rotate

REPORT = Path(__file__).parents[2] / "samples" / "report.pdf"


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """The first half of report.pdf: qpdf rebuilds what it can, the pages' content is lost."""
    data = REPORT.read_bytes()
    path = tmp_path / "trunc.pdf"
    path.write_bytes(data[:len(data) // 2])
    return path


@pytest.mark.parametrize("run", [
    lambda src, out: linearize(str(src), str(out)),
    lambda src, out: rotate(str(src), 90, output=str(out)),
    lambda src, out: crop(str(src), margins="10", output=str(out)),
], ids=["linearize", "rotate", "crop"])
def test_a_damaged_input_is_not_silent(damaged: Path, tmp_path: Path, run: Any) -> None:
    result = run(damaged, tmp_path / "out.pdf")
    assert result.recovered and result.recovered[0].startswith("the input was damaged"), result
    assert any("trailer" in note for note in result.recovered)


def test_a_sound_input_has_nothing_to_say(tmp_path: Path) -> None:
    assert rotate(str(REPORT), 90, output=str(tmp_path / "out.pdf")).recovered == []


def test_the_cli_says_it_too(cli: Any, damaged: Path) -> None:
    done = cli("rotate", damaged, "--angle", "90", "-o", "out.pdf")
    assert done.exit_code == 0 and "the input was damaged" in done.stdout + done.stderr


@pytest.mark.parametrize("command", [["rotate", "--angle", "90"], ["repair"]])
def test_in_place_on_a_symbolic_link_writes_through_to_its_file(cli: Any, tmp_path: Path, sample: Path,
                                                                  command: list[str]) -> None:
    """`--in-place` on a link changes the file the link names and keeps the link (as an editor saves through
    one, and as MCP, whose paths are resolved, always did); qpdf --replace-input and sed -i replace the link
    with a file, leaving the target stale: the link and its file would then disagree. Two links deep, relative,
    across folders; the file keeps its permissions."""
    (tmp_path / "real").mkdir()
    (tmp_path / "links").mkdir()
    target = tmp_path / "real" / "doc.pdf"
    target.write_bytes(sample.read_bytes())
    target.chmod(0o640)
    (tmp_path / "links" / "hop.pdf").symlink_to("../real/doc.pdf")
    link = tmp_path / "links" / "doc.pdf"
    link.symlink_to("hop.pdf")
    result = cli(command[0], link, *command[1:], "--in-place", "--json")
    assert result.exit_code == 0, result
    assert link.is_symlink() and os.readlink(link) == "hop.pdf" and os.readlink(tmp_path / "links" / "hop.pdf") \
        == "../real/doc.pdf"
    assert target.read_bytes() != sample.read_bytes() and (target.stat().st_mode & 0o777) == 0o640
    with pikepdf.open(target) as pdf:
        assert len(pdf.pages) >= 1 and (command[0] != "rotate" or int(pdf.pages[0].get("/Rotate", 0)) % 360 == 90)
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["doc.pdf", "doc.pdf", "hop.pdf", "links", "real"]
