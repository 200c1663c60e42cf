"""`labels --set`: a range numbered from 0 is refused (a PDF's /St is 1 or more: pdf.js, Firefox's viewer, shows
such a range from 1, while `labels` said 0, 1, 2), naming qpdf's form for a label `0`; a number written with
leading zeros (`007`) is set as its value with a warning that PDF labels cannot pad (it became 7, 8, 9 without a
word)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pikepdf
import pytest
from conftest import CORPUS

from pdftools.errors import InvalidArgument
from pdftools.ops.labels import labels

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


@pytest.mark.parametrize("scheme", ["1:0", "1:i,3:S-0", "1:D/0"])
def test_a_range_numbered_from_0_is_refused(tmp_path: Path, scheme: str) -> None:
    out = tmp_path / "out.pdf"
    with pytest.raises(InvalidArgument) as caught:
        labels(str(FOUR), scheme=scheme, output=str(out))
    assert "1 or more" in caught.value.message and "1:/1/0" in caught.value.hint, caught.value
    assert not out.exists()


def test_qpdfs_form_labels_a_page_0(tmp_path: Path) -> None:
    result = labels(str(FOUR), scheme="1:/1/0,2:1", output=str(tmp_path / "out.pdf"))
    assert result.labels == ["0", "1", "2", "3"]
    with pikepdf.open(tmp_path / "out.pdf") as pdf:
        assert all(int(entry.get("/St", 1)) >= 1 for entry in list(pdf.Root.PageLabels.Nums)[1::2])


def test_leading_zeros_are_said_to_be_lost(tmp_path: Path) -> None:
    result = labels(str(FOUR), scheme="1:007,3:A-01", output=str(tmp_path / "out.pdf"))
    assert result.labels == ["7", "8", "A-1", "A-2"]
    assert len(result.warnings) == 2 and "1:007" in result.warnings[0] and "zeros" in result.warnings[0], \
        result.warnings
    assert "reads A-1, A-2" in result.warnings[1], result.warnings
    plain = labels(str(FOUR), scheme="1:i,3:1", output=str(tmp_path / "plain.pdf"))
    assert plain.warnings == []


def test_a_person_reads_the_warning(cli: Any, tmp_path: Path) -> None:
    done = cli("labels", FOUR, "--set", "1:007", "-o", tmp_path / "out.pdf")
    assert done.exit_code == 0, done
    assert done.stdout.splitlines()[0] == "1\t7"
    assert "warning: '1:007': page labels cannot pad numbers with zeros" in done.stderr, done.stderr
