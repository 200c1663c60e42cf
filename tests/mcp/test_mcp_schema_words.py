"""The listing says what the schema does: an object described as an object, no `(repeatable)` (a command-line
word) for arrays, folders that are made said to be made, a required input required, an enum's values in its
words, and no `null` among an optional parameter's types. Through a real
`pdftools serve` over stdio."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
from surface_servers import stdio_client


def _tools(root: Path) -> dict[str, Any]:
    async def go() -> dict[str, Any]:
        async with stdio_client(root, "--tools", "all") as client:
            return {t.name: t for t in (await client.list_tools()).tools}

    return anyio.run(go)


def test_parameter_words_agree_with_their_schemas(tmp_path: Path) -> None:
    tools = _tools(tmp_path)
    props = {name: tool.input_schema["properties"] for name, tool in tools.items()}
    options = props["pdf_batch"]["options"]
    assert options["type"] == "object" and '{"angle": 90}' in options["description"], options
    assert "key=value" not in options["description"], options
    for name, tool in tools.items():
        texts = [tool.description or ""] + [p.get("description", "") for p in props[name].values()]
        for text in texts:
            assert "repeatable" not in text and "must exist" not in text, (name, text)
        for param, schema in props[name].items():
            if "anyOf" in schema:  # a page (number or `last`), JSON (itself or a file): never `null` as well
                assert {"type": "null"} not in schema["anyOf"], (name, param, schema)
    for name in ("pdf_split", "pdf_thumbnails", "pdf_attachments", "pdf_extract_images"):
        assert "made if missing" in props[name]["out_dir"]["description"], name
    assert "input" in tools["pdf_ocr"].input_schema.get("required", []), tools["pdf_ocr"].input_schema
    angle = props["pdf_rotate"]["angle"]
    assert "negative turns left" in angle["description"] and -270 in angle["enum"], angle
    # pdf_batch's command said `tool names too` beside an enum of command names: a client that checks arguments
    # against the schema (or a model decoding within it) cannot send `pdf_rotate`; the server still takes one
    command = props["pdf_batch"]["command"]
    assert "tool names" not in command["description"] and "pdf_rotate" not in command["enum"], command
