"""`search -r` over a folder that holds no PDF (or none `--include` lets through), as grep -r and pdfgrep -r: it
gives nothing to search, and is no error. It was NO_INPUTS: `pdfgrep -r PAT ~/docs ~/scans` exited 2 when one
held no PDF, however much the other matched, and `search -r PAT empty/` exited 3 where pdfgrep says 1 (nothing
matched). A warning on stderr says so (not with -q); without -r a folder is read at its top only, and one with no
PDF is still NO_INPUTS (pdfgrep: `is a directory`, exit 2). Over MCP, a note, not a skipped input."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client
from pdfgrep_peer import PDFTOOLS, pdfgrep, run

from pdftools.mcp.server import build_server

COLUMNS = CORPUS / "026-latex-multicolumn" / "multicolumn.pdf"


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "empty" / "deeper").mkdir(parents=True)
    (tmp_path / "empty" / "deeper" / "notes.txt").write_text("ipsum\n")
    (tmp_path / "docs").mkdir()
    shutil.copy(COLUMNS, tmp_path / "docs" / "columns.pdf")
    return tmp_path


@pytest.mark.parametrize(("options", "inputs", "code"), [
    (["-r", "-c"], ["empty", "docs"], 0),
    (["-r", "-n"], ["docs", "empty"], 0),
    (["-r"], ["empty"], 1),
    (["-R", "-c"], ["empty"], 1),
    (["-r", "-c", "--exclude", "*.pdf"], ["docs"], 1),
    (["-r", "-c", "--include", "*.PDF"], ["docs", "empty"], 1),
])
def test_a_folder_without_pdfs_searched_recursively_is_no_error(work: Path, options: list[str], inputs: list[str],
                                                                 code: int) -> None:
    ours = run(PDFTOOLS, "search", *options, "ipsum", *(work / name for name in inputs))
    theirs = run(pdfgrep(), *options, "ipsum", *(work / name for name in inputs))
    assert (ours.stdout, ours.returncode) == (theirs.stdout, theirs.returncode) == (theirs.stdout, code), ours
    assert theirs.stderr == b"", theirs
    assert ours.stderr.startswith(b"warning: no PDFs in the folder "), ours
    assert b"error" not in ours.stderr, ours
    quiet = run(PDFTOOLS, "search", *options, "-q", "ipsum", *(work / name for name in inputs))
    assert (quiet.stdout, quiet.stderr, quiet.returncode) == (b"", b"", code), quiet


def test_without_recursion_a_folder_without_pdfs_is_still_refused(work: Path) -> None:
    inputs = (work / "empty", work / "docs" / "columns.pdf")
    ours = run(PDFTOOLS, "search", "-c", "ipsum", *inputs)
    assert ours.returncode == 2 == run(pdfgrep(), "-c", "ipsum", *inputs).returncode
    assert b"error[NO_INPUTS]: no PDFs in the folder" in ours.stderr, ours


def test_mcp_notes_a_folder_without_pdfs(work: Path) -> None:
    async def go(inputs: list[str]) -> Any:
        async with Client(build_server([work])) as client:
            return await client.call_tool("pdf_search", {"pattern": "ipsum", "inputs": inputs, "recursive": True,
                                                         "count": True})

    both, alone = anyio.run(go, ["empty", "docs"]), anyio.run(go, ["empty"])
    for result, matches in ((both, 8), (alone, 0)):
        assert not result.is_error, result.content
        assert result.structured_content["skipped"] == [] and result.structured_content["matches"] == matches
        said = "\n".join(block.text for block in result.content)
        assert "warning: no PDFs in the folder empty" in said, said
    assert "no match" in alone.content[0].text and json.dumps(alone.structured_content).count("empty") == 0
