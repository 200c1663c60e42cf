"""pdf_batch given a web address with a query (`http://example.com/a.pdf?x=1`, whose `?` reads as a glob's) said
`no such folder: http:/example.com`: the address cut at its wildcard and its `//` made one. It says what
pdf_merge and pdf_info say of one: the server reads files and fetches none (tests/mcp/test_mcp_web_addresses.py).
The policy that refuses a web address is the one place that says it; a glob's look at whether the name exists
lets that answer through. Through a real stdio server."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from surface_servers import stdio_client


@pytest.mark.parametrize("address", ["http://example.com/a%20b.pdf?x=1", "https://example.com/scans/*.pdf"])
def test_a_batch_of_a_web_address_says_it_is_one(tmp_path: Path, address: str) -> None:
    async def go() -> dict:
        async with stdio_client(tmp_path) as client:
            result = await client.call_tool("pdf_batch", {"command": "rotate", "inputs": [address],
                                                          "out_dir": "out", "options": {"angle": 90}})
            assert result.is_error, result.content[0].text
            return json.loads(result.content[0].text)

    error = anyio.run(go)
    assert error["code"] == "INVALID_ARGUMENT" and "is a web address" in error["message"] and \
        address in error["message"], error
    assert "inside the allowed roots" in error["hint"], error
