"""An argument a tool does not take is refused with the argument meant. Where two or more are about as close, the
error names them all: `new_password` on pdf_protect named only `owner_password` (the closest spelling), and an
agent that followed it wrote a PDF anyone can open (the owner password opens nothing: `user_password` does).
Over a real `pdftools serve` on stdio, with the official client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client

SAMPLE = Path(__file__).parents[2] / "samples" / "report.pdf"


def test_an_unknown_argument_names_every_argument_about_as_close(tmp_path: Path) -> None:
    shutil.copy(SAMPLE, tmp_path / "report.pdf")
    calls: list[tuple[str, dict[str, Any], str]] = [
        ("pdf_protect", {"input": "report.pdf", "new_password": "x"}, "new_password: did you mean owner_password, "
                                                                      "user_password or password?"),
        ("doc_convert", {"input": "report.pdf", "format": "markdown"}, "format: did you mean to_format or "
                                                                       "from_format?"),
        ("pdf_extract_text", {"input": "report.pdf", "page": 1}, "page: did you mean pages?"),
    ]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [await client.call_tool(tool, args) for tool, args, _ in calls]

    for (tool, _, meant), result in zip(calls, anyio.run(go), strict=True):
        error = json.loads(result.content[0].text)
        assert result.is_error and error["code"] == "INVALID_ARGUMENT", (tool, error)
        assert meant in error["message"], (tool, error["message"])
