"""The `read_long_pdf` prompt tells the agent how to go on as pdf_extract_text needs it: from `next_page` AND
`next_offset`. With `next_page` alone (what it said), a page longer than the budget is read from its start on
every call: the agent never gets past it. Here an agent follows the prompt's words over the real server."""

from __future__ import annotations

import shutil
from pathlib import Path

import anyio
from conftest import CORPUS
from mcp import Client

from pdftools.mcp.server import build_server

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_following_the_prompt_reads_every_page_once(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> tuple[str, str, str]:
        async with Client(build_server([tmp_path])) as client:
            prompt = (await client.get_prompt("read_long_pdf", {"file": "four.pdf"})).messages[0].content.text
            whole = (await client.call_tool("pdf_extract_text", {"input": "four.pdf"})).structured_content
            args = {"input": "four.pdf", "max_chars": 1500, "start_page": 1}
            pieces = []
            for _ in range(40):  # the four pages hold ~10,000 characters: 7 pieces
                piece = (await client.call_tool("pdf_extract_text", args)).structured_content
                pieces.append("".join(p["text"] for p in piece["pages"]))
                if piece["next_page"] is None:
                    break
                args["start_page"] = piece["next_page"]
                if "next_offset" in prompt:  # what the prompt tells the agent to pass on
                    args["offset"] = piece["next_offset"] or 0
            return prompt, "".join(p["text"] for p in whole["pages"]), "".join(pieces)

    prompt, whole, read = anyio.run(go)
    assert "next_offset" in prompt and "offset" in prompt.replace("next_offset", ""), prompt
    assert read == whole
