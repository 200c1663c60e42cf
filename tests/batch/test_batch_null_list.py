"""A batch's `@list` may separate its paths with zero bytes (`find -print0 | pdftools batch info @- ...`, as `xargs
-0`, `tar --null -T` and `rsync --from0` read such lists): every name whole, a newline in it too. The list was read
by lines, so `find -print0`'s output was one path with NUL bytes in it, refused (INVALID_ARGUMENT). A zero byte is
in no file's name, so a list holding one is such a list; a list without one is read by lines, as before."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import readback as rb


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(rb.FOUR, folder / "a.pdf")
    shutil.copy(rb.FOUR, folder / " b\nc.pdf")  # a leading blank and a newline: only a NUL list names it whole
    return folder


def _batch(tmp_path: Path, listed: str, stdin: bytes | None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "pdftools", "batch", "info", listed, "-d", str(tmp_path / "out"),
                           "--jobs", "1", "-q"], input=stdin, capture_output=True, cwd=tmp_path)


def test_find_print0_into_standard_input(tmp_path: Path) -> None:
    _folder(tmp_path)
    found = subprocess.run(["find", "in", "-name", "*.pdf", "-print0"], capture_output=True, check=True,
                           cwd=tmp_path).stdout
    done = _batch(tmp_path, "@-", found)
    assert done.returncode == 0, done.stderr.decode()
    made = sorted(p.name for p in (tmp_path / "out").glob("*.json"))  # (an output's name made safe: b_c.json)
    assert len(made) == 2 and "a.json" in made, made


def test_a_list_file_with_zero_bytes(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (tmp_path / "list0").write_bytes(b"".join(bytes(p) + b"\0" for p in sorted(folder.iterdir())))
    done = _batch(tmp_path, "@list0", None)
    assert done.returncode == 0, done.stderr.decode()
    assert len(list((tmp_path / "out").glob("*.json"))) == 2


def test_a_list_of_lines_is_read_as_before(tmp_path: Path) -> None:
    _folder(tmp_path)
    (tmp_path / "list").write_text("# the plain one\n  in/a.pdf  \n\n")
    done = _batch(tmp_path, "@list", None)
    assert done.returncode == 0, done.stderr.decode()
    assert [p.name for p in (tmp_path / "out").glob("*.json")] == ["a.json"]
