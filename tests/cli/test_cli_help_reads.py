"""Issue 12 item 3: help that reads like a tool. Commands grouped by topic with whole one-line summaries,
placeholders people know (FILE, PAGES, N, DIR) instead of Python types, and CLI help that names CLI options:
op docstrings and parameter descriptions name other parameters as `{{name}}` (core.params.describe), never
as a flag or an MCP argument name."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from collections.abc import Callable
from typing import Any, get_type_hints

import pytest

from pdftools.cli.options import flags_of
from pdftools.core.params import ONLY_FOR, Cli, Param, marker, split_annotated
from pdftools.ops import OPS

COMMANDS = [op.name for op in OPS]


def test_top_help_groups_every_command_under_a_topic(cli: Callable[..., Any]) -> None:
    out = cli("--help").stdout
    for panel in ("Pages", "Document", "Security", "Text and OCR", "Conversion", "Agents"):
        assert re.search(rf"^{panel}[\w ]*:$", out, re.M), f"no {panel} section:\n{out}"
    from pdftools.cli.group import PANELS

    grouped = {name for names in PANELS.values() for name in names}
    assert {*COMMANDS, "serve", "mcp-config"} <= grouped


def test_top_help_gives_whole_summaries(cli: Callable[..., Any]) -> None:
    out = cli("--help").stdout.split("\n", 1)[1]  # the usage line's `[ARGS]...` is click's
    assert "..." not in out
    flat = " ".join(out.split())
    for op in OPS:
        assert " ".join(op.summary.split()) in flat, op.name


def _command_help(cli: Callable[..., Any], argv: list[str]) -> str:
    result = cli(*argv, "--help")
    assert result.exit_code == 0, result
    return result.stdout


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_uses_placeholders_people_know(cli: Callable[..., Any], name: str) -> None:
    out = _command_help(cli, [name])
    python_types = re.findall(r"<(?:str|int|float|bool|list\[[^\]]*\]|[a-z]+\|[^>]*)>", out)
    assert not python_types, f"{name} --help shows {python_types}"
    usage = out.split("\n", 1)[0]
    assert not re.search(r"\{?[a-z_]+\}", usage), usage  # `FILE`, not `{input}`


def _texts_and_names(op: Any) -> tuple[list[str], set[str], set[str]]:
    fn = op.load()
    hints = get_type_hints(fn, include_extras=True)
    texts = [sys.modules[fn.__module__].__doc__ or ""]
    flags: set[str] = set()
    names = set(inspect.signature(fn).parameters)
    for name in names:
        _, meta = split_annotated(hints[name])
        param, cli = marker(meta, Param), marker(meta, Cli) or Cli()
        if param is not None:
            texts.append(param.description)
        if not cli.argument:
            flags.update(f for f in flags_of(name, cli) if f.startswith("--"))
    return texts, flags, names


@pytest.mark.parametrize("name", COMMANDS)
def test_help_texts_name_parameters_as_references(name: str) -> None:
    """`--force` in an op's docstring would reach an agent as a flag it cannot pass; `max_chars` would reach a
    person as a name no option has. `{{force}}` reaches each as its own front end calls it."""
    op = next(op for op in OPS if op.name == name)
    texts, flags, names = _texts_and_names(op)
    for text in texts:
        bare = re.sub(r"\{\{\w+\}\}", "", text)
        named_flags = {f for f in re.findall(r"--[a-z][a-z-]*", bare) if f in flags}
        named_args = {n for n in re.findall(r"\b[a-z]+_[a-z_]+\b", bare) if n in names}
        assert not named_flags and not named_args, f"{name}: write {named_flags | named_args} as {{{{name}}}}"
        # one-word names too, where they cannot be prose: `start` in code (stamp's Bates numbers said `with
        # \`start\``, booklet's `sheet`, info's `pages`) or FILES in capitals (attachments: no option is FILES)
        prose = ONLY_FOR.sub("", bare)
        in_code = {n for n in re.findall(r"`([a-z]+)`", prose) if n in names}
        in_caps = {n.lower() for n in re.findall(r"\b[A-Z]{3,}S\b", prose) if n.lower() in names}
        assert not in_code and not in_caps, f"{name}: write {in_code | in_caps} as {{{{name}}}}: {text!r}"
        for ref in re.findall(r"\{\{(\w+)\}\}", text):
            assert ref in names, f"{name}: {{{{{ref}}}}} is not one of its parameters"


def test_summaries_name_no_parameters() -> None:
    """The registry's summary is shown before the op is imported, so it cannot be rendered per front end."""
    for op in OPS:
        _, flags, names = _texts_and_names(op)
        assert not any(f in op.summary for f in flags), op.summary
        assert not any(re.search(rf"\b{n}\b", op.summary) for n in names if "_" in n), op.summary
        importlib.import_module(op.module or f"pdftools.ops.{op.function}")


PEER_COMMANDS = re.compile(r"\b(?:dump_data|update_info)(?:_utf8)?\b")  # pdftk's, as its users type them


@pytest.mark.parametrize("name", [c for c in COMMANDS if c != "serve"])
def test_command_help_speaks_to_a_shell_user_not_of_mcp(cli: Callable[..., Any], name: str) -> None:
    """What only an agent needs goes in `{{mcp:...}}`; a person reading `--help` at a shell is not told
    about MCP defaults or what an agent does: not of clients or agents, nor of a result's JSON fields
    (`already_text`, `next_page`), which a shell user meets only as exit codes, flags and printed notes."""
    out = _command_help(cli, [name])
    assert "MCP" not in out
    assert not re.search(r"\b(?:clients?|agents?)(?:'s)?\b", out, re.I), out
    words = PEER_COMMANDS.sub("", out)  # another program's command (pdftk's dump_data) is named as it is
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", words), out  # flags are --kebab-case; snake_case is JSON


@pytest.mark.parametrize(("name", "usage"), [("mcp-config", "Usage: pdftools mcp-config [OPTIONS] CLIENT"),
                                             ("serve", "Usage: pdftools serve [OPTIONS]")])
def test_the_commands_beside_the_ops_read_as_the_ops_do(cli: Callable[..., Any], name: str, usage: str) -> None:
    """`mcp-config --help` showed click's `{CLIENT}` (the braces of a choice) in its usage line."""
    out = cli(name, "--help").stdout
    assert out.splitlines()[0] == usage, out


@pytest.mark.parametrize("name", COMMANDS)
def test_command_help_never_puts_two_parentheses_in_a_row(cli: Callable[..., Any], name: str) -> None:
    """`(x) (asked for at a terminal when not given)` reads as two afterthoughts: one parenthesis says both."""
    out = " ".join(_command_help(cli, [name]).split())
    assert not re.findall(r".{40}\) \(.{20}", out), out


def test_convert_help_speaks_to_a_shell_user(cli: Callable[..., Any]) -> None:
    """`convert --help` said `-o FILE  File to write (none: the text comes back)  [default: -]`, the agent's
    words beside the shell's default, and `(command line only)` on two options to a reader at the command line."""
    out = " ".join(_command_help(cli, ["convert"]).split())
    assert "-o, --output FILE File to write (`-`: standard output) [default: -]" in out, out
    assert "comes back" not in out.split("Options:")[1] and "(command line only" not in out, out


def test_protect_allow_help_breaks_its_list_between_words(cli: Callable[..., Any]) -> None:
    """At 80 columns `--allow`'s list (`print,print-hq,copy,...`, one word for the wrapper) was cut by force: a line
    began `,fill-forms,assemble`. At a shell it is a list of words; over MCP it stays as it was."""
    out = cli("protect", "--help", env={"COLUMNS": "80"}).stdout
    assert not any(line.strip().startswith(",") for line in out.splitlines()), out
    assert "fill-forms" in out and "annotate" in out


def test_serve_shows_its_choices_as_every_command_does(cli: Callable[..., Any]) -> None:
    """`serve --help` wrote `--transport <stdio|http>` where every other command writes `--mode [plain|layout]`."""
    out = cli("serve", "--help").stdout
    assert "--transport [stdio|http]" in out and "--log-level [debug|info|warning|error]" in out, out
    assert "<" not in out.split("Options:")[1], out


def test_metadata_format_speaks_of_its_own_sub_command(cli: Callable[..., Any]) -> None:
    """`metadata show --help` described --format as `show as dump_data prints, set --data as update_info reads`:
    each sub-command's help speaks of its own action, as its other options do."""
    def format_help(action: str) -> str:
        out = cli("metadata", action, "--help", env={"COLUMNS": "200"}).stdout
        return " ".join(out.split("--format", 1)[1].split("--json", 1)[0].split())

    shown, written = format_help("show"), format_help("set")
    assert "dump_data" in shown and "update_info" not in shown and "--data" not in shown, shown
    assert "update_info" in written and "--data" in written and "dump_data" not in written, written
