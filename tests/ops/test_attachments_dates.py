"""`attachments add --creation-date / --mod-date` (qpdf's `--creationdate` / `--moddate` spellings too): the dates
an attached file declares, which were always the file's modification time. qpdf reads them back
(`--list-attachments --verbose`), written as qpdf writes the same dates given to its own `--add-attachment`."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import readback as rb

pytestmark = pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")

MTIME = 1709619300  # 2024-03-05 06:15:00 UTC


@pytest.fixture
def xml(tmp_path: Path) -> Path:
    path = tmp_path / "factur-x.xml"
    path.write_text('<?xml version="1.0"?><Invoice/>\n')
    os.utime(path, (MTIME, MTIME))
    return path


def dates(path: Path) -> list[tuple[str, str]]:
    """The (creation, modification) dates qpdf lists for each data stream of each attachment."""
    shown = subprocess.run(["qpdf", "--list-attachments", "--verbose", str(path)], capture_output=True, text=True,
                           check=True).stdout
    return re.findall(r"creation date: (\S*)\n\s*modification date: (\S*)", shown)


def test_the_dates_given_read_back_as_qpdf_writes_them(cli: Callable[..., Any], xml: Path, tmp_path: Path) -> None:
    out, theirs = tmp_path / "out.pdf", tmp_path / "qpdf.pdf"
    result = cli("attachments", "add", rb.FOUR, xml, "--creation-date", "2024-01-02T03:04:05+01:00",
                 "--mod-date", "D:20240305061500Z", "-o", out, "--json")
    assert result.exit_code == 0, result.stderr
    subprocess.run(["qpdf", rb.FOUR, "--add-attachment", xml, "--creationdate=D:20240102030405+01'00'",
                    "--moddate=D:20240305061500Z", "--", theirs], check=True)
    assert dates(out) and set(dates(out)) == set(dates(theirs)) == {("D:20240102030405+01'00'", "D:20240305061500Z")}
    added = json.loads(result.stdout)["attachments"][0]
    assert (added["creation_date"], added["mod_date"]) == ("2024-01-02T03:04:05+01:00", "2024-03-05T06:15:00+00:00")


def test_qpdf_s_spellings_and_a_date_without_a_zone(cli: Callable[..., Any], xml: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.pdf"
    result = cli("attachments", "add", rb.FOUR, xml, "--creationdate", "2023-12-31", "-o", out)
    assert result.exit_code == 0, result.stderr
    assert set(dates(out)) == {("D:20231231000000Z", "D:20240305061500Z")}  # UTC; the other: the file's time


@pytest.mark.parametrize("value", ["yesterday", "2024-13-01", "D:2024139"])
def test_a_date_that_is_not_one_is_refused(cli: Callable[..., Any], xml: Path, tmp_path: Path, value: str) -> None:
    result = cli("attachments", "add", rb.FOUR, xml, "--mod-date", value, "-o", tmp_path / "out.pdf")
    assert result.exit_code == 2 and result.stdout == "", result.stderr
    assert "--mod-date" in result.stderr and "2024-05-31" in result.stderr and "D:" in result.stderr
    assert not (tmp_path / "out.pdf").exists()


def test_only_add_takes_dates(cli: Callable[..., Any]) -> None:
    result = cli("attachments", "list", rb.FOUR, "--creation-date", "2024-01-01")
    assert result.exit_code == 2 and "--creation-date" in result.stderr
