"""Every tool the server's words name (its instructions, tool descriptions, parameter descriptions, prompts) is a
tool it has: the instructions said `password` is a list for `pdf_insert`, a tool no server has (`pdf_insert_pages`).
Found reading the instructions as an agent does at `initialize`, through the SDK's client over stdio and HTTP."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import anyio
from surface_servers import http_server, stdio_client

TOOLISH = re.compile(r"\b(?:pdf|doc)_[a-z]+(?:_[a-z]+)*\b")


def _fields(schema: Any) -> set[str]:
    """The property names anywhere in a schema (`pdf_version`, `pdf_engine`: fields, not tools)."""
    if isinstance(schema, dict):
        return set(schema.get("properties", {})) | {n for v in schema.values() for n in _fields(v)}
    if isinstance(schema, list):
        return {n for v in schema for n in _fields(v)}
    return set()


async def _unknown_names(client: Any) -> dict[str, set[str]]:
    tools = (await client.list_tools()).tools
    names = {tool.name for tool in tools}
    fields = {n for tool in tools for n in _fields([tool.input_schema, tool.output_schema])}
    texts = {"instructions": client.instructions or ""}
    for tool in tools:
        texts[tool.name] = json.dumps([tool.description, tool.input_schema])
    for prompt in (await client.list_prompts()).prompts:
        texts[f"prompt {prompt.name}"] = json.dumps(prompt.model_dump(mode="json"))
    unknown: dict[str, set[str]] = {}
    for where, text in texts.items():
        for word in TOOLISH.findall(text):
            if word not in names and word not in fields:
                unknown.setdefault(word, set()).add(where)
    return unknown


def test_the_servers_words_name_only_tools_it_has(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()

    async def go(server: Any) -> list[dict[str, set[str]]]:
        async with stdio_client(root) as client:
            over_stdio = await _unknown_names(client)
        async with server.client() as client:
            over_http = await _unknown_names(client)
        return [over_stdio, over_http]

    with http_server(root, files_dir=tmp_path) as server:
        over_stdio, over_http = anyio.run(go, server)
    assert over_stdio == {} and over_http == {}, (over_stdio, over_http)
