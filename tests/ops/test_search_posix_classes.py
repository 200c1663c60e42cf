"""pdfgrep's patterns are POSIX extended expressions, and a pdfgrep user writes their bracket classes
(`[[:digit:]]`, `[^[:space:]]`) and GNU's word edges (`\\<`, `\\>`) out of habit. Python's `re` reads
`[[:digit:]]+` as a set of `[:digt` followed by `]+`, and `\\<` as `<`: `search` matched nothing and exited 1,
without a word. They now mean what they mean to pdfgrep: the same counts and the same matched text as pdfgrep's
on corpus files (Latin, Arabic, emoji)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

from pdftools.errors import InvalidArgument
from pdftools.ops.search import search

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FILES = [CORPUS / rel for rel in ("004-pdflatex-4-pages/pdflatex-4-pages.pdf",
                                  "011-google-doc-document/google-doc-document.pdf",
                                  "026-latex-multicolumn/multicolumn.pdf", "015-arabic/habibi.pdf")]
PATTERNS = ["[[:digit:]]+", "[[:upper:]][[:lower:]]+", "[[:alpha:]]+", "[^[:space:]]+", "[[:punct:]]",
            "[[:alnum:]_-]+", "[[:xdigit:]]{2}", "[[:blank:]]{3}", "[^[:alpha:][:space:]]", "[a[:digit:]]",
            "[[:graph:]]+", "[[:print:]]+", r"\<in\>", r"\<th", r"ed\>", "[]a]"]


def run(*argv: object) -> subprocess.CompletedProcess[bytes]:
    # pdfgrep's classes are its locale's: a UTF-8 one, as a user's shell has (in C, `[[:alpha:]]` is ASCII)
    return subprocess.run([str(a) for a in argv], capture_output=True, check=False,
                          env={**os.environ, "LC_ALL": "C.UTF-8"})


@pytest.mark.parametrize("options", [["-c"], ["--only-matching", "-n"], ["-c", "-i"]])
@pytest.mark.parametrize("pattern", PATTERNS)
def test_posix_classes_and_word_edges_as_pdfgrep(pattern: str, options: list[str]) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    ours, theirs = run(PDFTOOLS, "search", *options, pattern, *FILES), run(pdfgrep, *options, pattern, *FILES)
    assert theirs.returncode == 0, theirs  # each pattern finds something: the comparison has lines
    assert ours.stdout == theirs.stdout, (pattern, options, ours.stderr)
    assert ours.returncode == theirs.returncode


def test_the_classes_mean_what_their_python_spellings_do(tmp_path: Path) -> None:
    shutil.copy(FILES[0], tmp_path / "four.pdf")
    four = [str(tmp_path / "four.pdf")]
    for posix, python in (("[[:digit:]]+", "[0-9]+"), (r"\<in\>", r"\bin\b"), ("[^[:space:]]+", r"\S+")):
        found, same = search(posix, four), search(python, four)
        assert found.matches == same.matches > 0, posix
        assert [h.spans for h in found.hits] == [h.spans for h in same.hits], posix
    with pytest.raises(InvalidArgument, match=r"\[:bogus:\]") as caught:  # as regcomp: not a class
        search("[[:bogus:]]x", four)
    assert "[:alpha:]" in (caught.value.hint or ""), caught.value.hint
