"""What the ops that change one PDF share (`pdftools/core/edit.py`): a damaged input is said to be so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
