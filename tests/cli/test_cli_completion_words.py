"""Shell completion builds only the command being completed, and completes exactly what the whole app does.

The program (a child process, as a shell calls it) is compared with the whole app's completion (every command
built from its real signature, as before) for each shell's protocol; and what completing one command imports
is counted in a child's `sys.modules` (never timed).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from imported import imported

WORDS = ["pdftools ", "pdftools m", "pdftools --", "pdftools merge --", "pdftools merge x.pdf -",
         "pdftools rotate x.pdf --angle ", "pdftools rotate x.pdf --angle 2", "pdftools metadata ",
         "pdftools metadata s", "pdftools metadata set --", "pdftools metadata x.pdf --", "pdftools help ",
         "pdftools help meta", "pdftools help metadata ", "pdftools help merge ", "pdftools batch ro",
         "pdftools text x.pdf --mode ", "pdftools serve --transport ", "pdftools mcp-config ",
         "pdftools mcp-config --", "pdftools --version ", "pdftools mrge --", "pdftools thumbnails x.pdf --format ",
         "pdftools rename-invoice --date-order ", "pdftools info --json x.pdf --", "pdftools -- merge --",
         "pdftools split 'a b.pdf' --ev"]
# Where the commands are listed, the whole app listed its command groups (metadata...) after the other commands,
# as Typer registers them; the commands not built are listed in the registry's order. Every shell sorts them.
LISTS_COMMANDS = {"pdftools ", "pdftools m", "pdftools help ", "pdftools help meta", "pdftools --version "}


def _lines(text: str) -> list[str]:
    """The completions in any order (zsh's come inside one `_arguments` call)."""
    return sorted(re.sub(r"^_arguments '\*: :\(\(|\)\)'$", "", line) for line in text.splitlines())


def _env(shell: str, words: str, action: str = "get-args") -> dict[str, str]:
    env = {"_PDFTOOLS_COMPLETE": f"complete_{shell}"}
    if shell == "bash":
        env |= {"COMP_WORDS": words, "COMP_CWORD": str(len(words.split(" ")) - 1)}
    else:
        env |= {"_TYPER_COMPLETE_ARGS": words, "_TYPER_COMPLETE_FISH_ACTION": action}
    return env


WHOLE_APP = """
from pdftools.cli.app import build_command
from pdftools.main import serve
build_command(None, {"serve": serve}).main([], prog_name="pdftools")
"""


def _program(env: dict[str, str], cwd: Path, *, whole: bool = False) -> str:
    """What `pdftools` prints for a shell; `whole`: what the app with every command built prints, run as the
    program runs its app. The same hash seed for both: click lists a help option's names from a set."""
    run_env = {k: v for k, v in os.environ.items() if not k.startswith(("_PDFTOOLS", "_TYPER", "COMP_"))}
    argv = ["-c", WHOLE_APP] if whole else ["-m", "pdftools"]
    out = subprocess.run([sys.executable, *argv], env=run_env | env | {"PYTHONHASHSEED": "0"}, capture_output=True,
                         text=True, check=False, cwd=cwd, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_is_the_whole_apps(shell: str, tmp_path: Path) -> None:
    for words in WORDS:
        env = _env(shell, words)
        ours, whole = _program(env, tmp_path), _program(env, tmp_path, whole=True)
        if words in LISTS_COMMANDS:  # the same lines; in the registry's order, as --help lists them
            ours, whole = _lines(ours), _lines(whole)
        assert ours == whole, (shell, words)


def test_fish_asks_whether_to_complete_as_the_whole_app_answers(tmp_path: Path) -> None:
    for words in ("pdftools ", "pdftools merge --", "pdftools metadata s"):
        env = _env("fish", words, action="is-args")
        assert _program(env, tmp_path) == _program(env, tmp_path, whole=True), words


@pytest.mark.parametrize(("words", "allowed"), [("pdftools merge --", {"pdftools.ops.merge"}),
                                                ("pdftools help metadata ", {"pdftools.ops.metadata"}),
                                                ("pdftools me", set()), ("pdftools ", set())])
def test_completing_one_command_builds_only_that_command(tmp_path: Path, words: str, allowed: set[str]) -> None:
    run_env = {k: v for k, v in os.environ.items() if not k.startswith(("_PDFTOOLS", "_TYPER", "COMP_"))}
    modules = imported(tmp_path, env=run_env | _env("bash", words))
    ops = {m for m in modules if m.startswith(("pdftools.ops.", "pdftools.invoice", "pdftools.mcp"))}
    assert ops == allowed, (words, sorted(ops))
