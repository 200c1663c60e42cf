"""A pdfgrep user's script reads `search`'s exit status as pdfgrep's: 0 a line matched, 1 none did, 2 or more an
input could not be searched. One documented difference: a single input that cannot be searched exits with its
own error's code (a missing file 3, as every command's FILE_NOT_FOUND; pdfgrep 2), so the error tree's codes
stay the same for every command; `search --help` says so, and how to test for it (`-ge 2`)."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FOUR = CORPUS / "004-pdflatex-4-pages/pdflatex-4-pages.pdf"


def status(program: str, *argv: object) -> int:
    return subprocess.run([program, *map(str, argv)], capture_output=True, check=False).returncode


@pytest.mark.skipif(shutil.which("pdfgrep") is None, reason="pdfgrep is not installed")
@pytest.mark.parametrize(("argv", "same"), [
    (["Hello", FOUR], True), (["no such words here", FOUR], True), (["Hello", FOUR, "missing.pdf"], True),
    (["-c", "Hello", "missing.pdf", "gone.pdf"], True), (["Hello", "missing.pdf"], False),
])
def test_exit_status_as_pdfgrep_s(argv: list[object], same: bool, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    theirs, ours = status("pdfgrep", *argv), status(str(PDFTOOLS), "search", *argv)
    assert ours == theirs if same else (theirs == 2 and ours > 2), (theirs, ours)


def test_help_says_the_exit_status_and_the_one_difference() -> None:
    shown = subprocess.run([str(PDFTOOLS), "search", "--help"], capture_output=True, text=True, check=True,
                           env={**os.environ, "COLUMNS": "200"}).stdout
    assert "Exit status" in shown, shown
    said = " ".join(shown.split())
    assert "0 when a line matched, 1 when none did, 2 when one of several inputs could not be searched" in said
    assert "-ge 2" in said and "pdfgrep" in said


@pytest.mark.parametrize("as_json", [False, True])
def test_an_unexpected_failure_is_not_no_match(as_json: bool, tmp_path: Path) -> None:
    """INTERNAL exits 1 in every other command; in `search` 1 is "nothing matched", so a script could not tell a
    failure from no match (`pdftools search ... || echo none`). The matcher killed (the OOM killer, an admin) is
    such a failure: it exits 2, grep's and pdfgrep's "trouble", its code still INTERNAL."""
    import signal
    import time

    import broken_pdfs
    import processes
    from harness import base_env

    pdf = tmp_path / "redos.pdf"
    pdf.write_bytes(broken_pdfs.catastrophic_line())
    argv = [str(PDFTOOLS), "search", "(a+)+b", str(pdf), *(["--json"] if as_json else [])]
    env = {k: v for k, v in base_env().items() if k != "PDFTOOLS_TIMEOUT"}
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # its group: the matcher too is killed if the test fails
    try:
        for _ in range(1200):  # until the matcher is forked and at work on the endless match (not a pdftotext)
            if child := processes.matcher(proc.pid):
                break
            time.sleep(0.05)
        assert child, "the matcher was never forked"
        os.kill(child, signal.SIGKILL)
        out, err = proc.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # a matcher left on its endless match held a core for the suite
        proc.wait()
    assert out == ""
    assert "INTERNAL" in err, err
    assert proc.returncode == 2, (proc.returncode, err)


@pytest.mark.parametrize(("argv", "code", "reported"), [
    (["-q", "Hello", FOUR, "missing.pdf"], 0, 0), (["-q", "no such words here", FOUR, "missing.pdf"], 2, 1),
    (["--quiet", "-c", "Hello", "gone.pdf", FOUR], 0, 1), (["-q", "Hello", FOUR], 0, 0),
    (["-q", "no such words here", FOUR], 1, 0),
])
def test_quiet_is_pdfgreps(argv: list[object], code: int, reported: int, tmp_path: Path,
                           monkeypatch: pytest.MonkeyPatch) -> None:
    """pdfgrep's (and grep's) -q: nothing on stdout, exit 0 when something matched "even in case of errors"
    (`pdftools search -q PAT good.pdf missing.pdf` exited 2), and the inputs that could not be searched before
    the first match still say so on stderr (they said nothing: -q is "nothing but errors"); those after it are
    never opened (tests/cli/test_cli_search_quiet_stops.py)."""
    monkeypatch.chdir(tmp_path)
    ours = subprocess.run([str(PDFTOOLS), "search", *map(str, argv)], capture_output=True, text=True, check=False)
    assert ours.returncode == code and ours.stdout == "", ours
    assert [line.split(":")[0] for line in ours.stderr.splitlines() if line.startswith("error[")] == \
        ["error[FILE_NOT_FOUND]"] * reported, ours.stderr
    if shutil.which("pdfgrep"):
        theirs = subprocess.run(["pdfgrep", *map(str, argv)], capture_output=True, text=True, check=False)
        assert (theirs.returncode, len(theirs.stderr.splitlines())) == (code, reported), theirs
