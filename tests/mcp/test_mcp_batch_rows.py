"""A batch over a big folder returned one row per file to the agent: 300 files made an 80 kB result (text and
structured content alike), thousands of files more than a client takes in one result (Claude Code keeps 25k
tokens). Over MCP the rows are capped, the failed first (what the agent must act on); `rows_omitted` says how
many are left out, and the counts still cover every file. Through a real stdio server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_ROWS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
FILES = MOST_ROWS + 30


def _pdfs(folder: Path, count: int) -> None:
    folder.mkdir()
    for i in range(count):
        shutil.copy(FOUR, folder / f"doc-{i:04}.pdf")


def _batch(root: Path, inputs: list[str]) -> tuple[dict, int]:
    async def go() -> tuple[dict, int]:
        async with stdio_client(root) as client:
            result = await client.call_tool("pdf_batch", {"command": "rotate", "inputs": inputs, "out_dir": "out",
                                                          "options": {"angle": 90}})
            assert not result.is_error, result.content[0].text
            return result.structured_content, len(result.content[0].text)

    return anyio.run(go)


def test_a_big_batch_lists_the_failed_rows_first_and_says_how_many_it_left_out(tmp_path: Path) -> None:
    _pdfs(tmp_path / "docs", FILES)
    (tmp_path / "docs" / "zz-broken.pdf").write_bytes(b"%PDF-1.7\nnot a pdf")  # sorts last: listed first anyway
    data, text_size = _batch(tmp_path, ["docs"])
    assert (data["total"], data["succeeded"], data["failed"]) == (FILES + 1, FILES, 1), data
    rows = data["rows"]
    assert len(rows) == MOST_ROWS and data["rows_omitted"] == FILES + 1 - MOST_ROWS, (len(rows), data)
    assert rows[0]["status"] == "failed" and rows[0]["input"].endswith("zz-broken.pdf"), rows[0]
    assert all(row["status"] == "ok" for row in rows[1:])
    assert len(list((tmp_path / "out").glob("*.pdf"))) == FILES  # every file was done, listed or not
    assert text_size < 30_000 and len(json.dumps(data)) < 30_000, (text_size, len(json.dumps(data)))


def test_a_small_batch_lists_every_row(tmp_path: Path) -> None:
    _pdfs(tmp_path / "docs", 3)
    data, _ = _batch(tmp_path, ["docs"])
    assert len(data["rows"]) == 3 and data["rows_omitted"] == 0, data
