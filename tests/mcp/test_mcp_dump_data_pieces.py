"""pdf_metadata with format pdftk gives what `pdftk FILE dump_data` prints, and for a long document that is long:
5,000 pages made a 1.15 MB result (a page's media box and rotation each), twenty times what a client keeps. Over MCP
`dump_data` comes in pieces of at most 16,000 characters, whole lines, each naming the call for the next
(`offset`, as a cut value's): an agent that follows them gets the command line's text, byte for byte. Over a real
`pdftools serve` on stdio, with the official client."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import extreme_pdfs as extreme
from surface_servers import stdio_client

PDFTOOLS = Path(sys.executable).with_name("pdftools")
CALL = "pdf_metadata "


def test_a_long_dump_comes_in_pieces_that_add_up_to_the_command_lines(tmp_path: Path) -> None:
    extreme.pages(tmp_path / "pages.pdf")
    whole = subprocess.run([PDFTOOLS, "metadata", "show", "pages.pdf", "--format", "pdftk"], cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout
    assert len(whole) > 500_000, len(whole)

    async def go() -> list[Any]:
        results, args = [], {"action": "show", "format": "pdftk"}
        async with stdio_client(tmp_path) as client:
            while args is not None and len(results) < 200:
                result = await client.call_tool("pdf_metadata", {**args, "input": "pages.pdf"})
                results.append(result)
                data = result.structured_content
                named = [w[w.index(CALL) + len(CALL):w.rindex("}") + 1] for w in data["warnings"] if CALL in w]
                args = json.loads(named[0]) if named else None
                assert (args is None) == (data["next_offset"] is None), data["warnings"]
        return results

    results = anyio.run(go)
    pieces = []
    for result in results:
        assert not result.is_error, result.content[0].text[:300]
        assert len(result.content[0].text.encode()) < 50_000, len(result.content[0].text.encode())
        piece = result.structured_content["dump_data"]
        assert len(piece) <= 16_000 and (piece.endswith("\n") or result is results[-1]), piece[-80:]
        pieces.append(piece)
    assert "".join(pieces) == whole
