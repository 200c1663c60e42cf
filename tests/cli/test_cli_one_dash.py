"""A long option typed with one dash (`-pages`, pdfcpu's and pdftotext's habit) is refused naming its two-dash
spelling, at every command and sub-command and before any command, by one check in the parser: click would read
it as a short option and a value glued to it (`split a.pdf -pages 1-2` was `-p ages`, a part name, and then
`unexpected extra argument (1-2)`). A word that is an option's value, a negative number, `-`, a word after `--`,
short options together (`search -in`) and a short option's glued value that is no option's name (`-dparts`) are
read as before."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def _tree() -> Iterator[tuple[tuple[str, ...], Any, Any]]:
    """Every command of the app as (words after `pdftools`, click command, its context): the app itself, each
    command, each group and each of its sub-commands."""
    import typer.main
    from typer._click import core

    from pdftools.main import build_app

    def walk(command: Any, path: tuple[str, ...], ctx: Any) -> Iterator[tuple[tuple[str, ...], Any, Any]]:
        yield path, command, ctx
        for name, sub in getattr(command, "commands", {}).items():
            if name != "help":
                yield from walk(sub, (*path, name), core.Context(sub, info_name=name, parent=ctx))

    root = typer.main.get_command(build_app(None))
    yield from walk(root, (), core.Context(root, info_name="pdftools"))


def _long_options(command: Any, ctx: Any) -> set[str]:
    return {name for param in command.get_params(ctx) if param.param_type_name == "option"
            for name in (*param.opts, *param.secondary_opts) if name.startswith("--")}


TREE = list(_tree())
EVERY = set().union(*(_long_options(command, ctx) for _, command, ctx in TREE))
OWN = [(path, name) for path, command, ctx in TREE for name in sorted(_long_options(command, ctx))]


def _misread() -> Iterator[tuple[tuple[str, ...], str]]:
    """For each command's short option that takes a value (`split`'s `-p PATTERN`), a long option of another
    command that starts with its letter and that this command has not (`--pages`): click read `-pages` as `-p`
    and the value `ages`."""
    for path, command, ctx in TREE:
        if hasattr(command, "commands"):
            continue
        own = _long_options(command, ctx)
        for param in command.get_params(ctx):
            for short in (o for o in param.opts if len(o) == 2 and param.param_type_name == "option"):
                if param.is_flag:
                    continue
                yield from ((path, name) for name in sorted(EVERY - own) if name[2] == short[1])


MISREAD = list(_misread())


@pytest.fixture(scope="module")
def run() -> Any:
    """The app's click command run in-process (3 ms a run: CliRunner.invoke builds the whole app each time)."""
    import typer.main
    from typer.testing import CliRunner

    from pdftools.main import build_app

    group, runner = typer.main.get_command(build_app(None)), CliRunner()

    def invoke(*argv: Any, input: bytes | None = None) -> tuple[int, str, str]:
        code: Any = 0
        with runner.isolation(input=input) as (out, err, _):
            try:
                group.main([str(a) for a in argv], prog_name="pdftools")
            except SystemExit as exc:
                code = exc.code
            return int(code or 0), out.getvalue().decode(), err.getvalue().decode()

    return invoke


def test_the_walk_reaches_sub_commands_and_the_app_itself() -> None:
    assert ((), "--version") in OWN and (("bookmarks", "add"), "--page") in OWN and \
        (("metadata", "show"), "--json") in OWN and (("split",), "--help") in OWN
    assert (("split",), "--pages") in MISREAD and len(MISREAD) > 20, MISREAD


@pytest.mark.parametrize(("path", "name"), OWN, ids=[" ".join([*p, n]) for p, n in OWN])
def test_a_command_s_own_long_option_with_one_dash_names_it(run: Any, path: tuple[str, ...], name: str,
                                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(*path, "-" + name[2:], "1", FOUR)
    line = err.splitlines()[0] if err else ""
    assert code == 2 and out == "", (code, out, err)
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option -{name[2:]}: ") and f" {name}" in line, line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("path", "name"), MISREAD, ids=[" ".join([*p, n]) for p, n in MISREAD])
def test_another_command_s_long_option_is_not_read_as_a_short_one_and_its_value(
        run: Any, path: tuple[str, ...], name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`split a.pdf -pages 1-2`: split has no --pages; it said `unexpected extra argument(s) (1-2)`, and
    `rename-invoice -pages DIR` that the pattern 'ages' must end in .pdf."""
    monkeypatch.chdir(tmp_path)
    code, out, err = run(*path, FOUR, "-" + name[2:], "1")
    line = err.splitlines()[0] if err else ""
    assert code == 2 and out == "", (code, out, err)
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option -{name[2:]}: ") and \
        f"has no {name}" in line, line
    assert list(tmp_path.iterdir()) == []


def test_split_with_pdfcpu_s_pages_says_split_has_none(run: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run("split", FOUR, "-pages", "1-2")
    assert code == 2 and err.startswith("error[INVALID_ARGUMENT]: unknown option -pages: a long option takes two "
                                        "dashes (--pages), and `pdftools split` has no --pages"), err
    assert "extra argument" not in err and "-d DIR" not in err, err


def test_before_a_command_a_command_s_option_with_one_dash_names_it(run: Any) -> None:
    """`pdftools -json info a.pdf` said `unknown option -j`."""
    code, _, err = run("-json", "info", FOUR)
    assert code == 2 and err.startswith("error[INVALID_ARGUMENT]: unknown option -json: ") and "--json" in err, err


@pytest.mark.parametrize("group", ["metadata", "bookmarks"])
def test_before_a_sub_command_an_option_with_one_dash_goes_after_it(run: Any, group: str) -> None:
    """`pdftools metadata -json show a.pdf` said `pdftools metadata` has no --json (a reviewer's find): a group's
    options are its commands', as at the top."""
    code, _, err = run(group, "-json", "show" if group == "metadata" else "list", FOUR)
    assert code == 2 and err.startswith(
        f"error[INVALID_ARGUMENT]: unknown option -json: a long option takes two dashes (--json), and goes after "
        f"the command's name: `pdftools {group} COMMAND --json`"), err


@pytest.mark.parametrize(("argv", "typed"), [(["info", "-input", "{pdf}"], "info {pdf}"),
                                             (["merge", "-inputs", "{pdf}", "{pdf}", "-o", "m.pdf"],
                                              "merge {pdf} {pdf} -o m.pdf")])
def test_the_file_named_as_an_option_says_to_name_no_option(run: Any, argv: list[str], typed: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """`info -input a.pdf` was told `the input are an argument here, after the file: pdftools info FILE a.pdf`
    (a reviewer's find): the file is named with no option, every word after it kept."""
    monkeypatch.chdir(tmp_path)
    code, _, err = run(*[FOUR if a == "{pdf}" else a for a in argv])
    assert code == 2 and err.startswith(
        f"error[INVALID_ARGUMENT]: unknown option {argv[1]}: name no option before the {argv[1][1:]}: "
        f"`pdftools {typed.format(pdf=FOUR)}`"), err
    assert list(tmp_path.iterdir()) == []


def test_as_run_with_the_other_commands_unbuilt(tmp_path: Path) -> None:
    """`pdftools split` builds split alone (the others are stubs): the other commands' options are found all
    the same."""
    done = subprocess.run([sys.executable, "-m", "pdftools", "split", str(FOUR), "-pages", "1-2"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.startswith(
        "error[INVALID_ARGUMENT]: unknown option -pages: a long option takes two dashes (--pages), and "
        "`pdftools split` has no --pages"), done.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("argv", [
    ["select", "-pages", "1-2", "{pdf}"],
    ["delete", "{pdf}", "-pages", "1-2"],
])
def test_pages_that_are_an_argument_say_where_they_go(run: Any, argv: list[str], tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(*[FOUR if a == "{pdf}" else a for a in argv])
    assert code == 2 and err.startswith(
        f"error[INVALID_ARGUMENT]: unknown option -pages: the pages are an argument here, after the file: "
        f"`pdftools {argv[0]} FILE 1-2`"), err


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    target = tmp_path / "four.pdf"
    shutil.copy(FOUR, target)
    return target


@pytest.mark.parametrize(("argv", "code"), [
    (["stamp", "{pdf}", "--text", "-pages", "-o", "out.pdf"], 0),  # an option's value
    (["info", "{pdf}", "--password", "-secret"], 0),  # (a file that opens without one opens so)
    (["search", "-e", "-pages", "{pdf}"], 1),  # a pattern, as grep's -e takes one: no match
    (["search", "--", "-pages", "{pdf}"], 1),  # after --, the pattern
    (["rotate", "{pdf}", "--angle", "-90", "-o", "out.pdf"], 0),  # a negative number
    (["select", "{pdf}", "-1", "-o", "out.pdf"], 0),  # a page counted from the end
    (["search", "-in", "HELLO", "{pdf}"], 0),  # -i -n: short options together, as grep's
    (["search", "-ic", "HELLO", "{pdf}"], 0),
    (["split", "{pdf}", "-dparts"], 0),  # -d's value glued to it, as getopt takes it: no option is --dparts
    (["batch", "rotate", "{pdf}", "-d", "out", "--set", "angle=90", "--set", "pages=1-2"], 0),
])
def test_what_is_not_a_long_option_is_read_as_before(run: Any, pdf: Path, argv: list[str], code: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pdf.parent)
    done, _, err = run(*[pdf if a == "{pdf}" else a for a in argv])
    assert done == code and "unknown option" not in err, err


def test_standard_input_and_a_file_after_two_dashes(run: Any, pdf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pdf.parent)
    shutil.copy(pdf, pdf.parent / "-pages")
    code, out, err = run("info", "--json", "--", "-pages")
    assert code == 0 and '"pages": 4' in out, err
    code, out, err = run("info", "--json", "-", input=pdf.read_bytes())
    assert code == 0 and '"pages": 4' in out, err
