"""A result read by a person shows what applies: `unprotect` printed `signatures disabled 0` without
--remove-restrictions, `compress` `unchanged no` (it applies to a pipe only), `check` `more problems 0`, `convert`
`truncated no` without --max-chars, `ocr` `already text no`, and `rotate --flatten` `angle 0` with no --angle. Each
is a flag, count or value of something not asked for, or that did not happen; --json keeps every field."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
IMAGE = CORPUS / "003-pdflatex-image" / "pdflatex-image.pdf"
ODT = CORPUS / "002-trivial-libre-office-writer" / "source.odt"
DAMAGED = CORPUS / "017-unreadable-meta-data" / "unreadablemetadata.pdf"


def _rows(stdout: str) -> dict[str, str]:
    return {line.split("  ", 1)[0]: line.split("  ", 1)[-1].strip() for line in stdout.splitlines()
            if line and not line.startswith(" ")}


def _locked(cli: Callable[..., Any], tmp_path: Path) -> Path:
    done = cli("protect", FOUR, "-o", tmp_path / "locked.pdf", env={"PDFTOOLS_NEW_PASSWORD": "pw"})
    assert done.exit_code == 0, done
    return tmp_path / "locked.pdf"


CASES = {
    "unprotect": (lambda cli, tmp: ["unprotect", _locked(cli, tmp), "--password", "pw", "-o", tmp / "u.pdf"],
                  "signatures disabled", "signatures_disabled", 0),
    "compress": (lambda cli, tmp: ["compress", FOUR, "-o", tmp / "c.pdf"], "unchanged", "unchanged", False),
    "check": (lambda cli, tmp: ["check", FOUR], "more problems", "more_problems", 0),
    "convert": (lambda cli, tmp: ["convert", ODT, "-t", "markdown"], "truncated", "truncated", False),
    "ocr": (lambda cli, tmp: ["ocr", IMAGE, "-o", tmp / "o.pdf", "--force-ocr", "--pages", "1"], "already text",
            "already_text", False),
    "rotate": (lambda cli, tmp: ["rotate", FOUR, "--flatten", "-o", tmp / "r.pdf"], "angle", "angle", 0),
    # a file qpdf cannot read: poppler's pdfinfo counts neither images nor form fields, so 0 would be a guess
    "info images": (lambda cli, tmp: ["info", DAMAGED], "images", "images", 0),
    "info fields": (lambda cli, tmp: ["info", DAMAGED], "form fields", "form_fields", 0),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_field_that_does_not_apply_is_not_shown(case: str, cli: Callable[..., Any], tmp_path: Path) -> None:
    argv, label, key, value = CASES[case]
    args = argv(cli, tmp_path)
    shown = cli(*args)
    assert shown.exit_code == 0, shown
    rows = _rows(shown.stderr if case == "convert" else shown.stdout)  # (convert's report: its text is the data)
    assert rows and label not in rows, shown.stdout
    for output in tmp_path.glob("[curo].pdf"):
        output.unlink()
    data = cli(*args, "--json")
    assert data.exit_code == 0, data
    assert json.loads(data.stdout)[key] == value, data.stdout  # the contract keeps it


def test_what_was_asked_for_is_shown_even_when_nothing_came_of_it(cli: Callable[..., Any], tmp_path: Path) -> None:
    """--remove-restrictions on a file with no signature: `signatures disabled 0` answers the question asked."""
    done = cli("unprotect", _locked(cli, tmp_path), "--password", "pw", "--remove-restrictions", "-o",
               tmp_path / "u.pdf")
    assert done.exit_code == 0, done
    assert _rows(done.stdout).get("signatures disabled") == "0", done.stdout


def test_a_rotation_shows_its_angle(cli: Callable[..., Any], tmp_path: Path) -> None:
    done = cli("rotate", FOUR, "-a", "90", "--flatten", "-o", tmp_path / "r.pdf")
    assert done.exit_code == 0 and _rows(done.stdout).get("angle") == "90", done.stdout


def test_ls_says_how_to_list_the_rest_in_its_own_option(cli: Callable[..., Any]) -> None:
    """`ls --limit 2` ended `more yes` and `next 2 of 31 listed: ask again with a limit of 31`: the option is
    --limit, and `more yes` said again what `next` says."""
    done = cli("ls", CORPUS, "-r", "--limit", "2")
    assert done.exit_code == 0, done
    rows = _rows(done.stdout)
    assert "more" not in rows and rows["next"].endswith("ask again with --limit " + rows["total"]), done.stdout
    assert json.loads(cli("ls", CORPUS, "-r", "--limit", "2", "--json").stdout)["more"] is True


def test_attachments_add_says_how_many_the_pdf_now_has(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`attachments add` printed `remaining 1` under `added`: nothing was removed; the PDF has 1 attachment now."""
    done = cli("attachments", "add", FOUR, IMAGE, "-o", tmp_path / "a.pdf")
    assert done.exit_code == 0, done
    rows = _rows(done.stdout)
    assert "remaining" not in rows and rows.get("attachments now") == "1", done.stdout
    gone = cli("attachments", "remove", tmp_path / "a.pdf", "--name", IMAGE.name, "-o", tmp_path / "b.pdf")
    assert gone.exit_code == 0 and _rows(gone.stdout).get("remaining") == "0", gone.stdout


def test_stamp_says_what_first_is(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`stamp` printed `first  Page 1 of 4`: the first what? The text as stamped on the first page stamped."""
    done = cli("stamp", FOUR, "--text", "Page {page} of {pages}", "--pages", "2-", "-o", tmp_path / "s.pdf")
    assert done.exit_code == 0, done
    rows = _rows(done.stdout)
    assert "first" not in rows and rows.get("first stamp") == "Page 2 of 4", done.stdout


def test_a_flatten_that_found_nothing_to_flatten_says_so(cli: Callable[..., Any], tmp_path: Path) -> None:
    """`rotate --flatten` of upright pages printed nothing of the flattening asked for (`flattened` empty, so not
    shown): a warning says no page had a rotation to flatten, as `images` says it found none."""
    done = cli("rotate", FOUR, "--flatten", "-o", tmp_path / "r.pdf")
    assert done.exit_code == 0, done
    assert "warning:" in done.stderr and "flatten" in done.stderr, done.stderr
    turned = cli("rotate", FOUR, "-a", "90", "--flatten", "-o", tmp_path / "t.pdf")
    assert turned.exit_code == 0 and "warning:" not in turned.stderr, turned.stderr
    quiet = cli("rotate", FOUR, "--flatten", "-o", tmp_path / "q.pdf", "-q")
    assert quiet.exit_code == 0 and quiet.stderr == "", quiet.stderr
