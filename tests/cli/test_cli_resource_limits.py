"""Limits a CI job or a container sets on the process: open files (`ulimit -n`) and memory (`ulimit -v`). A merge of
more files than the open-file limit, and a merge that ran out of memory, were INTERNAL ("a bug in pdftools": an
`OSError: [Errno 24] Too many open files`, a `MemoryError: std::bad_alloc`). Each is now an error that names the
limit and what to do (exit 10, as the other limits), on the command line and over MCP."""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

from pdftools.core.foreign_errors import environment_error
from pdftools.errors import OutOfMemory, TooManyOpenFiles

PDFTOOLS = Path(sys.executable).with_name("pdftools")
FILES = 40


def test_a_merge_of_more_files_than_the_open_file_limit(tmp_path: Path, sample: Path) -> None:
    for n in range(FILES):
        shutil.copy(sample, tmp_path / f"f{n:02}.pdf")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (32, 32))

    done = subprocess.run([str(PDFTOOLS), "merge", *[f"f{n:02}.pdf" for n in range(FILES)], "-o", "m.pdf",
                           "--json"], capture_output=True, cwd=tmp_path, timeout=120, check=False, preexec_fn=limit,
                          env={**os.environ, "TMPDIR": str(tmp_path)})
    assert done.returncode == 10, done.stderr
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "TOO_MANY_OPEN_FILES" and "ulimit -n" in error["hint"], error
    assert not (tmp_path / "m.pdf").exists()
    again = subprocess.run([str(PDFTOOLS), "merge", *[f"f{n:02}.pdf" for n in range(FILES)], "-o", "m.pdf"],
                           capture_output=True, cwd=tmp_path, timeout=120, check=False)
    assert again.returncode == 0, again.stderr  # (the limit is what failed it)


def test_the_errors_a_limit_raises_are_named() -> None:
    """The exceptions themselves, as Python raises them (a MemoryError is what pikepdf's std::bad_alloc becomes)."""
    assert isinstance(environment_error(MemoryError("std::bad_alloc")), OutOfMemory)
    assert isinstance(environment_error(OSError(24, "Too many open files")), TooManyOpenFiles)
    assert isinstance(environment_error(OSError(23, "Too many open files in system")), TooManyOpenFiles)
    assert environment_error(OSError(2, "No such file or directory")) is None
    assert environment_error(ValueError("x")) is None
    assert OutOfMemory.exit_code == TooManyOpenFiles.exit_code == 10
