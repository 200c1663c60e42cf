"""What only the command line's output means stays out of what an agent sees: `pdf_batch`'s `rows_streamed`
(how `--json` delivered the rows: always false over MCP) and `pdf_search`'s `listing` (`-l`/`-L`, which no
tool argument sets: always null). Neither in the output schema nor in the result, through a real
`pdftools serve` over stdio; `--json` at a shell keeps `rows_streamed`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
CLI_ONLY = {"pdf_batch": "rows_streamed", "pdf_search": "listing"}


def test_cli_only_fields_are_neither_listed_nor_returned(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            tools = {t.name: t.output_schema for t in (await client.list_tools()).tools}
            results = {"pdf_batch": await client.call_tool("pdf_batch", {
                           "command": "info", "inputs": ["four.pdf"], "out_dir": "out"}),
                       "pdf_search": await client.call_tool("pdf_search", {"pattern": "Lorem|a",
                                                                           "inputs": ["four.pdf"]})}
            return tools, results

    tools, results = anyio.run(go)
    for tool, field in CLI_ONLY.items():
        properties = tools[tool]["properties"]
        assert field not in properties, (tool, sorted(properties))
        result = results[tool]
        assert not result.is_error, result.content
        data = result.structured_content
        assert field not in data and set(data) <= set(properties), (tool, sorted(data))
        assert field not in json.loads(result.content[0].text) if tool == "pdf_batch" else True


def test_batch_json_at_a_shell_keeps_rows_streamed(cli: Any, tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    result = cli("batch", "info", tmp_path / "four.pdf", "-d", tmp_path / "out", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stderr)["rows_streamed"] is True
