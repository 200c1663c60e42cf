"""Warnings over MCP name tools, not command lines: merge's and split's left-behind attachments said
"`pdftools attachments extract` and `attachments add` carry them over", split --size's large pages "`pdftools
compress` may make it smaller", to an agent that has pdf_attachments and pdf_compress. At a shell the commands
stay. An attachment's name holding a marker is said as it is. Through a real stdio server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import stdio_client


def _attached(path: Path, name: str) -> Path:
    pdf = pikepdf.new()
    for _ in range(2):
        pdf.add_blank_page(page_size=(200, 200))
    pdf.attachments[name] = pikepdf.AttachedFileSpec(pdf, b"data", filename=name)
    pdf.save(path)
    return path


def test_warnings_name_the_tools(tmp_path: Path, cli: Any) -> None:
    _attached(tmp_path / "doc.pdf", "{{cli:x}}.txt")
    calls: list[tuple[str, dict[str, Any]]] = [
        ("pdf_merge", {"inputs": ["doc.pdf", "doc.pdf"], "output": "m.pdf"}),
        ("pdf_split", {"input": "doc.pdf", "out_dir": "parts", "size": "1"}),
    ]

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            return [await client.call_tool(tool, args) for tool, args in calls]

    said = []
    for (tool, _), result in zip(calls, anyio.run(go), strict=True):
        assert not result.is_error, (tool, result.content)
        said += result.structured_content["warnings"]
    text = " | ".join(said)
    assert "pdftools" not in text and "`pdf_attachments`" in text and "`pdf_compress`" in text, text
    assert "'{{cli:x}}.txt'" in text, text
    shell = json.loads(cli("split", tmp_path / "doc.pdf", "-d", tmp_path / "p2", "--size", "1", "--json").stdout)
    text = " | ".join(shell["warnings"])
    assert "`pdftools compress`" in text and "`pdftools attachments extract`" in text, text
    assert "pdf_" not in text and "'{{cli:x}}.txt'" in text, text
