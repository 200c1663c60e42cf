"""External programs on a full disk: a small TMPDIR (a CI job's tmpfs) or a full output folder. poppler and
tesseract do not check their writes: `text --format words` read the truncated XML pdftotext left in TMPDIR and
said, exit 0, that most pages of a book had no text; `thumbnails` said EXTERNAL_TOOL_FAILED (`pdftoppm was killed
by SIGSEGV`), and `ocr` `pdftoppm failed (exit 1): no message`. Each is DISK_FULL now (exit 6), nothing written.

The full disk is a real one: a small tmpfs, mounted in a user namespace (`unshare`) where the machine allows it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).with_name("pdftools")
BOOK = CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"
MOUNT = 'mount -t tmpfs -o size=256k tmpfs "$0" && head -c 200000 /dev/zero > "$0/fill" && exec "$@"'


@cache
def _namespaces() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c",
                            "mount -t tmpfs tmpfs /mnt"], capture_output=True, check=False)
    return probe.returncode == 0


def _on_a_small_disk(disk: Path, *argv: object, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    """`pdftools ARGV --json` with `disk` a 256 kB tmpfs holding 200 kB already."""
    if not _namespaces():
        pytest.skip("no user namespaces (unshare) to mount a small disk in")
    disk.mkdir(exist_ok=True)
    return subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", MOUNT, str(disk),
                           str(PDFTOOLS), *map(str, argv), "--json"], capture_output=True, cwd=cwd, timeout=300,
                          check=False, env={**os.environ, **env})


def _disk_full(done: subprocess.CompletedProcess[bytes]) -> dict[str, str]:
    assert done.returncode == 6, (done.returncode, done.stderr[-2000:])
    error = json.loads(done.stderr)["error"]
    assert error["code"] == "DISK_FULL", error
    assert done.stdout == b""
    return error


def test_words_from_a_book_with_a_full_tmpdir(tmp_path: Path) -> None:
    disk = tmp_path / "small"
    error = _disk_full(_on_a_small_disk(disk, "text", BOOK, "--format", "words", cwd=tmp_path,
                                        env={"TMPDIR": str(disk)}))
    assert "pdftotext" in error["message"], error


def test_ocr_with_a_full_tmpdir(tmp_path: Path) -> None:
    disk = tmp_path / "small"
    _disk_full(_on_a_small_disk(disk, "ocr", BOOK, "--pages", "1-2", "--force-ocr", "-o", tmp_path / "o.pdf",
                                cwd=tmp_path, env={"TMPDIR": str(disk)}))
    assert not (tmp_path / "o.pdf").exists()


def test_thumbnails_into_a_full_folder(tmp_path: Path) -> None:
    disk = tmp_path / "small"
    _disk_full(_on_a_small_disk(disk, "thumbnails", BOOK, "--pages", "1-20", "-d", disk / "th", cwd=tmp_path,
                                env={"TMPDIR": str(tmp_path)}))


def test_with_room_the_same_commands_work(tmp_path: Path) -> None:
    """The control: on the same small disk with nothing filling it, words of 20 pages fit and are read whole."""
    if not _namespaces():
        pytest.skip("no user namespaces (unshare) to mount a small disk in")
    disk = tmp_path / "small"
    disk.mkdir()
    roomy = MOUNT.replace("head -c 200000", "head -c 0")
    done = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", roomy, str(disk),
                           str(PDFTOOLS), "text", str(BOOK), "--format", "words", "--pages", "1-5"],
                          capture_output=True, cwd=tmp_path, timeout=300, check=False,
                          env={**os.environ, "TMPDIR": str(disk)})
    assert done.returncode == 0, done.stderr
    assert {line.split(b"\t")[0] for line in done.stdout.splitlines()[1:]} == {b"1", b"2", b"3", b"4", b"5"}
