"""pdftotext's and pandoc's own options, typed out of habit at `text` and `convert`, get words that say what
pdftools does instead (as pdfgrep's at `search` and OCRmyPDF's at `ocr` do): pdftotext's single-dash long
options (`-layout`) were reported as the letter click parsed (`unknown option -l`), and pandoc's as nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def pdf(tmp_path: Path, corpus: Path) -> Path:
    import shutil

    target = tmp_path / "four.pdf"
    shutil.copy(corpus / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf", target)
    return target


def first_line(result: Any) -> str:
    assert result.exit_code == 2 and result.stdout == "", result
    return result.stderr.splitlines()[0]


@pytest.mark.parametrize(("args", "typed", "says"), [
    (["-layout"], "-layout", "--mode layout"),
    (["-f", "2", "-l", "3"], "-f", "--pages"),
    (["-l", "3"], "-l", "--pages"),
    (["-nopgbrk"], "-nopgbrk", "form feed"),
    (["-raw"], "-raw", "--mode"),
    (["-bbox"], "-bbox", "--format words"),
    (["-bbox-layout"], "-bbox-layout", "--format"),
    (["-tsv"], "-tsv", "--format words"),
    (["-enc", "UTF-8"], "-enc", "UTF-8"),
    (["-opw", "x"], "-opw", "--password"),
])
def test_pdftotext_options_at_text_say_what_to_use(cli: Any, pdf: Path, args: list[str], typed: str,
                                                   says: str) -> None:
    line = first_line(cli("text", *args, pdf))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and says in line, line


def test_pdftotext_dash_for_stdout_says_to_leave_it_out(cli: Any, pdf: Path, tmp_path: Path) -> None:
    """`pdftotext in.pdf -` prints the text; the hint was `redirect it, pdftools text FILE > -`."""
    result = cli("text", pdf, "-", "--json")
    assert result.exit_code == 2 and not (tmp_path / "-").exists(), result
    hint = json.loads(result.stderr)["error"]["hint"]
    assert "> -" not in hint and "standard output" in hint, hint


@pytest.mark.parametrize(("args", "typed", "says"), [
    (["-V", "lang=de"], "-V", "-M"),
    (["--variable", "lang=de"], "--variable", "-M"),
    (["--extract-media", "media"], "--extract-media", "html"),
    (["--filter", "x"], "--filter", "--lua-filter"),
    (["--metadata-file", "m.yaml"], "--metadata-file", "-M"),
    (["--citeproc"], "--citeproc", "citations"),
    (["-H", "h.html"], "-H", "--template"),
])
def test_pandoc_options_at_convert_say_what_to_use(cli: Any, tmp_path: Path, args: list[str], typed: str,
                                                   says: str) -> None:
    (tmp_path / "a.md").write_text("# A\n")
    line = first_line(cli("convert", tmp_path / "a.md", *args))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and says in line, line


@pytest.mark.parametrize(("args", "typed", "says"), [
    (["rotate", "{pdf}", "--rotate=+90:1-3"], "--rotate", "--angle 90 --pages 1-3"),
    (["rotate", "{pdf}", "--rotate=90"], "--rotate", "--absolute --angle 90"),
    (["nup", "{pdf}", "--nup", "2x1"], "--nup", "--per-sheet 2"),
    (["nup", "{pdf}", "--paper", "a4paper"], "--paper", "--sheet a4"),
    (["nup", "{pdf}", "--a4paper"], "--a4paper", "--sheet a4"),
    (["nup", "{pdf}", "--landscape"], "--landscape", "turns to suit the grid"),
    (["nup", "{pdf}", "--booklet", "true"], "--booklet", "pdftools booklet"),
    (["attachments", "add", "{pdf}", "{pdf}", "--key", "k"], "--key", "named after its file"),
    (["attachments", "add", "{pdf}", "{pdf}", "--replace"], "--replace", "attachments remove"),
])
def test_qpdf_and_pdfjam_options_say_what_to_use(cli: Any, pdf: Path, args: list[str], typed: str,
                                                 says: str) -> None:
    """qpdf's `--rotate=[+|-]angle:pages` at `rotate`, pdfjam's `--nup 2x1`, `--paper`, `--landscape` at `nup`,
    qpdf's `--add-attachment` options at `attachments add`: they said only `unknown option`."""
    line = first_line(cli(*[str(pdf) if a == "{pdf}" else a for a in args]))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and says in line, line


@pytest.mark.parametrize(("args", "typed", "says"), [
    (["merge", "--empty", "--pages", "{pdf}", "{pdf}", "--", "out.pdf"], "--empty", "pdftools merge a.pdf b.pdf"),
    (["merge", "{pdf}", "--pages", "{pdf}", "1-2", "--", "out.pdf"], "--pages", "b.pdf:1-3"),
    (["split", "{pdf}", "--split-pages=2", "out.pdf"], "--split-pages", "--every N"),
    (["split", "{pdf}", "--split-pages", "out.pdf"], "--split-pages", "every page"),
])
def test_qpdf_s_merge_and_split_say_what_to_use(cli: Any, pdf: Path, args: list[str], typed: str,
                                                says: str) -> None:
    """A qpdf user's `merge --empty --pages a.pdf b.pdf -- out.pdf` and `split --split-pages=2` got only `unknown
    option --empty` (or `--split-pages`) and the generic hint."""
    line = first_line(cli(*[str(pdf) if a == "{pdf}" else a for a in args]))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and says in line, line


@pytest.mark.parametrize(("args", "typed", "meant"), [
    (["merge", "{pdf}", "{pdf}", "-output", "x.pdf"], "-output", "--output"),  # was `-o utput`: a file `utput`
    (["rotate", "-pages", "1-2", "{pdf}", "-a", "90"], "-pages", "--pages"),  # pdfcpu's spelling
    (["info", "{pdf}", "-json"], "-json", "--json"),
    (["merge", "{pdf}", "{pdf}", "-force", "-o", "x.pdf"], "-force", "--force"),
])
def test_a_long_option_with_one_dash_is_refused_naming_it(cli: Any, pdf: Path, tmp_path: Path, args: list[str],
                                                          typed: str, meant: str,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """pdfcpu's and pdftotext's options take one dash (`-pages`, `-upw`). Typed so, `merge a.pdf b.pdf -output
    x.pdf` was read as `-o utput`: it merged into a file named `utput` (x.pdf taken as an input), and `-pages`
    said only `unknown option -p`."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.pdf").write_bytes(pdf.read_bytes())
    line = first_line(cli(*[str(pdf) if a == "{pdf}" else a for a in args]))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and meant in line, line
    assert not (tmp_path / "utput").exists() and not (tmp_path / "merged.pdf").exists()


@pytest.mark.parametrize(("args", "typed", "says"), [
    (["protect", "{pdf}", "--encrypt", "u", "o", "256", "--"], "--encrypt", "--user-password"),
    (["unprotect", "--decrypt", "{pdf}"], "--decrypt", "leave it out"),
    (["linearize", "--linearize", "{pdf}"], "--linearize", "leave it out"),
    (["check", "--check", "{pdf}"], "--check", "leave it out"),
])
def test_qpdf_s_option_for_what_the_command_does_says_so(cli: Any, pdf: Path, args: list[str], typed: str,
                                                         says: str) -> None:
    """qpdf's `--encrypt`, `--decrypt`, `--linearize`, `--check` typed at the command that does it said only
    `unknown option`: the command is the option here."""
    line = first_line(cli(*[str(pdf) if a == "{pdf}" else a for a in args]))
    assert line.startswith(f"error[INVALID_ARGUMENT]: unknown option {typed}: ") and says in line, line


@pytest.mark.parametrize("command", ["select", "delete"])
def test_pdfcpu_s_pages_option_where_pages_are_an_argument_says_so(cli: Any, pdf: Path, command: str) -> None:
    """`pdfcpu trim -pages 1-2 in.pdf` at `select` (whose pages are an argument) said `unknown option -p`."""
    line = first_line(cli(command, "-pages", "1-2", pdf))
    assert line.startswith("error[INVALID_ARGUMENT]: unknown option -pages: ") and \
        f"pdftools {command} FILE 1-2" in line, line


def test_another_command_s_add_does_not_take_the_attachment_words(cli: Any, pdf: Path) -> None:
    line = first_line(cli("bookmarks", "add", pdf, "--key", "k"))
    assert line.startswith("error[INVALID_ARGUMENT]: unknown option --key") and "attachment" not in line, line


@pytest.mark.parametrize(("args", "says"), [
    (["rotate", "{pdf}", "90"], "`pdftools rotate FILE --angle 90`"),
    (["rotate", "{pdf}", "--json", "--", "-90"], "`pdftools rotate FILE --angle -90`"),
    (["nup", "{pdf}", "4"], "`pdftools nup FILE --per-sheet 4`"),
])
def test_pdfcpu_s_values_without_their_option_say_which_it_is(cli: Any, pdf: Path, args: list[str],
                                                              says: str) -> None:
    """pdfcpu's `rotate in.pdf 90` and `nup out.pdf 4 in.pdf` give the value as an argument: rotate said only that
    --angle was missing, and nup's hint named the output `-o 4`."""
    result = cli(*[str(pdf) if a == "{pdf}" else a for a in args], *[] if "--json" in args else ["--json"])
    assert result.exit_code == 2 and result.stdout == "", result
    hint = json.loads(result.stderr)["error"]["hint"]
    assert says in hint and "-o 4" not in hint, hint


def test_an_option_s_own_value_is_not_taken_for_the_missing_one(cli: Any, pdf: Path) -> None:
    result = cli("rotate", pdf, "--pages", "2", "--json")
    assert result.exit_code == 2
    assert "--angle 2" not in json.loads(result.stderr)["error"]["hint"], result.stderr
