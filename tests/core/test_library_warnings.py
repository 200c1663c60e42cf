"""No library warning reaches stderr. Real files carry form widgets that their /AcroForm does not list; pikepdf
then warns (PageCopyWarning) on every save, about the input, in Python's words. `--json` promises stderr holds
nothing on success (and one object on failure), so such a line would break scripts too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def orphan_widgets(tmp_path: Path, corpus: Path) -> Path:
    """The corpus form with its /AcroForm removed: three widgets no form lists."""
    with pikepdf.open(corpus / "010-pdflatex-forms" / "pdflatex-forms.pdf") as pdf:
        del pdf.Root["/AcroForm"]
        with pytest.warns(pikepdf.PageCopyWarning):  # the warning the commands must keep to themselves
            pdf.save(tmp_path / "orphans.pdf")
    return tmp_path / "orphans.pdf"


@pytest.mark.parametrize("args", [["rotate", "{in}", "--angle", "90"], ["select", "{in}", "1"],
                                  ["merge", "{in}", "{in}"], ["split", "{in}", "-d", "{dir}"]])
def test_no_pikepdf_warning_on_stderr(tmp_path: Path, orphan_widgets: Path, args: list[str]) -> None:
    argv = [a.format(**{"in": orphan_widgets, "dir": tmp_path}) for a in args]
    if args[0] != "split":
        argv += ["-o", str(tmp_path / "out.pdf")]
    done = subprocess.run([str(PDFTOOLS), *argv, "--json"], capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "PYTHONWARNINGS": "default"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
