"""`pdftools` alone is a usage error, as `qpdf` alone is (exit 2): it printed the help and exited 0, so a script
that runs `pdftools $cmd` with an empty variable went on as if the command had run. Its short usage (the usage
line and the commands' names) and the error go to stderr, exit 2 (INVALID_ARGUMENT, the code of every usage error);
nothing on stdout. A command group alone (`pdftools metadata`) the same. `pdftools --help` and `pdftools help`,
asked for, stay on stdout with exit 0."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def test_alone_is_a_usage_error(cli: Any) -> None:
    done = cli()
    assert done.exit_code == 2 and done.stdout == "", done
    lines = done.stderr.splitlines()
    assert lines[0].startswith("Usage: pdftools "), done.stderr
    assert "merge" in done.stderr and "unprotect" in done.stderr, done.stderr  # the commands, named
    assert any(line.startswith("error[INVALID_ARGUMENT]: ") for line in lines), done.stderr
    assert "pdftools -h" in lines[-1] or "pdftools --help" in lines[-1], lines[-1]
    assert len(lines) < len(cli("--help").stdout.splitlines()) / 4  # short: the help is asked for


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["help"]])
def test_help_asked_for_stays_on_stdout(cli: Any, args: list[str]) -> None:
    done = cli(*args)
    assert done.exit_code == 0 and done.stderr == "" and done.stdout.startswith("Usage: pdftools "), done


@pytest.mark.parametrize("group", ["metadata", "bookmarks", "attachments", "forms"])
def test_a_command_group_alone_too(cli: Any, group: str) -> None:
    done = cli(group)
    assert done.exit_code == 2 and done.stdout == "", done
    assert done.stderr.startswith(f"Usage: pdftools {group} "), done.stderr
    assert "error[INVALID_ARGUMENT]: " in done.stderr and f"pdftools {group} -h" in done.stderr, done.stderr
    asked = cli(group, "--help")
    assert asked.exit_code == 0 and asked.stdout.startswith(f"Usage: pdftools {group} "), asked


def test_a_set_e_script_with_an_empty_variable_stops(tmp_path: Path) -> None:
    script = f'set -e; cmd=; "{sys.executable}" -m pdftools $cmd; echo went on'
    ran = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert ran.returncode == 2 and ran.stdout == "", ran
    assert "error[INVALID_ARGUMENT]" in ran.stderr, ran.stderr
