"""`split` gave each part's path and pages, not its size: after `split --size 10MB` a person (and a script) could
not see how large each part came out without `ls -l`. Each part now carries `bytes`, the size of the file written,
in every mode (every page, --every, --ranges, --bookmarks, --size): in the result, `--json`, MCP's structured
content, and the table's `bytes` column (`24.6 kB`, as every count of bytes is shown)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS

from pdftools.ops.split import split

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
OUTLINE = CORPUS / "006-pdflatex-outline" / "pdflatex-outline.pdf"

MODES = {"each page": (FOUR, []), "every": (FOUR, ["--every", "3"]), "ranges": (FOUR, ["--ranges", "1-2,4"]),
         "bookmarks": (OUTLINE, ["--bookmarks"]), "size": (FOUR, ["--size", "40k"])}


@pytest.mark.parametrize("mode", MODES)
def test_each_part_says_its_bytes_in_every_mode(cli: Any, tmp_path: Path, mode: str) -> None:
    source, args = MODES[mode]
    done = cli("split", source, *args, "-d", tmp_path / "parts", "--json")
    assert done.exit_code == 0, done
    parts = json.loads(done.stdout)["parts"]
    assert parts and all(part["bytes"] == Path(part["path"]).stat().st_size > 0 for part in parts), parts


def test_the_table_shows_a_bytes_column(cli: Any, tmp_path: Path) -> None:
    done = cli("split", FOUR, "--every", "2", "-d", tmp_path / "parts")
    assert done.exit_code == 0, done
    lines = done.stdout.splitlines()
    header = next(line for line in lines if "start" in line.split())
    assert "bytes" in header.split(), done.stdout
    first = Path(next(tmp_path.glob("parts/*-001-002.pdf"))).stat().st_size
    assert f"{first / 1000:.1f} kB" in done.stdout, (first, done.stdout)


def test_the_op_result_has_the_bytes(tmp_path: Path) -> None:
    result = split(str(FOUR), out_dir=str(tmp_path), ranges="1,2-4")
    assert [(p.pages, p.bytes) for p in result.parts] == [(p.pages, Path(p.path).stat().st_size) for p in result.parts]
