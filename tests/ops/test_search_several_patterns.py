"""pdfgrep's `-e PATTERN` (repeatable) and `-f/--file FILE` (patterns one a line; `-f` alone is convert's
`--from`, so it names `--file`): a line matches any of them, and every
argument is then an input. `-e` is also how a script passes a pattern that starts with `-`. `search` refused
both (`give one pattern, as the first argument`), so a pdfgrep script using them failed with exit 2. The same
lines as pdfgrep's on corpus files; an empty pattern file matches nothing (exit 1), as pdfgrep's."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FILES = [CORPUS / rel for rel in ("004-pdflatex-4-pages/pdflatex-4-pages.pdf",
                                  "026-latex-multicolumn/multicolumn.pdf")]


def run(*argv: object, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(a) for a in argv], capture_output=True, check=False, cwd=cwd)


@pytest.mark.parametrize("options", [["-c", "-e", "Hello", "-e", "Lorem"], ["-n", "--file", "pats.txt"],
                                     ["-c", "-e", "Hello", "--file=pats.txt"], ["--only-matching", "-e", "Hel",
                                                                               "-e", "Hello"],
                                     ["-F", "-c", "--file", "fixed.txt"], ["-c", "--regexp=ipsum", "-i"],
                                     ["-c", "--file=hello.txt", "-e", "Lorem"], ["-e", "-", "-c"]])
@pytest.mark.parametrize("files", [FILES[:1], FILES], ids=["one", "two"])
def test_as_pdfgrep(tmp_path: Path, options: list[str], files: list[Path]) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    (tmp_path / "pats.txt").write_text("Hello\nLorem\n")
    (tmp_path / "fixed.txt").write_text("a.\nmeaning.\n")
    (tmp_path / "hello.txt").write_text("Hello\n")  # (its matches and Lorem's are in different files: see below)
    ours = run(PDFTOOLS, "search", *options, *files, cwd=tmp_path)
    theirs = run(pdfgrep, *options, *files, cwd=tmp_path)
    assert theirs.returncode in (0, 1) and theirs.stdout, theirs
    assert ours.stdout == theirs.stdout, (options, ours.stderr)
    assert ours.returncode == theirs.returncode


def test_an_empty_pattern_file_matches_nothing_and_a_missing_one_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "none.txt").write_text("")
    empty = run(PDFTOOLS, "search", "--file", "none.txt", FILES[0], cwd=tmp_path)
    assert empty.returncode == 1 and empty.stdout == b"", empty
    missing = run(PDFTOOLS, "search", "--file", "gone.txt", FILES[0], cwd=tmp_path)
    assert missing.returncode >= 2 and b"gone.txt" in missing.stderr, missing
    bare = run(PDFTOOLS, "search", cwd=tmp_path)
    assert bare.returncode == 2 and b"PATTERN" in bare.stderr, bare


def test_a_line_matches_any_pattern_as_in_grep(tmp_path: Path) -> None:
    """One difference, on purpose: as grep, every match of every pattern counts (`-e A -e B` is `A|B`).
    pdfgrep 2.1 tries its patterns in turn from each match's end, so an earlier pattern's next match, pages on,
    hides a later pattern's between them: on the multicolumn file `-e Lorem -e 2024` counts 4, `Lorem|2024` 5."""
    several = run(PDFTOOLS, "search", "-c", "-e", "Lorem", "-e", "2024", FILES[1], cwd=tmp_path)
    one = run(PDFTOOLS, "search", "-c", "Lorem|2024", FILES[1], cwd=tmp_path)
    assert several.returncode == 0 and several.stdout == one.stdout == b"5\n", (several, one)
