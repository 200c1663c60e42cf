"""Errors speak the terms of the front end that shows them: over MCP no `--flag` and no `pdftools COMMAND`
(the tool and argument names instead), at a shell no `over MCP` asides. A sweep of failing calls of many tools
through a real `pdftools serve` over stdio, and the same failures at the CLI."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import anyio
from conftest import CORPUS
from surface_servers import stdio_client

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
FORM = CORPUS / "012-libreoffice-form" / "libreoffice-form.pdf"
LOCKED = CORPUS / "005-libreoffice-writer-password" / "libreoffice-writer-password.pdf"
FLAG = re.compile(r"(?<![^\s`(\[/])--?[A-Za-z][\w-]*(?!\.\w)")
SHELL = re.compile(r"\b(?:mkdir|ulimit|chmod)\b")
OTHER_PROGRAM = re.compile(r"`(?:qpdf|pdftotext|pdftoppm|pandoc|tesseract|ocrmypdf) [^`]*`")  # their flags are theirs
FOUR_ = {"input": "four.pdf"}
FAILING: list[tuple[str, dict[str, Any]]] = [
    ("pdf_protect", FOUR_),
    ("pdf_protect", {**FOUR_, "user_password": "a", "legacy": True, "cipher": "aes-128"}),
    ("pdf_forms", {"input": "form.pdf", "action": "fill", "data": None}),
    ("pdf_forms", {"input": "form.pdf", "action": "fill", "values": ["Nope=1"]}),
    ("pdf_forms", {"input": "form.pdf", "action": "fill", "values": ["no equals sign"]}),
    ("pdf_forms", {"input": "form.pdf", "action": "fill", "data": "[1]"}),
    ("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"], "out_dir": "b1", "options": {"angle": 45}}),
    ("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"], "out_dir": "b2", "options": {"nope": 1}}),
    ("pdf_batch", {"command": "rotate", "inputs": ["four.pdf", "broken.pdf"], "out_dir": "b3",
                   "options": {"angle": 90}}),
    ("pdf_split", {**FOUR_, "out_dir": "s", "every": 2, "ranges": "1-2"}),
    ("pdf_split", {**FOUR_, "out_dir": "s", "bookmarks": True}),
    ("pdf_thumbnails", {**FOUR_, "out_dir": "t", "width": 10, "dpi": 10}),
    ("pdf_stamp", FOUR_),
    ("pdf_metadata", {**FOUR_, "action": "set"}),
    ("pdf_metadata", {**FOUR_, "action": "set", "values": ["bad key=1"]}),
    ("pdf_attachments", {**FOUR_, "action": "remove"}),
    ("pdf_bookmarks", {**FOUR_, "action": "add"}),
    ("pdf_bookmarks", {**FOUR_, "action": "replace", "data": {"title": "a"}}),  # said `bookmarks list --json`
    ("pdf_page_labels", {**FOUR_, "scheme": "1:i", "clear": True}),
    ("pdf_info", {"input": "broken.pdf"}),
    ("pdf_info", {"input": "locked.pdf"}),
    ("pdf_rotate", {**FOUR_, "angle": 90, "in_place": True, "output": "x.pdf"}),
    ("doc_convert", {"to_format": "html"}),
    ("doc_convert", {"input": "page.docx", "to_format": "html"}),  # HTML named .docx: said `--from html`
    ("doc_convert", {"input": "utf16.md", "to_format": "html"}),  # said `iconv -f UTF-16 ...`
    ("pdf_merge", {"inputs": ["four.pdf"], "output": "no-such-folder/m.pdf"}),  # `mkdir -p`: no tool for that
]


def _texts(result: Any) -> list[str]:
    if result.is_error:
        error = json.loads(result.content[0].text)
        return [error["message"], error["hint"]]
    rows = result.structured_content.get("rows", [])
    return [t for row in rows if row["error"] for t in (row["error"]["message"], row["error"]["hint"])]


def test_errors_over_mcp_name_tools_and_arguments_not_commands_and_flags(tmp_path: Path) -> None:
    for name, src in (("four.pdf", FOUR), ("form.pdf", FORM), ("locked.pdf", LOCKED)):
        shutil.copy(src, tmp_path / name)
    (tmp_path / "broken.pdf").write_bytes(FOUR.read_bytes()[:2000])
    (tmp_path / "page.docx").write_text("<!DOCTYPE html><html><body><p>x</p></body></html>\n")
    (tmp_path / "utf16.md").write_bytes("# Titre\n".encode("utf-16"))

    async def go() -> list[tuple[str, dict[str, Any], Any]]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            return [(tool, args, await client.call_tool(tool, args)) for tool, args in FAILING]

    seen = 0
    for tool, args, result in anyio.run(go):
        texts = _texts(result)
        assert texts, (tool, args, "did not fail")
        for text in texts:
            seen += 1
            assert not FLAG.search(OTHER_PROGRAM.sub("", text)), (tool, args, text)
            assert "pdftools " not in text and "over MCP" not in text, (tool, args, text)
            assert not SHELL.search(text), (tool, args, text)  # an agent has tools, no shell
    assert seen >= 2 * len(FAILING)


def test_the_cli_does_not_speak_of_mcp(cli: Any, tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    result = cli("protect", "four.pdf", "--json")  # not a terminal: nothing to ask with
    error = json.loads(result.stderr)["error"]
    assert error["code"] == "INVALID_ARGUMENT" and "--user-password-file" in error["hint"], error
    assert "MCP" not in error["hint"] and "user_password" not in error["hint"], error


def test_http_instructions_say_where_outputs_go(tmp_path: Path) -> None:
    from surface_servers import http_server

    (tmp_path / "root").mkdir()

    async def said() -> tuple[str, str]:
        async with stdio_client(tmp_path / "root") as client:
            stdio = client.instructions or ""
        with http_server(tmp_path / "root", files_dir=tmp_path) as server:
            async with server.client() as client:
                return stdio, client.instructions or ""

    stdio, http = anyio.run(said)
    assert "`output`: Output PDF (default: beside the input)" in stdio
    assert "beside the input" not in http, http
    assert "`output`: the output's file name" in http and "`files`" in http, http


def test_a_missing_inputs_hint_over_mcp_names_tools_and_fits_the_tool(tmp_path: Path) -> None:
    async def go() -> list[dict[str, str]]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            calls = [("doc_convert", {"input": "missing.md", "output": "out.pdf"}), ("pdf_info", {"input": "x.pdf"})]
            return [json.loads((await client.call_tool(tool, args)).content[0].text) for tool, args in calls]

    convert, info = anyio.run(go)
    assert convert["code"] == "FILE_NOT_FOUND" and "`doc_convert`" in convert["hint"], convert
    assert "PDFs" not in convert["hint"] and "pdftools" not in convert["hint"], convert
    assert info["code"] == "FILE_NOT_FOUND" and "`pdf_list`" in info["hint"], info
    assert "pdftools" not in info["hint"] and "command" not in info["hint"], info


def test_ocr_language_hints_name_the_tool_that_lists_the_languages(tmp_path: Path) -> None:
    """At a shell `ocr --list-languages` lists them; over MCP `pdf_ocr` cannot (the option is the command line's
    only): `pdf_diagnose` gives them as `ocr_languages`. The hints said `check the codes with pdf_ocr`."""
    shutil.copy(FOUR, tmp_path / "four.pdf")

    async def go() -> tuple[list[dict[str, str]], dict[str, Any]]:
        async with stdio_client(tmp_path, "--tools", "all") as client:
            calls = [{"input": "four.pdf", "language": "zzz", "mode": "text"},  # not installed
                     {"input": "four.pdf", "language": "eng+", "mode": "text"}]  # not a list of codes
            errors = [json.loads((await client.call_tool("pdf_ocr", args)).content[0].text) for args in calls]
            return errors, (await client.call_tool("pdf_diagnose", {})).structured_content

    errors, diagnosis = anyio.run(go)
    assert [e["code"] for e in errors] == ["OCR_LANGUAGE_MISSING", "INVALID_ARGUMENT"], errors
    for error in errors:
        assert "`pdf_diagnose`" in error["hint"] and "ocr_languages" in error["hint"], error
        assert "`pdf_ocr`" not in error["hint"], error
    assert "eng" in diagnosis["ocr_languages"]  # where the hint sends the agent, the languages are


def test_http_instructions_except_a_batchs_folder(tmp_path: Path) -> None:
    """Over HTTP the instructions said every output counts only by its name and comes back in `files`; a batch's
    out_dir is a folder inside the roots, where its outputs stay, and its result has no `files`."""
    from surface_servers import http_server

    (tmp_path / "root").mkdir()
    shutil.copy(FOUR, tmp_path / "root" / "four.pdf")

    async def go() -> tuple[str, Any]:
        with http_server(tmp_path / "root", files_dir=tmp_path) as server:
            async with server.client() as client:
                return client.instructions or "", await client.call_tool("pdf_batch", {
                    "command": "rotate", "inputs": ["four.pdf"], "out_dir": "out", "options": {"angle": 90}})

    instructions, batch = anyio.run(go)
    assert not batch.is_error and "files" not in batch.structured_content, batch
    assert (tmp_path / "root" / "out" / "four.pdf").is_file()
    assert "pdf_batch's out_dir is a folder inside the roots" in instructions, instructions


def test_a_full_disk_over_mcp_is_not_a_shell_matter(tmp_path: Path) -> None:
    """DISK_FULL's hint named `ulimit -f` and said to free some space: an agent has neither a shell nor a tool
    that deletes. The server here runs under a file-size limit of 8 kB (`ulimit -f 16`, 512-byte blocks), which
    the merged file passes."""
    import os

    from mcp import Client
    from mcp.client.stdio import StdioServerParameters
    from surface_servers import PDFTOOLS

    shutil.copy(FOUR, tmp_path / "four.pdf")
    params = StdioServerParameters(command="/bin/sh", args=["-c", f"ulimit -f 16; exec {PDFTOOLS} serve --root ."],
                                   env={"PATH": os.environ["PATH"]}, cwd=str(tmp_path))

    async def go() -> Any:
        async with Client(params) as client:
            return await client.call_tool("pdf_merge", {"inputs": ["four.pdf", "four.pdf"], "output": "m.pdf"})

    error = json.loads(anyio.run(go).content[0].text)
    assert error["code"] == "DISK_FULL", error
    assert not SHELL.search(error["hint"]) and not FLAG.search(error["hint"]), error
    assert not (tmp_path / "m.pdf").exists()
