"""`pdf_rename_invoice` returned every file's row with each field's value, confidence, source and `how`: ~760 bytes
of text and as much structured content per file, so 125 invoices gave ~95 kB of each, and 200 past what a client
keeps of a result (~25k tokens). Over MCP a big plan now lists the files that keep their name first (what an
agent must show before `apply`), with their fields in full for the first MOST_DETAILED rows; the others' fields are
left out (a new name shows them); at most MOST_ROWS rows, a warning saying so and how to see the others. A small
plan is whole and in order. A real stdio server and the official client; invoices made by tests/invoices."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import anyio
from invoices.generate import make_spec, write
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_DETAILED, MOST_ROWS

BUDGET = 40_000  # bytes of text, or of structured content: ~10k tokens, well within the ~25k a client keeps
READ = 30  # invoices read from their pages (fields at 0.75-0.97): skipped at a threshold of 0.99
EXACT = 95  # invoices with a Factur-X XML (fields at 1.0): planned


def _invoices(folder: Path) -> None:
    rng = random.Random(4)
    for i in range(READ + EXACT):
        spec = make_spec(rng, i)
        write(spec, folder, "digital" if i < READ else "xml", random.Random(f"4-{spec.id}"))


def _call(root: Path, arguments: dict[str, Any]) -> Any:
    async def go() -> Any:
        async with stdio_client(root) as client:
            return await client.call_tool("pdf_rename_invoice", arguments)

    return anyio.run(go)


def _sizes(result: Any) -> tuple[int, int]:
    text = sum(len(block.text.encode()) for block in result.content if block.type == "text")
    return text, len(json.dumps(result.structured_content).encode())


def test_a_big_plan_lists_the_skipped_first_in_full_and_fits_a_client(tmp_path: Path) -> None:
    _invoices(tmp_path)
    result = _call(tmp_path, {"inputs": ["."], "threshold": 0.99})
    data = result.structured_content
    assert not result.is_error, result.content[0].text[:300]
    assert (data["skipped"], data["planned"]) == (READ, EXACT), data["warnings"]  # counts are of every file
    rows = data["files"]
    assert len(rows) == MOST_ROWS, len(rows)
    assert [row["status"] for row in rows] == ["skipped"] * READ + ["planned"] * (MOST_ROWS - READ)
    assert all(row["reason"] and "uncertain" in row["reason"] for row in rows[:READ])  # each says why
    detailed = [row for row in rows if row["fields"]]
    assert detailed == rows[:MOST_DETAILED], [row["file"] for row in detailed]
    assert all(field["how"] for row in detailed for field in row["fields"].values())
    assert all(row["new_path"] for row in rows[READ:])
    warned = " ".join(data["warnings"])
    assert f"{MOST_ROWS} of {READ + EXACT}" in warned and "`inputs`" in warned, data["warnings"]
    text, structured = _sizes(result)
    print(f"{READ + EXACT} invoices: text {text:,} bytes, structured {structured:,} bytes")
    assert text < BUDGET and structured < BUDGET, (text, structured)


def test_a_small_plan_is_whole_and_in_order(tmp_path: Path) -> None:
    rng = random.Random(5)
    names = [write(spec, tmp_path, "xml", random.Random(f"5-{spec.id}")).file
             for spec in (make_spec(rng, i) for i in range(MOST_DETAILED))]
    result = _call(tmp_path, {"inputs": names})
    data = result.structured_content
    assert [Path(row["file"]).name for row in data["files"]] == names
    assert all(len(row["fields"]) == 5 and row["new_path"] for row in data["files"]), data["files"][0]
    assert data["warnings"] == []
