"""Inputs as people write them (pdftools/core/inputs.py): a path that exists is taken as it is written, before
any glob; files whose names hold `[`, `*` or `?` are found by `search` and `merge` at a shell and over MCP."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pikepdf
import pytest
from mcp import Client

from pdftools.core.inputs import expand
from pdftools.mcp.server import build_server

NAMES = ["br[ac]ket.pdf", "star*.pdf", "what?.pdf"]


def _pages(path: Path, count: int) -> Path:
    pdf = pikepdf.new()
    for _ in range(count):
        pdf.add_blank_page(page_size=(100, 100))
    pdf.save(path)
    return path


@pytest.mark.parametrize("name", NAMES)
def test_an_existing_name_is_taken_literally_even_when_a_glob_matches_others(tmp_path: Path, name: str) -> None:
    literal = _pages(tmp_path / name, 1)
    decoy = _pages(tmp_path / "braket.pdf", 2)  # what `br[ac]ket.pdf` (and `star*`/`what?`...) would glob to
    shutil.copy(decoy, tmp_path / "starry.pdf")
    shutil.copy(decoy, tmp_path / "what!.pdf")
    assert expand(str(literal)) == [literal]
    assert literal in expand(str(tmp_path / "*.pdf")) and decoy in expand(str(tmp_path / "*.pdf"))  # still a glob


def test_search_and_merge_find_bracketed_names(cli: Callable[..., Any], sample: Path, tmp_path: Path) -> None:
    shutil.copy(sample, tmp_path / "br[ac]ket.pdf")
    _pages(tmp_path / "braket.pdf", 1)  # a glob's match that must not be searched instead
    found = cli("search", "-c", "e", "br[ac]ket.pdf")
    assert found.exit_code == 0 and int(found.stdout) > 0, found
    pages = cli("search", "-c", "e", "br[ac]ket.pdf:1")
    assert pages.exit_code == 0 and 0 < int(pages.stdout) < int(found.stdout), pages
    merged = cli("merge", "br[ac]ket.pdf", "braket.pdf", "-o", "out.pdf")
    assert merged.exit_code == 0, merged
    with pikepdf.open(tmp_path / "out.pdf") as pdf:
        assert len(pdf.pages) == 4 + 1


def test_mcp_search_finds_a_bracketed_name(sample: Path, tmp_path: Path) -> None:
    shutil.copy(sample, tmp_path / "br[ac]ket.pdf")
    _pages(tmp_path / "braket.pdf", 1)

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_search", {"pattern": "e", "inputs": ["br[ac]ket.pdf"]})

    result = anyio.run(go)
    assert not result.is_error, result
    assert [Path(f["path"]).name for f in result.structured_content["files"]] == ["br[ac]ket.pdf"]
