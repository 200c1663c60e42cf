"""`pdf_extract_text` with `format: words` counted each word's printed line against `max_chars` (some 45
characters), while its JSON record is about 110: the default budget of 40,000 made 109 kB of structured content,
which some clients give the model instead of the text (Claude Code keeps 25k tokens of a result). A word costs
its record now, so both forms keep to the budget. Through a real stdio server."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_words_and_lines_keep_the_budget_in_the_structured_content_too(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_extract_text", {"input": "four.pdf", "format": unit,
                                                                "max_chars": 5_000}) for unit in ("words", "lines")]

    for result in anyio.run(go):
        data = result.structured_content
        assert not result.is_error and data["truncated"], result.content[0].text[:300]
        boxes = json.dumps(data["boxes"], ensure_ascii=False, separators=(",", ":"))
        assert data["chars"] <= 5_000 and len(boxes) <= 5_000, (data["chars"], len(boxes))
        assert len(result.content[0].text) <= 5_000 + 100, len(result.content[0].text)  # and the note of the cut
