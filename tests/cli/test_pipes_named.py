"""With `-` as input or output, what the user sees names `-` (or standard input/output), never the temporary
file pdftools keeps behind the pipe (which is deleted by the time anyone reads the result)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PDFTOOLS = Path(sys.executable).with_name("pdftools")
REPORT, LETTER = REPO / "samples" / "report.pdf", REPO / "samples" / "letter.pdf"


def _run(*args: object, stdin: bytes = b"", cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(PDFTOOLS), *map(str, args)], input=stdin, capture_output=True, cwd=cwd,
                          timeout=120, env={"PATH": "/usr/bin:/bin", "TMPDIR": str(cwd)})


def _no_temporary_names(text: str, tmp: Path) -> None:
    """`tmp` is TMPDIR, where the temporary folder (`pdftools-XXXXXXXX/stdin.pdf`) is made."""
    assert str(tmp / "pdftools-") not in text and "stdin.pdf" not in text and "stdout.pdf" not in text, text


def test_merge_to_stdout_reports_the_output_as_dash(tmp_path: Path) -> None:
    done = _run("merge", REPORT, LETTER, "-o", "-", "--json", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith(b"%PDF-")
    result = json.loads(done.stderr)
    assert result["output"] == "-"
    _no_temporary_names(done.stderr.decode(), tmp_path)


def test_stdin_inputs_are_named_dash_in_results(tmp_path: Path) -> None:
    done = _run("merge", "-", LETTER, "-o", tmp_path / "m.pdf", "--json", stdin=REPORT.read_bytes(), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["inputs"][0]["path"] == "-"
    split = _run("split", "-", "-d", tmp_path, "--json", stdin=REPORT.read_bytes(), cwd=tmp_path)
    assert split.returncode == 0 and json.loads(split.stdout)["input"] == "-"
    _no_temporary_names(done.stdout.decode() + split.stdout.decode(), tmp_path)
    for args in (["rotate", "-", "-o", "-", "--angle", "90"], ["info", "-"], ["text", "-"]):
        shown = _run(*args, stdin=REPORT.read_bytes(), cwd=tmp_path)
        assert shown.returncode == 0, shown.stderr
        _no_temporary_names(shown.stderr.decode(), tmp_path)
        if args[0] != "rotate":
            _no_temporary_names(shown.stdout.decode(), tmp_path)


def test_errors_about_stdin_name_standard_input(tmp_path: Path) -> None:
    for json_flag in ([], ["--json"]):
        done = _run("info", "-", *json_flag, stdin=b"not a PDF at all", cwd=tmp_path)
        assert done.returncode == 4
        _no_temporary_names(done.stderr.decode(), tmp_path)
        assert "standard input is not a PDF" in done.stderr.decode()


def test_bookmarks_of_a_piped_input_name_it(tmp_path: Path) -> None:
    """merge titles each input's bookmark by its title, else its file name: standard input has none."""
    untitled = tmp_path / "untitled.pdf"
    subprocess.run(["qpdf", "--empty", "--pages", str(LETTER), "--", str(untitled)], check=True)
    done = _run("merge", "-", REPORT, "-o", tmp_path / "m.pdf", stdin=untitled.read_bytes(), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    info = json.loads(_run("info", tmp_path / "m.pdf", "--json", cwd=tmp_path).stdout)
    assert [b["title"] for b in info["outline"]] == ["stdin", "Sample report"]
