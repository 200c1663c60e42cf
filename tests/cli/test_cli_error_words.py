"""Error messages speak of what the user wrote, never in Python's words: no exception repr (`'foo'`, a
KeyError), no Python dict (`{'title': 1}`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize(("argv", "wanted"), [
    (["stamp", "{pdf}", "--text", "{foo}", "-o", "s.pdf"], "unknown placeholder {foo}; known: {page}, {pages}"),
    (["stamp", "{pdf}", "--text", "{page:zz}", "-o", "s.pdf"], "{page:zz}"),
    (["stamp", "{pdf}", "--text", "oops }", "-o", "s.pdf"], "a single { or }"),
    (["stamp", "{pdf}", "--text", "{}", "-o", "s.pdf"], "empty placeholder {}"),
    (["split", "{pdf}", "-d", "sp3", "--pattern", "{foo}.pdf"], "unknown placeholder {foo}; known: {stem}"),
    (["bookmarks", "replace", "{pdf}", "--data", '[{"title":1}]', "-o", "x.pdf"], '{"title": 1}'),
])
def test_messages_name_what_was_written_not_python(cli: Any, pdf: Path, argv: list[str], wanted: str) -> None:
    result = cli(*[a.replace("{pdf}", str(pdf)) for a in argv], "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and wanted in error["message"], error
    assert "{'" not in error["message"] and ": 'foo'" not in error["message"], error


def test_a_folder_made_for_nothing_is_removed_again(cli: Any, pdf: Path, tmp_path: Path) -> None:
    result = cli("images", pdf, "-d", tmp_path / "imgs2" / "deeper", "--json")  # the sample has no images
    assert result.exit_code == 0 and json.loads(result.stdout)["images"] == [], result
    assert not (tmp_path / "imgs2").exists()
    (tmp_path / "there").mkdir()
    assert cli("images", pdf, "-d", tmp_path / "there").exit_code == 0 and (tmp_path / "there").is_dir()


def test_an_unknown_option_that_is_a_file_hints_how_to_name_it(cli: Any, pdf: Path, tmp_path: Path) -> None:
    (tmp_path / "-dash.pdf").write_bytes(pdf.read_bytes())  # the cli fixture runs in tmp_path
    error = json.loads(cli("info", "-dash.pdf", "--json").stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "-dash.pdf" in error["message"], error
    assert "`pdftools info ./-dash.pdf --json`" in error["hint"], error
    assert "`pdftools info --json -- -dash.pdf`" in error["hint"], error
    assert cli("info", "--", "-dash.pdf").exit_code == 0
    other = json.loads(cli("info", "-zz.pdf", "--json").stderr)["error"]  # no such file: the usual hint
    assert "--help" in other["hint"] or "-h" in other["hint"], other


@pytest.mark.parametrize(("argv", "wanted"), [
    (["convert", "missing.md", "-o", "out.pdf"], "`pdftools convert --help`"),  # a document, not a PDF
    (["forms", "fill", "{pdf}", "--data", "missing.json", "-o", "f.pdf"], "Check the path"),
    (["info", "missing.pdf"], "`pdftools ls DIR`"),  # a PDF: where the PDFs are
])
def test_a_missing_inputs_hint_fits_the_command(cli: Any, pdf: Path, argv: list[str], wanted: str) -> None:
    result = cli(*[a.replace("{pdf}", str(pdf)) for a in argv], "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 3 and error["code"] == "FILE_NOT_FOUND" and wanted in error["hint"], error
    if argv[0] != "info":
        assert "PDFs" not in error["hint"] and "ls DIR" not in error["hint"], error


@pytest.mark.parametrize(("argv", "wanted"), [
    (["metadata", "set", "{pdf}"], "`set` needs at least one key=value"),
    (["forms", "fill", "{pdf}", "--data", "{}"], "`fill` needs at least one value"),
])
def test_an_action_without_its_values_says_only_that(cli: Any, pdf: Path, argv: list[str], wanted: str) -> None:
    """`metadata set FILE` said "--set goes with `set`, and `set` needs at least one key=value": the first half
    is about another mistake (a value given to another action) and reads as if `set` were not `set`."""
    result = cli(*[a.replace("{pdf}", str(pdf)) for a in argv], "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 2 and error["message"].startswith(wanted) and "go with" not in error["message"] \
        and "goes with" not in error["message"], error


def test_a_number_out_of_range_names_its_range_once(cli: Any) -> None:
    result = cli("serve", "--transport", "http", "--port", "0")
    assert result.exit_code == 2 and "INVALID_ARGUMENT" in result.stderr, result.stderr
    assert "takes a whole number from 1 to 65535, not '0'" in result.stderr, result.stderr


@pytest.mark.parametrize("command", ["select", "delete"])
def test_pages_given_before_the_file_say_the_file_comes_first(cli: Any, pdf: Path, command: str) -> None:
    """`pdftools select 1-3 book.pdf` (pdfcpu's order: `pdfcpu trim -pages 1-3 in.pdf`) said only `no such file:
    1-3`; the hint now names the order that works, with the user's own words."""
    result = cli(command, "1-3", str(pdf), "--json")
    error = json.loads(result.stderr)["error"]
    assert result.exit_code == 3 and error["code"] == "FILE_NOT_FOUND", error
    assert f"`pdftools {command} {pdf} 1-3`" in error["hint"], error
    plain = json.loads(cli(command, "missing.pdf", "1-3", "--json").stderr)["error"]  # no file named 1-3: as before
    assert "comes first" not in plain["hint"], plain


def test_a_file_that_starts_with_a_dash_is_shown_in_the_command_as_typed(cli: Any, pdf: Path, tmp_path: Path) -> None:
    """`pdftools rotate -lead.pdf -a 90`: the hint said `pdftools rotate -- -lead.pdf`, which then failed on the
    missing --angle (options after `--` are files). It now gives the user's own command with `./-lead.pdf`, which
    runs, and says that the options go before `--`."""
    (tmp_path / "-lead.pdf").write_bytes(pdf.read_bytes())  # the cli fixture runs in tmp_path
    error = json.loads(cli("rotate", "-lead.pdf", "-a", "90", "--json").stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert "`pdftools rotate ./-lead.pdf -a 90 --json`" in error["hint"], error
    assert "`pdftools rotate -a 90 --json -- -lead.pdf`" in error["hint"], error
    assert cli("rotate", "./-lead.pdf", "-a", "90", "--json").exit_code == 0


@pytest.mark.parametrize("argv", [("search", "text", "-dash.pdf"), ("merge", "-dash.pdf", "{pdf}", "-o", "out.pdf"),
                                  ("select", "-dash.pdf", "1-2", "-o", "two.pdf", "--force"),
                                  ("metadata", "set", "-dash.pdf", "--set", "title=x", "-o", "m.pdf")])
def test_the_command_with_double_dash_in_the_hint_runs(cli: Any, pdf: Path, tmp_path: Path,
                                                       argv: tuple[str, ...]) -> None:
    """The `--` form dropped the other arguments: `pdftools search -- -dash.pdf` (the file taken as the pattern,
    and no file), `pdftools merge [OPTIONS] -- -dash.pdf` (the second input gone, and `[OPTIONS]` to fill in).
    It is now the command as typed, its options before `--` and every argument after it, in order, and it runs."""
    import shlex

    (tmp_path / "-dash.pdf").write_bytes(pdf.read_bytes())  # the cli fixture runs in tmp_path
    typed = [a.format(pdf=pdf) for a in argv]
    error = json.loads(cli(*typed, "--json").stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    dashed = next(part for part in error["hint"].split("`") if " -- " in part)
    words = shlex.split(dashed)
    assert words[0] == "pdftools" and "[OPTIONS]" not in words, dashed
    assert sorted(words[1:]) == sorted([*typed, "--json", "--"]), dashed  # nothing dropped, nothing added
    result = cli(*words[1:])
    assert result.exit_code == 0, (dashed, result)


def test_the_double_dash_hint_keeps_the_file_of_a_groups_default_command(cli: Any, pdf: Path, tmp_path: Path) -> None:
    """`pdftools metadata -dash.pdf` runs as `metadata show`: the hint's `--` form lost the file (the words after
    the command were counted from the command's full name, one word too far: a reviewer's find)."""
    import shlex

    (tmp_path / "-dash.pdf").write_bytes(pdf.read_bytes())
    error = json.loads(cli("metadata", "-dash.pdf", "--json").stderr)["error"]
    dashed = next(part for part in error["hint"].split("`") if " -- " in part)
    assert shlex.split(dashed) == ["pdftools", "metadata", "show", "--json", "--", "-dash.pdf"], dashed
    assert cli(*shlex.split(dashed)[1:]).exit_code == 0
