"""What a new user met: messages that name the options as typed, hints that name the command, paper names as
written, labels one a line, binary PDF data never sent to a terminal, placeholders people read."""

from __future__ import annotations

import json
import pty
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import readback as rb
from terminal import run_at_terminal

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def four(tmp_path: Path) -> Path:
    return Path(shutil.copy(rb.FOUR, tmp_path / "four.pdf"))


def error_of(result: Any) -> dict[str, str]:
    return dict(json.loads(result.stderr)["error"])


def test_crop_names_its_options_as_the_command_line_spells_them(cli: Any, four: Path) -> None:
    error = error_of(cli("crop", four, "-o", "c.pdf", "--json"))
    assert error["code"] == "INVALID_ARGUMENT"
    assert "--margins" in error["message"] and "--to-content" in error["message"], error


@pytest.mark.parametrize(("args", "command"), [
    (["crop", "--margins", "1 2 3 4 5"], "crop"),
    (["resize", "--to", "a4", "--margin", "-10"], "resize"),
])
def test_hints_name_the_command(cli: Any, four: Path, args: list[str], command: str) -> None:
    error = error_of(cli(args[0], four, *args[1:], "-o", "x.pdf", "--json"))
    assert "<command>" not in error["hint"], error
    assert f"`pdftools {command} --help`" in error["hint"], error


def test_paper_names_are_taken_in_any_case(cli: Any, four: Path) -> None:
    result = cli("resize", four, "--to", "A4", "-o", "a4.pdf")
    assert result.exit_code == 0, result
    assert cli("resize", four, "--to", "LETTER", "-o", "l.pdf").exit_code == 0


def test_a_label_beyond_the_last_page_is_a_page_range_error(cli: Any, four: Path) -> None:
    result = cli("labels", four, "--set", "9:1", "-o", "l.pdf", "--json")
    assert result.exit_code == 2
    error = error_of(result)
    assert error["code"] == "INVALID_PAGE_RANGE" and "page 9" in error["message"], error
    assert "out of range" in error["message"] and "4 pages" in error["message"], error


def test_crop_that_crops_no_page_says_so(cli: Any, four: Path) -> None:
    result = cli("crop", four, "--margins", "500mm", "-o", "c.pdf", "--json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert data["cropped"] == [] and data["skipped"] == [1, 2, 3, 4]
    assert any("no page was cropped" in w for w in data["warnings"]), data
    human = cli("crop", four, "--margins", "500mm", "-o", "c2.pdf")
    assert "no page was cropped" in human.stdout + human.stderr
    fine = json.loads(cli("crop", four, "--margins", "10", "-o", "c3.pdf", "--json").stdout)
    assert not any("cropped" in w for w in fine["warnings"])


def test_labels_piped_are_one_a_line(cli: Any, four: Path) -> None:
    result = cli("labels", four)
    assert result.exit_code == 0, result
    assert result.stdout.splitlines() == ["1\t1", "2\t2", "3\t3", "4\t4"], result.stdout
    assert json.loads(cli("labels", four, "--json").stdout)["labels"] == ["1", "2", "3", "4"]


@pytest.mark.parametrize("args", [["repair", "-"], ["crop", "-", "--margins", "10"], ["rotate", "-", "-a", "90"],
                                  ["ocr", "-"], ["ocr", "-", "-o", "-"]])
def test_no_pdf_is_written_to_a_terminal(tmp_path: Path, four: Path, args: list[str]) -> None:
    with four.open("rb") as stdin:
        proc, written = run_at_terminal([str(PDFTOOLS), *args], tmp_path, 20, stdin)
    assert proc.returncode == 2, proc.stderr
    assert b"INVALID_ARGUMENT" in proc.stderr and b"-o FILE" in proc.stderr, proc.stderr
    assert b"%PDF" not in written
    assert pty.STDOUT_FILENO == 1  # the test sets up its own terminal: none is assumed


def test_piped_stdout_still_gets_the_pdf(tmp_path: Path, four: Path) -> None:
    with four.open("rb") as stdin:
        proc = subprocess.run([str(PDFTOOLS), "rotate", "-", "-a", "90"], stdin=stdin, capture_output=True,
                              timeout=20, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(b"%PDF")


# Options whose value is free text by nature (`stamp --text`). Any other option showing the bare `TEXT` fails, and
# so does this list when one of them gets a name (it is exact, so it cannot go stale). A bookmark's title is TITLE:
# `bookmarks add --parent TEXT` read as any text, where it is the title of a bookmark already there.
TEXT_ALLOWED = {("stamp", "--text"), ("convert", "--text"), ("attachments", "--description")}


def test_no_option_shows_the_bare_placeholder_text() -> None:
    import inspect
    from typing import get_type_hints

    from pdftools.cli.options import flags_of, metavar_of
    from pdftools.core.params import Cli, marker, split_annotated
    from pdftools.ops import OPS

    found = set()
    for op in OPS:
        fn = op.load()
        hints = get_type_hints(fn, include_extras=True)
        for name in inspect.signature(fn).parameters:
            base, meta = split_annotated(hints[name])
            cli = marker(meta, Cli) or Cli()
            if metavar_of(name, base, cli) in ("TEXT", "INTEGER", "FLOAT"):
                found.add((op.name, max(flags_of(name, cli), key=len)))
    assert found == TEXT_ALLOWED


@pytest.mark.parametrize(("args", "shown"), [
    (["batch"], "COMMAND INPUT..."), (["batch"], "--name PATTERN"), (["batch"], "--cluster URL"),
    (["crop"], "--margins MARGINS"), (["rotate"], "--password PASSWORD"),
    (["bookmarks", "add"], "--title TITLE"), (["bookmarks", "add"], "--parent TITLE"),
])
def test_help_placeholders(cli: Any, args: list[str], shown: str) -> None:
    result = cli(*args, "--help")
    assert result.exit_code == 0 and shown in result.stdout, result.stdout
