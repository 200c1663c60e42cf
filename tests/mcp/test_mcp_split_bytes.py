"""`pdf_split` gives each part's `bytes`, the size of the file written (see tests/ops/test_split_part_bytes.py), in
its structured content: an agent splitting by `size` sees how large each part came out. Over a real stdio server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"


def test_each_part_has_its_bytes(tmp_path: Path) -> None:
    (tmp_path / "four.pdf").write_bytes(FOUR.read_bytes())

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_split", {"input": "four.pdf", "out_dir": folder, **how})
                    for folder, how in (("sized", {"size": "40k"}), ("ranges", {"ranges": "1-3,4"}))]

    for result in anyio.run(go):
        assert not result.is_error, result.content
        parts = result.structured_content["parts"]
        assert parts and all(p["bytes"] == Path(p["path"]).stat().st_size > 0 for p in parts), parts
