"""Outputs written into a private folder or file and moved into place (`images`, `attachments extract`, `convert`)
on a full disk: a write that failed there was INTERNAL ("a bug in pdftools": `unexpected OSError: [Errno 28] No
space left on device`) where `rotate`, `merge` and `split` say DISK_FULL (exit 6). The disk is filled here by a
file-size limit (`ulimit -f`, EFBIG), which pdftools reports as it reports a full disk; nothing is left behind."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
IMAGE_PDF = CORPUS / "003-pdflatex-image" / "pdflatex-image.pdf"
ATTACHED = CORPUS / "025-attachment" / "with-attachment.pdf"
LIMIT = 4096  # bytes: the image (9 kB) and the attached file (6.5 kB) are bigger


def _limited(*argv: object, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))

    return subprocess.run([str(PDFTOOLS), *map(str, argv), "--json"], capture_output=True, cwd=cwd, timeout=120,
                          check=False, preexec_fn=limit, env={**os.environ, "TMPDIR": str(cwd)})


@pytest.mark.parametrize("argv", [["images", IMAGE_PDF, "-d", "out"],
                                  ["attachments", "extract", ATTACHED, "-d", "out"]])
def test_a_full_disk_under_a_staged_output_is_disk_full(tmp_path: Path, argv: list[object]) -> None:
    done = _limited(*argv, cwd=tmp_path)
    assert done.returncode == 6, done.stderr
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "DISK_FULL" and "out" in error["message"], error
    assert list(tmp_path.iterdir()) == []  # no folder made, nothing partial


def test_the_same_commands_write_with_room(tmp_path: Path) -> None:
    """(The limit is what fails them above: without it, the same commands write.)"""
    for argv in (["images", IMAGE_PDF, "-d", "a"], ["attachments", "extract", ATTACHED, "-d", "b"]):
        done = subprocess.run([str(PDFTOOLS), *map(str, argv)], capture_output=True, cwd=tmp_path, timeout=120,
                              check=False)
        assert done.returncode == 0, done.stderr
    assert max(p.stat().st_size for p in tmp_path.rglob("*") if p.is_file()) > LIMIT
