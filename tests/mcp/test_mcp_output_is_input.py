"""An agent asked to change a file often names it as the output too (`input: report.pdf, output: report.pdf`).
The error said `pdftools never overwrites an input; choose a different output path`, and the agent wrote a copy
beside it, which the user did not ask for: the tools that can replace their input say how (`in_place`). Through
a real stdio server: the hint, then the call it leads to."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_an_output_that_is_the_input_points_to_in_place(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "report.pdf")

    async def go() -> tuple[Any, Any]:
        async with stdio_client(tmp_path) as client:
            refused = await client.call_tool("pdf_rotate", {"input": "report.pdf", "angle": 90,
                                                            "output": "report.pdf"})
            again = await client.call_tool("pdf_rotate", {"input": "report.pdf", "angle": 90, "in_place": True})
            return refused, again

    refused, again = anyio.run(go)
    error = json.loads(refused.content[0].text)
    assert error["code"] == "OUTPUT_IS_INPUT" and "`in_place`" in error["hint"], error
    assert "pdftools" not in error["hint"] and "--" not in error["hint"], error
    assert not again.is_error and sorted(p.name for p in tmp_path.iterdir()) == ["report.pdf"], again
