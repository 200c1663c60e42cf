"""The README's quick start works from a clone alone: its first command merges PDFs the repository holds
(samples/, made by samples/make.py), run here in a folder with nothing but those samples (no ../shared)."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


def _first_command() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1]
    block = re.search(r"```sh\n(.*?)```", quick, re.S)
    assert block, "no sh block in the quick start"
    return next(line for line in block.group(1).splitlines() if line.strip() and not line.startswith("#"))


def test_the_quick_start_merges_the_repositorys_own_samples(tmp_path: Path) -> None:
    command = _first_command()
    assert command.startswith(".ci/setup && ") and "../shared" not in command
    clone = tmp_path / "clone"
    shutil.copytree(REPO / "samples", clone / "samples")  # all the repository data the command may use
    for step in command.removeprefix(".ci/setup && ").split(" && "):
        argv = [str(VENV_BIN / "pdftools") if a == ".venv/bin/pdftools" else a for a in shlex.split(step)]
        argv = [str(tmp_path / "merged.pdf") if a == "/tmp/merged.pdf" else a for a in argv]
        done = subprocess.run(argv, cwd=clone, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, (step, done.stderr)
    with pikepdf.open(tmp_path / "merged.pdf") as merged:
        assert len(merged.pages) == 4


def _text(path: Path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_the_committed_samples_are_what_the_script_makes(tmp_path: Path) -> None:
    """Compared by text, pages and outline (not bytes: another qpdf may lay the same file out differently)."""
    copy = tmp_path / "samples"
    copy.mkdir()
    shutil.copy(REPO / "samples" / "make.py", copy)
    subprocess.run([sys.executable, str(copy / "make.py")], check=True, capture_output=True)
    made = sorted(p.name for p in copy.glob("*.pdf"))
    assert made == sorted(p.name for p in (REPO / "samples").glob("*.pdf")) == ["letter.pdf", "report.pdf"]
    for name in made:
        assert _text(copy / name) == _text(REPO / "samples" / name)
        with pikepdf.open(copy / name) as new, pikepdf.open(REPO / "samples" / name) as old:
            assert len(new.pages) == len(old.pages)
            with new.open_outline() as a, old.open_outline() as b:
                assert [i.title for i in a.root] == [i.title for i in b.root]
