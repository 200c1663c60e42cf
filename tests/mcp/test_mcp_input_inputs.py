"""`input` to a tool that takes `inputs`, and `inputs` (one file) to a tool that takes `input`, have one meaning
each: an agent that has called thirty tools with `input` sends it to `pdf_search` too, and was refused (`takes no
argument input (input: did you mean inputs?)`), a round trip for nothing. Found using the server as an agent
would (info, merge, then search in the result), through the SDK's client over stdio."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client


def test_input_for_inputs_and_one_of_inputs_for_input(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    shutil.copy(sample, root / "other.pdf")

    async def go() -> list[Any]:
        async with stdio_client(root) as client:
            return [await client.call_tool("pdf_search", {"input": "four.pdf", "pattern": "Hello"}),
                    await client.call_tool("pdf_merge", {"input": "four.pdf", "output": "copy.pdf"}),
                    await client.call_tool("pdf_info", {"inputs": ["four.pdf"]}),
                    await client.call_tool("pdf_info", {"inputs": "four.pdf"}),
                    # more than one meaning, or none: still refused, saying what it takes
                    await client.call_tool("pdf_info", {"inputs": ["four.pdf", "other.pdf"]}),
                    await client.call_tool("pdf_search", {"input": "four.pdf", "inputs": ["other.pdf"],
                                                          "pattern": "Hello"})]

    searched, merged, info, info_text, two, both = anyio.run(go)
    assert not searched.is_error, searched.content[0].text
    assert searched.structured_content["files"][0]["path"].endswith("four.pdf")
    assert searched.structured_content["matches"] > 0
    assert not merged.is_error and merged.structured_content["pages"] == 4, merged.content[0].text
    for result in (info, info_text):
        assert not result.is_error and result.structured_content["pages"] == 4, result.content[0].text
    for result, words in ((two, "inputs"), (both, "input")):
        assert result.is_error
        error = json.loads(result.content[0].text)
        assert error["code"] == "INVALID_ARGUMENT" and f"takes no argument {words}" in error["message"], error


def test_input_as_a_list_of_one_file(tmp_path: Path, sample: Path) -> None:
    """`input: ["four.pdf"]` (a list of one, as `inputs` is written) was refused (`input cannot be ["four.pdf"]:
    it takes text`) while `inputs: ["four.pdf"]` to the same tool was taken: one meaning, taken too. A list of two
    is still refused."""
    shutil.copy(sample, tmp_path / "four.pdf")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool("pdf_info", {"input": ["four.pdf"]}),
                    await client.call_tool("pdf_info", {"input": ["four.pdf", "four.pdf"]})]

    one, two = anyio.run(go)
    assert not one.is_error and one.structured_content["pages"] == 4, one.content[0].text
    assert two.is_error and json.loads(two.content[0].text)["code"] == "INVALID_ARGUMENT", two.content[0].text
