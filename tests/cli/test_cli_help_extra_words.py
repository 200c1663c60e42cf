"""`pdftools help COMMAND` shows one command's help (`help metadata show`: a group's sub-command); a word left
over is INVALID_ARGUMENT naming it, never silently dropped: `help merge split` showed merge's help alone, and
said nothing of split. (git and pip drop it too; `man ls cp` shows both; one help, as `COMMAND --help` shows
it, and a line that says what to type for the other keeps `pdftools help X | less` what it says.)"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.mark.parametrize(("words", "left", "typed"), [
    (["merge", "split"], "split", ["`pdftools help merge`", "`pdftools help split`"]),
    (["metadata", "show", "extra"], "extra", ["`pdftools help metadata show`"]),
    (["merge", "a", "b"], "a b", ["`pdftools help merge`"]),
])
def test_a_word_left_over_is_named(words: list[str], left: str, typed: list[str], cli: Callable[..., Any]) -> None:
    done = cli("help", *words)
    assert done.exit_code == 2 and done.stdout == "", done
    assert done.stderr.startswith("error[INVALID_ARGUMENT]") and f"'{left}'" in done.stderr, done
    assert all(line in done.stderr for line in typed), done


def test_the_console_script_names_the_other_help_too() -> None:
    """It builds only the command named (`merge`), not split: the other help is named all the same."""
    done = subprocess.run([PDFTOOLS, "help", "merge", "split"], capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == "", done
    assert "'split'" in done.stderr and "`pdftools help split`" in done.stderr, done


@pytest.mark.parametrize("words", [["merge"], ["metadata"], ["metadata", "show"], []])
def test_one_command_still_shows_its_help(words: list[str], cli: Callable[..., Any]) -> None:
    done = cli("help", *words)
    assert done.exit_code == 0 and done.stdout.startswith("Usage: pdftools"), done
    assert done.stderr == "", done
