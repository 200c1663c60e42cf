"""A limit's error over MCP says what the agent can do (a smaller `pages` range, a lower `dpi`, a smaller file)
and that the limit is the server's setting, named so the agent can tell its user which; never to set it (an
agent cannot set the server's environment: the hints said `raise PDFTOOLS_MAX_PIXELS`, `raise the limit if
you trust the file`). At the shell the hint still names the variable to raise. Each limit is made small in the
real server's environment (stdio, the SDK's client) so that a corpus file passes it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest
from conftest import CORPUS
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from surface_servers import PDFTOOLS

FOUR = CORPUS / "004-pdflatex-4-pages" / "pdflatex-4-pages.pdf"
PAGES, DPI, SIZE = "`pages`", "`dpi`", "`width`"
CASES = [  # setting, its value, tool, arguments, code, what the hint offers the agent
    ("PDFTOOLS_MAX_INPUT_BYTES", "1000", "pdf_info", {"input": "four.pdf"}, "INPUT_TOO_LARGE", "smaller file"),
    ("PDFTOOLS_MAX_PAGES", "2", "pdf_extract_text", {"input": "four.pdf", "pages": "1"}, "TOO_MANY_PAGES",
     "fewer pages"),
    ("PDFTOOLS_MAX_STREAM_BYTES", "100", "pdf_extract_text", {"input": "four.pdf"}, "STREAM_TOO_LARGE", PAGES),
    ("PDFTOOLS_MAX_PIXELS", "1000", "pdf_thumbnails", {"input": "four.pdf", "out_dir": "t", "dpi": 72},
     "PAGE_TOO_LARGE", DPI),
    ("PDFTOOLS_MAX_PIXELS", "1000", "pdf_thumbnails", {"input": "four.pdf", "out_dir": "t"}, "PAGE_TOO_LARGE", SIZE),
    ("PDFTOOLS_MAX_INPUT_MB", "0.00001", "doc_convert", {"input": "a.md", "to_format": "html"}, "INPUT_TOO_LARGE",
     "smaller file"),
    ("PDFTOOLS_MAX_NESTING", "3", "doc_convert", {"input": "deep.md", "to_format": "html"}, "INPUT_TOO_LARGE",
     "Nesting this deep"),
    ("PDFTOOLS_TIMEOUT", "0.001", "pdf_ocr", {"input": "four.pdf", "output": "o.pdf"}, "TIMEOUT", PAGES),
]


@pytest.mark.parametrize(("setting", "value", "tool", "arguments", "code", "offer"), CASES,
                         ids=[f"{case[0]}-{case[2]}" for case in CASES])
def test_a_limit_says_what_the_agent_can_do_and_whose_setting_it_is(
        tmp_path: Path, setting: str, value: str, tool: str, arguments: dict[str, Any], code: str, offer: str) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    (tmp_path / "a.md").write_text("# A title\n\nSome text for pandoc.\n")
    (tmp_path / "deep.md").write_text("> > > > > > deep\n")
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")} | {setting: value}

    async def go() -> Any:
        params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(tmp_path)], env=env,
                                       cwd=str(tmp_path))
        async with Client(params, mode="legacy") as client:
            return await client.call_tool(tool, arguments)

    result = anyio.run(go)
    said = json.loads(result.content[0].text)
    assert result.is_error and said["code"] == code, said
    hint = said["hint"]
    assert offer in hint, hint  # what the agent can do
    assert f"server's setting {setting}" in hint, hint  # whose limit, named for the user
    assert "raise" not in hint.lower() and "set PDFTOOLS" not in hint and "--" not in hint, hint


def test_at_the_shell_the_hint_names_the_variable_to_raise(tmp_path: Path) -> None:
    shell = subprocess.run([PDFTOOLS, "info", FOUR], capture_output=True, text=True,
                           env={**os.environ, "PDFTOOLS_MAX_PAGES": "2"})
    assert shell.returncode == 10 and "TOO_MANY_PAGES" in shell.stderr, shell.stderr
    assert "PDFTOOLS_MAX_PAGES" in shell.stderr.split("hint:", 1)[1], shell.stderr


def test_a_batch_row_failed_by_a_limit_says_it_is_the_server_s_setting(tmp_path: Path) -> None:
    shutil.copy(FOUR, tmp_path / "four.pdf")
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")} | {"PDFTOOLS_MAX_PAGES": "2"}

    async def go() -> Any:
        params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(tmp_path)], env=env,
                                       cwd=str(tmp_path))
        async with Client(params, mode="legacy") as client:
            return await client.call_tool("pdf_batch", {"command": "rotate", "inputs": ["four.pdf"], "out_dir": "b",
                                                        "options": {"angle": 90}})

    result = anyio.run(go)
    row = result.structured_content["rows"][0]
    assert row["status"] == "failed" and row["error"]["code"] == "TOO_MANY_PAGES", row
    hint = row["error"]["hint"]
    assert "server's setting PDFTOOLS_MAX_PAGES" in hint and "raise" not in hint.lower(), hint


def test_a_base64_file_over_the_upload_limit_says_what_the_agent_can_do(tmp_path: Path) -> None:
    """UPLOAD_TOO_LARGE (HTTP): a base64 argument over PDFTOOLS_MAX_UPLOAD_BYTES. The hint said `raise
    PDFTOOLS_MAX_UPLOAD_BYTES on the server`, which an agent cannot; it says to give a smaller file, or a file
    already on the server by its path in the roots (not sent), and whose setting the limit is."""
    import base64

    from surface_servers import http_server

    shutil.copy(FOUR, tmp_path / "four.pdf")
    data = base64.b64encode(FOUR.read_bytes()).decode()

    async def go(server: Any) -> Any:
        async with server.client() as client:
            return await client.call_tool("pdf_info", {"input": data})

    with http_server(tmp_path, PDFTOOLS_MAX_UPLOAD_BYTES="1000") as server:
        result = anyio.run(go, server)
    said = json.loads(result.content[0].text)
    assert result.is_error and said["code"] == "UPLOAD_TOO_LARGE", said
    hint = said["hint"]
    assert "smaller file" in hint and "roots" in hint, hint  # what the agent can do
    assert "server's setting PDFTOOLS_MAX_UPLOAD_BYTES" in hint, hint  # whose limit, named for the user
    assert "raise" not in hint.lower() and "--" not in hint, hint


@pytest.mark.parametrize(("extra", "arguments", "code", "offer"), [
    ({"PATH": "/nonexistent"}, {"input": "four.pdf", "output": "o.pdf"}, "DEPENDENCY_MISSING", "apt-get install"),
    ({}, {"input": "four.pdf", "output": "o.pdf", "language": "xyz"}, "OCR_LANGUAGE_MISSING", "`language`"),
], ids=["tesseract missing", "language missing"])
def test_what_only_the_server_s_machine_can_change_says_to_tell_the_user(
        tmp_path: Path, extra: dict[str, str], arguments: dict[str, Any], code: str, offer: str) -> None:
    """A program or language missing on the server's machine: the hint said `Install it: apt-get install ...`,
    as to a person at that machine; an agent is told that whoever runs the server installs it (so to tell the
    user, with the command), and what it can do itself (a `language` the server has)."""
    shutil.copy(FOUR, tmp_path / "four.pdf")
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")} | extra

    async def go() -> Any:
        params = StdioServerParameters(command=str(PDFTOOLS), args=["serve", "--root", str(tmp_path)], env=env,
                                       cwd=str(tmp_path))
        async with Client(params, mode="legacy") as client:
            return await client.call_tool("pdf_ocr", arguments)

    result = anyio.run(go)
    said = json.loads(result.content[0].text)
    assert result.is_error and said["code"] == code, said
    assert offer in said["hint"] and "tell the user" in said["hint"], said
    assert "whoever runs the server" in said["hint"], said
