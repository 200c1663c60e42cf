"""`linearize` checks the hint tables it wrote with the qpdf it writes them with (pikepdf's libqpdf), not only
that the output reads as linearized: a table that qpdf disputes is a warning in the result (and on stderr), with
the way out. qpdf 12 writes outline hint tables that its own check disputes when it puts bookmarks into object
streams (`--object-streams generate` on a file with bookmarks); without object streams the same file's tables
pass the check of both qpdf 12 and the 11.x command line here. (qpdf 11 and 12 do not agree on every file:
they place page thumbnails differently, so the 11.x check disputes qpdf 12's tables of ImageMagick's PDFs.)"""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path
from typing import Any

import pikepdf
from conftest import CORPUS

from pdftools.ops.linearize import linearize

BOOKMARKED = CORPUS / "014-outlines" / "mistitled_outlines_example.pdf"  # bookmarks; /PageMode /UseOutlines


def disputed(path: Path) -> list[str]:
    """What pikepdf's libqpdf finds wrong in the file's linearization data (its check, read apart)."""
    with pikepdf.open(path) as pdf:
        pdf.get_warnings()
        ok = pdf.check_linearization(io.StringIO())
        found = [str(w) for w in pdf.get_warnings()]
    return found if found or ok else ["check failed"]


def qpdf_cli_accepts(path: Path) -> bool:
    done = subprocess.run(["qpdf", "--check-linearization", str(path)], capture_output=True, text=True, check=False)
    return done.returncode == 0 and "no linearization errors" in done.stdout


def test_disputed_hint_tables_are_a_warning_with_the_way_out(tmp_path: Path) -> None:
    result = linearize(str(BOOKMARKED), output=str(tmp_path / "out.pdf"), object_streams="generate")
    problems = disputed(tmp_path / "out.pdf")
    assert result.linearized
    assert bool(result.warnings) == bool(problems), (result.warnings, problems)
    if problems:  # qpdf 12.4: "incorrect offset in outlines table" (its writer and its check disagree)
        assert "hint tables" in result.warnings[0] and problems[0].split(": ", 1)[-1] in result.warnings[0]
        assert "--object-streams disable" in result.warnings[0]


def test_without_object_streams_both_qpdf_versions_accept_its_tables(tmp_path: Path) -> None:
    result = linearize(str(BOOKMARKED), output=str(tmp_path / "out.pdf"), object_streams="disable")
    assert result.warnings == []
    assert disputed(tmp_path / "out.pdf") == [] and qpdf_cli_accepts(tmp_path / "out.pdf")


def test_the_cli_reports_it_and_succeeds(cli: Any, tmp_path: Path) -> None:
    done = cli("linearize", BOOKMARKED, "-o", "out.pdf", "--object-streams", "generate", "--json")
    assert done.exit_code == 0, done
    warnings = json.loads(done.stdout)["warnings"]
    assert bool(warnings) == bool(disputed(tmp_path / "out.pdf"))
    assert all("disputes the hint tables" in w for w in warnings)
