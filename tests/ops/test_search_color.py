"""pdfgrep's `--color WHEN` (always, never, auto: at a terminal, its default): file names, page numbers,
separators and matches in grep's colours, or those of GREP_COLORS (`mt=`, `fn=`, `ln=`, `se=`). `search`
refused it (`matches are not coloured`), so `pdfgrep --color=always PAT *.pdf | less -R` had no equivalent and a
script's `--color=never` failed with exit 2. The same bytes as pdfgrep's on corpus files; at a terminal the
document's own control characters are still escaped, the colours not."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import CORPUS
from pdfgrep_peer import PDFTOOLS, pdfgrep, run
from terminal import run_at_terminal

FILES = [CORPUS / rel for rel in ("004-pdflatex-4-pages/pdflatex-4-pages.pdf",
                                  "026-latex-multicolumn/multicolumn.pdf")]


@pytest.mark.parametrize("options", [["-n"], ["-n", "-H"], ["-C", "1", "-n"], ["-c"], ["--files-with-matches"],
                                     ["-L"], ["--page-count"], ["--only-matching", "-n"], ["-Z", "-n"],
                                     ["-Z", "-c"], ["-m", "1"], ["-h", "-i"], ["-A", "1"]])
@pytest.mark.parametrize("files", [FILES[:1], FILES], ids=["one", "two"])
def test_always_is_pdfgreps(options: list[str], files: list[Path]) -> None:
    pattern = "Lorem" if "-L" in options else "Hello|Lorem"  # -L: a file without a match (004 has no Lorem)
    ours = run(PDFTOOLS, "search", "--color=always", *options, pattern, *files)
    theirs = run(pdfgrep(), "--color=always", *options, pattern, *files)
    if not (len(files) == 1 and "-c" in options):  # a bare count has nothing to colour
        assert b"\x1b[" in theirs.stdout, theirs  # the comparison has colours
    assert ours.stdout == theirs.stdout, (options, ours.stdout[:300], theirs.stdout[:300])
    assert ours.returncode == theirs.returncode


def test_grep_colors_and_never() -> None:
    colours = {"GREP_COLORS": "mt=01;32:fn=34:ln=33:se=35"}
    argv = ["--color", "always", "-n", "-H", "text", FILES[0]]
    ours, theirs = run(PDFTOOLS, "search", *argv, env=colours), run(pdfgrep(), *argv, env=colours)
    assert b"\x1b[01;32m" in theirs.stdout and ours.stdout == theirs.stdout
    plain = run(PDFTOOLS, "search", "-n", "text", FILES[0])
    assert run(PDFTOOLS, "search", "--color=never", "-n", "text", FILES[0]).stdout == plain.stdout
    assert run(PDFTOOLS, "search", "--color=auto", "-n", "text", FILES[0]).stdout == plain.stdout  # a pipe
    assert b"\x1b" not in plain.stdout
    wrong = run(PDFTOOLS, "search", "--color=sometimes", "text", FILES[0])
    assert wrong.returncode == 2 and b"--color" in wrong.stderr


def test_at_a_terminal_colours_by_default_and_escapes_the_documents_own(tmp_path: Path) -> None:
    odd = tmp_path / "a\x1b[7mb.pdf"  # a name holding an escape sequence: shown escaped, never obeyed
    shutil.copy(FILES[0], odd)
    env = {**{k: v for k, v in os.environ.items() if k != "NO_COLOR"}, "TERM": "xterm"}  # (a colour terminal)
    # a few lines: nothing reads the terminal until the command ends, and its buffer holds a few kB
    proc, shown = run_at_terminal([str(PDFTOOLS), "search", "-m", "1", "-n", "-H", "text", str(odd)], tmp_path, 120,
                                  env=env)
    assert proc.returncode == 0 and b"\x1b[01;31m\x1b[Ktext\x1b[m\x1b[K" in shown, shown[:300]
    assert b"\x1b[7m" not in shown and b"\x1b[35m\x1b[K" in shown, shown[:300]
    proc, shown = run_at_terminal([str(PDFTOOLS), "search", "-m", "1", "-n", "text", str(odd)], tmp_path, 120,
                                  env={**env, "NO_COLOR": "1"})
    assert proc.returncode == 0 and b"\x1b" not in shown  # NO_COLOR, as pdftools' tables honour it


@pytest.mark.parametrize(("term", "coloured"), [("dumb", False), (None, False), ("xterm-256color", True)])
def test_auto_is_plain_on_a_dumb_terminal_as_pdfgrep(tmp_path: Path, term: str | None, coloured: bool) -> None:
    """As grep and pdfgrep, `auto` colours at a terminal only when TERM is set and not `dumb`: Emacs' shell and
    compilation buffers (TERM=dumb) showed the escape sequences as text."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM", "GREP_COLORS")}
    env.update({"TERM": term} if term is not None else {})
    argv = ["-m", "1", "-n", "-H", "text", str(FILES[0])]
    ours = run_at_terminal([str(PDFTOOLS), "search", *argv], tmp_path, 120, env=env)[1]
    theirs = run_at_terminal([pdfgrep(), *argv], tmp_path, 120, env=env)[1]
    assert (b"\x1b[" in theirs, b"\x1b[" in ours) == (coloured, coloured), (ours[:200], theirs[:200])
