"""Issue 12 item 8: JSON values, not Python. XMP under prefixed names (`dc:title`), lists as lists, absent
properties absent (never "None"); dates as ISO 8601 in JSON and for people."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest


@pytest.fixture
def described(tmp_path: Path) -> Path:
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.docinfo["/CreationDate"] = "D:20220131120000+01'00'"
    pdf.docinfo["/Title"] = "Minutes"
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
        xmp["dc:title"] = "Minutes"
        xmp["dc:creator"] = ["Ann; Bob"]
        xmp["xmp:CreateDate"] = "2022-01-31T12:00:00+01:00"
    pdf.save(tmp_path / "described.pdf")
    return tmp_path / "described.pdf"


def _check_xmp(xmp: dict[str, Any]) -> None:
    assert xmp["dc:title"] == "Minutes"
    assert xmp["dc:creator"] == ["Ann; Bob"]
    assert xmp["xmp:CreateDate"] == "2022-01-31T12:00:00+01:00"
    assert not any(k.startswith("{") for k in xmp), xmp
    assert not any(v in ("None", "[None]", "") or v is None for v in xmp.values()), xmp


@pytest.mark.parametrize("argv", [["info"], ["metadata", "show"]])
def test_json_holds_json_values(cli: Callable[..., Any], described: Path, argv: list[str]) -> None:
    result = cli(*argv, described, "--json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    _check_xmp(data["xmp"])
    info = data["metadata"] if "metadata" in data else data["info"]
    assert info["CreationDate"] == "2022-01-31T12:00:00+01:00"


@pytest.mark.parametrize("argv", [["info"], ["metadata", "show"]])
def test_people_see_iso_dates_and_plain_lists(cli: Callable[..., Any], described: Path, argv: list[str]) -> None:
    out = cli(*argv, described).stdout
    assert "2022-01-31T12:00:00+01:00" in out and "D:2022" not in out
    assert "dc:creator: Ann; Bob" in out and "['" not in out and "{http" not in out
