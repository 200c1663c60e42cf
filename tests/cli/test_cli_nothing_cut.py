"""Issue 12 item 2: nothing is cut without saying so. `--json` lists everything unless the user gave a limit
(and then says there is more and how to get it); piped output prints whole lines and every row."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pikepdf
import pytest

LONG_NAME = "a-rather-long-file-name-that-would-not-fit-in-eighty-columns-beside-its-size-and-title-0000"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    base = tmp_path / "many"
    base.mkdir()
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.save(base / "seed.pdf")
    for i in range(230):
        shutil.copy(base / "seed.pdf", base / f"{LONG_NAME[:-4]}{i:04}.pdf")
    (base / "seed.pdf").unlink()
    return base


def test_ls_json_lists_every_file(cli: Callable[..., Any], folder: Path) -> None:
    data = json.loads(cli("ls", folder, "--json").stdout)
    assert len(data["files"]) == data["total"] == 230 and data["more"] is False


def test_ls_with_a_limit_says_there_is_more_and_how(cli: Callable[..., Any], folder: Path) -> None:
    data = json.loads(cli("ls", folder, "--limit", "10", "--json").stdout)
    assert len(data["files"]) == 10 and data["more"] is True and data["total"] == 230
    assert "230" in data["next"], data


def test_ls_piped_prints_whole_lines_and_every_row(cli: Callable[..., Any], folder: Path) -> None:
    out = cli("ls", folder).stdout
    assert "…" not in out
    assert sum(LONG_NAME[:-4] in line for line in out.splitlines()) == 230
    assert f"{LONG_NAME[:-4]}0229.pdf" in out


def test_info_all_pages_piped_shows_every_page(cli: Callable[..., Any], tmp_path: Path) -> None:
    pdf = pikepdf.new()
    for _ in range(60):
        pdf.add_blank_page()
    pdf.save(tmp_path / "sixty.pdf")
    out = cli("info", tmp_path / "sixty.pdf", "--pages", "all").stdout
    rows = [line for line in out.splitlines()  # page details' rows (page sizes has one too: `612 │ 792 │ 0 │ 60`)
            if line.split("│")[0].strip().isdigit() and len(line.split("│")) == 6]
    assert len(rows) == 60 and "more" not in out


def test_doctor_never_cuts_its_install_commands(cli: Callable[..., Any]) -> None:
    result = cli("doctor", env={"PATH": "/nonexistent"})  # nothing found: every install command is shown
    data = json.loads(cli("doctor", "--json", env={"PATH": "/nonexistent"}).stdout)
    commands = [c["install"] for c in data["checks"] if c.get("install")]
    assert commands
    flat = " ".join(result.stdout.split())
    for command in commands:
        assert " ".join(command.split()) in flat
    assert "…" not in result.stdout
