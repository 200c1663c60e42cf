"""Every tool's description and every parameter's, read as an agent reads tools/list: each says what it takes in
an agent's terms, and what a shared parameter means where this tool gives it another meaning."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_mcp_tools import listed


@pytest.fixture(scope="module")
def tools() -> dict[str, dict[str, Any]]:
    return {tool["name"]: tool for tool in listed("all")}


def _texts(tool: dict[str, Any]) -> list[tuple[str, str]]:
    props = tool["inputSchema"].get("properties", {})
    return [("", tool.get("description", ""))] + [(name, p.get("description", "")) for name, p in props.items()]


def test_metadata_s_offset_says_what_it_counts(tools: dict[str, dict[str, Any]]) -> None:
    """pdf_metadata's `offset` had no description of its own: the shared one (characters to skip on the start
    page) said nothing of keys, which it counts without `key`, nor of a start page, which the tool has none of."""
    said = tools["pdf_metadata"]["inputSchema"]["properties"]["offset"].get("description", "")
    assert "key" in said and "next_offset" in said and "start page" not in said, said


def test_no_description_puts_two_parentheses_in_a_row(tools: dict[str, dict[str, Any]]) -> None:
    """pdf_metadata's format read `as pdftk (show: dump_data's text) (set: data as update_info reads it)`: one
    parenthesis says both (the command line's help holds the same rule)."""
    found = [(name, param, text) for name, tool in tools.items() for param, text in _texts(tool)
             if re.search(r"\) \(", text)]
    assert not found, found
