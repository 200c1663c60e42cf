"""`text` and `search` printing pages as they come read each page once, in as many pdftotext runs as a read of the
whole selection takes (`document.text._chunks`: one a CPU, at least 32 pages each). They read in rounds of 4, 8,
16... pages, two rounds at a time, each round its own runs: 10 runs for 500 pages on two CPUs, each loading
poppler and the file again (~0.1 s of CPU more than one pdftotext, the most of `text`'s gap to pdftotext under
load). The first page still comes before the last is read (tests/cli/test_cli_text_streams.py).

Counted by a `pdftotext` first on PATH that writes down its pages, then runs the real one (never timed)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from extreme_pdfs import lined

PDFTOOLS = Path(sys.executable).with_name("pdftools")
PAGES = 300
GUARD = 120  # seconds: a guard against a hang, never a measure


@pytest.fixture(scope="module")
def long_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lined(tmp_path_factory.mktemp("text-runs") / "long.pdf", PAGES)


def _logging_pdftotext(folder: Path) -> tuple[dict[str, str], Path]:
    """An environment whose PATH starts with a pdftotext that logs its `-f`/`-l` and runs the real one."""
    real, log, bindir = shutil.which("pdftotext"), folder / "runs.log", folder / "bin"
    bindir.mkdir()
    fake = bindir / "pdftotext"
    fake.write_text(f'#!/bin/sh\necho "$@" >> {log}\nexec {real} "$@"\n')
    fake.chmod(0o755)
    return {**os.environ, "PATH": f"{bindir}:{os.environ['PATH']}"}, log


def _runs(log: Path) -> list[tuple[int, int]]:
    """Each logged run's first and last page, in page order."""
    runs = []
    for line in log.read_text().splitlines():
        words = line.split()
        runs.append((int(words[words.index("-f") + 1]), int(words[words.index("-l") + 1])))
    return sorted(runs)


def _whole_read(pages: list[int]) -> list[tuple[int, int]]:
    from pdftools.document import text as pagetext

    return [(chunk[0], chunk[-1]) for chunk in pagetext._chunks(pages, os.cpu_count() or 1)]


def test_text_on_a_pipe_reads_in_as_many_runs_as_the_whole(long_file: Path, tmp_path: Path) -> None:
    env, log = _logging_pdftotext(tmp_path)
    done = subprocess.run([PDFTOOLS, "text", long_file], capture_output=True, timeout=GUARD, env=env)
    theirs = subprocess.run(["pdftotext", "-enc", "UTF-8", long_file, "-"], capture_output=True, check=True).stdout
    assert done.returncode == 0 and done.stdout == theirs, done.stderr
    assert _runs(log) == _whole_read(list(range(1, PAGES + 1))), _runs(log)


def test_a_page_range_too(long_file: Path, tmp_path: Path) -> None:
    env, log = _logging_pdftotext(tmp_path)
    done = subprocess.run([PDFTOOLS, "text", long_file, "--pages", "11-20,101-"], capture_output=True,
                          timeout=GUARD, env=env)
    theirs = b"".join(subprocess.run(["pdftotext", "-enc", "UTF-8", "-f", first, "-l", last, long_file, "-"],
                                     capture_output=True, check=True).stdout
                      for first, last in (("11", "20"), ("101", str(PAGES))))
    assert done.returncode == 0 and done.stdout == theirs, done.stderr
    assert _runs(log) == _whole_read([*range(11, 21), *range(101, PAGES + 1)]), _runs(log)


def test_search_printing_as_it_goes_too(long_file: Path, tmp_path: Path) -> None:
    env, log = _logging_pdftotext(tmp_path)
    done = subprocess.run([PDFTOOLS, "search", "-n", "line 39 of", long_file], capture_output=True, timeout=GUARD,
                          env=env)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and len(lines) == PAGES and lines[-1].startswith(f"{PAGES}:"), done.stderr
    assert _runs(log) == _whole_read(list(range(1, PAGES + 1))), _runs(log)


@pytest.mark.parametrize("shown", [[], ["--json"]], ids=["printed", "json"])
def test_a_read_under_a_budget_reads_no_further_than_a_round(long_file: Path, tmp_path: Path,
                                                             shown: list[str]) -> None:
    """A character budget (MCP's pdf_text always has one) stops at the page it ends in: the pages read past it are
    at most a round's (`ROUND`), not the whole read's runs (a reviewer found 1,536 of 3,000 pages read for 10
    returned: the runs path took no account of the budget)."""
    from pdftools.document import text as pagetext

    env, log = _logging_pdftotext(tmp_path)
    done = subprocess.run([PDFTOOLS, "text", long_file, "--max-chars", "200", *shown], capture_output=True,
                          timeout=GUARD, env=env)
    assert done.returncode == 0, done.stderr
    assert max(last for _, last in _runs(log)) <= pagetext.ROUND, _runs(log)
