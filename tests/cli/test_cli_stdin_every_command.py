"""Every command that reads one file reads it from standard input as `-` (`cat a.pdf | pdftools info -`), as
pdftotext and qpdf do: the same exit status as with the file named, and as many files written (their names
taken from `stdin` where the input's name would be: `stdin-001-001.pdf`). `batch` alone refuses it (it reads
files by name). The cases are every command's, so a command added is tried too."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from command_cases import FLAT, INPUTS, folder

READING = [(name, argv, i) for name, _, argv in FLAT if name != "batch"
           for i in [next((i for i, a in enumerate(argv) if a in INPUTS), None)] if i is not None]


@pytest.mark.parametrize(("name", "argv", "at"), READING, ids=[f"{n}-{k}" for k, (n, _, _) in enumerate(READING)])
def test_standard_input_as_dash(name: str, argv: list[str], at: int, cli: Callable[..., Any], tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    named = folder(tmp_path / "named")
    monkeypatch.chdir(named)
    by_name = cli(*name.split(), *argv)
    piped_dir = folder(tmp_path / "piped")
    monkeypatch.chdir(piped_dir)
    piped = cli(*name.split(), *argv[:at], "-", *argv[at + 1:], input=(piped_dir / argv[at]).read_bytes())
    assert (piped.exit_code, by_name.exit_code) == (0, 0), (piped, by_name)
    assert "error" not in piped.stderr, piped
    assert len(list(piped_dir.rglob("*"))) == len(list(named.rglob("*"))), (piped, by_name)


def test_batch_refuses_it(cli: Callable[..., Any], tmp_path: Path) -> None:
    done = cli("batch", "rotate", "-", "-d", tmp_path / "out", "--set", "angle=90", input=b"%PDF-1.7")
    assert done.exit_code == 2 and "standard input" in done.stderr, done


@pytest.mark.parametrize("argv", [["attachments", "list", "-"], ["attachments", "extract", "-", "-d", "out"],
                                  ["images", "-", "-d", "out"]])
def test_a_note_names_standard_input_not_dash(argv: list[str], cli: Callable[..., Any]) -> None:
    """`cat a.pdf | pdftools attachments list -` noted `- has no attachments`; search says `(standard input)`,
    as grep, and an error `standard input`: so does a note."""
    from conftest import CORPUS

    done = cli(*argv, input=(CORPUS / "001-trivial" / "minimal-document.pdf").read_bytes())
    assert done.exit_code == 0, done
    assert "standard input has no " in done.stderr and "- has" not in done.stderr, done.stderr
