"""`pdf_annotations` (action list) gave a form widget's field name as its `author`: a widget's author is null and
its field's name is `field`, in the structured result (the listed output schema names no item's fields; see
tests/ops/test_annotations_widget_field.py). Over a real stdio server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FORM = CORPUS / "010-pdflatex-forms" / "pdflatex-forms.pdf"


def test_over_mcp_the_result_names_the_field(tmp_path: Path) -> None:
    (tmp_path / "form.pdf").write_bytes(FORM.read_bytes())

    async def go() -> tuple[Any, Any]:
        async with stdio_client(tmp_path) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            return tools["pdf_annotations"], await client.call_tool("pdf_annotations", {"action": "list",
                                                                                        "input": "form.pdf"})

    tool, result = anyio.run(go)
    assert not result.is_error, result.content
    assert tool.output_schema["properties"]["annotations"]["type"] == "array"  # (its items' fields not listed)
    listed = result.structured_content["annotations"]
    assert [(a["author"], a["field"]) for a in listed] == [(None, "Name"), (None, "Check"), (None, "Submit")]
