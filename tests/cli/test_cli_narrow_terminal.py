"""At a narrow terminal (COLUMNS=40) a table too wide to fit is shown one row at a time, each column's name
beside its value, instead of squeezing columns until their names and values vanish (inspect's fonts showed
no name and no encoding at all). Nothing is wider than the terminal; piped output is unchanged."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from conftest import CORPUS
from terminal import run_at_terminal

PDFTOOLS = Path(sys.executable).with_name("pdftools")
SAMPLE = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def at_terminal(tmp_path: Path, columns: int, *args: str) -> list[str]:
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "50"}
    env.pop("NO_COLOR", None)
    proc, written = run_at_terminal([str(PDFTOOLS), *args], tmp_path, 60, env=env)
    assert proc.returncode == 0, proc.stderr
    return ANSI.sub(b"", written).decode().replace("\r", "").splitlines()


def test_inspect_at_40_columns_shows_every_font_field(tmp_path: Path) -> None:
    lines = at_terminal(tmp_path, 40, "inspect", str(SAMPLE))
    assert lines and max(len(line.rstrip()) for line in lines) <= 40, "\n".join(lines)
    fonts = json.loads(subprocess.run([PDFTOOLS, "inspect", SAMPLE, "--json"], capture_output=True,
                                      check=True).stdout)["fonts"]
    text = "\n".join(lines)
    for font in fonts:
        for column in ("name", "type", "encoding"):
            assert re.search(rf"\b{column}\s+{re.escape(font[column])}\s*$", text, re.M), (column, font, text)


def test_a_table_that_fits_stays_a_table(tmp_path: Path) -> None:
    lines = at_terminal(tmp_path, 200, "inspect", str(SAMPLE))
    header = next(line for line in lines if "encoding" in line)
    assert "name" in header and "embedded" in header  # one header line: the table as it was


def test_inspect_at_80_columns_breaks_no_word_of_a_many_column_table(tmp_path: Path) -> None:
    """At 80 columns the 9-column tables kept 5 characters a column, so every header and value was
    cut into slivers (`encodi`/`ng`, `595.28`/`,`): a table whose words do not fit whole is records too."""
    lines = at_terminal(tmp_path, 80, "inspect", str(SAMPLE))
    assert max(len(line.rstrip()) for line in lines) <= 80, "\n".join(lines)
    text = "\n".join(lines)
    for column in ("encoding", "embedded", "unicode", "rotation"):
        assert re.search(rf"\b{column}\s", text), (column, text)
    assert re.search(r"\bmedia \(pt\)\s+0, 0, 595\.28, 841\.89\s*$", text, re.M), text
