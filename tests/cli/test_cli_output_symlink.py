"""An output named by a symbolic link (`-o current.pdf`, `current.pdf -> v3.pdf`) is written through the link
to the file it names, as qpdf, pdftk, `cp` and the shell's `>` write it, and as the MCP server (which resolves
every path) and `--in-place` already did: the link stays. The command line used to put a regular file in the
link's place and leave the file it named unchanged. Names a document chooses (attachments extracted into a
folder) still replace a link rather than follow it (tests/cli/test_bad_input.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
from conftest import CORPUS

PDFTOOLS = Path(sys.executable).parent / "pdftools"
PDF = (CORPUS / "sample-files" if (CORPUS / "sample-files").is_dir() else CORPUS) / "001-trivial" \
    / "minimal-document.pdf"


def _rotation(path: Path) -> int:
    with pikepdf.open(path) as pdf:
        return int(pdf.pages[0].obj.get("/Rotate", 0))


def _run(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PDFTOOLS), *argv], capture_output=True, text=True, cwd=cwd, timeout=120, check=False)


def test_an_output_link_is_written_through_as_qpdf_writes_it(tmp_path: Path) -> None:
    shutil.copyfile(PDF, tmp_path / "in.pdf")
    shutil.copyfile(PDF, tmp_path / "v3.pdf")
    (tmp_path / "current.pdf").symlink_to("v3.pdf")
    (tmp_path / "by-qpdf.pdf").symlink_to("q3.pdf")
    shutil.copyfile(PDF, tmp_path / "q3.pdf")
    subprocess.run(["qpdf", "--rotate=+90", "in.pdf", "by-qpdf.pdf"], cwd=tmp_path, check=True)
    assert (tmp_path / "by-qpdf.pdf").is_symlink() and _rotation(tmp_path / "q3.pdf") == 90  # the peer's way

    done = _run(tmp_path, "rotate", "in.pdf", "-a", "90", "-o", "current.pdf", "--force", "--json")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "current.pdf").is_symlink() and _rotation(tmp_path / "v3.pdf") == 90
    assert json.loads(done.stdout)["output"] == str(tmp_path / "v3.pdf")  # the file written, by its real name
    assert not list(tmp_path.glob(".*.part"))


def test_a_dangling_output_link_makes_the_file_it_names(tmp_path: Path) -> None:
    shutil.copyfile(PDF, tmp_path / "in.pdf")
    (tmp_path / "latest.pdf").symlink_to("made.pdf")
    done = _run(tmp_path, "rotate", "in.pdf", "-a", "90", "-o", "latest.pdf")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "latest.pdf").is_symlink() and _rotation(tmp_path / "made.pdf") == 90


def test_an_output_link_to_the_input_is_still_refused(tmp_path: Path) -> None:
    shutil.copyfile(PDF, tmp_path / "in.pdf")
    (tmp_path / "same.pdf").symlink_to("in.pdf")
    done = _run(tmp_path, "rotate", "in.pdf", "-a", "90", "-o", "same.pdf", "--force")
    assert done.returncode != 0 and "OUTPUT_IS_INPUT" in done.stderr
    assert _rotation(tmp_path / "in.pdf") == 0 and (tmp_path / "same.pdf").is_symlink()
