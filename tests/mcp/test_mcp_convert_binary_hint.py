"""An agent asking `doc_convert` for docx (odt, epub, PDF) without `output` was told "give an output file" with the
generic hint "Check the option values; the tool's input schema lists them": the hint now names the argument
and shows a file name for the format asked."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
from mcp import Client

from pdftools.mcp.server import build_server


def test_a_binary_format_without_output_names_the_argument_to_give(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n\nText.\n")

    async def go() -> list[dict[str, str]]:
        async with Client(build_server([tmp_path])) as client:
            results = [await client.call_tool("doc_convert", {"input": "notes.md", "to_format": fmt})
                       for fmt in ("docx", "pdf")]
        assert all(r.is_error for r in results), results
        return [json.loads(r.content[0].text) for r in results]

    docx, pdf = anyio.run(go)
    assert docx["code"] == "INVALID_ARGUMENT" and "binary format" in docx["message"], docx
    assert '"output": "notes.docx"' in docx["hint"], docx
    assert '"output": "notes.pdf"' in pdf["hint"], pdf
    assert "--" not in docx["hint"] + docx["message"] and "-o" not in docx["hint"], docx
    assert not list(tmp_path.glob("notes.*[!d]")), "nothing written"
