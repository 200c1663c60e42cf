"""A command that did less than, or other than, it was asked (nothing matched, text cut at the page's edge, an
option that did nothing) told a person on stderr but a script nothing: with `--json` the notes were left out, so
`annotations remove --type Ink --json` of a file without ink exited 0 with an empty stderr. Such warnings now go to
stderr whatever the output, as qpdf's do (`warning: ...` lines; stdout stays the JSON, byte for byte as with `-q`,
which silences them); the exit code is as it was (qpdf's 3 would break scripts). Information for a person (which
fonts were picked, a list that found nothing) stays a note, not shown with `--json`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS
from PIL import Image

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
ANNOTATED = CORPUS / "024-annotations" / "annotated_pdf.pdf"  # a Text, a Highlight and an Ink annotation
LINK = CORPUS / "016-libre-office-link" / "libre-office-link.pdf"  # a link: no appearance to draw


def _scan(folder: Path) -> Path:
    scan = folder / "scan.pdf"
    Image.new("L", (600, 800), 255).save(scan, resolution=72)
    return scan


CASES = {  # (arguments, exit code, what the warning says)
    "images none": (["images", FOUR, "-d", "imgs"], 0, [f"{FOUR} has no images: nothing was written"]),
    "unprotect plain": (["unprotect", FOUR, "-o", "u.pdf", "--force"], 0,
                        [f"{FOUR} was not encrypted: nothing removed, written as it is"]),
    "unprotect remove restrictions plain": (["unprotect", FOUR, "--remove-restrictions", "-o", "u.pdf", "--force"],
                                            0, [f"{FOUR} was neither encrypted nor signed: nothing removed, written "
                                                "as it is"]),
    "annotations remove none matched": (["annotations", "remove", ANNOTATED, "--type", "Link", "-o", "a.pdf",
                                         "--force"], 0, [f"{ANNOTATED}: no annotation matched: none removed"]),
    "annotations remove none there": (["annotations", "remove", FOUR, "-o", "a.pdf", "--force"], 0,
                                      [f"{FOUR} has no annotations: none removed"]),
    "annotations flatten nothing drawn": (["annotations", "flatten", LINK, "-o", "f.pdf", "--force"], 0,
                                          [f"{LINK}: its one annotation has no appearance to draw, so it stays for a "
                                           "viewer to draw: none flattened"]),
    "attachments extract none": (["attachments", "extract", FOUR, "-d", "att"], 0,
                                 [f"{FOUR} has no attachments: nothing was written"]),
    "stamp pdfcpu marks": (["stamp", FOUR, "--text", "Page %p", "-o", "s.pdf", "--force"], 0,
                           ["%p stamped as written: pdftools numbers pages with {page} and {pages} (pdfcpu's %p and "
                            "%P), e.g. --text 'Page {page} of {pages}'"]),
    "stamp off the page": (["stamp", FOUR, "--text", "CONFIDENTIAL DOCUMENT", "--font-size", "120", "-o", "c.pdf",
                            "--force"], 0, ["the text runs off page 1 (", "and is cut at the edge: a --font-size of "
                                            "at most "]),
    "rotate flatten nothing": (["rotate", FOUR, "--flatten", "-o", "r.pdf", "--force"], 0,
                               ["--flatten: no page chosen had a rotation to flatten: each was upright already, and "
                                "is unchanged"]),
    "search folder without pdfs": (["search", "-r", "ipsum", "empty"], 1,
                                   ["no PDFs in the folder empty: nothing searched there"]),
    "search warn empty": (["search", "--warn-empty", "-c", "Hello", "scan.pdf"], 1,
                          ["scan.pdf has no text to search: a scan? `pdftools ocr` makes it searchable"]),
    "ocr already text": (["ocr", FOUR, "-o", "o.pdf", "--force"], 14,
                         ["every page asked for already has text, so nothing was OCRed and no searchable PDF "
                          "written: --force-ocr OCRs them again"]),
}


@pytest.mark.parametrize("case", CASES)
def test_a_warning_reaches_a_script_and_leaves_the_json_as_it_was(cli: Any, tmp_path: Path, case: str) -> None:
    args, code, said = CASES[case]
    (tmp_path / "empty").mkdir()
    _scan(tmp_path)
    as_json = cli(*args, "--json")
    quiet = cli(*args, "--json", "-q")  # -q: the JSON alone, as before
    assert as_json.exit_code == quiet.exit_code == code, as_json
    assert isinstance(json.loads(as_json.stdout), dict), as_json
    assert as_json.stdout == quiet.stdout or (args[0] == "search" and quiet.stdout == ""), as_json  # (grep's -q)
    assert quiet.stderr == "", quiet
    lines = as_json.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("warning: "), as_json.stderr
    assert all(part in lines[0] for part in said), as_json.stderr
    plain = cli(*args)  # a person reads the same warning
    assert plain.exit_code == code and lines[0] in plain.stderr.splitlines(), plain.stderr


def test_information_for_a_person_stays_a_note(cli: Any, tmp_path: Path) -> None:
    """A list that finds nothing is its answer (an empty list), and `--json` says it whole: a note for a person
    only, as before."""
    for args in (["annotations", "list", FOUR], ["attachments", "list", FOUR], ["forms", "list", FOUR]):
        plain, as_json = cli(*args), cli(*args, "--json")
        assert plain.exit_code == as_json.exit_code == 0, plain
        assert plain.stderr.startswith("note: ") and as_json.stderr == "", (plain, as_json)


def test_a_warning_names_a_file_on_one_line(cli: Any, tmp_path: Path) -> None:
    """A file name with a line break is one line of stderr, as every note and error line is."""
    odd = tmp_path / "a\nb.pdf"
    shutil.copy(FOUR, odd)
    done = cli("images", odd, "-d", "imgs", "--json")
    assert done.exit_code == 0 and done.stderr.count("\n") == 1 and "a\\nb.pdf" in done.stderr, done


def test_a_warning_names_standard_input_as_such(cli: Any, tmp_path: Path) -> None:
    """`unprotect -` of a plain file: the warning names `standard input`, as errors do, not `-` (a reviewer's
    find: this op wrote its input as given)."""
    done = cli("unprotect", "-", "-o", "plain.pdf", "--json", input=FOUR.read_bytes())
    assert done.exit_code == 0, done
    assert done.stderr == "warning: standard input was not encrypted: nothing removed, written as it is\n", done
