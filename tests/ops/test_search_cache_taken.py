"""pdfgrep's `--cache` (keep each file's text to search it faster next time) is taken and does nothing: a
pdfgrep script with `--cache` failed with `unknown option --cache` and exit 2. pdftools keeps no cache: each
search reads the files, with the same lines and exit codes as pdfgrep's."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CORPUS
from pdfgrep_peer import PDFTOOLS, pdfgrep, run

FILES = [CORPUS / rel for rel in ("004-pdflatex-4-pages/pdflatex-4-pages.pdf",
                                  "026-latex-multicolumn/multicolumn.pdf")]


@pytest.mark.parametrize(("options", "pattern"), [(["--cache", "-n"], "ipsum"), (["--cache", "-c"], "in"),
                                                  (["-H", "--cache"], "no such words")])
def test_cache_is_taken_as_pdfgrep_takes_it(tmp_path: Path, options: list[str], pattern: str) -> None:
    def home(who: str) -> dict[str, str]:  # each its own, and not the user's
        (tmp_path / who).mkdir()
        return {"XDG_CACHE_HOME": str(tmp_path / who / "cache"), "HOME": str(tmp_path / who)}

    ours = run(PDFTOOLS, "search", *options, pattern, *FILES, env=home("ours"))
    theirs = run(pdfgrep(), *options, pattern, *FILES, env=home("theirs"))
    assert (ours.stdout, ours.returncode) == (theirs.stdout, theirs.returncode), (ours, theirs)
    assert ours.stderr == b"", ours
    assert list((tmp_path / "ours").iterdir()) == [], "no cache is kept"


def test_cache_is_named_in_the_help() -> None:
    done = run(PDFTOOLS, "search", "--help")
    assert done.returncode == 0 and b"--cache" in done.stdout, done
