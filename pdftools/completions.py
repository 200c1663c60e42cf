"""Shell completion scripts, generated from the real app: `python -m pdftools.completions [DIR]`.

The scripts call back into `pdftools` (Typer's completion protocol), so they complete every command and
option the installed version has; tests/test_completions.py fails when the checked-in copies are stale.
"""

from __future__ import annotations

import sys
from pathlib import Path

SHELLS = {"bash": "pdftools.bash", "zsh": "_pdftools", "fish": "pdftools.fish"}


def script(shell: str) -> str:
    from pdftools.cli.shells import SCRIPTS

    return SCRIPTS[shell]


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for shell, name in SHELLS.items():
        path = folder / name
        path.write_text(script(shell).rstrip("\n") + "\n")
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "completions"
    for path in write(target):
        print(path)
