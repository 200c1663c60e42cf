"""Every command's --help (and every sub-command's), read as a new user of qpdf, pdfgrep or pdfcpu reads it: each
placeholder says what goes there, and the words for one thing are the same from command to command."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest


def _commands() -> Iterator[tuple[str, ...]]:
    import typer.main

    from pdftools.main import build_app

    group: Any = typer.main.get_command(build_app(None))  # (typer's own copy of click: see cli/group.py)
    for name, command in group.commands.items():
        if hasattr(command, "commands"):  # a group: its own help (of all its actions), and each sub-command's
            yield (name,)
            yield from ((name, sub) for sub in command.commands)
        elif name != "help":
            yield (name,)


COMMANDS = list(_commands())


@pytest.fixture(scope="module")
def helps() -> dict[tuple[str, ...], str]:
    from typer.testing import CliRunner

    from pdftools.main import build_app

    runner, app, out = CliRunner(), build_app(None), {}
    for argv in COMMANDS:
        done = runner.invoke(app, [*argv, "--help"], env={"COLUMNS": "200"}, prog_name="pdftools")
        assert done.exit_code == 0, (argv, done.output)
        out[argv] = done.stdout
    return out


def test_the_walk_reaches_every_command_and_sub_command() -> None:
    assert ("bookmarks", "add") in COMMANDS and ("merge",) in COMMANDS and ("serve",) in COMMANDS


def _flags(text: str) -> set[str]:
    """The flags a help's option lines define (a group's: its sub-commands', named in its text)."""
    lines = [line for line in text.split("Options:", 1)[1].splitlines() if re.match(r"^  -", line)]
    return {flag for line in lines for flag in re.findall(r"--?[A-Za-z][\w-]*", line.split("  ", 2)[1])}


PROGRAMS = re.compile(r"\b(?:qpdf|pdftk|pdfgrep|grep|OCRmyPDF|pdfcpu|pandoc|tesseract|dask|pdfimages|pdftocairo)\b")


def _foreign_flags(argv: tuple[str, ...], text: str, helps: dict[tuple[str, ...], str]) -> list[str]:
    """The flags a help names that are not its command's own, nor said to be another program's: each such flag
    reads as an option to type, and it is none (stamp said `in --pages' order (--to)`, qpdf's --to unnamed)."""
    def own(argv: tuple[str, ...]) -> set[str]:
        return {flag for key, other in helps.items() if key[:len(argv)] == argv for flag in _flags(other)}

    flat, found = " ".join(text.split()), []
    for line in re.findall(r"`pdftools ([^`]*)`", flat):  # a command line: the flags of the command it runs
        words = line.split()
        command = tuple(words[:2]) if tuple(words[:2]) in helps else tuple(words[:1])
        found += [f"{flag} in `pdftools {line}`" for flag in re.findall(r"(?<!\S)--?[A-Za-z][\w-]*", line)
                  if flag not in own(command) and flag not in ("-h", "--help")]
    flat = re.sub(r"`[^`]*`", "`...`", flat)  # (another program's command line: its own flags)
    for m in re.finditer(r"(?<![\w}-])--?[A-Za-z][\w-]*", flat):
        said = re.split(r"[().;]", flat[:m.start()])[-1]  # the words since the clause began
        if m.group(0) not in own(argv) and not PROGRAMS.search(said):
            found.append(flat[max(0, m.start() - 50):m.end() + 10])
    return found


def test_every_flag_a_help_names_is_its_own_or_another_program_s(helps: dict[tuple[str, ...], str]) -> None:
    foreign = {" ".join(argv): found for argv, text in helps.items() if (found := _foreign_flags(argv, text, helps))}
    assert not foreign, foreign


def test_an_option_s_words_name_only_what_its_command_has(helps: dict[tuple[str, ...], str]) -> None:
    """`metadata show --offset` read `Characters to skip (on the start page, if any): a previous run's note (here:
    with --key, of its value (a list: items); else, keys)`, and `convert --offset` spoke of a start page too:
    neither command has one. A help speaks of a start page where the command takes --start-page."""
    spoken = {" ".join(argv) for argv, text in helps.items()
              if "start page" in " ".join(text.split()) and "--start-page" not in _flags(text)}
    assert not spoken, spoken
    offset = " ".join(helps[("metadata", "show")].split()).split("--offset N", 1)[1].split(" --json", 1)[0]
    assert "--key" in offset and offset.count("(") <= 1, offset



def test_the_same_thing_is_said_in_the_same_words(helps: dict[tuple[str, ...], str]) -> None:
    """`-o FILE  Output PDF (`-` for stdout)` in 26 commands, `(`-`: standard output)` in convert and ocr --sidecar,
    `(`-`: standard input)` for every --password-file and `(`-`: stdin)` for convert's input; `(default 1)` in
    split, `(default: all)` elsewhere. One way each: `-` is standard output or input, a default follows a colon."""
    jargon = {" ".join(argv) for argv, text in helps.items() if re.search(r"\bstd(?:out|in)\b", text)}
    assert not jargon, jargon
    loose = {" ".join(argv): re.findall(r"\(default [^:)]*", " ".join(text.split())) for argv, text in helps.items()}
    assert not any(loose.values()), {k: v for k, v in loose.items() if v}


def _option_rows(text: str) -> list[tuple[str, str]]:
    """Each option of a help as (its line's flags and placeholder, its description), continuation lines joined."""
    rows: list[tuple[str, str]] = []
    for line in text.split("Options:", 1)[1].splitlines():
        if re.match(r"^  -", line):
            head, _, said = line.strip().partition("  ")
            rows.append((head, said.strip()))
        elif rows and line.startswith("   "):
            rows[-1] = (rows[-1][0], (rows[-1][1] + " " + line.strip()).strip())
    return rows


def test_a_measure_s_placeholder_says_its_unit(helps: dict[tuple[str, ...], str]) -> None:
    """`--timeout NUMBER`, `--margin NUMBER`, `stamp --angle NUMBER`, `rotate -a N`: a number of what? As
    pdftoppm's `-r number` is not, a placeholder says its unit where the option has one (SECONDS, POINTS, DEGREES)."""
    units = {"seconds": "SECONDS", "points": "POINTS", "degrees": "DEGREES"}
    vague = [(" ".join(argv), head) for argv, text in helps.items() for head, said in _option_rows(text)
             if re.search(r" (?:N|NUMBER)$", head) and any(unit in said.lower() for unit in units)]
    assert not vague, vague


@pytest.mark.parametrize(("argv", "what"), [(("bookmarks", "list"), "bookmarks"), (("forms", "list"), "fields")])
def test_a_list_s_pages_say_what_they_choose(helps: dict[tuple[str, ...], str], argv: tuple[str, ...],
                                             what: str) -> None:
    """`bookmarks list --pages PAGES  Pages: `1-3,7,10-`, `odd`, `even`, `last` (default: all)`: pages of what? It
    lists the bookmarks (forms: the fields) on those pages."""
    said = dict(_option_rows(helps[argv]))["--pages PAGES"]
    assert what in said, said


def test_a_placeholder_in_the_text_is_the_option_s_own(helps: dict[tuple[str, ...], str]) -> None:
    """`bookmarks --help` wrote `add --title T --page N [--parent TITLE]` beside `--title TITLE` and `--page PAGE`:
    a flag the text shows with a placeholder shows the one its option line has."""
    placeholders: dict[str, set[str]] = {}
    for text in helps.values():
        for head, _ in _option_rows(text):
            *flags, metavar = head.replace(",", "").split()
            for flag in flags:
                placeholders.setdefault(flag, set()).add(metavar)
    found = []
    for argv, text in helps.items():
        prose = " ".join(text.split("Options:", 1)[0].split())
        for flag, shown in re.findall(r"(--[\w-]+) ([A-Z][A-Z=_]*)\b", prose):
            if flag in placeholders and shown not in placeholders[flag]:
                found.append((" ".join(argv), flag, shown, placeholders[flag]))
    assert not found, found


def test_a_bounded_number_says_its_bounds(helps: dict[tuple[str, ...], str]) -> None:
    """`--margin POINTS  Blank border around each sheet, in points` took 0 to 144 and `--threshold` 0 to 1, which
    only the MCP schema and the error after a wrong value said. A number with an upper bound says both bounds."""
    import inspect
    from typing import get_type_hints

    from pdftools.cli.options import flags_of
    from pdftools.core.params import Cli, Param, marker, split_annotated
    from pdftools.ops import OPS

    unsaid = []
    for op in OPS:
        fn = op.load()
        hints = get_type_hints(fn, include_extras=True)
        for name in inspect.signature(fn).parameters:
            meta = split_annotated(hints[name])[1]
            param, cli = marker(meta, Param), marker(meta, Cli) or Cli()
            if param is None or param.le is None:
                continue
            flag = max(flags_of(name, cli), key=len)
            said = next((said for argv, text in helps.items() if argv[0] == op.name
                         for head, said in _option_rows(text) if flag in head.replace(",", "").split()), None)
            if said is not None and not re.search(rf"\b{param.le:,g}\b", said):
                unsaid.append((op.name, flag, said))
    assert not unsaid, unsaid


def test_every_help_fits_80_columns() -> None:
    """At 80 columns `serve --help`'s config example was 83 wide: a terminal wrapped it mid-word."""
    from typer.testing import CliRunner

    from pdftools.main import build_app

    runner, app = CliRunner(), build_app(None)
    wide = {}
    for argv in COMMANDS:
        lines = runner.invoke(app, [*argv, "--help"], env={"COLUMNS": "80"}, prog_name="pdftools").stdout.splitlines()
        wide.update({" ".join(argv): line for line in lines if len(line) > 80})
    assert not wide, wide


def test_an_input_pdf_says_that_dash_is_standard_input(helps: dict[tuple[str, ...], str]) -> None:
    """`cat a.pdf | pdftools info -` works in every command that takes one PDF, and each `-o` says `(`-`: standard
    output)`, but their FILE said `Input PDF` alone (convert's alone said `(`-`: standard input)`): a shell user
    reading the help could not tell `-` reads a pipe."""
    silent = [" ".join(argv) for argv, text in helps.items()
              if re.search(r"^  FILE +Input PDF", text, re.M) and "Input PDF (`-`: standard input)" not in text]
    assert not silent, silent


def test_the_prefix_separator_says_it_goes_between(helps: dict[tuple[str, ...], str]) -> None:
    """`--match-prefix-separator SEP  What parts a file name, a page number and the text`: "parts" as a verb
    reads as a noun to a newcomer (what parts?). pdfgrep's manual: the separator between the prefix and the line."""
    said = dict(_option_rows(helps[("search",)]))["--match-prefix-separator SEP"]
    assert said.startswith("Put between a file name, a page number and the text"), said
