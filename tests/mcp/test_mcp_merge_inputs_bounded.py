"""pdf_merge listed every input with its page count: 600 files merged by a glob made 31 kB of text and 34 kB of
structured content (6,000: ~330 kB), past what a client keeps of a result. The first MOST_ROWS are listed, with a
warning saying how many there were; the output holds them all. Found merging a folder as an agent over stdio;
the real server, the SDK's client."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client

from pdftools.mcp.results import MOST_ROWS


def test_a_merge_of_many_inputs_lists_the_first_and_counts_them_all(tmp_path: Path) -> None:
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        for index in range(MOST_ROWS + 10):
            pdf.save(tmp_path / f"part-{index:03}.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_merge", {"inputs": ["part-*.pdf"], "output": "all.pdf"}),
                    await client.call_tool("pdf_merge", {"inputs": ["part-00*.pdf"], "output": "some.pdf"})]

    many, few = anyio.run(go)
    data = many.structured_content
    assert not many.is_error and data["pages"] == MOST_ROWS + 10, many.content[0].text[:300]
    assert [i["path"] for i in data["inputs"]] == [f"{tmp_path}/part-{i:03}.pdf" for i in range(MOST_ROWS)]
    assert data["warnings"] == [f"inputs: {MOST_ROWS} of {MOST_ROWS + 10} listed (to part-{MOST_ROWS - 1:03}.pdf); "
                                f"the output holds the pages of all {MOST_ROWS + 10}"], data["warnings"]
    assert len(few.structured_content["inputs"]) == 10 and few.structured_content["warnings"] == []
