"""pdf_crop's `margins` says what a bare number is (points), as a model reads `tools/list` from a real stdio server
through the official client: it read "Margins to cut: `36`, `1in,0.5in` or ..." and a model could only guess
whether `36` is points, pixels or millimetres (the error's hint said points; the listing did not)."""

from __future__ import annotations

from pathlib import Path

import anyio
from surface_servers import stdio_client


def test_crop_margins_say_a_bare_number_is_points(tmp_path: Path) -> None:
    async def go() -> str:
        async with stdio_client(tmp_path) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            return str(tools["pdf_crop"].input_schema["properties"]["margins"]["description"])

    described = anyio.run(go)
    assert "`36` (points)" in described, described


def test_split_size_says_a_bare_number_is_bytes(tmp_path: Path) -> None:
    """pdf_split's `size` read "Largest part: `10MB`, `500k`": `"size": "1"` made 1-byte parts (a part a page,
    each with a warning); a model could not tell that a bare number is bytes."""
    async def go() -> str:
        async with stdio_client(tmp_path) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            return str(tools["pdf_split"].input_schema["properties"]["size"]["description"])

    described = anyio.run(go)
    assert "a bare number is bytes" in described, described
