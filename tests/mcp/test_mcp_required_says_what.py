"""A required argument left out is named with what it is, from its schema's description, not only its JSON type:
`pdf_batch` without `out_dir` said `out_dir is required: give text`, and `pdf_select_pages` without `pages`
`pages is required: give text`, which tells an agent neither that a folder is meant nor how pages are written.
Found using the server as an agent would, through the SDK's client over stdio."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client


def test_a_missing_argument_is_named_with_its_description(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")

    async def go() -> list[Any]:
        async with stdio_client(root) as client:
            return [await client.call_tool("pdf_select_pages", {"input": "four.pdf"}),
                    await client.call_tool("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"]}),
                    await client.call_tool("pdf_resize", {"input": "four.pdf"})]

    select, batch, resize = (json.loads(r.content[0].text) for r in anyio.run(go))
    assert select["message"] == ("pages is required (Pages to keep, in order: `3,1-2`, `odd`, `5-1`, `1,1,2`): "
                                 "give text"), select
    assert batch["message"].startswith("out_dir is required (Folder for the outputs"), batch
    assert resize["message"] == ("paper is required (Paper size to resize to): give one of: a3, a4, a5, letter, "
                                 "legal, tabloid"), resize


def test_a_missing_shared_argument_is_named_with_its_description(tmp_path: Path) -> None:
    """`input`, `pages` and the other arguments most tools share are described once, in the server's instructions,
    not in each schema: left out, `input` was `input is required: give text`, where a PDF's path is meant."""

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_extract_text", {}),
                    await client.call_tool("pdf_delete_pages", {"input": "four.pdf"})]

    text, delete = (json.loads(r.content[0].text) for r in anyio.run(go))
    assert text["message"] == "input is required (Input PDF): give text", text
    assert delete["message"].startswith("pages is required (Pages to delete"), delete
