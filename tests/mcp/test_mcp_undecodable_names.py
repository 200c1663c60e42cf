"""A file in the roots whose name is not UTF-8 (`caf\\xe9.pdf`, Latin-1 bytes Linux allows): the stdio server
died as soon as a result named it (`pdf_list`, a folder search): the SDK could not write the surrogate escape
Python holds such a name in as UTF-8, and the session ended. The name is given with the byte escaped (`\\xe9`,
as a terminal shows control characters), the file is read, and the server goes on."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

PDFTOOLS = Path(sys.executable).with_name("pdftools")


def test_a_name_that_is_not_utf8_is_listed_and_the_server_goes_on(tmp_path: Path, sample: Path) -> None:
    shutil.copy(sample, Path(os.fsdecode(bytes(tmp_path) + b"/caf\xe9.pdf")))
    params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(tmp_path)],
                                   env={"PATH": os.environ["PATH"], "LC_ALL": "C.UTF-8"})

    async def go() -> list[Any]:
        with anyio.fail_after(60):  # a server that died leaves the client waiting
            return await calls()

    async def calls() -> list[Any]:
        async with Client(params) as client:
            return [await client.call_tool("pdf_list", {}),
                    await client.call_tool("pdf_search", {"pattern": "Hello", "inputs": ["."], "count": True}),
                    await client.call_tool("pdf_list", {})]

    listed, found, again = anyio.run(go)
    assert not listed.is_error, listed
    (row,) = listed.structured_content["files"]
    assert row["path"] == "caf\\xe9.pdf" and row["pages"] == 4 and row["error"] is None, row
    assert json.loads(listed.content[0].text) == listed.structured_content
    assert not found.is_error and found.structured_content["matches"] > 0, found
    assert found.structured_content["files"][0]["path"].endswith("caf\\xe9.pdf"), found.structured_content
    assert not again.is_error, again  # the session is still there
