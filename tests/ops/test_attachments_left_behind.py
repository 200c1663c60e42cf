"""`merge` and `split` copy pages into new documents, so the files attached to an input's document (an
e-invoice's XML among them) are not in the output, as with `qpdf --empty --pages` and `qpdf --split-pages`;
the result says so, naming them and the way to carry them over, instead of dropping them in silence."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf

from pdftools.ops.merge import merge
from pdftools.ops.split import split


def attached(tmp_path: Path, sample: Path) -> Path:
    (tmp_path / "factur-x.xml").write_text("<Invoice/>\n")
    out = tmp_path / "invoice.pdf"
    subprocess.run(["qpdf", str(sample), "--add-attachment", str(tmp_path / "factur-x.xml"), "--", str(out)],
                   check=True)
    return out


def test_merge_says_which_attachments_stay_behind(tmp_path: Path, sample: Path) -> None:
    invoice = attached(tmp_path, sample)
    result = merge([str(sample), str(invoice)], output=str(tmp_path / "m.pdf"))
    with pikepdf.open(tmp_path / "m.pdf") as out:
        assert len(out.attachments) == 0  # as qpdf --empty --pages
    assert len(result.warnings) == 1, result.warnings
    assert "invoice.pdf" in result.warnings[0] and "factur-x.xml" in result.warnings[0]
    assert "attachments extract" in result.warnings[0]
    assert merge([str(sample), str(sample)], output=str(tmp_path / "p.pdf")).warnings == []


def test_split_says_which_attachments_stay_behind(tmp_path: Path, sample: Path) -> None:
    invoice = attached(tmp_path, sample)
    (tmp_path / "parts").mkdir()
    result = split(str(invoice), out_dir=str(tmp_path / "parts"))
    assert len(result.warnings) == 1 and "factur-x.xml" in result.warnings[0], result.warnings
    (tmp_path / "plain").mkdir()
    assert split(str(sample), out_dir=str(tmp_path / "plain")).warnings == []
