"""A PDF piped in (`cat a.pdf | pdftools info -`) is `standard input` in what people read (`path standard
input`, merge's `inputs` row), and `-o -` is `standard output`, as errors and notes name them; they read `input
-`, a dash a person may take for "none". `--json` keeps `-`, the value a script gave (README: standard streams)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

DASH_CELL = re.compile(r"(^|\s{2}|│)\s*-\s*(│|$)")  # a table's value, or a grid's cell, that is a dash alone


@pytest.mark.parametrize(("argv", "stream", "shown"), [
    (["info", "-"], "stdout", r"^path +standard input$"),
    (["check", "-"], "stdout", r"^path +standard input$"),
    (["inspect", "-"], "stdout", r"^path +standard input$"),
    (["rotate", "-", "--angle", "90", "-o", "r.pdf"], "stdout", r"^input +standard input$"),
    (["rotate", "-", "--angle", "90", "-o", "-"], "stderr", r"^output +standard output$"),
    (["compress", "-", "-o", "c.pdf"], "stdout", r"^input +standard input$"),
    (["merge", "-", "{sample}", "-o", "m.pdf"], "stdout", r"standard input +│ 4"),
    (["convert", "{md}", "-t", "html"], "stderr", r"^output +standard output$"),  # its text to stdout
    (["convert", "{md}", "-t", "html", "-o", "-"], "stderr", r"^output +standard output$"),
    (["convert", "{md}", "-t", "docx", "-o", "-"], "stderr", r"^output +standard output$"),
])
def test_people_read_standard_input(cli: Callable[..., Any], sample: Path, tmp_path: Path, argv: list[str],
                                    stream: str, shown: str) -> None:
    md = tmp_path / "notes.md"
    md.write_text("# Notes\n\nSome *text*.\n")
    args = [a.replace("{sample}", str(sample)).replace("{md}", str(md)) for a in argv]
    done = cli(*args, input=sample.read_bytes())
    assert done.exit_code == 0, done
    text = getattr(done, stream)
    assert re.search(shown, text, re.M), text
    assert not [line for line in text.splitlines() if DASH_CELL.search(line)], text


def test_json_keeps_the_dash(cli: Callable[..., Any], sample: Path) -> None:
    info = cli("info", "-", "--json", input=sample.read_bytes())
    assert json.loads(info.stdout)["path"] == "-", info
    merged = cli("merge", "-", sample, "-o", "-", "--json", input=sample.read_bytes())
    result = json.loads(merged.stderr)
    assert result["output"] == "-" and result["inputs"][0]["path"] == "-", result
    converted = cli("convert", "--text", "# Hi", "-t", "docx", "-o", "-", "--json")
    assert json.loads(converted.stderr)["output"] == "-", converted


@pytest.mark.parametrize("quiet", [[], ["-q"]])
def test_a_search_names_standard_input_once(cli: Callable[..., Any], sample: Path, quiet: list[str]) -> None:
    """`echo hello | pdftools search Hello - a.pdf`: `error[NOT_A_PDF]: (standard input): standard input is not a
    PDF` named it twice (grep's label, then the message's own words)."""
    done = cli("search", *quiet, "Hello", "-", sample, input=b"hello\n")
    assert done.exit_code == (0 if quiet else 2), done  # -q: a match is success, as grep's
    assert "error[NOT_A_PDF]: standard input is not a PDF\n" in done.stderr, done.stderr


def test_a_file_named_dash_is_not_standard_input(cli: Callable[..., Any], sample: Path, tmp_path: Path) -> None:
    """`pdftools info ./-` reads the file `-`; its result said `"path": "-"`, which names standard input
    (Path drops the `./`). The file is named by a path that is not `-`; so is an output `-o ./-`."""
    (tmp_path / "-").write_bytes(sample.read_bytes())  # (the cli fixture runs in tmp_path)
    info = json.loads(cli("info", "./-", "--json").stdout)
    assert info["path"] != "-" and Path(info["path"]).resolve() == (tmp_path / "-").resolve(), info
    shown = cli("info", "./-").stdout
    assert "standard input" not in shown and not re.search(r"^path +-$", shown, re.M), shown
    rotated = cli("rotate", sample, "--angle", "90", "-o", "./-", "--force", "--json")
    assert rotated.exit_code == 0, rotated
    assert json.loads(rotated.stdout)["output"] != "-", rotated.stdout


def test_a_search_without_inputs_says_dash_reads_standard_input(cli: Callable[..., Any], sample: Path) -> None:
    """`cat a.pdf | pdftools search Hello` (grep reads standard input when given no file): the hint named files,
    folders, globs and --recursive, not `-`, which reads the pipe."""
    error = json.loads(cli("search", "Hello", "--json", input=sample.read_bytes()).stderr)["error"]
    assert "`-`: standard input" in error["hint"], error
