"""`pdftools --install-completion zsh` (Typer's older form, and the way a person names the shell they want)
installed bash's script when run from bash, and `--show-completion fish` printed bash's: the word after the
flag was never read (the flag ends the program before the rest of the line is parsed). The shell named is the
one installed or shown; a shell without a script is refused, exit 1, naming those that have one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pdftools.cli.shells import SCRIPTS

PDFTOOLS = Path(sys.executable).parent / "pdftools"


def _run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home)}
    return subprocess.run([str(PDFTOOLS), *args], capture_output=True, text=True, env=env, timeout=120,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_shell_named_is_shown(tmp_path: Path, shell: str) -> None:
    done = _run("--show-completion", shell, home=tmp_path)
    assert done.returncode == 0 and done.stdout == SCRIPTS[shell], done


@pytest.mark.parametrize(("shell", "written"), [("zsh", ".zfunc/_pdftools"),
                                                ("fish", ".config/fish/completions/pdftools.fish"),
                                                ("bash", ".bash_completions/pdftools.sh")])
def test_the_shell_named_is_installed(tmp_path: Path, shell: str, written: str) -> None:
    done = _run("--install-completion", shell, home=tmp_path)
    assert done.returncode == 0, done
    assert (tmp_path / written).read_text() == SCRIPTS[shell], sorted(p for p in tmp_path.rglob("*"))
    others = {".zfunc", ".config", ".bash_completions"} - {written.split("/")[0]}
    assert not [name for name in others if (tmp_path / name).exists()], sorted(tmp_path.rglob("*"))


def test_a_shell_without_a_script_is_refused(tmp_path: Path) -> None:
    done = _run("--install-completion", "tcsh", home=tmp_path)
    assert done.returncode == 1 and "tcsh" in done.stderr and "bash, zsh and fish" in done.stderr, done
    assert list(tmp_path.iterdir()) == []


def test_the_report_of_an_install_goes_to_stderr(tmp_path: Path) -> None:
    """Standard output is for data: `--install-completion` said where it wrote the script on stdout, where a
    script reading `$(pdftools ...)` takes it for data; the report goes to stderr, as every command's notes."""
    done = _run("--install-completion", "bash", home=tmp_path)
    assert done.returncode == 0 and done.stdout == "", done
    assert str(tmp_path / ".bash_completions" / "pdftools.sh") in done.stderr, done
