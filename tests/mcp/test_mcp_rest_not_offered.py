"""A result cut to fit names the call that gets the rest, and that call may be to a tool the server was started
without (`--tools read` serves pdf_info and pdf_list, not pdf_metadata or pdf_bookmarks, which their cuts name).
The warning then says so, rather than send an agent to a call it cannot make; with every tool served it says
nothing of it. Over a real `pdftools serve` on stdio, with the official client."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import extreme_pdfs as extreme
from surface_servers import stdio_client

NOT_OFFERED = "not offered by this server"


def _warnings(root: Path, tools: str) -> list[str]:
    async def go() -> list[Any]:
        async with stdio_client(root, "--tools", tools) as client:
            return [await client.call_tool(name, args) for name, args in
                    (("pdf_info", {"input": "meta.pdf"}), ("pdf_info", {"input": "outline.pdf"}),
                     ("pdf_list", {}))]

    results = anyio.run(go)
    assert not any(result.is_error for result in results), results
    return [warning for result in results for warning in result.structured_content["warnings"]]


def test_a_cut_that_names_a_tool_not_served_says_so(tmp_path: Path) -> None:
    extreme.metadata(tmp_path / "meta.pdf")
    extreme.outline(tmp_path / "outline.pdf", 2_000)
    narrow, every = _warnings(tmp_path, "read"), _warnings(tmp_path, "all")
    named = [w for w in narrow if "pdf_metadata" in w or "pdf_bookmarks" in w]
    assert len(named) >= 4 and all(NOT_OFFERED in w for w in named), narrow  # values, keys, outline, titles
    assert every and not any(NOT_OFFERED in w for w in every), every
