"""`forms list` of a PDF without form fields printed only `input  FILE`, a row a person reads as a list cut short;
`attachments list` and `images` say there are none (a note on stderr, exit 0, as pdftk's dump_data_fields prints
nothing and exits 0). `forms list` now says so too, naming the pages when --pages chose them; `--json` is the
result as before (`fields: []`), `-q` prints no note, and a form with fields prints none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import CORPUS

FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"


def test_a_list_of_no_fields_says_there_are_none(cli: Any, pdf: Path) -> None:
    done = cli("forms", "list", pdf)
    assert done.exit_code == 0, done
    assert done.stdout == f"input  {pdf}\n", done.stdout
    assert done.stderr == f"note: {pdf} has no form fields\n", done.stderr
    assert cli("forms", "list", pdf, "-q").stderr == ""
    as_json = cli("forms", "list", pdf, "--json")
    assert as_json.stderr == "" and json.loads(as_json.stdout)["fields"] == [], as_json


def test_pages_without_fields_are_named(cli: Any, tmp_path: Path) -> None:
    form = tmp_path / "form.pdf"
    form.write_bytes(FORM.read_bytes())
    assert cli("forms", "list", form, "--pages", "1").stderr == ""  # its fields are on page 1
    from pikepdf import Pdf

    with Pdf.open(form, allow_overwriting_input=True) as doc:
        doc.add_blank_page()
        doc.save(form)
    done = cli("forms", "list", form, "--pages", "2")
    assert done.exit_code == 0 and done.stderr == f"note: {form} has no form fields on pages 2\n", done
