"""A recursive walk that meets an OS error other than a permission one in a subfolder goes on, saying it.

`pdftools ls -r /` failed with INTERNAL: pathlib's glob passes over a subfolder's PermissionError only, and a
folder under /proc raised EINVAL (`/proc/PID/net` of a process that has exited but not been waited for); a dead
network mount's EIO, a folder gone meanwhile, would do the same. Such a subfolder is now said as one that could not be
read (a warning for ls, a skipped input for search, a failed row for batch), with its error's own words; only the
folder the user named fails outright. The walk is real: a zombie child of the test, whose /proc folder holds
subfolders the kernel refuses to list.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


@pytest.fixture
def refusing() -> Iterator[tuple[Path, dict[str, str]]]:
    """A /proc folder (a zombie's) and its subfolders that a walk cannot list for a reason other than permissions,
    each (relative) with its error's words (`invalid argument`), as found now; skipped when there is none."""
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc on this machine")
    child = subprocess.Popen(["true"])
    try:
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)  # exited, not yet waited for: a zombie
        base = Path(f"/proc/{child.pid}")
        found: dict[str, str] = {}

        def said(exc: OSError) -> None:
            if not isinstance(exc, PermissionError) and exc.errno not in (errno.ENOENT, None):
                words = os.strerror(exc.errno)
                found[str(Path(exc.filename).relative_to(base))] = words[:1].lower() + words[1:]

        for _ in os.walk(base, onerror=said):
            pass
        if not found:
            pytest.skip("no folder under a zombie's /proc entry refuses to be listed on this machine")
        yield base, found
    finally:
        child.wait()


def _run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(PDFTOOLS), *argv], cwd=cwd, capture_output=True, text=True, timeout=300,
                          env={**os.environ, "LC_ALL": "C.UTF-8"}, check=False)


@pytest.mark.parametrize("flag", ["-r", "--recursive"])
def test_a_recursive_listing_says_a_subfolder_it_met_an_error_in(refusing: tuple[Path, dict[str, str]],
                                                                  tmp_path: Path, flag: str) -> None:
    base, found = refusing
    result = _run("ls", flag, str(base), "--json", cwd=tmp_path)
    assert result.returncode == 0, result
    listed = json.loads(result.stdout)
    assert listed["files"] == [], listed
    said = [w for w in listed["warnings"] if "not read" in w]
    assert len(said) == 1, listed["warnings"]  # (each folder's own words, or once when all have the same)
    assert all(name in said[0].split(": ", 1)[1] and words in said[0] for name, words in found.items()), said
    plain = _run("ls", flag, str(base), cwd=tmp_path)
    assert plain.returncode == 0 and "INTERNAL" not in plain.stderr, plain
    assert all(name in plain.stdout + plain.stderr for name in found), plain


@pytest.mark.parametrize("flag", ["-r", "-R"])
def test_a_recursive_search_skips_a_subfolder_it_met_an_error_in(refusing: tuple[Path, dict[str, str]],
                                                                 tmp_path: Path, flag: str) -> None:
    base, found = refusing
    result = _run("search", flag, "-c", "text", str(base), "--json", cwd=tmp_path)
    assert result.returncode == 2, result
    searched = json.loads(result.stdout)
    skipped = {s["path"]: s for s in searched["skipped"]}
    for name, words in found.items():
        said = skipped[str(base / name)]
        assert said["code"] != "INTERNAL" and said["message"].endswith(f": {words}"), said
    assert "INTERNAL" not in result.stderr, result


def test_a_recursive_batch_has_a_failed_row_for_a_subfolder_it_met_an_error_in(
        refusing: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    base, found = refusing
    result = _run("batch", "info", "-r", str(base), "-d", "out", "--json", cwd=tmp_path)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    failed = {str(Path(r["input"]).relative_to(base)): r["error"] for r in rows if r.get("status") == "failed"}
    for name, words in found.items():
        assert failed[name]["code"] != "INTERNAL" and failed[name]["message"].endswith(f": {words}"), failed
    assert "INTERNAL" not in result.stdout + result.stderr, result


def test_the_folder_named_that_cannot_be_listed_fails_outright(refusing: tuple[Path, dict[str, str]],
                                                               tmp_path: Path) -> None:
    """The folder the user named is not passed over: it is the command's error, in its own words, not INTERNAL."""
    base, found = refusing
    name, words = next(iter(found.items()))
    for argv in (("ls", str(base / name)), ("ls", "-r", str(base / name)), ("search", "-r", "x", str(base / name))):
        result = _run(*argv, "--json", cwd=tmp_path)
        error = json.loads(result.stderr)["error"]
        assert error["code"] != "INTERNAL" and words in error["message"], (argv, error)
        assert result.returncode not in (0, 1), (argv, result)


def test_a_glob_keeps_the_matches_after_a_subfolder_it_met_an_error_in(refusing: tuple[Path, dict[str, str]],
                                                                       tmp_path: Path, sample: Path) -> None:
    """A glob whose pattern went into a subfolder that failed otherwise than on permissions (here a link to a
    /proc folder the kernel refuses to list) ended there: pathlib's glob stops, so `ls tree -g '*/*.pdf'` listed
    `a/doc.pdf` and lost `z/doc.pdf`, and said nothing of `m`. Every readable match is listed, and `m` said."""
    base, found = refusing
    name, words = next(iter(found.items()))
    tree = tmp_path / "tree"
    for folder in ("a", "z"):
        (tree / folder).mkdir(parents=True)
        (tree / folder / "doc.pdf").write_bytes(sample.read_bytes())
    (tree / "m").symlink_to(base / name)
    result = _run("ls", "tree", "-g", "*/*.pdf", "--json", cwd=tmp_path)
    assert result.returncode == 0, result
    listed = json.loads(result.stdout)
    assert [f["path"] for f in listed["files"]] == ["a/doc.pdf", "z/doc.pdf"], listed
    assert listed["warnings"] == [f"1 subfolder not read ({words}), so its PDFs are not listed: m"], listed
    searched = _run("search", "-c", "x", "tree/*/*.pdf", "--json", cwd=tmp_path)
    assert searched.returncode == 2, searched
    assert [s["path"] for s in json.loads(searched.stdout)["skipped"]] == ["tree/m"], searched.stdout
