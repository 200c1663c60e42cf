"""Over HTTP, a stored file (an upload, an earlier output) given as input was named in text by its uri: an agent that
merged into `both.pdf` and searched it read `pdftools://files/5RoUeD7q...:1:4: ...` on every line, and an error
`page 99 is out of range: pdftools://files/5RoUeD7q... has 8 pages`, where over stdio, and for the outputs it
writes, it reads a file's name. Now text (a result's lines, messages, warnings, notes) names a stored file by its
name, and a value to give back, a field holding the file alone (`path`, `next_file`) or one quoted in text
(`start_file='...'`), by its uri. Found using the server as an agent would; the real server, the SDK's client."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pikepdf
from surface_servers import http_server


def test_text_names_a_stored_input_by_its_name_and_values_by_uri(tmp_path: Path, sample: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(sample, root / "four.pdf")
    with pikepdf.new() as pdf:
        pdf.add_blank_page()
        pdf.save(root / "blank.pdf")

    async def go(server: Any) -> dict[str, Any]:
        async with server.client() as client:
            both = await client.call_tool("pdf_merge", {"inputs": ["four.pdf", "four.pdf"], "output": "both.pdf"})
            scan = await client.call_tool("pdf_merge", {"inputs": ["blank.pdf"], "output": "scan.pdf"})
            uri, scan_uri = both.structured_content["output"], scan.structured_content["output"]
            search = {"inputs": [uri], "pattern": "Huardest", "max_chars": 300}
            first = await client.call_tool("pdf_search", search)
            rest = await client.call_tool("pdf_search", {**search, "start_file": first.structured_content["next_file"],
                                                         "start_page": first.structured_content["next_page"],
                                                         "skip": first.structured_content["next_skip"]})
            return {"uri": uri, "first": first, "rest": rest,
                    "error": await client.call_tool("pdf_extract_text", {"input": uri, "pages": "99"}),
                    "scan": await client.call_tool("pdf_search", {"inputs": [scan_uri], "pattern": "x"})}

    with http_server(root, files_dir=tmp_path) as server:
        got = anyio.run(go, server)
    uri, first, rest = got["uri"], got["first"], got["rest"]
    assert not first.is_error and not rest.is_error, (first.content[0].text, rest.content[0].text)
    lines = first.content[0].text.splitlines()
    assert lines[0].startswith("both.pdf:1:"), lines  # the name the agent knows
    assert f"start_file='{uri}'" in lines[-1], lines  # what it gives back
    assert all(hit["path"] == uri for hit in first.structured_content["hits"]), first.structured_content
    assert first.structured_content["next_file"] == uri
    assert rest.content[0].text.startswith("both.pdf:"), rest.content[0].text[:200]
    error = json.loads(got["error"].content[0].text)
    assert error["code"] == "INVALID_PAGE_RANGE" and "both.pdf has 8 pages" in error["message"], error
    assert "pdftools://" not in error["message"] and str(tmp_path) not in error["message"], error
    notes = "\n".join(block.text for block in got["scan"].content if block.type == "text")
    assert "scan.pdf has no text to search" in notes and "`pdf_ocr`" in notes, notes
    assert str(tmp_path) not in notes, notes


def test_a_stored_output_in_text_is_named_too(tmp_path: Path) -> None:
    """No op's text names an output's path today; the policy names one as it names an input, should one do."""
    from pdftools.mcp.files import HttpPolicy
    from pdftools.mcp.store import FileStore

    store = FileStore(tmp_path / "store")
    policy = HttpPolicy([tmp_path], store, "session", 1_000_000, lambda stored: f"http://x/files/{stored.token}")
    try:
        path = policy.output("made.pdf")
        path.write_bytes(b"%PDF-1.4\n")
        data, _ = policy.publish({"output": str(path), "warnings": [f"{path} is small", f"give '{path}' back"]}, 50)
        uri = data["output"]
        assert uri.startswith("pdftools://files/"), data
        assert data["warnings"] == ["made.pdf is small", f"give '{uri}' back"], data
    finally:
        policy.cleanup()
