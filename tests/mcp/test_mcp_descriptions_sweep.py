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


UNITS = {"angle": "degrees", "margin": "points", "padding": "points", "font_size": "points", "timeout": "seconds",
         "width": "pixels", "height": "pixels", "dpi": "dpi", "image_dpi": "resolution"}


def test_a_measure_says_its_unit(tools: dict[str, dict[str, Any]]) -> None:
    """pdf_stamp's `angle` read `Text angle, counter-clockwise`: degrees or radians? (pdf_rotate's says degrees.)
    Every parameter that measures something says in what."""
    found = [(name, param, text) for name, tool in tools.items() for param, text in _texts(tool)
             if param in UNITS and UNITS[param] not in text.lower()]
    assert not found, found


def test_a_default_of_zero_says_what_zero_does(tools: dict[str, dict[str, Any]]) -> None:
    """pdf_merge's `collate` defaults to 0 and read `N pages of each input in turn`: 0 pages of each? A number whose
    default 0 means `none` or `off` says so (a count of pages or a margin of 0 reads as itself)."""
    collate = tools["pdf_merge"]["inputSchema"]["properties"]["collate"]
    assert collate.get("default") == 0 and "0: " in collate["description"], collate
