"""`metadata set --set trapped=yes` sets the Info dictionary's Trapped, a name (/True, /False, /Unknown), as the
other standard keys are matched without regard to case: it wrote a second key `trapped` beside the PDF's
`Trapped /False`, a string, which pdfinfo and every reader pass over. Other values are refused, naming the three."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from conftest import CORPUS

from pdftools.errors import InvalidArgument
from pdftools.ops.metadata import metadata

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"  # pdfTeX's Info: Trapped /False


@pytest.mark.parametrize(("given", "name"), [("yes", "/True"), ("True", "/True"), ("no", "/False"),
                                             ("unknown", "/Unknown")])
def test_trapped_is_set_as_a_name(tmp_path: Path, given: str, name: str) -> None:
    out = tmp_path / "out.pdf"
    result = metadata("set", str(FOUR), values=[f"trapped={given}"], output=str(out))
    assert result.changed == ["Trapped"]
    with pikepdf.open(out) as pdf:
        info = pdf.trailer.Info
        assert isinstance(info.Trapped, pikepdf.Name) and str(info.Trapped) == name
        assert "/trapped" not in info


def test_another_value_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="True, False or Unknown"):
        metadata("set", str(FOUR), values=["Trapped=maybe"], output=str(tmp_path / "out.pdf"))
    assert not (tmp_path / "out.pdf").exists()


def test_xmp_follows(tmp_path: Path) -> None:
    """XMP's pdf:Trapped is set to the same (PDF/A wants the two alike); it stayed False beside /True."""
    src, out = tmp_path / "xmp.pdf", tmp_path / "out.pdf"
    with pikepdf.open(FOUR) as pdf:
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
            xmp["pdf:Trapped"] = "False"
            xmp["dc:title"] = "T"
        pdf.save(src)
    metadata("set", str(src), values=["trapped=true"], output=str(out))
    with pikepdf.open(out) as pdf:
        assert str(pdf.trailer.Info.Trapped) == "/True"
        assert pdf.open_metadata()["pdf:Trapped"] == "True"
    metadata("set", str(out), values=["trapped="], output=str(tmp_path / "removed.pdf"))
    with pikepdf.open(tmp_path / "removed.pdf") as pdf:
        assert "/Trapped" not in pdf.trailer.Info and "pdf:Trapped" not in pdf.open_metadata()
