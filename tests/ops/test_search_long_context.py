"""`search -C/-A/-B` past 20 lines, as pdfgrep takes any number: `pdfgrep -A 30 Total *.pdf` (a table after its
heading) was refused with `--after-context must be less than or equal to 20`, exit 2. The same lines as pdfgrep's
on corpus files (but pdfgrep's own text shows a page's closing form feed as a context line: left out of its side).
An MCP call's context is bounded by its `max_chars`, as each hit's lines count in it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client
from pdfgrep_peer import PDFTOOLS, pdfgrep, run

from pdftools.mcp.server import build_server

FILES = [CORPUS / rel for rel in ("026-latex-multicolumn/multicolumn.pdf", "004-pdflatex-4-pages/pdflatex-4-pages.pdf",
                                  "002-trivial-libre-office-writer/002-trivial-libre-office-writer.pdf")]


@pytest.mark.parametrize("options", [["-C", "30"], ["-A", "25", "-n"], ["-B", "40"], ["-C", "21", "-n", "-H"],
                                     ["--context=100", "-c"]])
def test_context_past_twenty_lines_as_pdfgrep(options: list[str]) -> None:
    ours, theirs = run(PDFTOOLS, "search", *options, "ipsum", *FILES), run(pdfgrep(), *options, "ipsum", *FILES)
    assert (ours.returncode, ours.stderr) == (theirs.returncode, b""), ours
    pages_end = [line for line in theirs.stdout.splitlines() if not line.endswith(b"\x0c")]
    assert ours.stdout.splitlines() == pages_end, options
    assert len(pages_end) > 40 or "-c" in options


def test_mcp_context_past_twenty_lines_stays_in_its_budget(tmp_path: Path) -> None:
    """Over MCP `context` had a maximum of 20 in its schema; the budget bounds what a call returns instead (its
    first hit, whatever its size, then those that fit)."""
    shutil.copy(FILES[0], tmp_path / "columns.pdf")

    async def go() -> Any:
        async with Client(build_server([tmp_path])) as client:
            return await client.call_tool("pdf_search", {"pattern": "ipsum", "inputs": ["columns.pdf"],
                                                         "context": 30, "max_chars": 30_000})

    result = anyio.run(go)
    assert not result.is_error, result.content
    data = result.structured_content
    assert data["truncated"] and data["next_file"], data
    hits = data["hits"]
    assert len(hits[0]["after"]) > 20 or len(hits[0]["before"]) > 20, hits[0]
    cost = sum(len(h["path"]) + len(str(h["page"])) + 2 + len(line) + 1  # as the budget counts a hit's lines
               for h in hits for line in (*h["before"], h["text"], *h["after"]))
    assert len(hits) >= 2 and cost <= 30_000, (len(hits), cost)
