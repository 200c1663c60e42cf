"""Info dictionary values that are not strings (numbers, names, arrays, dictionaries, streams) read as PDF
values, never as Python's repr of pikepdf objects, in `info`, `metadata show` and their JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from broken_pdfs import one_page

from pdftools.ops.info import info
from pdftools.ops.metadata import metadata

INFO = (b"<< /Title 42 /Author [(Ann) (Bob) 2] /Subject /Name /Custom << /a 1 /b (x) >> /Blob 7 0 R "
        b"/Producer (plain) >>")


def odd_info(tmp_path: Path) -> Path:
    data = one_page(objects={6: INFO, 7: b"<< /Length 3 >>\nstream\nxyz\nendstream"})
    path = tmp_path / "odd-info.pdf"
    path.write_bytes(data.replace(b"/Root 1 0 R >>", b"/Root 1 0 R /Info 6 0 R >>"))
    return path


EXPECTED = {"Title": "42", "Author": "[ (Ann) (Bob) 2 ]", "Subject": "/Name", "Custom": "<< /a 1 /b (x) >>",
            "Blob": "7 0 R", "Producer": "plain"}


def test_info_and_metadata_give_pdf_values_not_python_reprs(tmp_path: Path) -> None:
    path = odd_info(tmp_path)
    assert info(str(path)).metadata == EXPECTED
    assert metadata("show", str(path)).info == EXPECTED


def test_cli_json_and_table_show_no_python_repr(tmp_path: Path, cli: Callable[..., Any]) -> None:
    path = odd_info(tmp_path)
    shown = cli("info", path, "--json")
    assert shown.exit_code == 0 and json.loads(shown.stdout)["metadata"] == EXPECTED
    table = cli("metadata", "show", path)
    assert table.exit_code == 0 and "Author: [ (Ann) (Bob) 2 ]" in table.stdout
    assert "pikepdf" not in table.stdout + shown.stdout
