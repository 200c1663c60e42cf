"""Every `pdftools ...` command line the README shows names a command (and sub-command) that exists, and every
option it types is one that command takes: the app's own click parser reads each line (the parser a real run
uses: `--collate` without `=`, `-1` as a page, `-nH` as two flags), so an option renamed or dropped leaves no
example in the README that no longer runs. Read: the lines of its `sh` blocks (a `pdftools` that starts a
pipeline's step, or follows `--`: `claude mcp add pdftools -- pdftools serve`), and its inline code that starts
with `pdftools`, or with a command's name and an option (`insert --after last`, `search -r PAT .`)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

README = Path(__file__).parents[2] / "README.md"
FENCE = re.compile(r"^ *```(\w*)\n(.*?)^ *```", re.S | re.M)
PUNCTUATION = "();<>|&"


def _root() -> Any:
    import typer.main

    from pdftools.cli.coerce import install
    from pdftools.main import build_app

    root: Any = typer.main.get_command(build_app(None))  # (typer's own copy of click: see cli/group.py)
    install(root, root.context_class(root, info_name="pdftools", **root.context_settings))  # the help options
    return root


ROOT = _root()


def _steps(line: str) -> Iterator[list[str]]:
    """The words of each step of a shell line (split at pipes, `&&`, `;`, redirections, `$(`), quotes removed."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=PUNCTUATION)
    lexer.whitespace_split = True
    step: list[str] = []
    for word in lexer:
        if set(word) <= set(PUNCTUATION) or word.endswith("$"):
            yield step
            step = []
        else:
            step.append(word)
    yield step


def _program(word: str) -> bool:
    return word == "pdftools" or word.endswith("/pdftools")


def _runs(step: list[str]) -> list[list[str]]:
    """The arguments given to pdftools in one step: after `VAR=value` assignments, or after a `--`."""
    found, at = [], 0
    while at < len(step) and re.match(r"[A-Z_]+=", step[at]):
        at += 1
    if at < len(step) and _program(step[at]):
        found.append(step[at + 1:])
    found += [step[i + 2:] for i, word in enumerate(step[:-1]) if word == "--" and _program(step[i + 1])]
    return found


def command_lines(text: str) -> list[tuple[str, list[str]]]:
    """(the README's words, the arguments pdftools gets) for every command line of its shell blocks and code."""
    found = []
    for block in (m.group(2) for m in FENCE.finditer(text) if m.group(1) == "sh"):
        for line in re.sub(r"\\\n\s*", " ", block).splitlines():
            if re.search(r"(^|[\s/])pdftools\s", line):
                found += [(line.strip(), args) for step in _steps(line) for args in _runs(step)]
    for span in re.findall(r"`([^`]+)`", FENCE.sub("", text)):
        span = " ".join(span.split())  # inline code wraps across lines
        try:
            steps = list(_steps(span))
        except ValueError:  # an unbalanced quote: no command line
            continue
        for step in steps:
            runs = _runs(step)
            if not runs and step and step[0] in ROOT.commands and any(w[:1] == "-" and w != "-" for w in step):
                runs = [step]  # `insert --after last`: a command and its option, pdftools unsaid
            found += [(span, args) for args in runs]
    return found


def problem(args: list[str]) -> str | None:
    """What is wrong with one command line (an unknown command or sub-command, an option it does not take), or
    None. Values are not checked (`FILE`, `a.pdf`), only that the words parse; an option named without its value
    at the end of the words (`info --pages`, in a sentence) is named, not run."""
    from typer._click import exceptions as click_errors

    command, path = ROOT, ["pdftools"]
    args = [flag for word in args for flag in (word.split("/") if re.fullmatch(r"-\w/--[\w-]+", word) else [word])]
    ctx = command.context_class(command, info_name="pdftools", **command.context_settings)
    while hasattr(command, "commands"):
        while args and args[0].startswith("-"):  # the group's own options (`pdftools --help`)
            known = {o for p in command.get_params(ctx) for o in (*p.opts, *p.secondary_opts)}
            if args[0] not in known:
                return f"{' '.join(path)} takes no option {args[0]}"
            args.pop(0)
        if not args or re.fullmatch(r"<\w+>|[A-Z]+", args[0]):
            return None  # the program alone, or a placeholder (`pdftools <command> --help`, `help COMMAND`)
        name = args[0]
        if name in command.commands:
            args.pop(0)
        elif len(path) > 1 and getattr(command, "default_command", None) and not re.fullmatch(r"[a-z][a-z-]*", name):
            name = command.default_command  # `metadata FILE` is `metadata show FILE` (`metadata frob`: a typo)
        else:
            return f"{' '.join(path)} has no command {name!r}"
        command = command.commands[name]
        path.append(name)
        ctx = command.context_class(command, info_name=name, parent=ctx, **command.context_settings)
    try:
        given = command.make_parser(ctx).parse_args(list(args))[0]  # (it takes the words out of the list)
    except click_errors.BadOptionUsage as exc:
        if not (args and exc.option_name == args[-1] and "requires an argument" in exc.message):
            return f"{' '.join(path)}: {exc.format_message()}"
        return None
    except click_errors.UsageError as exc:
        return f"{' '.join(path)}: {exc.format_message()}"
    return _batch_options(given) if path == ["pdftools", "batch"] else None


def _batch_options(given: dict[str, Any]) -> str | None:
    """`batch rotate ... --set angle=90`: each KEY is an option of the command run (`-` or `_`, as batch takes)."""
    target = ROOT.commands.get(given.get("command") or "")
    if target is None:
        return None if re.fullmatch(r"[A-Z]+", given.get("command") or "X") else f"batch runs no {given['command']!r}"
    names = {p.name for p in target.params}
    wrong = [o for o in given.get("options") or [] if o.split("=", 1)[0].replace("-", "_") not in names]
    name = given["command"]
    return f"pdftools batch {name}: --set {wrong[0]}: {name} has no such option" if wrong else None


LINES = command_lines(README.read_text(encoding="utf-8"))
DOCS = ["README.md", "benchmarks/README.md"]
ON_PURPOSE = {"info --bogus"}  # refused on purpose: benchmarks/startup.py times a usage error (benchmarks/README.md)


def test_the_reader_finds_the_readmes_command_lines() -> None:
    """It reads blocks, inline code and the words around them (else the test below could not fail)."""
    assert len(LINES) >= 120, len(LINES)
    args = [a for _, a in LINES]
    assert ["merge", "samples/report.pdf", "samples/letter.pdf", "-o", "/tmp/merged.pdf", "--force"] in args
    assert ["serve", "--transport", "stdio", "--root", "$PWD"] in args  # after claude mcp add's `--`
    assert ["insert", "--after", "last"] in args  # inline, pdftools unsaid
    assert ["info", "/tmp/merged.pdf"] in args  # after `&&`
    assert ["merge", "a.pdf", "b.pdf", "-o", "-"] in args  # before `| lpr`


@pytest.mark.parametrize(("line", "why"), [
    ("```sh\npdftools rotate scan.pdf --flaten\n```", "No such option: --flaten"),
    ("```sh\nPDFTOOLS_PASSWORD=x pdftools text a.pdf --mode layout -Q | head\n```", "No such option: -Q"),
    ("Run `pdftools bookmarks remove book.pdf` to", "has no command 'remove'"),
    ("Run `pdftools frobnicate a.pdf` to", "has no command 'frobnicate'"),
    ("as `ocr --skip-text --dpi` and `search -nQ x`", "No such option: -Q"),
    ("```sh\npdftools --frob\n```", "takes no option --frob"),
    ("as `search -Z/--null` and `search -Q/--quux`", "No such option: -Q"),
    ("```sh\npdftools batch ocr scans/ -d out --set langauge=eng\n```", "--set langauge=eng: ocr has no such option"),
    ("```sh\npdftools batch ocr scans/ -d out --set rotate-pages=true --set language=deu\n```", None),
    ("```sh\npdftools merge a.pdf b.pdf -o\n```", None),  # a value left out at the end: named in a sentence
    ("```sh\npdftools merge --collate a.pdf b.pdf && pdftools select a.pdf -1 -o - | lpr\n```", None),
])
def test_a_made_up_option_or_command_is_found(line: str, why: str | None) -> None:
    found = [problem(args) for _, args in command_lines(line)]
    assert found, line
    assert (why in " ".join(map(str, found))) if why else found == [None] * len(found), found


@pytest.mark.parametrize("doc", DOCS)
def test_every_command_line_in_the_readme_runs_as_written(doc: str) -> None:
    lines = command_lines((README.parent / doc).read_text(encoding="utf-8"))
    assert len(lines) >= 20, len(lines)
    wrong = [f"{problem(args)}\n    {doc}: {words}" for words, args in lines
             if problem(args) and " ".join(args) not in ON_PURPOSE]
    assert not wrong, f"{doc} shows command lines the CLI refuses:\n" + "\n".join(wrong)


def test_the_commands_table_names_every_command_and_its_tool() -> None:
    """README's table of commands: every command the app has (`help` aside, said in the text above it), each with
    the MCP tool the registry gives it, and no tool for those that have none (`serve`, `mcp-config`)."""
    from pdftools.ops import OPS

    text = README.read_text(encoding="utf-8")
    table = text[text.index("| Command | MCP tool |"):]
    rows = dict(re.findall(r"^\| `([a-z-]+)` \| `?(\w*)`? ?\|", table[:table.index("\n\n")], re.M))
    tools = {op.name: op.tool for op in OPS}
    assert set(rows) == set(ROOT.commands) - {"help"}, set(rows) ^ (set(ROOT.commands) - {"help"})
    assert rows == {name: tools.get(name, "") for name in rows}


def test_the_error_table_gives_each_codes_exit_code() -> None:
    """README's table of errors: each code's exit code is the one its class in pdftools/errors.py exits with (a
    test elsewhere checks every code is there; this one, that a changed exit code changes the README too)."""
    from pdftools import errors

    rows = dict(re.findall(r"^\| `([A-Z_]+)` \| (\d+) \|", README.read_text(encoding="utf-8"), re.M))
    classes, found = [errors.PdftoolsError], {}
    while classes:
        cls = classes.pop()
        classes += cls.__subclasses__()
        found[cls.code] = cls.exit_code
    assert len(set(rows) & set(found)) >= 40, sorted(rows)
    wrong = {code: (int(shown), found[code]) for code, shown in rows.items()
             if code in found and int(shown) != found[code]}
    assert not wrong, f"README's exit codes (README, errors.py): {wrong}"


def _leaves(command: Any, path: tuple[str, ...] = ()) -> Any:
    if hasattr(command, "commands"):
        for name, sub in command.commands.items():
            yield from _leaves(sub, (*path, name))
    else:
        yield path, command


def test_every_command_takes_what_the_readme_says_every_command_takes() -> None:
    """"Every command takes `--json`, `-q/--quiet`, `-h/--help`": the commands (and sub-commands) without one of
    them are the exceptions its list names, each in that option's own line (`serve` has no `--json`)."""
    text = README.read_text(encoding="utf-8")
    said = text[text.index("Every command takes:"):text.index("`pdftools --help` (or `pdftools help`)")]
    lines = {flag: " ".join(line.split()) for flag in ("--json", "-q/--quiet", "-h/--help")
             for line in said.split("\n- ")[1:] if line.startswith(f"`{flag}`")}
    assert set(lines) == {"--json", "-q/--quiet", "-h/--help"}, lines
    for path, command in _leaves(ROOT):
        ctx = command.context_class(command, info_name=path[-1], **command.context_settings)
        flags = {o for p in command.get_params(ctx) for o in p.opts}
        for flag, line in lines.items():
            if not set(flag.split("/")) <= flags:
                assert f"`{path[0]}`" in line, f"pdftools {' '.join(path)} has no {flag}: README's line says {line!r}"
