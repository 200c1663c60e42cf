"""`-q/--quiet`, one contract for every command that takes it, as pdftotext's `-q`, qpdf's and curl's `-s`: it
silences messages (the progress bar, notes and warnings on stderr) and never the data a command was asked for.
A command that shows something (`text`, `info`, `metadata show`, `convert` to stdout, `ocr --mode text`) prints
the same bytes with and without it; a command that writes files writes the same files, and its report of
them (stdout) is a message: -q leaves it out, as qpdf writes a file without a word. `--json` asks for the result
as data: printed whatever -q says. Errors are printed all the same. The exceptions: `search -q`, grep's (exit
status only; tests/cli/test_cli_search_exit_status.py), and `serve -q` (logs: it prints no data).

`pdftools text -q file.pdf > out.txt` wrote an empty file."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer
from command_cases import CASES, DATA, FLAT, folder

from pdftools.main import build_app

NOT_HERE = {"search": "grep's -q: exit status only", "serve": "its -q is the log's level: it prints no data",
            "help": "takes no -q: help is all it prints"}


def _commands_taking_quiet() -> list[str]:
    found = []
    for name, cmd in typer.main.get_command(build_app(None)).commands.items():  # type: ignore[attr-defined]
        for sub, leaf in (getattr(cmd, "commands", None) or {None: cmd}).items():
            if any("--quiet" in getattr(p, "opts", []) for p in leaf.params):
                found.append(f"{name} {sub}" if sub else name)
    return found


def test_every_command_with_quiet_is_here() -> None:
    assert sorted(set(_commands_taking_quiet()) - set(NOT_HERE)) == sorted(CASES)


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def _run(cli: Callable[..., Any], root: Path, name: str, argv: list[str], monkeypatch: pytest.MonkeyPatch,
         *more: str) -> Any:
    monkeypatch.chdir(folder(root))
    home = root.parent / "home"  # (mcp-config's default file: never ours, the same in every run)
    return cli(*name.split(), *argv, *more, env={"HOME": str(home)})


@pytest.mark.parametrize(("name", "kind", "argv"), FLAT, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(FLAT)])
def test_quiet_silences_messages_never_data(name: str, kind: str, argv: list[str], cli: Callable[..., Any],
                                            tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    loud = _run(cli, tmp_path / "loud", name, argv, monkeypatch)
    quiet = _run(cli, tmp_path / "quiet", name, argv, monkeypatch, "-q")
    assert loud.exit_code == 0, loud
    assert (quiet.exit_code, quiet.stderr) == (0, ""), quiet
    assert _files(tmp_path / "quiet") == _files(tmp_path / "loud")  # the same files written
    if kind == DATA:
        assert quiet.stdout_bytes == loud.stdout_bytes and loud.stdout, (loud, quiet)
    else:  # the report of the files written
        assert loud.stdout and quiet.stdout == "", (loud, quiet)


@pytest.mark.parametrize(("name", "kind", "argv"), FLAT, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(FLAT)])
def test_json_is_data_whatever_quiet_says(name: str, kind: str, argv: list[str], cli: Callable[..., Any],
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--json` asks for the result: `--json -q` prints the same object (batch: the same rows)."""
    if name == "convert":  # its --json holds the document too: the same, but for the timing it reports
        argv = [*argv, "-o", "doc.html"]
    loud = _run(cli, tmp_path / "loud", name, argv, monkeypatch, "--json")
    quiet = _run(cli, tmp_path / "quiet", name, argv, monkeypatch, "--json", "-q")
    assert (quiet.exit_code, quiet.stderr) == (loud.exit_code, ""), quiet
    assert _comparable(quiet.stdout, tmp_path / "quiet") == _comparable(loud.stdout, tmp_path / "loud") != [], \
        (loud, quiet)


def _comparable(stdout: str, root: Path) -> list[Any]:
    """The JSON objects printed (one, or a batch's one a line), without what differs from run to run."""
    stdout = stdout.replace(str(root), "ROOT")
    values = [json.loads(line) for line in stdout.splitlines()] if stdout.startswith("{\"") else [json.loads(stdout)]
    # an attachment added is dated by the clock (creation_date, mod_date): the two runs may be a second apart
    return [_without(v, {"size", "seconds", "worker", "creation_date", "mod_date"}) for v in values]


def _without(value: Any, keys: set[str]) -> Any:
    if isinstance(value, dict):
        return {k: _without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without(v, keys) for v in value]
    return value


@pytest.mark.parametrize("name", [n for n in CASES if CASES[n][0][1] and "a.pdf" in CASES[n][0][1]])
def test_errors_are_printed_all_the_same(name: str, cli: Callable[..., Any], tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["missing.pdf" if a == "a.pdf" else a for a in CASES[name][0][1]]
    done = _run(cli, tmp_path / "q", name, argv, monkeypatch, "-q")
    assert done.exit_code != 0 and done.stdout == "", done
    assert "error[" in done.stderr and "missing.pdf" in done.stderr, done


@pytest.mark.parametrize("argv", [["rotate", "a.pdf", "-a", "90", "--in-place"],
                                  ["delete", "a.pdf", "1", "--in-place"],
                                  ["metadata", "set", "a.pdf", "--set", "Title=T", "--in-place"],
                                  ["rotate", "a.pdf", "-a", "90"]],  # beside the input: a-rotated.pdf
                         ids=["rotate-in-place", "delete-in-place", "metadata-in-place", "rotate-beside"])
def test_quiet_silences_the_report_of_a_file_replaced_or_written_beside(
        argv: list[str], cli: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`delete a.pdf 1 --in-place -q` printed its report (input, output, pages...) as if -q were not given: the
    file it replaced was no output named with -o, so the report was taken for data."""
    monkeypatch.chdir(folder(tmp_path / "q"))
    done = cli(*argv, "-q")
    assert (done.exit_code, done.stdout, done.stderr) == (0, "", ""), done


@pytest.mark.parametrize("name", ["a.pdf", "sub/a.pdf"])
def test_a_file_replaced_in_place_is_named_as_given(name: str, cli: Callable[..., Any], tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`delete a.pdf 1 --in-place` said `output /tmp/.../a.pdf`, its input `a.pdf`: the same file under two names.
    It is named as typed, as an output given with -o is (a symbolic link's target is named by its real path)."""
    monkeypatch.chdir(folder(tmp_path / "q"))
    (tmp_path / "q" / "sub").mkdir()
    shutil.copyfile(tmp_path / "q" / "a.pdf", tmp_path / "q" / "sub" / "a.pdf")
    done = cli("delete", name, "1", "--in-place", "--json")
    assert done.exit_code == 0, done
    assert (json.loads(done.stdout)["input"], json.loads(done.stdout)["output"]) == (name, name), done.stdout
    shown = cli("delete", name, "1", "--in-place")
    assert f"output     {name}\n" in shown.stdout, shown.stdout
