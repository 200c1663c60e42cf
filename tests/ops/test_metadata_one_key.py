"""`metadata show FILE --key Title` prints that key's value, alone, as the README says ("at a shell `metadata show
--key Title` prints one key's value") and as `info --show-npages` prints the count: it printed the table
(`input  a.pdf`, `info  Title: ...`), so `title=$(pdftools metadata show a.pdf --key Title)` held both lines.
An XMP list (`dc:subject`) is an item a line; --json is the result, as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pikepdf
from conftest import CORPUS


def _titled(path: Path) -> Path:
    with pikepdf.open(CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf") as pdf:
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
            xmp["dc:subject"] = ["finance", "yearly"]
        pdf.docinfo["/Title"] = "Annual report: 2024"
        pdf.save(path)
    return path


def test_one_key_prints_its_value_alone(cli: Any, tmp_path: Path) -> None:
    pdf = _titled(tmp_path / "t.pdf")
    done = cli("metadata", "show", pdf, "--key", "Title")
    assert (done.exit_code, done.stdout) == (0, "Annual report: 2024\n"), done
    listed = cli("metadata", "show", pdf, "--key", "dc:subject")
    assert (listed.exit_code, listed.stdout) == (0, "finance\nyearly\n"), listed
    data = json.loads(cli("metadata", "show", pdf, "--key", "Title", "--json").stdout)
    assert data["info"] == {"Title": "Annual report: 2024"} and data["input"] == str(pdf), data
    whole = cli("metadata", "show", pdf)  # without --key: the table, as before
    assert whole.stdout.startswith("input") and "Title: Annual report: 2024" in whole.stdout, whole
