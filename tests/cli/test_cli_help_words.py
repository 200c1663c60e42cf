"""Help as people read it: no hyphenated word split across lines (`print,print-`/`hq`, `top-`/`left`: textwrap
breaks at hyphens, so an option value or a flag in the text could not be copied whole), every argument's
placeholder a word that says what it is (`insert FILE SOURCE`, not `FILE FILE`), and usage errors that name the
option."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pdftools.ops import OPS

PDFTOOLS = str(Path(sys.executable).with_name("pdftools"))
REPORT = Path(__file__).parents[2] / "samples" / "report.pdf"


def _run(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "80"}
    return subprocess.run([PDFTOOLS, *argv], capture_output=True, text=True, env=env, timeout=120, cwd=cwd,
                          check=False)


@pytest.mark.parametrize("command", [op.name for op in OPS if op.name in ("text", "protect", "labels", "ocr")])
def test_no_hyphenated_word_is_split_across_lines(command: str) -> None:
    help_text = _run(command, "--help").stdout
    assert help_text
    split = [line for line in help_text.splitlines() if re.search(r"[A-Za-z0-9`,]-$", line)]
    assert not split, split


def test_insert_names_its_arguments_file_and_source() -> None:
    help_text = _run("insert", "--help").stdout
    assert "Usage: pdftools insert [OPTIONS] FILE SOURCE" in help_text, help_text
    assert re.search(r"^\s+SOURCE\s+PDF to take pages from", help_text, re.M), help_text


def test_forms_fill_with_a_missing_data_file_is_file_not_found(tmp_path: Path) -> None:
    proc = _run("forms", "fill", str(REPORT), "--data", "missing.json", "-o", "out.pdf", "--json", cwd=tmp_path)
    assert proc.returncode == 3, proc.stderr
    assert '"FILE_NOT_FOUND"' in proc.stderr and "missing.json" in proc.stderr


def test_a_limit_that_is_no_number_names_the_option_in_the_hint(tmp_path: Path) -> None:
    """(A number out of range, `--limit -3`, gets the hint every constraint gets, the command's --help; its
    message names the option.)"""
    proc = _run("ls", "--limit", "abc", ".", cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    message, _, hint = proc.stderr.partition("hint:")
    assert "--limit" in message and "`pdftools ls -h` describes --limit" in hint, proc.stderr


@pytest.mark.parametrize("columns", [*range(56, 81, 4), 100])  # click's help is 80 wide at most
def test_a_value_list_breaks_after_a_comma_never_inside_a_value(columns: int) -> None:
    """`--allow`'s values (`print,print-hq,copy,...`: one word longer than the help's column at 80) are cut
    after a comma, so each value stands whole on a line and no line starts with the comma."""
    from pdftools.document.encryption import PERMISSIONS

    env = {**os.environ, "COLUMNS": str(columns)}
    help_text = subprocess.run([PDFTOOLS, "protect", "--help"], capture_output=True, text=True, env=env,
                               timeout=120, check=True).stdout
    lines = help_text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("--allow"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("-"))
    words = re.findall(r"[\w-]+", " ".join(line.split("  ")[-1] for line in lines[start:end]))
    assert set(PERMISSIONS) - {"extract"} <= set(words), lines[start:end]  # (`copy`'s synonym, not listed)
    assert not any(line.lstrip().startswith(",") for line in lines), lines[start:end]
    assert all(len(line) <= columns for line in lines)


def test_a_sub_command_s_option_keeps_a_program_s_name_in_lower_case() -> None:
    """A group's description for one action (`set: pdftk update_info file`) loses its action and starts with a
    capital in the sub-command's help, but a program's name is spelt as the program is (it read `Pdftk`)."""
    help_text = " ".join(_run("metadata", "set", "--help").stdout.split())
    assert "--data FILE pdftk update_info file" in help_text, help_text
    assert "Pdftk" not in help_text


def test_an_option_whose_value_is_optional_shows_no_default_of_zero() -> None:
    """`--collate[=N]`: left out, nothing is collated; alone, 1. `[default: 0]` read as 0 pages of each."""
    help_text = " ".join(_run("merge", "--help").stdout.split())
    collate = help_text[help_text.index("--collate[=N]"):help_text.index("--force")]
    assert "alone: 1)" in collate and "default" not in collate, collate
