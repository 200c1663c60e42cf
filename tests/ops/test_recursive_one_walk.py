"""A recursive input (`ls -r`, `search -r`, `batch -r`) is walked once: each folder of the tree is opened once,
its files taken and the folders it could not read noted in the same walk. Each folder was read three times (the
walk, a glob in each folder it met, then a second walk for the folders it could not read): on a big tree or a
network mount, three times the directory reads. Counted by strace on the real program: the listings of each
folder it reads to their end (getdents64 returning 0; a folder opened only to check it may be listed, as
`folder_path` does, reads nothing)."""

from __future__ import annotations

import collections
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS
from harness import base_env

PDFTOOLS = Path(sys.executable).with_name("pdftools")
LISTED = re.compile(r"getdents64\(\d+<(.+)>, .*\) = 0$", re.MULTILINE)  # (-y: the descriptor's path)


def _tree(root: Path) -> list[Path]:
    folders = [root, root / "2024", root / "2024" / "march", root / "2025", root / "empty"]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
    for folder in folders[1:4]:
        shutil.copy(CORPUS / "001-trivial" / "minimal-document.pdf", folder / "a.pdf")
    return folders


@pytest.mark.parametrize("argv", [["ls", "-r"], ["search", "-r", "Hello"], ["batch", "info", "-d", "out", "-r"]],
                         ids=["ls", "search", "batch"])
def test_a_recursive_input_reads_each_folder_once(tmp_path: Path, argv: list[str]) -> None:
    assert shutil.which("strace"), "strace is needed (apt-get install strace; .ci/setup installs it)"
    root = tmp_path / "tree"
    folders = _tree(root)
    trace = tmp_path / "trace"
    done = subprocess.run(["strace", "-f", "-y", "-e", "trace=getdents64", "-o", str(trace), str(PDFTOOLS), *argv,
                           str(root)], capture_output=True, text=True, timeout=120, env=base_env(), cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr  # (search: 1 when nothing matched)
    listed = collections.Counter(m.group(1) for m in LISTED.finditer(trace.read_text()))
    assert {str(f): listed[str(f)] for f in folders} == {str(f): 1 for f in folders}


@pytest.mark.parametrize("argv", [["ls", "{root}/**/*.pdf"], ["search", "Hello", "{root}/**/*.pdf"],
                                  ["batch", "info", "-d", "out", "{root}/**/*.pdf"]], ids=["ls", "search", "batch"])
def test_a_glob_into_every_subfolder_reads_each_folder_once(tmp_path: Path, argv: list[str]) -> None:
    """`ls 'tree/**/*.pdf'` (as `ls tree -r`), search's and batch's: each folder was listed twice, once for the
    folders below it (`**`) and once for the names `*.pdf` matched in it."""
    assert shutil.which("strace"), "strace is needed (apt-get install strace; .ci/setup installs it)"
    root = tmp_path / "tree"
    folders = _tree(root)
    trace = tmp_path / "trace"
    done = subprocess.run(["strace", "-f", "-y", "-e", "trace=getdents64", "-o", str(trace), str(PDFTOOLS),
                           *(a.format(root=root) for a in argv)], capture_output=True, text=True, timeout=120,
                          env=base_env(), cwd=tmp_path)
    assert done.returncode in (0, 1), done.stderr  # (search: 1 when nothing matched)
    listed = collections.Counter(m.group(1) for m in LISTED.finditer(trace.read_text()))
    assert {str(f): listed[str(f)] for f in folders} == {str(f): 1 for f in folders}
