"""A folder the user may not read (`chmod 000`, another user's) is said to be one.

`ls`, `search`, `merge` and `batch` of such a folder printed `total 0` (exit 0), or `no PDFs in the folder`, as if it
were empty: a script could not tell an empty folder from one it was not allowed to read, as `ls` and `find` tell
(`Permission denied`). Now it is PERMISSION_DENIED naming the folder. The commands run as a real process under a
user that permissions bind: root is given up its CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH through setpriv.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def _bound_by_permissions() -> list[str]:
    """The argv prefix that runs a program as a user whom a folder's mode binds."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root (permissions do not bind it) and util-linux's setpriv is not installed")
    caps = "-dac_override,-dac_read_search"
    return [setpriv, f"--bounding-set={caps}", f"--inh-caps={caps}"]


@pytest.fixture
def tree(tmp_path: Path, sample: Path) -> Iterator[Path]:
    """`tree/locked` (mode 000) holds a PDF nobody may list; `tree/open` one anybody may."""
    base = tmp_path / "tree"
    for name in ("open", "locked"):
        (base / name).mkdir(parents=True)
        shutil.copy(sample, base / name / "doc.pdf")
    (base / "locked").chmod(0)
    try:
        yield base
    finally:
        (base / "locked").chmod(0o755)


def _run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*_bound_by_permissions(), str(PDFTOOLS), *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "LC_ALL": "C.UTF-8"}, check=False)


@pytest.mark.parametrize("argv", [("ls", "tree/locked"), ("search", "x", "tree/locked"),
                                  ("merge", "tree/locked", "-o", "out.pdf"),
                                  ("batch", "info", "tree/locked", "-d", "out"), ("ls", "tree/locked", "-r")])
def test_a_folder_that_cannot_be_read_is_permission_denied(tree: Path, argv: tuple[str, ...]) -> None:
    result = _run(*argv, "--json", cwd=tree.parent)
    assert result.returncode == 6 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "PERMISSION_DENIED" and "tree/locked" in error["message"], error
    assert not (tree.parent / "out.pdf").exists()


def test_a_folder_that_can_be_read_still_lists(tree: Path) -> None:
    result = _run("ls", "tree/open", "--json", cwd=tree.parent)
    assert result.returncode == 0, result
    assert [f["path"] for f in json.loads(result.stdout)["files"]] == ["doc.pdf"]


@pytest.mark.parametrize("argv", [("info", "tree/locked/doc.pdf"), ("text", "tree/locked/doc.pdf"),
                                  ("search", "x", "tree/locked/*.pdf"), ("ls", "tree/locked/sub"),
                                  ("merge", "tree/open/unreadable.pdf", "-o", "out.pdf"),
                                  ("rotate", "tree/locked/doc.pdf", "--angle", "90", "-o", "out.pdf")])
def test_a_file_behind_a_folder_that_cannot_be_entered_is_permission_denied(tree: Path, argv: tuple[str, ...]
                                                                             ) -> None:
    """A file in a folder the user may not enter (or a file they may not read, given to merge) was INTERNAL,
    `unexpected PermissionError`, with a hint to report a bug in pdftools."""
    shutil.copy(tree / "open" / "doc.pdf", tree / "open" / "unreadable.pdf")
    (tree / "open" / "unreadable.pdf").chmod(0)
    result = _run(*argv, "--json", cwd=tree.parent)
    assert result.returncode == 6 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "PERMISSION_DENIED", error
    assert "tree/locked" in error["message"] or "unreadable.pdf" in error["message"], error
    assert "{{" not in error["hint"], error  # a front end's words, filled in
    assert not (tree.parent / "out.pdf").exists()


def test_a_recursive_listing_says_which_subfolders_it_could_not_read(tree: Path) -> None:
    """`ls -r` passed over a subfolder it could not read without a word, as if it held no PDF (`find` and `ls -R`
    say `Permission denied`); the listing goes on, and a warning names it."""
    result = _run("ls", "-r", "tree", "--json", cwd=tree.parent)
    assert result.returncode == 0, result
    listed = json.loads(result.stdout)
    assert [f["path"] for f in listed["files"]] == ["open/doc.pdf"], listed
    said = [w for w in listed["warnings"] if "locked" in w]
    assert len(said) == 1 and "permission denied" in said[0], listed["warnings"]
    plain = _run("ls", "-r", "tree", cwd=tree.parent)
    assert plain.returncode == 0 and "locked" in plain.stdout + plain.stderr, plain


@pytest.mark.parametrize("flag", ["-r", "-R"])
def test_a_recursive_search_skips_a_subfolder_it_could_not_read_saying_so(tree: Path, flag: str) -> None:
    """`search -r` passed over it silently (pdfgrep -r says `tree/locked: Permission denied`, grep -r too, and exits
    2): now it is one of the skipped inputs, PERMISSION_DENIED, and the exit status says an input was skipped."""
    result = _run("search", flag, "-c", "text", "tree", "--json", cwd=tree.parent)
    assert result.returncode == 2, result
    found = json.loads(result.stdout)
    assert [f["path"] for f in found["files"]] == ["tree/open/doc.pdf"], found
    assert [(s["path"], s["code"]) for s in found["skipped"]] == [("tree/locked", "PERMISSION_DENIED")], found
    plain = _run("search", flag, "-c", "text", "tree", cwd=tree.parent)
    assert "tree/locked" in plain.stderr and "PERMISSION_DENIED" in plain.stderr, plain


def test_a_recursive_batch_has_a_failed_row_for_a_subfolder_it_could_not_read(tree: Path) -> None:
    result = _run("batch", "info", "-r", "tree", "-d", "out", "--json", cwd=tree.parent)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert sorted((Path(r["input"]).relative_to(tree), r["status"]) for r in rows) == [
        (Path("locked"), "failed"), (Path("open/doc.pdf"), "ok")], rows
    failed = next(r for r in rows if r["status"] == "failed")
    assert failed["error"]["code"] == "PERMISSION_DENIED", failed
    assert result.returncode != 0, result


def test_a_subfolder_listed_but_not_entered_is_passed_over_and_said(tree: Path) -> None:
    """A folder with read but no search permission (mode 0644) lists its names but cannot be entered: the walk
    stopped the whole command (`permission denied: tree/half/doc.pdf`) on its first file; it is said, as one the
    user may not read, and the others are listed and searched."""
    half = tree / "half"
    half.mkdir()
    (half / "doc.pdf").write_bytes((tree / "open" / "doc.pdf").read_bytes())
    half.chmod(0o644)
    try:
        listed = _run("ls", "-r", "tree", "--json", cwd=tree.parent)
        searched = _run("search", "-r", "-c", "text", "tree", "--json", cwd=tree.parent)
    finally:
        half.chmod(0o755)
    assert listed.returncode == 0, listed
    result = json.loads(listed.stdout)
    assert [f["path"] for f in result["files"]] == ["open/doc.pdf"], result
    assert any("half" in w for w in result["warnings"]), result["warnings"]
    assert searched.returncode == 2, searched
    found = json.loads(searched.stdout)
    assert [f["path"] for f in found["files"]] == ["tree/open/doc.pdf"], found
    assert {s["path"] for s in found["skipped"]} == {"tree/locked", "tree/half"}, found


@pytest.mark.parametrize("pattern", ["**/*.pdf", "*/*.pdf"])
def test_a_glob_that_goes_into_a_subfolder_it_cannot_read_says_it(tree: Path, pattern: str) -> None:
    """A glob whose pattern goes into subfolders (`ls tree -g '**/*.pdf'`, `search 'tree/**/*.pdf'`, a batch's)
    passed over one it could not read in silence (pathlib's glob does so for a PermissionError), exit 0, as if it
    held no PDF; it is said as a recursive walk says it: ls's warning, search's skipped input (exit 2), batch's
    failed row. The files in the folders after it are all there."""
    shutil.copytree(tree / "open", tree / "z")
    listed = _run("ls", "tree", "-g", pattern, "--json", cwd=tree.parent)
    assert listed.returncode == 0, listed
    result = json.loads(listed.stdout)
    assert [f["path"] for f in result["files"]] == ["open/doc.pdf", "z/doc.pdf"], result
    assert result["warnings"] == ["1 subfolder not read (permission denied), so its PDFs are not listed: locked"], \
        result
    searched = _run("search", "-c", "text", f"tree/{pattern}", "--json", cwd=tree.parent)
    assert searched.returncode == 2, searched
    found = json.loads(searched.stdout)
    assert [f["path"] for f in found["files"]] == ["tree/open/doc.pdf", "tree/z/doc.pdf"], found
    assert [(s["path"], s["code"]) for s in found["skipped"]] == [("tree/locked", "PERMISSION_DENIED")], found
    batch = _run("batch", "info", f"tree/{pattern}", "-d", "out", "--json", cwd=tree.parent)
    rows = [json.loads(line) for line in batch.stdout.splitlines()]
    assert sorted((str(Path(r["input"]).relative_to(tree)), r["status"]) for r in rows) == [
        ("locked", "failed"), ("open/doc.pdf", "ok"), ("z/doc.pdf", "ok")], rows
    assert batch.returncode != 0, batch


def test_a_merge_of_a_glob_that_goes_into_a_subfolder_it_cannot_read_says_it(tree: Path) -> None:
    """`merge 'tree/**/*.pdf'` merged the others without a word of the folder whose PDFs it left out."""
    shutil.copytree(tree / "open", tree / "z")
    result = _run("merge", "tree/**/*.pdf", "-o", "out.pdf", "--json", cwd=tree.parent)
    assert result.returncode == 0, result
    merged = json.loads(result.stdout)
    assert [i["path"] for i in merged["inputs"]] == ["tree/open/doc.pdf", "tree/z/doc.pdf"], merged
    assert merged["warnings"] == ["1 subfolder not read (permission denied), so its PDFs are not merged: "
                                  "tree/locked"], merged
    plain = _run("merge", "tree/**/*.pdf", "-o", "out.pdf", "--force", cwd=tree.parent)
    assert plain.returncode == 0 and "tree/locked" in plain.stdout + plain.stderr, plain


@pytest.mark.parametrize("argv", [("search", "x", "tree/*/*.pdf"), ("merge", "tree/*/*.pdf", "-o", "out.pdf")])
def test_a_glob_that_matches_nothing_but_met_a_subfolder_it_cannot_read_says_it(tree: Path,
                                                                                argv: tuple[str, ...]) -> None:
    """Nothing matched, but not for want of files: it said `no files match 'tree/*/*.pdf'`, as of an empty tree."""
    shutil.rmtree(tree / "open")
    result = _run(*argv, "--json", cwd=tree.parent)
    assert result.returncode == 3 and result.stdout == "", result
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "NO_INPUTS", error
    assert error["message"] == ("no files match 'tree/*/*.pdf': 1 subfolder not read (permission denied), so its "
                                "PDFs are not matched: tree/locked"), error
    assert not (tree.parent / "out.pdf").exists()


def test_ls_of_a_glob_lists_its_matches_as_its_folder_and_pattern_apart(tree: Path) -> None:
    """`ls 'tree/**/*.pdf'` (the folder and the pattern as one glob, as search and merge take them) said `no such
    folder: tree/**/*.pdf`; it is `ls tree -g '**/*.pdf'`, the subfolder it cannot read said as there."""
    shutil.copytree(tree / "open", tree / "z")
    result = _run("ls", "tree/**/*.pdf", "--json", cwd=tree.parent)
    assert result.returncode == 0, result
    apart = _run("ls", "tree", "-g", "**/*.pdf", "--json", cwd=tree.parent)
    assert json.loads(result.stdout) == json.loads(apart.stdout), (result.stdout, apart.stdout)
    assert [f["path"] for f in json.loads(result.stdout)["files"]] == ["open/doc.pdf", "z/doc.pdf"], result.stdout


@pytest.mark.parametrize("argv", [("ls", "tree", "-g", "*/sub/*.pdf"), ("search", "-c", "text", "tree/*/sub/*.pdf"),
                                  ("merge", "tree/*/sub/*.pdf", "-o", "out.pdf")])
def test_a_glob_naming_a_subfolder_below_one_it_cannot_enter_says_it(tree: Path, argv: tuple[str, ...]) -> None:
    """A pattern with a name spelled out after a wildcard (`*/sub/*.pdf`) looked that name up in each folder the
    wildcard matched: in one it may not enter (mode 000) the look-up's PermissionError ended the command, INTERNAL
    (pathlib's glob passed over it). It is passed over and said, as a folder the wildcard could not list."""
    (tree / "open" / "sub").mkdir()
    shutil.copy(tree / "open" / "doc.pdf", tree / "open" / "sub" / "doc.pdf")
    result = _run(*argv, "--json", cwd=tree.parent)
    assert result.returncode == (2 if argv[0] == "search" else 0), result
    out = json.loads(result.stdout)
    if argv[0] == "ls":
        assert [f["path"] for f in out["files"]] == ["open/sub/doc.pdf"], out
        assert out["warnings"] == ["1 subfolder not read (permission denied), so its PDFs are not listed: locked"], out
    elif argv[0] == "search":
        assert [f["path"] for f in out["files"]] == ["tree/open/sub/doc.pdf"], out
        assert [(s["path"], s["code"]) for s in out["skipped"]] == [("tree/locked", "PERMISSION_DENIED")], out
    else:
        assert [i["path"] for i in out["inputs"]] == ["tree/open/sub/doc.pdf"], out
        assert out["warnings"] == ["1 subfolder not read (permission denied), so its PDFs are not merged: "
                                   "tree/locked"], out


@pytest.mark.parametrize("argv", [("ls", "tree", "-g", "*/doc.pdf"), ("merge", "tree/*/doc.pdf", "-o", "out.pdf")])
def test_a_glob_naming_a_file_in_folders_one_cannot_be_entered_says_it(tree: Path, argv: tuple[str, ...]) -> None:
    """`tree/*/doc.pdf`: the name looked up in a folder the user may not enter (mode 000) was taken as absent, in
    silence, where `tree/*/*.pdf` says that folder."""
    result = _run(*argv, "--json", cwd=tree.parent)
    assert result.returncode == 0, result
    out = json.loads(result.stdout)
    if argv[0] == "ls":
        assert [f["path"] for f in out["files"]] == ["open/doc.pdf"], out
        assert out["warnings"] == ["1 subfolder not read (permission denied), so its PDFs are not listed: locked"], out
    else:
        assert [i["path"] for i in out["inputs"]] == ["tree/open/doc.pdf"], out
        assert out["warnings"] == ["1 subfolder not read (permission denied), so its PDFs are not merged: "
                                   "tree/locked"], out


def test_rename_invoice_says_the_subfolders_it_could_not_read(tree: Path) -> None:
    """rename-invoice -r passed over a subfolder it could not list (mode 000) or enter (0644) in silence: its
    invoices were neither renamed nor said, exit 0 with `errors 0`. Each is a row with PERMISSION_DENIED, as
    batch -r gives it a failed row and search -r a skipped input; the readable folders' files are read."""
    half = tree / "half"
    half.mkdir()
    (half / "doc.pdf").write_bytes((tree / "open" / "doc.pdf").read_bytes())
    half.chmod(0o644)
    try:
        as_json = _run("rename-invoice", "-r", "tree", "--dry-run", "--no-ocr", "--json", cwd=tree.parent)
        shown = _run("rename-invoice", "-r", "tree", "--dry-run", "--no-ocr", cwd=tree.parent)
    finally:
        half.chmod(0o755)
    result = json.loads(as_json.stdout)
    rows = {row["file"]: row for row in result["files"]}
    assert set(rows) == {"tree/half", "tree/locked", "tree/open/doc.pdf"}, rows
    for name in ("tree/half", "tree/locked"):
        row = rows[name]
        assert (row["status"], row["error"]) == ("error", "PERMISSION_DENIED"), row
        assert row["reason"].startswith(f"cannot read the folder {name}: permission denied."), row
        assert "not read" in row["reason"] and "{{" not in row["reason"], row
        assert f"{name} " in shown.stdout and f"cannot read the folder {name}" in shown.stdout, shown.stdout
    assert result["errors"] == 2 and rows["tree/open/doc.pdf"]["status"] == "skipped", result
