"""A file name is data over MCP too. Errors are written with markers the server resolves (`{{pages}}` as the
argument `pages`, `{{mcp:...}}` kept and `{{cli:...}}` dropped), and they were resolved after the file's name
was put in: `{{cli:x}}.pdf` was said as `.pdf`, `{{mcp:y}}.pdf` as `y.pdf`. An agent that gives the name back
gets the wrong file. Through a real stdio server and the SDK's client: the error's text, and the errors a
result carries in its structured content (a search's skipped inputs, a rename's unread files, a batch's rows)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
NAMES = ["{{cli:x}}.pdf", "{{mcp:y}}.pdf", "{{pages}}.pdf", "{{timeout}}.pdf", "a{{b}}c.pdf", "{x}.pdf",
         "}{.pdf", "{{cli:a}}{{mcp:b}}}}.pdf", "100%.pdf", "[bold]x.pdf", "{{password}}.pdf"]


def test_a_file_name_is_said_as_it_is_in_a_tools_errors(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    shutil.copy(FOUR, tmp_path / "docs" / "four.pdf")
    for name in NAMES:
        (tmp_path / "docs" / name).write_text("hello, not a PDF\n")

    async def go() -> list[Any]:
        async with stdio_client(tmp_path) as client:
            alone = [await client.call_tool("pdf_info", {"input": f"docs/{name}"}) for name in NAMES]
            ocr = await client.call_tool("pdf_ocr", {"input": "docs/{{timeout}}.pdf", "output": "o.pdf"})
            gone = await client.call_tool("pdf_info", {"input": "docs/gone-{{mcp:z}}.pdf"})
            search = [await client.call_tool("pdf_search", {"inputs": ["docs"], "pattern": "text"})]
            while not search[-1].is_error and (more := search[-1].structured_content).get("next_file"):  # (a
                search.append(await client.call_tool("pdf_search", {  # budget that stopped it: go on, as asked)
                    "inputs": ["docs"], "pattern": "text", "start_file": more["next_file"],
                    "start_page": more["next_page"], "skip": more.get("next_skip") or 0}))
            rename = await client.call_tool("pdf_rename_invoice", {"inputs": ["docs"], "apply": False, "ocr": False})
            batch = await client.call_tool("pdf_batch", {"command": "info", "inputs": ["docs"], "out_dir": "out"})
            return [alone, ocr, gone, search, rename, batch]

    alone, ocr, gone, search, rename, batch = anyio.run(go)
    docs = tmp_path / "docs"  # (over stdio, errors name a file by its whole path)
    for name, result in zip(NAMES, alone, strict=True):
        error = json.loads(result.content[0].text)
        assert result.is_error and error == {**error, "code": "NOT_A_PDF", "message": f"{docs / name} is not a PDF"}, \
            (name, error)
    error = json.loads(ocr.content[0].text)
    assert error["message"].startswith(f"{docs}/{{{{timeout}}}}.pdf is neither a PDF"), error
    error = json.loads(gone.content[0].text)
    assert error["code"] == "FILE_NOT_FOUND" and error["message"] == "no such file: docs/gone-{{mcp:z}}.pdf", error
    wanted = {f"{docs / name} is not a PDF" for name in NAMES}
    assert not any(part.is_error for part in search), [part.content[0].text for part in search]
    skipped = {row["message"] for part in search for row in part.structured_content["skipped"]}
    assert skipped == wanted, [part.structured_content for part in search]
    text = "".join(part.content[0].text for part in search)
    assert all(f"{docs / name} is not a PDF" in text for name in NAMES), text
    assert not rename.is_error, rename.content[0].text
    reasons = {row["reason"].split(". ")[0] for row in rename.structured_content["files"]
               if row["status"] == "error"}
    assert reasons == wanted, rename.structured_content
    assert not batch.is_error, batch.content[0].text
    messages = {row["error"]["message"] for row in batch.structured_content["rows"] if row.get("error")}
    assert messages == wanted, batch.structured_content
