"""Completion at real shells (bash, zsh, fish: each one installed is tried; one absent is skipped), typed into an
interactive shell on a pseudo-terminal: the line the Tab made is printed back by `echo` (Ctrl-A, `echo <<<`,
Ctrl-E, `>>>`, Enter), so what is read is the shell's own line, not our program's answer."""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
SHELLS = {"bash": ["bash", "--norc", "--noprofile", "-i"], "zsh": ["zsh", "-f", "-i"],
          "fish": ["fish", "--no-config", "-i"]}
SOURCE = {"bash": f"source {REPO}/completions/pdftools.bash\n",
          "zsh": f"fpath=({REPO}/completions $fpath); autoload -Uz compinit; compinit -u -D\n",
          "fish": f"source {REPO}/completions/pdftools.fish\n"}
ECHOED = re.compile(rb"<<<([^\n]*?)>>>\r?\n")


def _typed(argv: list[str], keys: str, home: Path) -> str:
    """The line echoed back after `keys` were typed into the shell `argv` (a deadline against a hang only)."""
    if shutil.which(argv[0]) is None:
        pytest.skip(f"{argv[0]} is not installed")
    env = {"HOME": str(home), "TERM": "dumb", "PATH": f"{BIN}:/usr/bin:/bin", "LANG": "C.UTF-8"}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the shell
        os.execvpe(argv[0], argv, env)
    out, deadline = b"", time.monotonic() + 60
    try:
        os.write(fd, keys.encode() + b"\t\x01echo '<<<' \x05 '>>>'\n")
        while not ECHOED.search(out) and time.monotonic() < deadline:
            if select.select([fd], [], [], 1)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    break
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
    found = ECHOED.search(out)
    assert found, out
    return found.group(1).decode().strip()


LINES = [("pdftools rotate x.pdf --angle 9", "pdftools rotate x.pdf --angle 90"),
         ("pdftools rotate x.pdf --angle=9", "pdftools rotate x.pdf --angle=90"),
         ("pdftools text x.pdf --mode=l", "pdftools text x.pdf --mode=layout"),
         ("pdftools protect x.pdf --allow print,co", "pdftools protect x.pdf --allow print,copy"),
         ("pdftools protect x.pdf --allow=print,co", "pdftools protect x.pdf --allow=print,copy"),
         ("pdftools serve --tools read,sta", "pdftools serve --tools read,stamp"),
         # the shell these flags take (`--install-completion zsh`): commands were offered there, no shell
         ("pdftools --install-completion z", "pdftools --install-completion zsh"),
         ("pdftools --show-completion fi", "pdftools --show-completion fish"),
         # convert's formats, pandoc's names (Tab completed nothing there: bash fell back to file names)
         ("pdftools convert a.md --to docb", "pdftools convert a.md --to docbook"),
         ("pdftools convert a.md -f commonmark_", "pdftools convert a.md -f commonmark_x")]


@pytest.mark.parametrize("shell", list(SHELLS))
@pytest.mark.parametrize(("typed", "completed"), LINES)
def test_tab_completes_option_values_joined_and_in_lists(shell: str, typed: str, completed: str,
                                                          tmp_path: Path) -> None:
    assert _typed(SHELLS[shell], SOURCE[shell] + typed, tmp_path) == completed


def test_zsh_first_tab_after_install_completion_completes(tmp_path: Path) -> None:
    """`pdftools --install-completion` typed at zsh, then a new zsh (reading the ~/.zshrc it wrote): the very
    first Tab completes (the script autoloaded from $fpath only registered itself on it, before)."""
    _typed(SHELLS["zsh"], "pdftools --install-completion\n", tmp_path)
    assert (tmp_path / ".zfunc" / "_pdftools").read_text() == (REPO / "completions" / "_pdftools").read_text()
    assert _typed(["zsh", "-i"], "pdftools mer", tmp_path) == "pdftools merge"
