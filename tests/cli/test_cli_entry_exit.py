"""The `pdftools` program ends without tearing the interpreter down (main.entry: `os._exit` once the command
is done). Run here as users run it, the installed console script in a child process: what it printed is all
there, its exit code is the command's, and the temporary files behind `-` are gone."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pikepdf
import pytest
from conftest import CORPUS

SCRIPT = Path(sys.executable).with_name("pdftools")
BOOK = (CORPUS / "sample-files" if (CORPUS / "sample-files").is_dir() else CORPUS) / "009-pdflatex-geotopo" \
    / "GeoTopo-komprimiert.pdf"

pytestmark = pytest.mark.skipif(not SCRIPT.is_file(), reason="the console script is not installed beside python")


def _run(tmp_path: Path, *argv: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "TMPDIR": str(tmp_path / "tmp")}
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return subprocess.run([str(SCRIPT), *argv], input=stdin, capture_output=True, env=env, cwd=tmp_path,
                          timeout=120, check=False)


def test_all_the_output_is_there(tmp_path: Path) -> None:
    done = _run(tmp_path, "text", str(BOOK))
    peer = subprocess.run(["pdftotext", str(BOOK), "-"], capture_output=True, check=True).stdout
    assert done.returncode == 0 and len(peer) > 100_000
    assert done.stdout == peer


def test_the_exit_code_is_the_commands(tmp_path: Path) -> None:
    done = _run(tmp_path, "info", "missing.pdf")
    assert done.returncode == 3 and b"FILE_NOT_FOUND" in done.stderr


def test_the_files_behind_dashes_are_removed(tmp_path: Path, sample: Path) -> None:
    done = _run(tmp_path, "merge", "-", str(sample), "-o", "-", stdin=sample.read_bytes())
    assert done.returncode == 0 and done.stdout.startswith(b"%PDF-"), done.stderr
    assert not list((tmp_path / "tmp").iterdir())


def test_a_batch_leaves_nothing_in_tmpdir(sample: Path) -> None:
    """Its worker processes' start-up folder (`pymp-XXXXXXXX`, with the forkserver's socket) is removed by an
    exit handler (multiprocessing's), which the ending without tear-down skipped: every batch left one behind
    (907 of them in the shared /tmp of this project's machine). TMPDIR is a short private folder, where the
    forkserver can listen (see the next test)."""
    short = Path(tempfile.mkdtemp(prefix="pdftools-test-", dir="/tmp"))
    try:
        (short / "tmp").mkdir()
        done = _run(short, "batch", "text", str(sample), "-d", "out", "-q")
        assert done.returncode == 0, done.stderr
        assert list((short / "tmp").iterdir()) == []
    finally:
        shutil.rmtree(short)


def test_a_batch_runs_under_a_long_tmpdir(tmp_path: Path, sample: Path) -> None:
    """A TMPDIR path too long for a Unix socket (its path holds 107 bytes; a CI job's deep temporary folder, this
    test's): the forkserver could not listen there and every batch was INTERNAL (`AF_UNIX path too long`)."""
    deep = tmp_path / ("d" * 90)
    deep.mkdir()
    env = {**os.environ, "TMPDIR": str(deep)}
    done = subprocess.run([str(SCRIPT), "batch", "text", str(sample), "-d", "out", "-q"], capture_output=True,
                          env=env, cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / f"{sample.stem}.txt").read_text().startswith("Hello")
    assert list(deep.iterdir()) == []


KEPT = """
import atexit, json, sys
sys.argv = ["pdftools", *json.loads(sys.argv[1])]
from pdftools.core import ending
atexit.register(lambda: open(OUT, "w").write(str(len(ending.held or []))))
from pdftools.main import entry
entry()
"""


def test_the_program_leaves_merges_documents_to_its_end(tmp_path: Path, sample: Path) -> None:
    """Freeing a merge's documents (libqpdf's destructors: ~20% of merging 50 files x 20 pages) is work no one
    waits for when the process then ends without tear-down: the program keeps them to its end."""
    out, count = tmp_path / "out.pdf", tmp_path / "count"
    code = KEPT.replace("OUT", repr(str(count)))
    argv = ["merge", str(sample), str(BOOK), "-o", str(out)]
    done = subprocess.run([sys.executable, "-c", code, json.dumps(argv)], capture_output=True, timeout=120,
                          check=False, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert int(count.read_text()) == 3  # the two inputs and the output
    peer = subprocess.run(["qpdf", "--show-npages", str(out)], capture_output=True, check=True).stdout
    with pikepdf.open(sample) as one, pikepdf.open(BOOK) as two:
        assert int(peer) == len(one.pages) + len(two.pages)


def test_a_merge_in_a_process_that_goes_on_closes_its_inputs(tmp_path: Path, sample: Path) -> None:
    """A merge called from a process that goes on (the MCP server, a program using pdftools) frees its
    documents when it returns: no input stays open."""
    from pdftools.ops.merge import merge

    inputs = [tmp_path / "a.pdf", tmp_path / "b.pdf"]  # copies no other test opens
    for source, copy in zip((sample, BOOK), inputs, strict=True):
        shutil.copyfile(source, copy)
    merge([str(path) for path in inputs], str(tmp_path / "out.pdf"))
    held = {os.path.realpath(f"/proc/self/fd/{fd}") for fd in os.listdir("/proc/self/fd")
            if os.path.exists(f"/proc/self/fd/{fd}")}
    assert not held & {str(path.resolve()) for path in inputs}
