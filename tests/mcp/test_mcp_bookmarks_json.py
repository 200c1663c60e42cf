"""pdf_bookmarks takes the JSON `list` gives, now with a web link's `uri` and a bookmark's `view`, `color`,
`bold`, `italic` and `closed`: the tool's description and its `data` parameter say so (they named only title,
page and children), and a list given back to replace keeps web links and views, over the SDK's client."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import anyio
import readback as rb
from mcp import Client
from outlines import described, rich_outline

from pdftools.mcp.server import build_server


def _tool(root: Path) -> Any:
    async def go() -> Any:
        async with Client(build_server([root])) as client:
            return next(t for t in (await client.list_tools()).tools if t.name == "pdf_bookmarks")

    return anyio.run(go)


def test_the_tool_describes_the_json_it_takes(tmp_path: Path) -> None:
    tool = _tool(tmp_path)
    data = tool.input_schema["properties"]["data"]["description"]
    for word in ("uri", "view", "color", "bold", "italic", "closed"):
        assert f'"{word}"' in tool.description, (word, tool.description)
    for word in ("uri", "view"):
        assert word in data, data


def test_list_then_replace_keeps_web_links_and_views(tmp_path: Path, sample: Path) -> None:
    rich_outline(sample, tmp_path / "rich.pdf")
    listed = rb.mcp_call(tmp_path, "pdf_bookmarks", {"action": "list", "input": "rich.pdf"}).structured_content
    web = listed["outline"][2]
    assert web == {"title": "Web", "page": None, "children": [], "uri": "https://example.com/"}
    assert listed["outline"][0]["view"] == {"fit": "XYZ", "left": 72, "top": 700, "zoom": 1.5}
    shutil.copy(sample, tmp_path / "plain.pdf")
    replaced = rb.mcp_call(tmp_path, "pdf_bookmarks", {"action": "replace", "input": "plain.pdf", "output": "r.pdf",
                                                       "data": listed["outline"]})
    assert not replaced.is_error, replaced.content
    assert replaced.structured_content["outline"] == listed["outline"]
    out = described(tmp_path / "r.pdf")
    assert out[2]["action_data"] == {"/URI": "https://example.com/"} and out[0]["view"] == ["/XYZ", 72.0, 700.0, 1.5]
