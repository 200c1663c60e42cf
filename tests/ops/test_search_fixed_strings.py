"""pdfgrep's `-F/--fixed-strings` (the pattern is text to find as written, each of its lines an alternative) and
`-P/--perl-regexp` (PCRE), which `search` refused (`unknown option -F: escape ...`, `-P: leave -P out`), so a
pdfgrep script failed with exit 2. -F now finds the text as pdfgrep does; -P is taken as it is given, patterns
being Python's, PCRE's near kin, anyway: the same lines as pdfgrep's on corpus files."""

from __future__ import annotations

import pytest
from conftest import CORPUS
from pdfgrep_peer import PDFTOOLS, pdfgrep, run

FILES = [CORPUS / rel for rel in ("004-pdflatex-4-pages/pdflatex-4-pages.pdf",
                                  "026-latex-multicolumn/multicolumn.pdf")]


@pytest.mark.parametrize("options", [["-F", "-c"], ["--fixed-strings", "--only-matching", "-n"], ["-F", "-i", "-n"],
                                     ["-P", "-c"], ["--perl-regexp", "-n"], ["-P", "-c", "-i"]])
@pytest.mark.parametrize("pattern", ["meaning.", "?", "Hello\nKjift", "a.", r"\d+", "(?<=a)b", "[0-9]+"])
def test_as_pdfgrep(options: list[str], pattern: str) -> None:
    ours, theirs = run(PDFTOOLS, "search", *options, pattern, *FILES), run(pdfgrep(), *options, pattern, *FILES)
    assert ours.stdout == theirs.stdout, (options, pattern, ours.stderr)
    assert ours.returncode == theirs.returncode, (options, pattern, ours.stderr)


def test_fixed_strings_find_what_a_pattern_would_not() -> None:
    """`text.` as a pattern matches `texts`; as fixed text, only `text.` (and `?` alone is no pattern at all)."""
    fixed = run(PDFTOOLS, "search", "-F", "--only-matching", "?", FILES[0])
    assert fixed.returncode == 0 and set(fixed.stdout.splitlines()) == {b"?"}, fixed
    assert run(PDFTOOLS, "search", "?", FILES[0]).returncode == 2  # `?` alone is not a regular expression


def test_fixed_and_perl_together_are_refused_as_by_pdfgrep() -> None:
    done = run(PDFTOOLS, "search", "-F", "-P", "x", FILES[0])
    assert done.returncode == 2 == run(pdfgrep(), "-F", "-P", "x", FILES[0]).returncode
    assert done.stderr.startswith(b"error[INVALID_ARGUMENT]: ") and b"--fixed-strings" in done.stderr, done
