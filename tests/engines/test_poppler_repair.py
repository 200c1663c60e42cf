"""A truncated PDF that qpdf recovers (info, merge and select read it) but poppler gives up on: text and
thumbnails hand poppler qpdf's repaired copy, and the result says so."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from pdftools.ops.info import info
from pdftools.ops.text import text
from pdftools.ops.thumbnails import thumbnails

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def truncated(tmp_path: Path) -> Path:
    """The sample report without its last tenth: no xref table, no trailer; poppler refuses it, qpdf rebuilds it."""
    whole = (REPO / "samples" / "report.pdf").read_bytes()
    path = tmp_path / "truncated.pdf"
    path.write_bytes(whole[: len(whole) * 9 // 10])
    assert subprocess.run(["pdftotext", str(path), "-"], capture_output=True).returncode != 0  # poppler alone
    assert info(str(path)).pages >= 1  # qpdf reads it
    return path


def test_text_of_a_file_qpdf_repairs(truncated: Path) -> None:
    result = text(str(truncated))
    assert "1. Introduction" in result.pages[0].text
    assert any("repaired" in w for w in result.warnings), result.warnings


def test_thumbnails_of_a_file_qpdf_repairs(truncated: Path, tmp_path: Path) -> None:
    (tmp_path / "thumbs").mkdir()
    result = thumbnails(str(truncated), out_dir=str(tmp_path / "thumbs"), pages="1")
    assert len(result.images) == 1 and Path(result.images[0].path).stat().st_size > 0
    assert any("repaired" in w for w in result.warnings), result.warnings


def test_a_sound_file_has_no_repair_warning(tmp_path: Path) -> None:
    assert text(str(REPO / "samples" / "report.pdf")).warnings == []


def test_the_cli_says_so_on_stderr(cli: object, truncated: Path) -> None:
    result = cli("text", truncated)  # type: ignore[operator]
    assert result.exit_code == 0 and "1. Introduction" in result.stdout
    assert "repaired" in result.stderr
