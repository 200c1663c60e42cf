"""`pdftools help` and `pdftools help COMMAND [SUB]` show what `--help` shows, as in git and pip; they were an
unknown command. Checked in-process (every command built) and as the installed program (only the command
asked about is built, so its real options must be there), where `help` imports no more than `--help`."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.mark.parametrize("words", [(), ("merge",), ("thumbnails",), ("metadata",), ("metadata", "set"),
                                   ("serve",), ("mcp-config",)])
def test_help_is_dash_dash_help(cli: Callable[..., Any], words: tuple[str, ...]) -> None:
    asked, usual = cli("help", *words), cli(*words, "--help")
    assert asked.exit_code == usual.exit_code == 0, (asked, usual)
    assert asked.stdout == usual.stdout and asked.stdout.startswith("Usage: pdftools"), asked.stdout
    assert asked.stderr == ""


def test_help_is_listed_and_has_its_own_help(cli: Callable[..., Any]) -> None:
    assert any(line.split()[:1] == ["help"] for line in cli("--help").stdout.splitlines())
    own = cli("help", "--help")
    assert own.exit_code == 0 and own.stdout.startswith("Usage: pdftools help [OPTIONS] [COMMAND...]"), own.stdout


def test_help_of_an_unknown_command_is_a_usage_error(cli: Callable[..., Any]) -> None:
    result = cli("help", "mrege")
    assert result.exit_code == 2 and result.stdout == "", result
    assert "unknown command 'mrege'" in result.stderr and "merge" in result.stderr, result.stderr


@pytest.mark.parametrize("words", [("merge",), ("serve",), ("metadata", "set"), ()])
def test_the_program_shows_the_real_options(tmp_path: Path, words: tuple[str, ...]) -> None:
    def run(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([PDFTOOLS, *argv], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                              env={"PATH": "/usr/bin:/bin", "COLUMNS": "100"})

    asked, usual = run("help", *words), run(*words, "--help")
    assert asked.returncode == usual.returncode == 0, asked.stderr
    assert asked.stdout == usual.stdout, asked.stdout
    if words:
        assert "--json" in asked.stdout or "--transport" in asked.stdout, asked.stdout
