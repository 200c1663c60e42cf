"""pdfgrep's (and grep's) `-A N`, `-B N` (context after and before), `--only-matching` (only the matching parts)
and `--page-count` (the matches on each page) in `search`, which refused them: the same lines on a pipe as
pdfgrep's, byte for byte, and the same exit code, on corpus files. Their short `-o` and `-p` are pdftools'
--output and --pattern: they are refused naming the long ones, as `-l` is. Command-line options: over MCP a hit
has its context and spans already."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FILES = ["004-pdflatex-4-pages/pdflatex-4-pages.pdf", "026-latex-multicolumn/multicolumn.pdf",
         "011-google-doc-document/google-doc-document.pdf"]
PATTERNS = ["in", "Lorem|ipsum", "[0-9]+", "(Nam|text) [a-z]+", "zzz-none"]


def run(*argv: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(a) for a in argv], capture_output=True, check=False)


@pytest.mark.parametrize("options", [["-A", "2", "-n"], ["-B", "1", "-n"], ["-A", "1", "-B", "2"],
                                     ["-C", "2", "-A", "0", "-n"], ["--only-matching"],
                                     ["--only-matching", "-n", "-i"], ["--only-matching", "-c"],
                                     ["--page-count"], ["--page-count", "-H"], ["--page-count", "-i", "-h"]])
@pytest.mark.parametrize("pattern", PATTERNS)
def test_as_pdfgrep(options: list[str], pattern: str) -> None:
    pdfgrep = shutil.which("pdfgrep")
    assert pdfgrep, "pdfgrep is missing: .ci/setup installs it (Debian package pdfgrep)"
    files = [CORPUS / rel for rel in FILES]
    for group in ([files[0]], files):
        ours, theirs = run(PDFTOOLS, "search", *options, pattern, *group), run(pdfgrep, *options, pattern, *group)
        expected = re.sub(rb"(?m)^(.*-)?\x0c\n", b"", theirs.stdout)  # a page's closing form feed as context
        assert ours.stdout == expected, (options, pattern, group, ours.stderr)
        assert ours.returncode == theirs.returncode, (options, pattern, ours.stderr)


@pytest.mark.parametrize(("short", "long"), [("-o", "--only-matching"), ("-p", "--page-count")])
def test_the_short_spellings_name_the_long(short: str, long: str) -> None:
    done = run(PDFTOOLS, "search", short, "in", CORPUS / FILES[0])
    assert done.returncode == 2 and long.encode() in done.stderr and done.stdout == b"", done
