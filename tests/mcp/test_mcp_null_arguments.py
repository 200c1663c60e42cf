"""`null` for an optional argument is that argument left out: its default. Clients that make every argument
required and nullable (OpenAI's strict function calling, and the adapters that rewrite schemas for it) send
`null` for each one the model did not set. Two things went wrong: `max_chars: null` (and `limit: null`) lifted
the budget, so `pdf_extract_text` of a 117-page book came back whole (146,821 characters, and as much again in
its structured content) and `pdf_search` 318,214 characters of lines; and 147 optional arguments (`force`,
`in_place`, `mode`, `out_dir`...) refused it (`force cannot be null: it takes true or false`), so such a client
could not call pdf_rotate at all. A required argument given as `null` is still refused. Found as an agent, over a
real `pdftools serve` on stdio with the official client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

BOOK = CORPUS / "009-pdflatex-geotopo" / "GeoTopo-komprimiert.pdf"  # 117 pages of text
FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_null_budgets_are_the_default_budgets(tmp_path: Path) -> None:
    shutil.copy(BOOK, tmp_path / "book.pdf")
    (tmp_path / "many").mkdir()
    for n in range(201):
        shutil.copy(FOUR, tmp_path / "many" / f"{n:03}.pdf")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_extract_text", {"input": "book.pdf", "max_chars": None}),
        ("pdf_search", {"pattern": "e", "inputs": ["book.pdf"], "max_chars": None}),
        ("pdf_list", {"folder": "many", "limit": None}),
    ]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool(tool, args) for tool, args in calls]

    text, search, listed = (result.structured_content for result in anyio.run(go))
    assert text["truncated"] and text["chars"] <= 40_000 and text["next_page"], text["chars"]
    assert search["truncated"] and sum(len(hit["text"]) for hit in search["hits"]) <= 20_000
    assert (len(listed["files"]), listed["total"], listed["more"]) == (200, 201, True)


def test_every_optional_argument_takes_null(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    given = {"input": "four.pdf", "inputs": ["four.pdf"], "action": "list", "pages": "1", "mode": "reverse",
             "paper": "a4", "pattern": "x", "command": "info", "out_dir": "out", "source": "four.pdf"}

    async def go() -> list[tuple[str, Any]]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            said = []
            for tool in (await client.list_tools()).tools:
                required = tool.input_schema.get("required", [])
                args = {name: given[name] if name in required else None for name in tool.input_schema["properties"]}
                said.append((tool.name, await client.call_tool(tool.name, args)))
            return said

    refused = {tool: result.content[0].text for tool, result in anyio.run(go)
               if result.is_error and "null" in result.content[0].text}
    assert not refused, refused


def test_a_required_argument_is_not_null(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> Any:
        async with stdio_client(tmp_path) as client:
            return await client.call_tool("pdf_select_pages", {"input": "four.pdf", "pages": None})

    result = anyio.run(go)
    error = json.loads(result.content[0].text)
    assert result.is_error and error["code"] == "INVALID_ARGUMENT", error
    assert error["message"].startswith("pages cannot be null"), error
